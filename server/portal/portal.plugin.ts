import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isServicePath, notFoundBody } from '../http/error-handling';
import { homeBannerPreloads } from './home-banner-preload';

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
  if (built) {
    const homePage = homePageWriter(indexFile);
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const preloads = await homeBannerPreloads(app, request).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the home banner could not be named in the page');
        return '';
      });
      if (!preloads) return sendPage(reply);
      const page = await homePage(preloads, String(request.headers['accept-encoding'] ?? ''));
      if (page.encoding) reply.header('Content-Encoding', page.encoding);
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(page.body);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServicePath(request.url) && !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && built) return sendPage(reply);
    if (wantsPage) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The portal is not built yet: run `npm run build`, then reload.');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}

/**
 * The tags ahead of the head's scripts and stylesheets: the browser asks for what the head names in
 * its order, a few at a time per connection, and the picture is small beside the scripts.
 */
function withPreloads(html: string, preloads: string): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const first = html.search(/<script\b|<link rel="(?:modulepreload|stylesheet)"/);
  const at = first >= 0 && first < head ? first : head;
  return `${html.slice(0, at)}${preloads}\n    ${html.slice(at)}`;
}

/**
 * index.html with the home banner's preload tags in its head, compressed as the browser
 * accepts (brotli, else gzip); a page already written for the same tags and encoding is reused,
 * and a new build of index.html starts afresh.
 */
function homePageWriter(indexFile: string) {
  let built: { modified: number; pages: Map<string, Buffer> } = { modified: -1, pages: new Map() };
  return async (preloads: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> => {
    const modified = (await stat(indexFile)).mtimeMs;
    if (modified !== built.modified) built = { modified, pages: new Map() };
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
    const key = `${encoding ?? ''}\n${preloads}`;
    let body = built.pages.get(key);
    if (!body) {
      const html = withPreloads(await readFile(indexFile, 'utf8'), preloads);
      body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : Buffer.from(html);
      // A handful of banners (one per language and affiliate entry): more means the content changed.
      if (built.pages.size >= 64) built.pages.clear();
      built.pages.set(key, body);
    }
    return { body, encoding };
  };
}
