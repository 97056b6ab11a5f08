import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameArtworkSchema } from '../../../contracts/content/games';
import { matchesEtag, strongEtag } from '../../http/cacheable';
import { AppError } from '../../http/app-error';
import type { ContentCache } from '../wp-rest/content-cache';
import { drawArtwork } from './artwork/artwork';
import { promoArt } from './artwork/promo-art';
import { macedonianPromoArt } from './artwork/promo-art-mk';
import { BACKGROUND_SIZE, THUMBNAIL_SIZE } from '../games/game.handler';

/** Artwork may be kept a day; the ETag lets a browser revalidate cheaply after that. */
export const ARTWORK_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

const slugParam = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,199}$/, { message: 'must be a content slug' });

interface Svg {
  svg: string;
  etag: string;
}
const svgOf = (svg: string): Svg => ({ svg, etag: strongEtag(svg) });

/**
 * Generated artwork (cached per content generation):
 * /cms/media/games/<slug>/thumbnail.svg (400×300) and background.svg (1600×900) for each game,
 * /cms/media/art/<slug>.svg for banners, cards, blog and logos of the demo content.
 */
export const mediaRoutes =
  (cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/media/games/:slug/:file',
      {
        schema: {
          tags: ['content'],
          summary: "A game's generated artwork: thumbnail.svg 400×300 or background.svg 1600×900 (.mk.svg: lettered with the game's Macedonian title)",
          params: z.object({
            slug: slugParam,
            file: z.enum(['thumbnail.svg', 'background.svg', 'thumbnail.mk.svg', 'background.mk.svg'], {
              message: 'must be thumbnail.svg, background.svg, thumbnail.mk.svg or background.mk.svg',
            }),
          }),
        },
      },
      async (request, reply) => {
        const { slug, file } = request.params;
        await cache.currentGeneration();
        const art = await cache.memo(`art:game:${slug}:${file}`, async () => {
          const game = (await cache.postsIn('game', 'en')).find((row) => row.slug === slug);
          if (!game) return null;
          // The picture is the English post's; only the lettering follows the language.
          const lettered = file.includes('.mk.') ? ((await cache.postsIn('game', 'mk')).find((row) => row.slug === slug) ?? game) : game;
          const [providers] = await Promise.all([cache.postsIn('game_provider', 'en')]);
          const provider = providers.find((row) => row.slug === game.acf.game_provider);
          const artwork = gameArtworkSchema.safeParse(game.acf.artwork);
          const size = file.startsWith('thumbnail') ? THUMBNAIL_SIZE : BACKGROUND_SIZE;
          return svgOf(
            drawArtwork({
              title: lettered.title,
              seed: game.title,
              // The tagline is English copy: a Macedonian background is captioned with the studio's name.
              caption: artwork.success && artwork.data.tagline && file === 'background.svg' ? artwork.data.tagline : provider?.title,
              palette: artwork.success ? artwork.data.palette : undefined,
              symbol: artwork.success ? artwork.data.symbol : undefined,
              scene: artwork.success ? artwork.data.scene : undefined,
              // The game's page writes its title over the background: the picture alone.
              lettering: file.startsWith('thumbnail'),
              ...size,
            }),
          );
        });
        if (!art) throw new AppError('NOT_FOUND', `No game ${slug}`);
        return sendSvg(request, reply, art);
      },
    );

    const promo = new Map<string, Svg>();
    app.get(
      '/media/art/:file',
      {
        schema: {
          tags: ['content'],
          summary: 'Generated banner, card, blog and logo artwork of the demo content',
          params: z.object({ file: z.string().regex(/^[a-z0-9-]+(\.mk)?\.svg$/, { message: 'must be <name>.svg or <name>.mk.svg' }) }),
        },
      },
      async (request, reply) => {
        const name = request.params.file.slice(0, -'.svg'.length);
        // <name>.mk.svg: the same picture lettered in Macedonian (I18N-03).
        const input = name.endsWith('.mk') ? macedonianPromoArt(name.slice(0, -'.mk'.length)) : Object.hasOwn(promoArt, name) ? promoArt[name] : undefined;
        if (!input) throw new AppError('NOT_FOUND', `No artwork ${name}`);
        let art = promo.get(name);
        if (!art) {
          art = svgOf(drawArtwork(input));
          promo.set(name, art);
        }
        return sendSvg(request, reply, art);
      },
    );
  };

function sendSvg(request: FastifyRequest, reply: FastifyReply, art: Svg) {
  reply.header('ETag', art.etag);
  reply.header('Cache-Control', ARTWORK_CACHE_CONTROL);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (matchesEtag(request, art.etag)) return reply.status(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(art.svg);
}
