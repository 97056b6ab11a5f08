import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { ServiceName } from './config/env';
import { contentService } from './content/routes';
import { gameServer } from './games';
import { registerCrossSiteChecks } from './http/cross-site';
import { answerFrameworkError, notFoundBody, registerErrorHandling } from './http/error-handling';
import { createLifecycle } from './http/lifecycle';
import { registerProbes } from './http/probes';
import { registerStorableTextCheck } from './http/storable-text';
import { moduleLoggers } from './logging/module-loggers';
import { registerRequestContext, requestIdOf } from './logging/request-context';
import { registerRequestLog } from './logging/request-log';
import { managementService } from './management/routes';
import { backOfficeGate } from './back-office';
import { backOfficeService } from './back-office/routes';
import { channelModerationRoutes, channelPlayerRoutes, channelStaffRoutes } from './channels/routes';
import { supportPlayerRoutes, supportStaffRoutes } from './support/routes';
import { registerRequestMetrics } from './metrics/metrics';
import { platformService } from './platform/platform.plugin';
import { sandboxService } from './sandbox/sandbox.plugin';
import type { ServiceContext } from './service-context';
import { appVersion } from './version';
import { registerPortal } from './portal/portal.plugin';

const servicePlugins = {
  content: { prefix: '/cms', plugin: contentService },
  platform: { prefix: '/ps', plugin: platformService },
  games: { prefix: '/gs', plugin: gameServer },
  management: { prefix: '/management', plugin: managementService },
} satisfies Record<ServiceName, { prefix: string; plugin: (context: ServiceContext) => unknown }>;

/** Origins the page may call besides its own: service addresses configured as absolute URLs. */
function externalOrigins(addresses: string[]): string[] {
  return addresses.flatMap((address) => {
    try {
      return /^https?:\/\//.test(address) ? [new URL(address).origin] : [];
    } catch {
      return [];
    }
  });
}

/** The service a request is for, by its address prefix. */
function serviceOf(url: string | undefined): ServiceName | undefined {
  if (!url) return undefined;
  return (Object.keys(servicePlugins) as ServiceName[]).find((name) => {
    const { prefix } = servicePlugins[name];
    return url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');
  });
}

/** What a worker node answers: the probes and /management/*. */
function answersOnWorker(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return pathname === '/livez' || pathname === '/readyz' || serviceOf(pathname) === 'management';
}

export async function buildApp(context: ServiceContext, logger: Logger): Promise<FastifyInstance> {
  const { config } = context;
  const modules = moduleLoggers(logger);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Each service logs as its own module, so one service's lines can be picked out; the binding is
    // added to the request's own child logger rather than to a second one. The request logger is a
    // child of its module's logger, so the module's run-time level (management/loggers) applies.
    childLoggerFactory: (parent, bindings, options, rawRequest) => {
      const module = serviceOf(rawRequest.url);
      return module ? modules.get(module).child(bindings, options) : parent.child(bindings, options);
    },
    // registerRequestLog writes the one line a request gets; Fastify's own lines carry the whole reply.
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's request id is kept only when it is a safe short token (request-context.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // A request that reaches a stopping node on a connection it had already accepted is served (with
    // Connection: close), not refused with 503: the node is whole until its requests in flight end,
    // and a balancer does not send a refused POST (a spin, a deposit) to another node.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerStorableTextCheck(app);
  registerRequestMetrics(app);
  registerRequestLog(app);
  const lifecycle = context.lifecycle ?? createLifecycle();
  // While draining, every answer ends its connection: clients and a proxy's pooled connections
  // open their next one to a node that stays (or, at this one, find the listener gone).
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  // A worker node (NODE_ROLE=worker) runs the background work and answers only the probes and the
  // operations area: players and staff are served by the api nodes, so every other address is
  // unknown here, the portal and the gateway included. The routes are still registered, because
  // the services' plugins are where their background work starts.
  if (!config.servesPlayers) {
    app.addHook('onRequest', async (request, reply) => {
      if (!answersOnWorker(request.url)) return reply.status(404).send(notFoundBody(request));
    });
  }

  const serviceOrigins = externalOrigins([config.CMS_PUBLIC_URL, config.PS_PUBLIC_URL, config.GS_PUBLIC_URL]);
  // The portal's public address and the services hosted elsewhere are where our own pages come from.
  registerCrossSiteChecks(app, [...serviceOrigins, ...externalOrigins(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])]);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...serviceOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...serviceOrigins],
        frameSrc: ["'self'", ...serviceOrigins],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The content service's images are read by the portal wherever it is hosted.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Emerald', version: appVersion, description: 'Content, platform, game and operations services of the Emerald portal' },
    },
    transform: jsonSchemaTransform,
  });
  // After the OpenAPI generator, so the probes are in its document.
  registerProbes(app, context.database.db, lifecycle);

  for (const name of config.services) {
    const { prefix, plugin } = servicePlugins[name];
    await app.register(
      async (service) => {
        await service.register(plugin(context));
      },
      { prefix },
    );
  }
  // The staff back office reads and acts on players through the platform's modules, so it runs where they do.
  if (config.services.includes('platform')) {
    // One gate before every /bo route's input is read, whichever module mounts the route.
    app.addHook('onRequest', backOfficeGate(context.database.db));
    await app.register(backOfficeService(context), { prefix: '/bo' });
  }
  // Channels: players post where their sessions live, staff from the back office (channel/all is the content service's).
  if (config.services.includes('platform')) {
    await app.register(channelPlayerRoutes(context), { prefix: '/ps' });
    await app.register(channelStaffRoutes(context), { prefix: '/bo' });
    await app.register(channelModerationRoutes(context), { prefix: '/bo' });
  }
  // Live support: players write where their sessions live, staff answer from the back office.
  if (config.services.includes('platform')) {
    await app.register(supportPlayerRoutes(context), { prefix: '/ps' });
    await app.register(supportStaffRoutes(context), { prefix: '/bo' });
  }
  if (config.NODE_ENV !== 'production') await app.register(sandboxService(context), { prefix: '/sandbox' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (config.SERVE_WEB) {
    await registerPortal(app, config.webDistDir);
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request)));
  }
  return app;
}
