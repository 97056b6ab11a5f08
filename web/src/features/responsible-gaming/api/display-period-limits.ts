import { useQuery } from '@tanstack/react-query';
import { getDisplayPeriodLimitsResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey } from './query-keys';
import { useTranslation } from 'react-i18next';

/** GET {ps}/getDisplayPeriodLimits (RG-07): the server's message about the player's period limits. */
export function useDisplayPeriodLimits() {
  // The server writes the sentence in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...limitsQueryKey, 'display-period-limits', i18n.language],
    queryFn: ({ signal }) => apiRequest('ps', '/getDisplayPeriodLimits', { schema: getDisplayPeriodLimitsResponseSchema, signal, feedback: 'silent' }),
  });
}
