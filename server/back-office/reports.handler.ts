import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gamingDutyQuerySchema, gamingDutyResponseSchema } from '../../contracts/back-office/gaming-duty';
import { reportQuerySchema, reportResponseSchema } from '../../contracts/back-office/reports';
import { errorResponseSchema } from '../../contracts/errors';
import { dutyRates } from '../config/gaming-duty-rates';
import type { ServiceContext } from '../service-context';
import { requireStaff, staffAction } from './access';
import { gamingDutyCsv, gamingDutyReport, type GamingDutySettings } from './reports-gaming-duty.service';
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

    app.get(
      '/reports/daily',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'Daily deposits, withdrawals and gross gaming revenue per currency from the ledger (UTC days)',
          querystring: reportQuerySchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'audit.read', null);
        return dailyReport(db, request.query);
      },
    );

    app.get(
      '/reports/daily/export',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'The daily report as CSV, amounts in major units as on the screen',
          querystring: reportQuerySchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'audit.read', null);
        const report = await dailyReport(db, request.query);
        // Figures leaving the system are a staff action, recorded like the audit log's export.
        await staffAction(db, actor, 'report.export', async () => ({
          result: undefined,
          detail: { from: report.from, to: report.to, rows: report.days.length },
        }));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="daily-report-${report.from}-${report.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(reportCsv(report));
      },
    );

    // Remote Gaming Duty (issue 29): the same readers as the daily report, the same permission.
    const duty: GamingDutySettings = {
      rates: dutyRates(context.config.REMOTE_GAMING_DUTY_RATES),
      bingoGameId: context.config.BINGO_GAME_ID,
      liveGameId: context.config.LIVE_LOBBY_GAME_ID,
    };

    app.get(
      '/reports/gaming-duty',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'Gross gaming yield per product, currency and UTC day or month, and the Remote Gaming Duty due by the rate in force on each day',
          querystring: gamingDutyQuerySchema,
          response: { 200: gamingDutyResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'audit.read', null);
        return gamingDutyReport(db, duty, request.query);
      },
    );

    app.get(
      '/reports/gaming-duty/export',
      {
        config: { permission: 'audit.read' },
        schema: { tags, summary: 'The gaming-duty report as CSV (major units)', querystring: gamingDutyQuerySchema, response: { 200: z.string(), ...errors } },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'audit.read', null);
        const report = await gamingDutyReport(db, duty, request.query);
        await staffAction(db, actor, 'report.export', async () => ({
          result: undefined,
          detail: { report: 'gaming-duty', from: report.from, to: report.to, granularity: report.granularity, rows: report.rows.length },
        }));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="gaming-duty-${report.granularity}-${report.from}-${report.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(gamingDutyCsv(report));
      },
    );
  };
