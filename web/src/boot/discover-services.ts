import { z } from 'zod/mini';
import { configurationPath, configurationPostSchema } from '../../../contracts/content/configuration';
import { pingPath, pingResponseSchema } from '../../../contracts/platform/ping';
import { requestJson } from '../shared/api/api-client';
import { joinUrl, siblingService, type ServiceAddressBook } from '../shared/api/service-addresses';
import { signupCountriesSchema, socialProvidersSchema, type Configuration } from '../shared/configuration/configuration';
import { candidateBases } from './candidate-bases';

export type DiscoveryOutcome =
  | { kind: 'ready'; addresses: ServiceAddressBook; configuration: Configuration }
  | { kind: 'maintenance' }
  | { kind: 'failed'; service: 'cms' | 'ps' };

async function firstAnswering<T>(bases: readonly string[], ask: (base: string) => Promise<T>): Promise<{ base: string; answer: T } | null> {
  for (const base of bases) {
    try {
      return { base, answer: await ask(base) };
    } catch {
      // Try the next candidate (BOOT-03).
    }
  }
  return null;
}

/** The contract's configuration plus the fields the portal reads ahead of it (social_providers). */
const portalConfigurationPostSchema = z.extend(configurationPostSchema, {
  acf: z.extend(configurationPostSchema.shape.acf, { social_providers: socialProvidersSchema, signup_countries: signupCountriesSchema }),
});
const portalConfigurationResponseSchema = z.array(portalConfigurationPostSchema);
type PortalConfigurationPost = z.infer<typeof portalConfigurationPostSchema>;

async function fetchConfiguration(base: string): Promise<PortalConfigurationPost> {
  const posts = await requestJson(joinUrl(base, configurationPath), { schema: portalConfigurationResponseSchema, feedback: 'silent' });
  const post = posts[0];
  if (!post) throw new Error(`No configuration at ${base}`);
  return post;
}

async function ping(base: string): Promise<void> {
  await requestJson(joinUrl(base, pingPath), { schema: pingResponseSchema, feedback: 'silent' });
}

/**
 * Start-up discovery (BOOT-01…08): find a content service that answers with the configuration, honour
 * its maintenance marker (NS-11), then find a platform service that answers its ping.
 */
export async function discoverServices(): Promise<DiscoveryOutcome> {
  // The platform service is almost always the built-in candidate: its ping goes out beside the
  // configuration request, a round trip sooner on the first page's critical path. It is only
  // counted if the order below reaches that candidate (a configured ps_endpoint is still tried
  // first), and a failed early ping is tried no differently from a late one.
  const pings = new Map<string, Promise<void>>();
  const earlyBase = candidateBases([], import.meta.env.VITE_PS_FALLBACKS, '/ps')[0];
  if (earlyBase) {
    const early = ping(earlyBase);
    early.catch(() => undefined);
    pings.set(earlyBase, early);
  }

  const content = await firstAnswering(candidateBases([], import.meta.env.VITE_CMS_FALLBACKS, '/cms'), fetchConfiguration);
  if (!content) return { kind: 'failed', service: 'cms' };

  const { cms_endpoint, ps_endpoint, gs_endpoint, ...configuration } = content.answer.acf;
  if (configuration.maintenance) return { kind: 'maintenance' };

  const platform = await firstAnswering(candidateBases([ps_endpoint], import.meta.env.VITE_PS_FALLBACKS, '/ps'), (base) => pings.get(base) ?? ping(base));
  if (!platform) return { kind: 'failed', service: 'ps' };

  return {
    kind: 'ready',
    // The operations endpoints (OPS-02) are served beside the portal; no configuration names them.
    // The back office's API is served beside the platform service it administers (`/bo` next to `/ps`).
    addresses: {
      cms: cms_endpoint.trim() || content.base,
      ps: platform.base,
      bo: siblingService(platform.base, 'bo'),
      gs: gs_endpoint.trim() || '/gs',
      management: '/management',
    },
    configuration,
  };
}
