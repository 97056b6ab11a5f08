import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditListResponseSchema, auditQuerySchema, auditVerifyResponseSchema } from '../../contracts/back-office/audit';
import { permissionsOf } from '../../contracts/back-office/permissions';
import {
  addStaffNoteRequestSchema,
  documentFileParamsSchema,
  identityDecisionRequestSchema,
  identityDecisionResponseSchema,
  lockPlayerByStaffRequestSchema,
  lockPlayerByStaffResponseSchema,
  playerIdParamsSchema,
  playerProfileSchema,
  playerSearchQuerySchema,
  playerSearchResponseSchema,
  reviewQueueResponseSchema,
  sendStaffMessageRequestSchema,
  staffNoteSchema,
} from '../../contracts/back-office/players';
import {
  okResponseSchema,
  publicNameRequestSchema,
  publicNameResponseSchema,
  staffMeResponseSchema,
  staffSignInRequestSchema,
  staffSignInResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorEnrolmentResponseSchema,
} from '../../contracts/back-office/staff-session';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireSelf, requireStaff, requireStaffSession, staffAction } from './access';
import { setOwnPublicName } from './staff.service';
import { auditCsv, listAudit, verifyAudit } from './audit';
import { auditAnchorRoutes } from './audit-anchor';
import {
  addStaffNote,
  decideIdentity,
  lockPlayerByStaff,
  playerProfile,
  reviewQueue,
  searchPlayers,
  sendStaffMessage,
  viewDocumentFile,
} from './players.service';
import { backOfficePaymentRoutes } from './payments.handler';
import { evidenceRoutes } from './evidence.handler';
import { exclusionRegisterRoutes } from './exclusion-register.handler';
import { flagRoutes } from './flags.handler';
import { playerRecordRoutes } from './player-records.handler';
import { registerRoutes } from './register.handler';
import { bonusPlanRoutes } from './bonus-plans.handler';
import { reportRoutes } from './reports.handler';
import { staffRoutes } from './staff.handler';
import { STAFF_SESSION } from './settings';
import { clearStaffCookie, endStaffSession, passTwoFactor, resolveStaffSession, setStaffCookie, signInWithPassword, startEnrolment } from './staff-auth';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];
const player = (playerId: string) => ({ type: 'player', id: playerId });

