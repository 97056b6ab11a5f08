import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GetPlayerMessagesResponse } from '../../../../../contracts/platform/messages/get-player-messages';
import { markMessagesReadResponseSchema } from '../../../../../contracts/platform/messages/mark-messages-read';
import { apiRequest } from '../../../shared/api/api-client';
import { playerMessagesQueryKey } from './get-player-messages';

/** POST {ps}/markMessagesRead: the messages the modal has shown (CONTENT-33). */
export function markMessagesRead(messageIds: string[]) {
  return apiRequest('ps', '/markMessagesRead', { method: 'POST', body: { messageIds }, schema: markMessagesReadResponseSchema });
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: (answer, ids) => {
      // The count in the navigation falls at once; the open modal keeps its own "new" marks.
      queryClient.setQueryData<GetPlayerMessagesResponse>(playerMessagesQueryKey, (current) =>
        current
          ? {
              ...current,
              unreadCount: answer.unreadCount,
              messages: current.messages.map((message) => (ids.includes(message.id) ? { ...message, read: true } : message)),
            }
          : current,
      );
    },
  });
}
