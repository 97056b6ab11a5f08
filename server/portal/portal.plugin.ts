import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isServicePath, notFoundBody } from '../http/error-handling';

/**
 * Serves the built portal: hashed assets cached for a year, and index.html (never cached) for
 * every other page address so that the SPA's router answers it — including its own 404 page.
 * The build writes a brotli and a gzip copy beside each text file (web/vite.config.ts); the copy
 * the browser accepts is sent as it is (`preCompressed`: brotli, else gzip, else the file), and
 * caches are told the answer varies with Accept-Encoding.
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
      preCompressed: true,
      // Our own Cache-Control below; otherwise send's 'public, max-age=0' replaces it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Files under assets/ carry a content hash in their name: a new build gives new names.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
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
