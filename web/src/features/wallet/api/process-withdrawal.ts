import { processWithdrawalResponseSchema, type ProcessWithdrawalRequest } from '../../../../../contracts/platform/cashier/withdrawal';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/processWithdrawal (WDR-10…12); the wizard shows refusals itself (WDR-15). */
export function processWithdrawal(request: ProcessWithdrawalRequest) {
  return apiRequest('ps', '/processWithdrawal', { method: 'POST', body: request, schema: processWithdrawalResponseSchema, feedback: 'silent' });
}
