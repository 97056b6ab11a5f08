import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loyaltyItemListSchema,
  loyaltyItemPath,
  loyaltyItemPostSchema,
  loyaltyItemQuerySchema,
  loyaltyItemUpdateSchema,
  type LoyaltyItemPost,
  type LoyaltyItemUpdate,
} from '../../../contracts/content/loyalty-items';
import { TOTAL_HEADER, TOTAL_PAGES_HEADER } from '../../../contracts/content/wp-rest';
import { wpPostIdParamsSchema } from '../../../contracts/content/wp-write';
import { errorResponseSchema } from '../../../contracts/errors';
import { requireStaff, staffAction } from '../../back-office';
import { AppError, fieldError } from '../../http/app-error';
import {
  allLoyaltyItems,
  InvalidPresentationError,
  loyaltyItemById,
  updateLoyaltyItemPresentation,
  type LoyaltyItemPresentation,
  type LoyaltyItemRow,
} from '../../platform/loyalty';
import type { ServiceContext } from '../../service-context';
import { wordpressGmt } from '../content-posts.repository';
import { safeUrl, sanitizePlainText, sanitizeTitle } from '../html-sanitizer';

export const LOYALTY_ITEM_TYPE = 'loyalty_item';

/**
 * The loyalty shop's items through the content service (issue 15 Content). They are stored by the
 * loyalty programme (server/platform/loyalty), because price and reward are its money rules and the
 * checkout reads them in the transaction that spends the points; what a player reads about an item
 * is content, so staff edit that here, in the WordPress shape every other type uses, with the same
 * sanitising (text only, safe image addresses) and the back office's access check and audit row.
 */
function itemPost(item: LoyaltyItemRow, lang: 'en' | 'mk', edit: boolean): LoyaltyItemPost {
  const created = wordpressGmt(item.updatedAt);
  const shown = (lang === 'mk' ? item.descriptionMk : null) ?? item.description;
  return {
    id: item.id,
    date: created,
    date_gmt: created,
    modified: created,
    modified_gmt: created,
    slug: item.itemCode.toLowerCase(),
    status: item.status === 'ACTIVE' ? 'publish' : 'draft',
    type: LOYALTY_ITEM_TYPE,
    link: '/loyalty',
    lang,
    title: { rendered: sanitizeTitle(shown), ...(edit ? { raw: shown } : {}) },
    content: { rendered: '', protected: false },
    featured_media: 0,
    menu_order: item.sortOrder,
    acf: {
      item_code: item.itemCode,
      description_en: item.description,
      description_mk: item.descriptionMk ?? '',
      brand: item.brand,
      image: { url: safeUrl(item.imageUrl, 'image') },
      sort_order: item.sortOrder,
      rules: {
        kind: item.type,
        price: Number(item.price),
        currency: item.currency,
        bonus_plan_id: item.bonusPlanId,
        bonus_amount: item.bonusAmount === null ? null : Number(item.bonusAmount),
        free_spins: item.freeSpins,
        game_id: item.gameId,
      },
    },
  };
}

/** Wire names of the platform's presentation fields, so a refusal names what the editor sent. */
const wireField: Record<keyof LoyaltyItemPresentation, string> = {
  description: 'acf.description_en',
  descriptionMk: 'acf.description_mk',
  brand: 'acf.brand',
  imageUrl: 'acf.image.url',
  status: 'status',
  sortOrder: 'acf.sort_order',
};
const RULE_KEYS = new Set(['rules', 'item_code', 'kind', 'type', 'price', 'currency', 'bonus_plan_id', 'bonus_amount', 'free_spins', 'game_id']);
const TOP_LEVEL = new Set(['title', 'status', 'acf', 'id']);

const textField = (value: unknown, field: string): string => {
  if (typeof value !== 'string') throw fieldError(field, 'must be text');
  return sanitizePlainText(value);
};

