import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../../../contracts/back-office/permissions';
import {
  createStaffResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  type CreateStaffRequest,
} from '../../../../../contracts/back-office/staff';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

const staffKey = [...backOfficeKey, 'staff'] as const;

/** GET /bo/staff: every member (staff.manage). */
export function useStaffList() {
  return useQuery({ queryKey: staffKey, queryFn: ({ signal }) => backOfficeRequest('staff', { schema: staffListResponseSchema, signal }), retry: false });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffRequest) => backOfficeRequest('staff', { method: 'POST', body, schema: createStaffResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** One change to a member: roles, disabled, two-factor reset or access end; the list is read again after it. */
export type StaffChange =
  | { kind: 'roles'; roles: StaffRole[] }
  | { kind: 'disabled'; disabled: boolean }
  | { kind: 'resetTwoFactor' }
  | { kind: 'accessEnd'; accessExpiresAt: string | null };

export function useChangeStaff(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange) => {
      const base = `staff/${encodeURIComponent(staffId)}`;
      const request =
        change.kind === 'roles'
          ? { path: `${base}/roles`, body: { roles: change.roles } }
          : change.kind === 'disabled'
            ? { path: `${base}/disabled`, body: { disabled: change.disabled } }
            : change.kind === 'accessEnd'
              ? { path: `${base}/accessEnd`, body: { accessExpiresAt: change.accessExpiresAt } }
              : { path: `${base}/twoFactor/reset`, body: undefined };
      return backOfficeRequest(request.path, { method: 'POST', body: request.body, schema: staffMemberResponseSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
