import { z } from 'zod';

/**
 * GET /management/loggers and POST /management/loggers/{loggerName} (OPS-05, OPS-08): actuator-
 * style loggers. ROOT is the process logger; every module (a service, mail, the demo loader) has
 * its own level that follows ROOT until one is configured for it.
 */
export const logLevelSchema = z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const loggerStateSchema = z.object({
  configuredLevel: logLevelSchema.nullable(),
  effectiveLevel: logLevelSchema,
});
export type LoggerState = z.infer<typeof loggerStateSchema>;

export const loggersResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  levels: z.array(logLevelSchema),
  loggers: z.record(z.string(), loggerStateSchema),
});
export type LoggersResponse = z.infer<typeof loggersResponseSchema>;

export const loggerNameSchema = z.string().regex(/^(ROOT|[a-z][a-z0-9-]{0,39})$/, { message: 'must be ROOT or a module name' });
export const loggerParamsSchema = z.object({ loggerName: loggerNameSchema });

/** null clears the module's own level, so it follows ROOT again (ROOT itself cannot be cleared). */
export const setLoggerLevelRequestSchema = z.object({ configuredLevel: logLevelSchema.nullable() }).strict();
export type SetLoggerLevelRequest = z.infer<typeof setLoggerLevelRequestSchema>;

export const setLoggerLevelResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  loggerName: z.string(),
  logger: loggerStateSchema,
});
export type SetLoggerLevelResponse = z.infer<typeof setLoggerLevelResponseSchema>;
