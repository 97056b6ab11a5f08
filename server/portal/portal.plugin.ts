import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '../../contracts/content/translations';
import { isServicePath, notFoundBody } from '../http/error-handling';
import { withOverrides, type FirstView, type FirstViewAssets } from './first-view';
import { gamePageFirstView } from './game-page-first-view';
import { homeFirstView } from './home-first-view';
import { playFirstView } from './play-first-view';

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
      // The build's .vite/ folder (its manifest, the interface strings first views are drawn in) is
      // for this server, not for browsers.
      dotfiles: 'ignore',
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

  const sendPage = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
  if (built) {
    const firstViewPage = firstViewPageWriter(indexFile);
    const assets = firstViewAssets(app, webDistDir);
    // Issue 17: the pages whose first view the server draws (server/portal/first-view.ts); /play only
    // as it first opens, without a search, filter, grouping or frame asked for in its address.
    const firstViews = [
      { path: '/', draw: homeFirstView, drawn: () => true },
      { path: '/play', draw: playFirstView, drawn: (query: Record<string, unknown>) => Object.keys(query).every((name) => name === 'locale') },
      // A visitor's free play of one game; the view decides from the address and the session.
      { path: '/game-page', draw: gamePageFirstView, drawn: () => true },
    ];
    for (const view of firstViews) {
      app.get(view.path, { schema: { hide: true } }, async (request, reply) => {
        // A first view that cannot be drawn (no content service in this process, a build without its
        // manifest) leaves the page on the splash, as every other page starts.
        const drawFirstView = () => assets().then((current) => view.draw(app, request, current));
        const firstView = view.drawn(request.query as Record<string, unknown>)
          ? await drawFirstView().catch((error: unknown) => {
              request.log.warn({ err: error, page: view.path }, "the page's first view could not be drawn");
              return null;
            })
          : null;
        if (!firstView) return sendPage(reply);
        const page = await firstViewPage(firstView, String(request.headers['accept-encoding'] ?? ''));
        if (page.encoding) reply.header('Content-Encoding', page.encoding);
        return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(page.body);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServicePath(request.url) && !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && built) return sendPage(reply);
    if (wantsPage) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The portal is not built yet: run `npm run build`, then reload.');
    }
    return reply.status(404).send(notFoundBody(request));
  });
}

/**
 * index.html carrying a first view: its tags ahead of the head's own (the browser asks for what the
 * head names in its order, a few at a time per connection); its markup in place of the splash
 * (between index.html's `first-view` comments); and the portal's scripts and the data preloads moved
 * into a template that web/public/first-view.js writes back into the head once the view has painted,
 * since the page is on screen before they run.
 */
export function withFirstView(html: string, firstView: FirstView): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const first = html.search(/<script\b|<link rel="(?:modulepreload|stylesheet)"/);
  const at = first >= 0 && first < head ? first : head;
  const later: string[] = [];
  const headTags = html
    .slice(at, head)
    .replace(/\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*|link rel="preload" as="fetch"[^>]*)>/g, (tag) => {
      later.push(tag.trim());
      return '';
    });
  const body = html
    .slice(head)
    .replace(/<!--first-view-->[\s\S]*?<!--\/first-view-->/, firstView.body)
    .replace('</body>', `<template id="after-first-view">${later.join('')}</template>\n    <script src="./first-view.js"></script>\n  </body>`);
  return `${html.slice(0, at)}${firstView.head}${headTags}${body}`;
}

/**
 * What a first view paints with, from the build (read once per build of its manifest):
 * - the stylesheets of the shell (src/app/app.tsx), the page's route and the chunks they import, from
 *   the build's manifest: the first view is drawn with the portal's own classes, so it needs them
 *   before the scripts would load them;
 * - the portal's two typefaces in the alphabets of each language (the Latin files carry the digits
 *   too), so that the text is drawn in them at once instead of moving when they arrive;
 * - the portal's interface strings (`.vite/interface-strings.json`).
 */
function firstViewAssets(app: FastifyInstance, webDistDir: string): () => Promise<FirstViewAssets> {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  let read:
    | {
        modified: number;
        manifest: Record<string, { css?: string[]; imports?: string[] }>;
        fonts: FirstViewAssets['fonts'];
        strings: Record<Language, Record<string, string>>;
      }
    | undefined;
  const stylesheets = new Map<string, string[]>();
  const current = async () => {
    const modified = (await stat(manifestFile)).mtimeMs;
    if (read?.modified === modified) return read;
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, { css?: string[]; imports?: string[] }>;
    const files = await readdir(path.join(webDistDir, 'assets'));
    const font = (name: string) =>
      files.find((file) => file.startsWith(`${name}-`) && file.endsWith('.woff2') && /^[\w-]+$/.test(file.slice(name.length + 1, -'.woff2'.length)));
    const fontsOf = (alphabets: string[]) =>
      alphabets
        .flatMap((alphabet) => ['inter', 'outfit'].map((face) => font(`${face}-${alphabet}-wght-normal`)))
        .filter((file): file is string => Boolean(file))
        .map((file) => `./assets/${file}`);
    // The interface strings come with the same build as the manifest.
    const strings = JSON.parse(await readFile(path.join(webDistDir, '.vite', 'interface-strings.json'), 'utf8')) as Record<Language, Record<string, string>>;
    stylesheets.clear();
    read = { modified, manifest, fonts: { en: fontsOf(['latin']), mk: fontsOf(['latin', 'cyrillic']) }, strings };
    return read;
  };
  const stylesheetsOf = (manifest: Record<string, { css?: string[]; imports?: string[] }>, route: string) => {
    const known = stylesheets.get(route);
    if (known) return known;
    const seen = new Set<string>(['index.html']); // index.html's own stylesheet is in the page already
    const files: string[] = [];
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      for (const css of chunk?.css ?? []) if (!files.includes(`./${css}`)) files.push(`./${css}`);
      for (const imported of chunk?.imports ?? []) visit(imported);
    };
    for (const key of ['src/app/app.tsx', route]) {
      if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
      visit(key);
    }
    stylesheets.set(route, files);
    return files;
  };
  // A first view is drawn per request; the build's files are read again only when it changes.
  return async () => {
    const { manifest, fonts, strings } = await current();
    return { fonts, strings: (language) => withOverrides(app, strings, language), stylesheetsOf: (route) => stylesheetsOf(manifest, route) };
  };
}

/**
 * index.html with a page's first view, compressed as the browser accepts (brotli, else gzip); a
 * page already written for the same first view and encoding is reused, and a new build of
 * index.html starts afresh.
 */
function firstViewPageWriter(indexFile: string) {
  let built: { modified: number; pages: Map<string, Buffer> } = { modified: -1, pages: new Map() };
  return async (firstView: FirstView, acceptEncoding: string): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> => {
    const modified = (await stat(indexFile)).mtimeMs;
    if (modified !== built.modified) built = { modified, pages: new Map() };
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
    const key = `${encoding ?? ''}\n${firstView.head}\n${firstView.body}`;
    let body = built.pages.get(key);
    if (!body) {
      const html = withFirstView(await readFile(indexFile, 'utf8'), firstView);
      body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : Buffer.from(html);
      // A handful of first views (per page, language, affiliate entry and session's catalogue): more means the content changed.
      if (built.pages.size >= 64) built.pages.clear();
      built.pages.set(key, body);
    }
    return { body, encoding };
  };
}
