import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportQuerySchema, reportResponseSchema } from '../../contracts/back-office/reports';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff, staffAction } from './access';
import { dailyReport, reportCsv } from './reports.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];

/**
 * Reports under /bo/reports. They read every player's money movements, so they need audit.read
 * (operators and auditors), not players.read which support staff hold.
 */
export const reportRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get('/reports/daily', { schema: { tags, summary: 'Daily deposits, withdrawals and gross gaming revenue per currency from the ledger (UTC days)', querystring: reportQuerySchema, response: { 200: reportResponseSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'audit.read', null);
      return dailyReport(db, request.query);
    });

    app.get('/reports/daily/export', { schema: { tags, summary: 'The daily report as CSV', querystring: reportQuerySchema, response: { 200: z.string(), ...errors } } }, async (request, reply) => {
      const actor = await requireStaff(db, request, reply, 'audit.read', null);
      const report = await dailyReport(db, request.query);
      // Figures leaving the system are a staff action, recorded like the audit log's export.
      await staffAction(db, actor, 'report.export', async () => ({ result: undefined, detail: { from: report.from, to: report.to, rows: report.days.length } }));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-report-${report.from}-${report.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    });
  };
