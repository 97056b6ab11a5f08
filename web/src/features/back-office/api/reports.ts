import { useQuery } from '@tanstack/react-query';
import { gamingDutyResponseSchema, type DutyGranularity } from '../../../../../contracts/back-office/gaming-duty';
import { reportResponseSchema } from '../../../../../contracts/back-office/reports';
import { backOfficeKey, backOfficeRequest, backOfficeUrl } from './back-office-request';

export interface ReportRange {
  from: string;
  to: string;
}

export function useDailyReport(range: ReportRange) {
  return useQuery({
    queryKey: [...backOfficeKey, 'reports', range],
    queryFn: ({ signal }) => backOfficeRequest('reports/daily', { query: { ...range }, schema: reportResponseSchema, signal }),
    retry: false,
  });
}

export const reportExportUrl = (range: ReportRange) => backOfficeUrl('reports/daily/export', { ...range });

/** The Remote Gaming Duty report's range and rows (issue 29). */
export interface DutyRange extends ReportRange {
  granularity: DutyGranularity;
}

export function useGamingDutyReport(range: DutyRange) {
  return useQuery({
    queryKey: [...backOfficeKey, 'reports', 'gaming-duty', range],
    queryFn: ({ signal }) => backOfficeRequest('reports/gaming-duty', { query: { ...range }, schema: gamingDutyResponseSchema, signal }),
    retry: false,
  });
}

export const gamingDutyExportUrl = (range: DutyRange) => backOfficeUrl('reports/gaming-duty/export', { ...range });
