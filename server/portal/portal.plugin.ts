import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isServicePath, notFoundBody } from '../http/error-handling';

/**
 * Serves the built portal: hashed assets cached for a year, and index.html (never cached) for
 * every other page address so that the SPA's router answers it — including its own 404 page.
 */
export async function registerPortal(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'the web app is not built; run `npm run build` to serve the portal');
  }

  const sendPage = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
  if (built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServicePath(request.url) && !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && built) return sendPage(reply);
    if (wantsPage) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The portal is not built yet: run `npm run build`, then reload.');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
