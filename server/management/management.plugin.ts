import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackDatabasePool } from '../metrics/metrics';
import type { ServiceContext } from '../service-context';
import { requireAuthority, requireScraperOrAdmin } from './access';
import { configPropsRoutes } from './configuration/configprops.handler';
import { envRoutes } from './configuration/env.handler';
import { healthRoutes } from './health/health.handler';
import { loggersRoutes } from './loggers/loggers.handler';
import { jhiMetricsRoutes } from './metrics/jhimetrics.handler';
import { prometheusRoutes } from './metrics/prometheus.handler';
import { threadDumpRoutes } from './threaddump/threaddump.handler';

/**
 * Operations endpoints, mounted at /management (spec 001 §7 Operations). The access check is a
 * hook over the whole group, so an endpoint added here cannot forget it (OPS-11): ROLE_ADMIN for
 * every view, and for the Prometheus text either ROLE_ADMIN or the scraper's bearer token.
 */
export const managementService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { poolUsage } = context.database;
    if (poolUsage) trackDatabasePool(poolUsage);

    await app.register(async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        await requireAuthority(context, request, reply, 'ROLE_ADMIN');
      });
      await admin.register(healthRoutes(context));
      await admin.register(jhiMetricsRoutes(context));
      await admin.register(threadDumpRoutes(context));
      await admin.register(loggersRoutes(context));
      await admin.register(configPropsRoutes(context));
      await admin.register(envRoutes(context));
    });

    await app.register(async (scrape) => {
      scrape.addHook('onRequest', async (request, reply) => {
        await requireScraperOrAdmin(context, request, reply);
      });
      await scrape.register(prometheusRoutes());
    });
  };
