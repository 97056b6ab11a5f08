import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  configurationFieldsSchema,
  configurationPath,
  configurationQuerySchema,
  configurationResponseSchema,
  localizedConfigurationSchema,
  type ConfigurationFields,
  type ConfigurationPost,
} from '../../../contracts/content/configuration';
import type { Language } from '../../../contracts/content/translations';
import { socialProviders } from '../../config/social-providers';
import { sendRevalidated } from '../../http/cacheable';
import type { ServiceContext } from '../../service-context';
import { findPublishedPosts, wordpressGmt } from '../content-posts.repository';

export const CONFIGURATION_TYPE = 'configuration';

/** Used until an operator stores a configuration post, so a bare database still boots the portal. */
export const defaultConfigurationFields: ConfigurationFields = {
  small_icons: '0',
  footer_text: '',
  footer_images: [],
  banner_links: [],
  cookie_message: 'We use cookies to give you the best experience.',
  facebook_app_id: '',
  ips_endpoint: '',
  chronos_endpoint: '',
  maintenance: false,
  support_email: '',
  minigames_provider: 'pocket-arcade',
  live_lobby: { gameId: '101', platform: 'EMERALD_LIVE', gameName: 'Live - Lobby', launchParameters: {} },
  bingo: { gameId: 'bingo', platform: 'EMERALD_BINGO', gameName: 'Bingo', launchParameters: { room: 'lobby' } },
};

/**
 * The configuration in a language: the English post's fields, with the texts a reader sees taken
 * from the language's own post where it has them (I18N-03). A language post can word things, never
 * switch them: maintenance, addresses and lobbies are always the English post's.
 */
export async function readConfiguration({ database, config }: ServiceContext, lang: Language = 'en'): Promise<ConfigurationPost[]> {
  const [post] = await findPublishedPosts(database.db, CONFIGURATION_TYPE, { lang: 'en' });
  const stored = z.partial(configurationFieldsSchema).safeParse(post?.acf ?? {});
  const fields = { ...defaultConfigurationFields, ...(stored.success ? stored.data : {}) };
  if (lang !== 'en') {
    const [translated] = await findPublishedPosts(database.db, CONFIGURATION_TYPE, { lang });
    const words = z.partial(localizedConfigurationSchema).safeParse(translated?.acf ?? {});
    if (words.success) Object.assign(fields, words.data);
  }
  return [
    {
      id: post?.id ?? 0,
      slug: post?.slug ?? CONFIGURATION_TYPE,
      title: { rendered: post?.title ?? 'Configuration' },
      modified_gmt: wordpressGmt(post?.modifiedAt ?? new Date(0)),
      acf: {
        ...fields,
        cms_endpoint: config.CMS_PUBLIC_URL,
        ps_endpoint: config.PS_PUBLIC_URL,
        gs_endpoint: config.GS_PUBLIC_URL,
        social_providers: socialProviders(config),
        signup_countries: config.SIGNUP_JURISDICTIONS,
      },
    },
  ];
}

export const configurationRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      configurationPath,
      {
        schema: {
          tags: ['content'],
          summary: 'Portal configuration: service addresses, maintenance marker and shell settings (BOOT-01…10); `lang` words its texts (I18N-03)',
          querystring: configurationQuerySchema,
          response: { 200: configurationResponseSchema },
        },
      },
      async (request, reply) => sendRevalidated(request, reply, await readConfiguration(context, request.query.lang)),
    );
  };