/** The presentation changes a write asks for, sanitised; rules and unknown fields refused by name. */
export function presentationOf(body: LoyaltyItemUpdate): LoyaltyItemPresentation {
  for (const key of Object.keys(body)) {
    if (key === 'slug') throw fieldError('slug', 'is the item code, a rule of the loyalty programme; it is not changed here');
    if (!TOP_LEVEL.has(key)) throw fieldError(key, 'is not a field of a loyalty item');
  }
  const changes: LoyaltyItemPresentation = {};
  if (body.title !== undefined) changes.description = textField(typeof body.title === 'string' ? body.title : body.title.raw, 'title');
  if (body.status !== undefined) {
    if (body.status !== 'publish' && body.status !== 'draft') throw fieldError('status', 'must be publish (offered in the shop) or draft (not offered)');
    changes.status = body.status === 'publish' ? 'ACTIVE' : 'INACTIVE';
  }
  for (const [key, value] of Object.entries(body.acf ?? {})) {
    const field = `acf.${key}`;
    if (RULE_KEYS.has(key)) throw fieldError(field, 'is a rule of the loyalty programme (what the item costs or gives), not content; it is not changed here');
    switch (key) {
      case 'description_en':
        changes.description = textField(value, field);
        break;
      case 'description_mk': {
        const text = textField(value, field);
        changes.descriptionMk = text === '' ? null : text;
        break;
      }
      case 'brand':
        changes.brand = textField(value, field);
        break;
      case 'image': {
        const url = value && typeof value === 'object' ? (value as Record<string, unknown>).url : undefined;
        if (typeof url !== 'string') throw fieldError('acf.image.url', 'must be text');
        const safe = safeUrl(url, 'image');
        if (safe === '') throw fieldError('acf.image.url', 'must be an http(s) address or one on this site');
        changes.imageUrl = safe;
        break;
      }
      case 'sort_order':
        if (typeof value !== 'number' || !Number.isInteger(value)) throw fieldError(field, 'must be a whole number');
        changes.sortOrder = value;
        break;
      default:
        throw fieldError(field, 'is not a field of a loyalty item');
    }
  }
  return changes;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const loyaltyItemRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['content'];
    const subject = (id: string) => ({ type: `content.${LOYALTY_ITEM_TYPE}`, id });
    const editing = async (request: FastifyRequest, reply: FastifyReply, context: 'view' | 'edit' | undefined, id: string) => {
      if (context !== 'edit') return false;
      await requireStaff(db, request, reply, 'content.edit', subject(id));
      return true;
    };

    app.get(
      loyaltyItemPath,
      {
        schema: {
          tags,
          summary: 'Loyalty shop items as posts: offered ones; context=edit (staff, content.edit) every item',
          querystring: loyaltyItemQuerySchema,
          response: { 200: loyaltyItemListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const edit = await editing(request, reply, request.query.context, 'list');
        const items = (await allLoyaltyItems(db)).filter((item) => edit || item.status === 'ACTIVE');
        reply
          .header(TOTAL_HEADER, String(items.length))
          .header(TOTAL_PAGES_HEADER, items.length === 0 ? '0' : '1')
          .header('Cache-Control', 'private, no-cache');
        return items.map((item) => itemPost(item, request.query.lang ?? 'en', edit));
      },
    );

    app.get(
      `${loyaltyItemPath}/:id`,
      {
        schema: {
          tags,
          summary: 'One loyalty shop item by id (an item not offered: context=edit only)',
          params: wpPostIdParamsSchema,
          querystring: loyaltyItemQuerySchema,
          response: { 200: loyaltyItemPostSchema, ...errors },
        },
      },
      async (request, reply) => {
        const edit = await editing(request, reply, request.query.context, String(request.params.id));
        const item = await loyaltyItemById(db, request.params.id);
        if (!item || (!edit && item.status !== 'ACTIVE')) throw new AppError('NOT_FOUND', 'Invalid post ID.');
        reply.header('Cache-Control', 'private, no-cache');
        return itemPost(item, request.query.lang ?? 'en', edit);
      },
    );

    const updateSchema = {
      tags,
      summary: "Updates a loyalty item's presentation (staff, content.edit); its rules are refused",
      params: wpPostIdParamsSchema,
      body: loyaltyItemUpdateSchema,
      response: { 200: loyaltyItemPostSchema, ...errors },
    };
    const update = async (request: FastifyRequest<{ Params: { id: number }; Body: LoyaltyItemUpdate }>, reply: FastifyReply) => {
      const actor = await requireStaff(db, request, reply, 'content.edit', subject(String(request.params.id)));
      const changes = presentationOf(request.body);
      const item = await staffAction(db, actor, 'content.update', async (tx) => {
        try {
          const updated = await updateLoyaltyItemPresentation(tx, request.params.id, changes);
          if (!updated) throw new AppError('NOT_FOUND', 'Invalid post ID.');
          return { result: updated, detail: { type: LOYALTY_ITEM_TYPE, id: updated.id, itemCode: updated.itemCode, fields: Object.keys(changes).sort() } };
        } catch (error) {
          if (error instanceof InvalidPresentationError) throw fieldError(wireField[error.field], error.errors?.[0]?.error ?? 'is not valid');
          throw error;
        }
      });
      return itemPost(item, 'en', true);
    };
    app.post(`${loyaltyItemPath}/:id`, { config: { permission: 'content.edit' }, schema: updateSchema }, update);
    app.put(`${loyaltyItemPath}/:id`, { config: { permission: 'content.edit' }, schema: updateSchema }, update);
  };
