import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import { isMigrated, schemaVersion } from '../db/schema-version';
import type { Lifecycle } from './lifecycle';

/** A probe waits this long for the database: a balancer's own timeout is usually a few seconds. */
const DATABASE_TIMEOUT_MS = 2_000;

const probeSchema = z.object({ status: z.enum(['UP', 'DOWN']) });

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database check timed out')), DATABASE_TIMEOUT_MS).unref())]);
}

/**
 * Probes for a balancer or an orchestrator, without a session: `GET /livez` answers while the
 * process does; `GET /readyz` answers 200 only when the database answers, this build's migrations
 * are applied and the node is not draining, else 503. Both answer the status alone: what is down
 * and why is for the administrators' `/management/health`, not for anyone who can reach the port.
 * They sit outside every service prefix, so no session check, cross-site check or throttle applies.
 */
export function registerProbes(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  // Applied migrations do not go away: once seen, readiness asks the database only whether it answers.
  let migrated = false;
  const ready = async (): Promise<boolean> => {
    if (lifecycle.draining) return false;
    try {
      if (migrated) {
        await withTimeout(db.execute(sql`SELECT 1`));
        return !lifecycle.draining;
      }
      migrated = isMigrated(await withTimeout(schemaVersion(db)));
      return migrated && !lifecycle.draining;
    } catch {
      return false;
    }
  };
  const schema = (summary: string) => ({ tags: ['probes'], summary, response: { 200: probeSchema, 503: probeSchema } });
  app.get('/livez', { schema: schema('Liveness: answers 200 while the process answers'), logLevel: 'warn' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'UP' as const };
  });
  app.get(
    '/readyz',
    { schema: schema('Readiness: 200 when the database answers, migrations are applied and the node is not draining, else 503'), logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const up = await ready();
      return reply.status(up ? 200 : 503).send({ status: up ? ('UP' as const) : ('DOWN' as const) });
    },
  );
}
