import { z } from 'zod/mini';
import { socialProviderSchema } from '../platform/accounts/social-login';
import { languageSchema } from './translations';

/**
 * GET /cms/wp-json/wp/v2/configuration — the content configuration the portal reads at start
 * (spec 000 §1, §3; BOOT-01…BOOT-10). It is a WordPress-style list with one post whose `acf`
 * carries the fields; the service addresses are added by the content service from its own
 * configuration so that one build can point at any deployment.
 */
export const footerImageSchema = z.object({
  image: z.string(),
  alt: z.string(),
  link: z.optional(z.string()),
});

export const bannerLinkSchema = z.object({
  label: z.string(),
  linkTo: z.string(),
});

/** A lobby the portal opens through /game (HOME-22, HOME-23; NS-14: nothing hard-coded). */
export const lobbyLaunchSchema = z.object({
  gameId: z.string(),
  platform: z.string(),
  gameName: z.string(),
  /** NS-14: extra launch parameters the game page adds for this lobby. */
  launchParameters: z._default(z.record(z.string(), z.string()), {}),
});
export type LobbyLaunch = z.infer<typeof lobbyLaunchSchema>;

export const configurationFieldsSchema = z.object({
  small_icons: z.enum(['0', '1']),
  footer_text: z.string(),
  footer_images: z.array(footerImageSchema),
  banner_links: z.array(bannerLinkSchema),
  cookie_message: z.string(),
  facebook_app_id: z.string(),
  ips_endpoint: z.string(),
  chronos_endpoint: z.string(),
  /** NS-11: the maintenance marker. */
  maintenance: z.boolean(),
  /** NS-01: the support e-mail shown as {email}. */
  support_email: z.string(),
  /** Slug of the game provider whose games /minigames lists (spec 000 §2 'PRAGMATIC CASINO'). */
  minigames_provider: z._default(z.string(), 'pocket-arcade'),
  /** The live-casino lobby (spec 000 §2: gameId 101, 'Live - Lobby'); defaults keep older content services readable. */
  live_lobby: z._default(lobbyLaunchSchema, { gameId: '101', platform: 'EMERALD_LIVE', gameName: 'Live - Lobby', launchParameters: {} }),
  /** The bingo lobby (spec 000 §2: gameId bingo, 'Bingo'). */
  bingo: z._default(lobbyLaunchSchema, { gameId: 'bingo', platform: 'EMERALD_BINGO', gameName: 'Bingo', launchParameters: {} }),
});
export type ConfigurationFields = z.infer<typeof configurationFieldsSchema>;

export const serviceAddressesSchema = z.object({
  /** Base address of the content service, e.g. `/cms` or `https://content.example.com/cms`. */
  cms_endpoint: z.string(),
  /** Base address of the platform (payments) service, e.g. `/ps`. */
  ps_endpoint: z.string(),
  /** Base address of the game server, e.g. `/gs`. */
  gs_endpoint: z.string(),
});
export type ServiceAddresses = z.infer<typeof serviceAddressesSchema>;

export const configurationPostSchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  title: z.object({ rendered: z.string() }),
  modified_gmt: z.string(),
  acf: z.extend(z.extend(configurationFieldsSchema, serviceAddressesSchema.shape), {
    /**
     * SESS-31, DEF-20: the social logins this deployment offers, filled by the server from its
     * configuration (empty when none is configured; also when an older content service omits it).
     * `facebook_app_id` stays for compatibility and is not used for them.
     */
    social_providers: z._default(z.array(socialProviderSchema), []),
    /**
     * SIGNUP-48, defect 3: the countries sign-up is open to (ISO 3166-1 alpha-2), filled by the
     * server from SIGNUP_JURISDICTIONS, so the portal offers only those as the address country.
     * Empty when an older content service omits it.
     */
    signup_countries: z._default(z.array(z.string()), []),
  }),
});
export type ConfigurationPost = z.infer<typeof configurationPostSchema>;

export const configurationResponseSchema = z.array(configurationPostSchema);
export const configurationPath = '/wp-json/wp/v2/configuration';

/**
 * `lang` (I18N-03): the texts a reader sees (footer text and images' alt, banner link labels, cookie
 * message) in that language where the content has them, else English. Everything else is the one
 * configuration's, whatever the language.
 */
export const configurationQuerySchema = z.object({
  lang: z._default(languageSchema, 'en'),
});

/** The configuration fields a language may word differently. */
export const localizedConfigurationFields = ['footer_text', 'footer_images', 'banner_links', 'cookie_message'] as const;
export const localizedConfigurationSchema = z.pick(configurationFieldsSchema, {
  footer_text: true,
  footer_images: true,
  banner_links: true,
  cookie_message: true,
});
export type LocalizedConfiguration = z.infer<typeof localizedConfigurationSchema>;