/** Sign-in in two steps, and the staff member's own session. */
const staffSessionRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.post(
      '/signIn',
      {
        schema: {
          tags,
          summary: 'Staff sign-in, first step: username and password; answers the second step (ENROL or VERIFY)',
          body: staffSignInRequestSchema,
          response: { 200: staffSignInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const signedIn = await signInWithPassword(db, request.body.username, request.body.password, request.ip);
        // A new sign-in ends the session the browser brought (rotation), as players' does.
        const previous = await resolveStaffSession(db, request.cookies[STAFF_SESSION.cookie]);
        if (previous) await endStaffSession(db, previous.tokenHash);
        setStaffCookie(request, reply, signedIn.token);
        return { twoFactor: signedIn.twoFactor };
      },
    );

    app.post(
      '/twoFactor/enrolment',
      {
        schema: {
          tags,
          summary: 'A new authenticator secret and its QR code, for a staff member who has none yet',
          response: { 200: twoFactorEnrolmentResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireStaffSession(db, request, reply);
        reply.header('cache-control', 'no-store');
        return startEnrolment(db, session.staff);
      },
    );

    app.post(
      '/twoFactor/verify',
      {
        schema: {
          tags,
          summary: 'Staff sign-in, second step: the TOTP code (confirms an enrolment)',
          body: twoFactorCodeRequestSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireStaffSession(db, request, reply);
        const token = await passTwoFactor(db, session, request.body.code, request.ip, new Date(), context.authenticatorTime?.());
        setStaffCookie(request, reply, token);
        return { status: 'SUCCESS' as const };
      },
    );

    app.get(
      '/me',
      { schema: { tags, summary: 'The signed-in staff member, their roles and permissions', response: { 200: staffMeResponseSchema, ...errors } } },
      async (request, reply) => {
        const session = await requireStaffSession(db, request, reply);
        if (!session.twoFactorPassed) {
          reply.status(403);
          return reply.send({ status: 'FORBIDDEN', message: 'Two-factor sign-in is required' });
        }
        return {
          staffId: session.staff.id,
          username: session.staff.username,
          displayName: session.staff.displayName,
          publicName: session.staff.publicName,
          roles: session.roles,
          permissions: permissionsOf(session.roles),
          idleTimeoutMinutes: STAFF_SESSION.idleMinutes,
        };
      },
    );

    app.post(
      '/me/publicName',
      {
        schema: {
          tags,
          summary: 'Sets the name players see on your channel and support messages (null: the team)',
          body: publicNameRequestSchema,
          response: { 200: publicNameResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireSelf(db, request, reply);
        return { publicName: await setOwnPublicName(db, actor, request.body.publicName) };
      },
    );

    app.post('/signOut', { schema: { tags, summary: 'Ends the staff session', response: { 200: okResponseSchema, ...errors } } }, async (request, reply) => {
      const session = await requireStaffSession(db, request, reply);
      await endStaffSession(db, session.tokenHash);
      clearStaffCookie(reply);
      return { status: 'SUCCESS' as const };
    });
  };

/** Players, their identity review and the actions on them; every route starts with requireStaff. */
const playerRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/players',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: 'Finds a player by username, e-mail or player id',
          querystring: playerSearchQuerySchema,
          response: { 200: playerSearchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', null);
        return { players: await searchPlayers(db, request.query.q) };
      },
    );

    app.get(
      '/players/:playerId',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "A player's profile: status, balances, limits and locks, documents, messages, staff notes",
          params: playerIdParamsSchema,
          response: { 200: playerProfileSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return playerProfile(db, context, request.params.playerId);
      },
    );

    app.post(
      '/players/:playerId/notes',
      {
        config: { permission: 'players.note' },
        schema: {
          tags,
          summary: 'A staff note on the player',
          params: playerIdParamsSchema,
          body: addStaffNoteRequestSchema,
          response: { 200: staffNoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.note', player(request.params.playerId));
        return addStaffNote(db, actor, request.params.playerId, request.body.body);
      },
    );

    app.post(
      '/players/:playerId/messages',
      {
        config: { permission: 'players.message' },
        schema: {
          tags,
          summary: 'Sends the player a message (their Messages)',
          params: playerIdParamsSchema,
          body: sendStaffMessageRequestSchema,
          response: { 200: z.object({ messageId: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.message', player(request.params.playerId));
        return sendStaffMessage(db, actor, request.params.playerId, request.body);
      },
    );

    app.post(
      '/players/:playerId/locks',
      {
        config: { permission: 'players.lock' },
        schema: {
          tags,
          summary: 'A time-out or self-exclusion for the player (never shortens or lifts one)',
          params: playerIdParamsSchema,
          body: lockPlayerByStaffRequestSchema,
          response: { 200: lockPlayerByStaffResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.lock', player(request.params.playerId));
        const taken = await lockPlayerByStaff(context, actor, request.params.playerId, request.body, request.log);
        return { lockType: taken.lockType, endsAt: taken.endsAt.toISOString(), cashPayback: taken.cashPayback };
      },
    );

    app.post(
      '/players/:playerId/identity',
      {
        config: { permission: 'identity.review' },
        schema: {
          tags,
          summary: "Approves or rejects the player's documents awaiting review, with a reason",
          params: playerIdParamsSchema,
          body: identityDecisionRequestSchema,
          response: { 200: identityDecisionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'identity.review', player(request.params.playerId));
        return decideIdentity(context, actor, request.params.playerId, request.body.decision, request.body.reason);
      },
    );

    app.get(
      '/players/:playerId/documents/:fileId',
      {
        config: { permission: 'documents.read' },
        schema: {
          tags,
          summary: "A file of the player's documents, for the reviewer",
          params: documentFileParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'documents.read', player(request.params.playerId));
        const file = await viewDocumentFile(context, actor, request.params.playerId, request.params.fileId);
        // Shown in the review page (an image, or a PDF in the browser's viewer), never run, never cached.
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.bytes);
      },
    );

    app.get(
      '/reviews/documents',
      {
        config: { permission: 'identity.review' },
        schema: { tags, summary: 'Players whose documents await review, the longest waiting first', response: { 200: reviewQueueResponseSchema, ...errors } },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'identity.review', null);
        return { players: await reviewQueue(db) };
      },
    );
  };

/** The audit log: view, filter, export, verify the chain. */
const auditRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/audit',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'The staff audit log, newest first, filtered',
          querystring: auditQuerySchema,
          response: { 200: auditListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'audit.read', null);
        return { entries: await listAudit(db, request.query) };
      },
    );

    app.get(
      '/audit/export',
      {
        config: { permission: 'audit.read' },
        schema: { tags, summary: 'The filtered audit log as CSV', querystring: auditQuerySchema, response: { 200: z.string(), ...errors } },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'audit.read', null);
        const query = { ...request.query, limit: request.query.limit };
        const entries = await listAudit(db, query);
        // The export is itself recorded: evidence leaving the system is a staff action.
        await staffAction(db, actor, 'audit.export', async () => ({ result: undefined, detail: { rows: entries.length, filter: { ...request.query } } }));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="staff-audit.csv"')
          .header('cache-control', 'no-store')
          .send(auditCsv(entries));
      },
    );

    app.get(
      '/audit/verify',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: "Checks the audit log's hash chain from its first row to its head, and against its signed checkpoints kept outside the database",
          response: { 200: auditVerifyResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'audit.read', null);
        return verifyAudit(db);
      },
    );
  };

export const backOfficeRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(staffSessionRoutes(context));
    await app.register(playerRoutes(context));
    await app.register(auditRoutes(context));
    // The audit chain's signed checkpoints outside the database, which /audit/verify checks (issue 25, item 8).
    await app.register(auditAnchorRoutes(context));
    await app.register(backOfficePaymentRoutes(context));
    await app.register(reportRoutes(context));
    await app.register(evidenceRoutes(context));
    await app.register(flagRoutes(context));
    await app.register(exclusionRegisterRoutes(context));
    await app.register(staffRoutes(context));
    await app.register(playerRecordRoutes(context));
    await app.register(registerRoutes(context));
    await app.register(bonusPlanRoutes(context));
  };
