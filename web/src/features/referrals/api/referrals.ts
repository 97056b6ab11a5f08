import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getReferralsResponseSchema, referFriendResponseSchema } from '../../../../../contracts/platform/referrals/referrals';
import { apiRequest } from '../../../shared/api/api-client';

const referralsQueryKey = ['referrals'] as const;

/** GET {ps}/getReferrals: the player's link, how many addresses are left, the reward and the friends. */
export function useReferrals() {
  return useQuery({
    queryKey: referralsQueryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/getReferrals', { schema: getReferralsResponseSchema, signal, feedback: 'silent' }),
  });
}

/** POST {ps}/referFriend (REF-07, REF-08; DEF-08): the comma-joined addresses; answers SUCCESS or the errors list. */
export function useReferFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string) =>
      apiRequest('ps', '/referFriend', { method: 'POST', body: { emails }, schema: referFriendResponseSchema, feedback: 'silent' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsQueryKey }),
  });
}
