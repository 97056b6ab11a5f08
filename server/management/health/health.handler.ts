import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../contracts/management/health';
import { serverVersion } from '../../db/database';
import type { ServiceContext } from '../../service-context';
import { appVersion } from '../../version';

const DATABASE_CHECK_TIMEOUT_MS = 5_000;

export async function checkHealth({ database, startedAt }: ServiceContext): Promise<HealthResponse> {
  const base = { version: appVersion, uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000) };
  try {
    const version = await Promise.race([
      serverVersion(database.db),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS).unref()),
    ]);
    return { status: 'UP', ...base, components: { db: { status: 'UP', details: { driver: database.driver, serverVersion: version } } } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    return { status: 'DOWN', ...base, components: { db: { status: 'DOWN', details: { driver: database.driver, error: reason } } } };
  }
}

export const healthRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['management'],
          summary: 'Overall status and the database status, with version and uptime (OPS-02)',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const health = await checkHealth(context);
        reply.header('Cache-Control', 'no-store');
        return reply.status(health.status === 'UP' ? 200 : 503).send(health);
      },
    );
  };
