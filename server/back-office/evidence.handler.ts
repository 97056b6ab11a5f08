import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evidencePackSchema, evidenceQuerySchema } from '../../contracts/back-office/evidence';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff, staffAction } from './access';
import { buildEvidencePack } from './evidence.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];

/**
 * The evidence pack under /bo/evidence: audit.read (the auditor, operators). The access check refuses
 * a time-boxed account after its access ends. The export is a staff action: its audit row names the
 * window, the counts and the pack's content hash, so a pack handed to a regulator can be matched to it.
 */
export const evidenceRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/evidence/export',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: "The auditor's evidence pack (JSON): limit changes, locks, withdrawals and staff actions with the audit chain's hashes",
          querystring: evidenceQuerySchema,
          response: { 200: evidencePackSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'audit.read', null);
        const pack = await buildEvidencePack(db, actor, request.query);
        await staffAction(db, actor, 'evidence.export', async () => ({
          result: undefined,
          detail: {
            from: pack.from,
            to: pack.to,
            contentHash: pack.contentHash,
            auditEntries: pack.auditChain.entries.length,
            limitChanges: pack.limitChanges.length,
            locks: pack.locks.length,
            withdrawals: pack.withdrawals.length,
          },
        }));
        return reply
          .header('content-disposition', `attachment; filename="evidence-pack-${pack.from}-${pack.to}.json"`)
          .header('cache-control', 'no-store')
          .send(pack);
      },
    );
  };
