import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentIdParamsSchema,
  adjustmentSchema,
  adjustmentsResponseSchema,
  approveWithdrawalResponseSchema,
  completePaybackTaskRequestSchema,
  completePaybackTaskResponseSchema,
  goodwillBonusRequestSchema,
  goodwillBonusResponseSchema,
  heldWithdrawalsResponseSchema,
  paybackTaskIdParamsSchema,
  paybackTasksResponseSchema,
  paymentIdParamsSchema,
  rejectAdjustmentRequestSchema,
  rejectWithdrawalRequestSchema,
  rejectWithdrawalResponseSchema,
  requestAdjustmentSchema,
} from '../../contracts/back-office/payments';
import { playerIdParamsSchema } from '../../contracts/back-office/players';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import {
  approveWithdrawal,
  completePayback,
  decideAdjustment,
  grantGoodwillBonus,
  heldWithdrawalQueue,
  paybackTaskQueue,
  pendingAdjustments,
  rejectWithdrawal,
  requestAdjustment,
} from './payments.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];
const payment = (paymentId: string) => ({ type: 'payment', id: paymentId });
const adjustment = (adjustmentId: string) => ({ type: 'adjustment', id: adjustmentId });
const player = (playerId: string) => ({ type: 'player', id: playerId });
const paybackTask = (taskId: string) => ({ type: 'payback-task', id: taskId });

/** Held withdrawals, manual adjustments and goodwill bonuses (issue 15), self-exclusion paybacks left for staff (issue 26); every route starts with requireStaff. */
export const backOfficePaymentRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/reviews/withdrawals',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: 'Withdrawals above the review threshold held for approval, the longest waiting first',
          response: { 200: heldWithdrawalsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'payments.review', null);
        return { withdrawals: await heldWithdrawalQueue(db) };
      },
    );

    app.post(
      '/reviews/withdrawals/:paymentId/approve',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: 'Approves a held withdrawal: its payout is sent, once',
          params: paymentIdParamsSchema,
          response: { 200: approveWithdrawalResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', payment(request.params.paymentId));
        return approveWithdrawal(context, actor, request.params.paymentId);
      },
    );

    app.post(
      '/reviews/withdrawals/:paymentId/reject',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: "Rejects a held withdrawal: the amount returns to the player's cash and they are told why",
          params: paymentIdParamsSchema,
          body: rejectWithdrawalRequestSchema,
          response: { 200: rejectWithdrawalResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', payment(request.params.paymentId));
        return rejectWithdrawal(context, actor, request.params.paymentId, request.body.reason);
      },
    );

    app.post(
      '/players/:playerId/adjustments',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary:
            "Requests a manual credit or debit of the player's cash; another staff member approves it. An identical request in the last 24 hours is 409 DUPLICATE_ADJUSTMENT unless confirmDuplicate",
          params: playerIdParamsSchema,
          body: requestAdjustmentSchema,
          response: { 200: adjustmentSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', player(request.params.playerId));
        return requestAdjustment(db, actor, request.params.playerId, request.body);
      },
    );

    app.get(
      '/reviews/adjustments',
      {
        config: { permission: 'payments.review' },
        schema: { tags, summary: 'Manual adjustments awaiting a second approval, the oldest first', response: { 200: adjustmentsResponseSchema, ...errors } },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'payments.review', null);
        return { adjustments: await pendingAdjustments(db) };
      },
    );

    app.post(
      '/reviews/adjustments/:adjustmentId/approve',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: 'Approves an adjustment another staff member requested: the wallet posts it',
          params: adjustmentIdParamsSchema,
          response: { 200: adjustmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', adjustment(request.params.adjustmentId));
        return decideAdjustment(db, actor, request.params.adjustmentId, 'approve', null);
      },
    );

    app.post(
      '/reviews/adjustments/:adjustmentId/reject',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: 'Rejects a requested adjustment: nothing is posted',
          params: adjustmentIdParamsSchema,
          body: rejectAdjustmentRequestSchema,
          response: { 200: adjustmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', adjustment(request.params.adjustmentId));
        return decideAdjustment(db, actor, request.params.adjustmentId, 'reject', request.body.reason);
      },
    );

    app.get(
      '/reviews/paybacks',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: "Self-excluded players' cash that could not be paid back automatically: open tasks, the longest waiting first",
          response: { 200: paybackTasksResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'payments.review', null);
        return { tasks: await paybackTaskQueue(db) };
      },
    );

    app.post(
      '/reviews/paybacks/:taskId/complete',
      {
        config: { permission: 'payments.review' },
        schema: {
          tags,
          summary: 'Marks a payback task done, with a note on how the money was returned (audited)',
          params: paybackTaskIdParamsSchema,
          body: completePaybackTaskRequestSchema,
          response: { 200: completePaybackTaskResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'payments.review', paybackTask(request.params.taskId));
        return completePayback(db, actor, request.params.taskId, request.body.note);
      },
    );

    app.post(
      '/players/:playerId/bonuses',
      {
        config: { permission: 'bonuses.grant' },
        schema: {
          tags,
          summary: 'Grants the player a goodwill bonus on a bonus plan, with a reason',
          params: playerIdParamsSchema,
          body: goodwillBonusRequestSchema,
          response: { 200: goodwillBonusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'bonuses.grant', player(request.params.playerId));
        return grantGoodwillBonus(db, context.inducements, actor, request.params.playerId, request.body);
      },
    );
  };
