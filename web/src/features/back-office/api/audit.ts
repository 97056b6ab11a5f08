import { useMutation, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema, auditVerifyResponseSchema } from '../../../../../contracts/back-office/audit';
import { backOfficeKey, backOfficeRequest, backOfficeUrl } from './back-office-request';

export interface AuditFilter {
  staff?: string;
  action?: string;
  subjectId?: string;
}

const clean = (filter: AuditFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: [...backOfficeKey, 'audit', filter],
    queryFn: ({ signal }) => backOfficeRequest('audit', { query: clean(filter), schema: auditListResponseSchema, signal }),
    retry: false,
  });
}

export const auditExportUrl = (filter: AuditFilter) => backOfficeUrl('audit/export', clean(filter));

export function useVerifyAudit() {
  return useMutation({ mutationFn: () => backOfficeRequest('audit/verify', { schema: auditVerifyResponseSchema }) });
}
