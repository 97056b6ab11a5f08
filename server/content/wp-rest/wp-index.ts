import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wpIndexSchema } from '../../../contracts/content/wp-write';
import { LOYALTY_ITEM_TYPE } from '../loyalty/loyalty-item.handler';
import { TRANSLATIONS_TYPE } from '../translations/translations.handler';
import { postTypeNames } from '../post-types';
import { absoluteUrl } from './post-list';
import { writableTypes } from './post-write';

const NAMESPACE = 'wp/v2';
const ID_ARG = { id: { description: 'Unique identifier for the post.', type: 'integer', required: true } };

/** The routes the index announces, in WordPress' form (a route's regex names its `id`). */
function routesOf(apiRoot: string) {
  const route = (methods: string[], path: string, args: Record<string, unknown> = {}) => ({
    namespace: NAMESPACE,
    methods,
    endpoints: methods.map((method) => ({ methods: [method], args })),
    _links: { self: [{ href: `${apiRoot}${path.replace(/^\//, '')}` }] },
  });
  const routes: Record<string, ReturnType<typeof route>> = { [`/${NAMESPACE}`]: route(['GET'], `/${NAMESPACE}`) };
  const writable = new Set<string>(writableTypes);
  for (const type of [...postTypeNames, 'configuration', TRANSLATIONS_TYPE]) {
    const canWrite = writable.has(type);
    routes[`/${NAMESPACE}/${type}`] = route(canWrite ? ['GET', 'POST'] : ['GET'], `/${NAMESPACE}/${type}`);
    if ((postTypeNames as readonly string[]).includes(type) || canWrite) {
      const methods = [...((postTypeNames as readonly string[]).includes(type) ? ['GET'] : []), ...(canWrite ? ['POST', 'PUT', 'PATCH', 'DELETE'] : [])];
      routes[`/${NAMESPACE}/${type}/(?P<id>[\\d]+)`] = route(
        methods.filter((method) => method !== 'PATCH'),
        `/${NAMESPACE}/${type}`,
        ID_ARG,
      );
    }
  }
  // The types kept outside `content_post`: the interface strings (both languages written side by
  // side with PUT, or one language with its keys unchanged) and the loyalty shop's items.
  routes[`/${NAMESPACE}/${TRANSLATIONS_TYPE}`] = route(['GET', 'PUT'], `/${NAMESPACE}/${TRANSLATIONS_TYPE}`);
  routes[`/${NAMESPACE}/${TRANSLATIONS_TYPE}/(?P<id>[\\d]+)`] = route(['POST', 'PUT'], `/${NAMESPACE}/${TRANSLATIONS_TYPE}`, ID_ARG);
  routes[`/${NAMESPACE}/${LOYALTY_ITEM_TYPE}`] = route(['GET'], `/${NAMESPACE}/${LOYALTY_ITEM_TYPE}`);
  routes[`/${NAMESPACE}/${LOYALTY_ITEM_TYPE}/(?P<id>[\\d]+)`] = route(['GET', 'POST', 'PUT'], `/${NAMESPACE}/${LOYALTY_ITEM_TYPE}`, ID_ARG);
  return routes;
}

/**
 * WordPress discovery (what `WPAPI.discover` follows): the site's root answers
 * `Link: <…/wp-json/>; rel="https://api.w.org/"`, and `/wp-json/` is the index of namespaces and
 * routes a client builds its methods from.
 */
export const wpIndexRoutes = (): FastifyPluginAsyncZod => async (app) => {
  const apiRootOf = (request: Parameters<typeof absoluteUrl>[0]) => absoluteUrl(request, `${request.url.startsWith('/cms') ? '/cms' : ''}/wp-json/`).toString();

  app.get(
    '/',
    {
      schema: {
        tags: ['content'],
        summary: 'The content site root: announces its REST API (WordPress discovery Link header)',
        response: { 200: z.object({ name: z.string(), api: z.string() }) },
      },
    },
    async (request, reply) => {
      const apiRoot = apiRootOf(request);
      reply.header('Link', `<${apiRoot}>; rel="https://api.w.org/"`);
      return { name: 'Emerald content', api: apiRoot };
    },
  );

  app.get(
    '/wp-json/',
    { schema: { tags: ['content'], summary: "The REST API index: namespaces and routes (WordPress' /wp-json/)", response: { 200: wpIndexSchema } } },
    async (request, reply) => {
      const apiRoot = apiRootOf(request);
      reply.header('Link', `<${apiRoot}>; rel="https://api.w.org/"`);
      const home = absoluteUrl(request, apiRoot.replace(/wp-json\/$/, '')).toString();
      return {
        name: 'Emerald content',
        description: 'The portal content service (WordPress REST compatible)',
        url: home,
        home,
        gmt_offset: 0,
        timezone_string: 'UTC',
        namespaces: [NAMESPACE],
        authentication: {},
        routes: routesOf(apiRoot),
      };
    },
  );
};
