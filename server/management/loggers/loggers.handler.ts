import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loggerParamsSchema, loggersResponseSchema, setLoggerLevelRequestSchema, setLoggerLevelResponseSchema } from '../../../contracts/management/loggers';
import { AppError, fieldError } from '../../http/app-error';
import { auditLogger, LOG_LEVELS, moduleLoggers } from '../../logging/module-loggers';
import type { ServiceContext } from '../../service-context';
import { checkedSession } from '../access';

export const loggersRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const loggers = moduleLoggers(context.logger);

    app.get(
      '/loggers',
      {
        schema: {
          tags: ['management'],
          summary: 'ROOT and each module logger with its configured and effective level (OPS-05); ROLE_ADMIN',
          response: { 200: loggersResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { status: 'SUCCESS' as const, levels: [...LOG_LEVELS], loggers: loggers.all() };
      },
    );

    app.post(
      '/loggers/:loggerName',
      {
        schema: {
          tags: ['management'],
          summary: "Sets a logger's level at run time; null lets a module follow ROOT again (OPS-08); ROLE_ADMIN; audited in the server log",
          params: loggerParamsSchema,
          body: setLoggerLevelRequestSchema,
          response: { 200: setLoggerLevelResponseSchema },
        },
      },
      async (request) => {
        const { loggerName } = request.params;
        const { configuredLevel } = request.body;
        if (!loggers.has(loggerName)) throw new AppError('NOT_FOUND', `No logger ${loggerName}`);
        if (loggerName === 'ROOT' && configuredLevel === null) throw fieldError('configuredLevel', 'ROOT always has a level');
        const before = loggers.state(loggerName);
        const after = loggers.setLevel(loggerName, configuredLevel);
        // DEF-12: a level change is an operator's action on production; who did it stays on record.
        auditLogger(context.logger).info(
          { actor: checkedSession(request).partyId, loggerName, from: before.configuredLevel, to: after.configuredLevel, effectiveLevel: after.effectiveLevel },
          'logger level changed',
        );
        return { status: 'SUCCESS' as const, loggerName, logger: after };
      },
    );
  };
