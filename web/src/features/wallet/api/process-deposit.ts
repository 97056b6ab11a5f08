import { processDepositResponseSchema, type ProcessDepositRequest } from '../../../../../contracts/platform/cashier/deposit';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * POST {ps}/processDeposit (DEP-25, DEP-26). The wizard shows refusals itself (DEP-32…36), so
 * the call is silent; the request id makes a retried submit apply once.
 */
export function processDeposit(request: ProcessDepositRequest) {
  return apiRequest('ps', '/processDeposit', { method: 'POST', body: request, schema: processDepositResponseSchema, feedback: 'silent' });
}
