import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okResponseSchema,
  publicNameResponseSchema,
  staffMeResponseSchema,
  staffSignInResponseSchema,
  twoFactorEnrolmentResponseSchema,
  type StaffSignInRequest,
} from '../../../../../contracts/back-office/staff-session';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

export const staffMeKey = [...backOfficeKey, 'me'] as const;

/** GET /bo/me: the signed-in staff member; 401 signed out, 403 two-factor not passed yet. */
export function useStaffMe() {
  return useQuery({
    queryKey: staffMeKey,
    queryFn: ({ signal }) => backOfficeRequest('me', { schema: staffMeResponseSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
}

export function useStaffSignIn() {
  return useMutation({ mutationFn: (body: StaffSignInRequest) => backOfficeRequest('signIn', { method: 'POST', body, schema: staffSignInResponseSchema }) });
}

export function useTwoFactorEnrolment() {
  return useMutation({ mutationFn: () => backOfficeRequest('twoFactor/enrolment', { method: 'POST', schema: twoFactorEnrolmentResponseSchema }) });
}

export function useTwoFactorVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => backOfficeRequest('twoFactor/verify', { method: 'POST', body: { code }, schema: okResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backOfficeRequest('signOut', { method: 'POST', schema: okResponseSchema }),
    onSettled: () => queryClient.resetQueries({ queryKey: backOfficeKey }),
  });
}

/** POST /bo/me/publicName: the name players see on the member's messages (null: the team); the member's own, audited. */
export function useSetPublicName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicName: string | null) => backOfficeRequest('me/publicName', { method: 'POST', body: { publicName }, schema: publicNameResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMeKey }),
  });
}
