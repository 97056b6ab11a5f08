import { useQuery } from '@tanstack/react-query';
import { reportResponseSchema } from '../../../../../contracts/back-office/reports';
import { backOfficeKey, backOfficeRequest, backOfficeUrl } from './back-office-request';

export interface ReportRange {
  from: string;
  to: string;
}

export function useDailyReport(range: ReportRange) {
  return useQuery({ queryKey: [...backOfficeKey, 'reports', range], queryFn: ({ signal }) => backOfficeRequest('reports/daily', { query: { ...range }, schema: reportResponseSchema, signal }), retry: false });
}

export const reportExportUrl = (range: ReportRange) => backOfficeUrl('reports/daily/export', { ...range });
