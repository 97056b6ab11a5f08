import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { threadDumpResponseSchema } from '../../../contracts/management/threaddump';
import type { ServiceContext } from '../../service-context';
import { takeThreadDump } from './thread-dump';

export const threadDumpRoutes =
  (_context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/threaddump',
      {
        schema: {
          tags: ['management'],
          summary: "Node's diagnostic report: JavaScript and native stacks, libuv handles, heap spaces, workers; no environment (OPS-04); ROLE_ADMIN",
          response: { 200: threadDumpResponseSchema },
        },
      },
      async (request, reply) => {
        const started = performance.now();
        const dump = takeThreadDump();
        // The report blocks the event loop while it is taken; how long is worth knowing when chasing lag.
        request.log.debug({ tookMs: Math.round(performance.now() - started), handles: dump.handles.length }, 'thread dump taken');
        reply.header('Cache-Control', 'no-store');
        return dump;
      },
    );
  };
