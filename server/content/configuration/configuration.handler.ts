import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  configurationFieldsSchema,
  configurationPath,
  configurationResponseSchema,
  type ConfigurationFields,
  type ConfigurationPost,
} from '../../../contracts/content/configuration';
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

export async function readConfiguration({ database, config }: ServiceContext): Promise<ConfigurationPost[]> {
  const [post] = await findPublishedPosts(database.db, CONFIGURATION_TYPE);
  const stored = z.partial(configurationFieldsSchema).safeParse(post?.acf ?? {});
  const fields = { ...defaultConfigurationFields, ...(stored.success ? stored.data : {}) };
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
          summary: 'Portal configuration: service addresses, maintenance marker and shell settings (BOOT-01…10)',
          response: { 200: configurationResponseSchema },
        },
      },
      async (request, reply) => sendRevalidated(request, reply, await readConfiguration(context)),
    );
  };
