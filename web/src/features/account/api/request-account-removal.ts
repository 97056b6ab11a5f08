import { useMutation } from '@tanstack/react-query';
import { accountRemovalResponseSchema, type AccountRemovalRequest } from '../../../../../contracts/platform/accounts/account-removal';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/requestAccountRemoval (issue 29 item 9): the account-holder register's removal; the form shows a failure itself. */
export function requestAccountRemoval(request: AccountRemovalRequest) {
  return apiRequest('ps', '/requestAccountRemoval', { method: 'POST', body: request, schema: accountRemovalResponseSchema, feedback: 'silent' });
}

export function useRequestAccountRemoval() {
  return useMutation({ mutationFn: requestAccountRemoval });
}
