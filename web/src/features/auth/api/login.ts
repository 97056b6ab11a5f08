import { loginResponseSchema, type LoginRequest, type LoginResponse } from '../../../../../contracts/platform/accounts/login';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/login (SESS-10): the server sets the session cookie; the form shows its own failures. */
export function login(request: LoginRequest): Promise<LoginResponse> {
  return apiRequest('ps', '/login', { method: 'POST', body: request, schema: loginResponseSchema, feedback: 'silent' });
}
