import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';

/** The built game client's page and the files its Vite manifest entry names. */
interface ClientFiles {
  html: string;
  assets: Set<string>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const ENTRY = 'game-client/index.html';
const assetName = /^[\w.-]+\.(?:js|css|map|svg|png|woff2)$/;
const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

async function loadClient(webDistDir: string): Promise<ClientFiles | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const assets = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || assets.has(chunk.file)) return;
      assets.add(chunk.file);
      for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) assets.add(file);
      // A kind's renderer and PixiJS are chunks the client imports when it needs them.
      for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
    };
    visit(ENTRY);
    if (assets.size === 0) return null;
    for (const file of [...assets]) if (file.endsWith('.js') || file.endsWith('.css')) assets.add(`${file}.map`);
    const html = await readFile(path.join(webDistDir, ENTRY), 'utf8');
    return { html, assets: new Set([...assets].map((file) => path.posix.basename(file))) };
  } catch {
    return null;
  }
}

/**
 * GET /gs/play/:gameId answers the game client's page (the launch address of /gs/launch), and
 * GET /gs/assets/:file its script and styles. The page sits at /gs/play/…, so the built page's
 * relative `../assets/…` addresses resolve here. The global CSP applies: no inline script.
 */
export const gameClientRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const webDistDir = context.config.webDistDir;
    let client: Promise<ClientFiles | null> | null = null;
    const current = async () => {
      client ??= loadClient(webDistDir);
      const loaded = await client;
      if (!loaded) client = null;
      return loaded;
    };

    app.get(
      '/play/:gameId',
      {
        schema: {
          tags: ['games'],
          summary: 'The game client page (launch address; the token is exchanged by the page)',
          params: z.object({ gameId: z.string().min(1).max(64) }),
        },
      },
      async (_request, reply) => {
        const loaded = await current();
        if (!loaded) throw new AppError('SERVICE_UNAVAILABLE', 'The game client is not built yet: run `npm run build`.');
        return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').type('text/html; charset=utf-8').send(loaded.html);
      },
    );

    app.get('/assets/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(assetName) }) } }, async (request, reply) => {
      const loaded = await current();
      const { file } = request.params;
      if (!loaded?.assets.has(file)) throw new AppError('NOT_FOUND', `No game client file ${file}`);
      // The build writes a brotli and a gzip copy beside each file worth compressing.
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encodings = [
        ...(/\bbr\b/.test(accepted) ? [{ name: 'br', suffix: '.br' }] : []),
        ...(/\bgzip\b/.test(accepted) ? [{ name: 'gzip', suffix: '.gz' }] : []),
        { name: null, suffix: '' },
      ];
      let sent: { body: Buffer; encoding: string | null } | null = null;
      for (const encoding of encodings) {
        const body = await readFile(path.join(webDistDir, 'assets', file + encoding.suffix)).catch(() => null);
        if (body) {
          sent = { body, encoding: encoding.name };
          break;
        }
      }
      if (!sent) throw new AppError('NOT_FOUND', `No game client file ${file}`);
      if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Vary', 'Accept-Encoding')
        .type(contentTypes[path.extname(file)] ?? 'application/octet-stream')
        .send(sent.body);
    });
  };
