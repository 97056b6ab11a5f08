import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { configurationFieldsSchema } from '../../../contracts/content/configuration';
import {
  wpDeletedSchema,
  wpDeleteQuerySchema,
  wpPostCreateSchema,
  wpPostIdParamsSchema,
  wpPostUpdateSchema,
  wpWrittenPostSchema,
  type WpPostUpdate,
  type WpWrittenPost,
} from '../../../contracts/content/wp-write';
import { wpRestBase } from '../../../contracts/content/wp-rest';
import { errorResponseSchema } from '../../../contracts/errors';
import { requireStaff, staffAction } from '../../back-office';
import { planById } from '../../platform/bonuses';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { CONFIGURATION_TYPE } from '../configuration/configuration.handler';
import { deletePostById, findPostById, insertPost, updatePostById, type ContentPostRow } from '../content-posts.repository';
import { sanitizePlainText } from '../html-sanitizer';
import { excerptFieldOf, InvalidPostError, postTypeNames, sanitizeAcf } from '../post-types';
import { genericEntry, renderedExcerpt } from './post-list';

/** The types staff write here: every post type with a schema, and the configuration (maintenance marker). */
export const writableTypes = [...postTypeNames, CONFIGURATION_TYPE] as const;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const textOf = (value: string | { raw: string } | undefined) => (value === undefined ? undefined : typeof value === 'string' ? value : value.raw);

/** A written post as WordPress answers it to an editor: rendered (sanitised) and raw fields, its status. */
export function writtenPost(row: ContentPostRow): WpWrittenPost {
  const { post } = genericEntry(row);
  return {
    ...post,
    type: row.type,
    status: row.status,
    lang: row.lang,
    title: { rendered: post.title.rendered, raw: row.title },
    content: { rendered: (post.content as { rendered: string }).rendered, raw: row.content, protected: false },
    ...excerptOf(row),
    acf: post.acf,
  };
}

function excerptOf(row: ContentPostRow): { excerpt?: { rendered: string; raw: string; protected: false } } {
  const field = excerptFieldOf(row.type);
  if (field === undefined) return {};
  const raw = typeof row.acf[field] === 'string' ? (row.acf[field] as string) : '';
  return { excerpt: { rendered: renderedExcerpt(raw), raw, protected: false } };
}

/**
 * The configuration has no post-type schema (its fields are the start-up contract): a write may
 * change only known fields, each validated, addresses made safe.
 */
function configurationAcf(stored: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const parsed = zm.safeParse(zm.strictObject(zm.partial(configurationFieldsSchema).def.shape), changes);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(
      ['acf', ...(issue?.path ?? []).map(String), ...(issue?.code === 'unrecognized_keys' ? [issue.keys[0] ?? ''] : [])].join('.'),
      issue?.message ?? 'is not valid',
    );
  }
  return sanitizeAcf(CONFIGURATION_TYPE, { ...stored, ...parsed.data });
}

/** Validation failures of the type's schema as a 400 naming the field. */
async function validated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidPostError) throw new AppError('VALIDATION_ERROR', error.message, error.issues);
    throw error;
  }
}

/** The excerpt goes to the type's summary field as text; a type without one refuses it. */
function withExcerpt(type: string, acf: Record<string, unknown> | undefined, body: WpPostUpdate): Record<string, unknown> | undefined {
  const excerpt = textOf(body.excerpt);
  if (excerpt === undefined) return acf;
  const field = excerptFieldOf(type);
  if (field === undefined) throw fieldError('excerpt', `a ${type} post has no excerpt`);
  return { ...acf, [field]: sanitizePlainText(excerpt) };
}

/**
 * A promotion is a bonus plan's player-facing side: its title, description, terms, image, whether
 * it is featured and its order are content, edited here. What the plan pays (match, cap, wagering,
 * validity) stays in the platform's `bonus_plan` row and is never read from content, so an editor
 * changing words cannot change what a player is granted. The one field joining the two,
 * `acf.bonus_plan_id`, is checked against the platform when it is set or changed: a promotion may
 * point at a plan that exists, or at 0 (an announcement with no plan behind it), never at a plan
 * that does not exist. Ids stored before this check are kept as they are when other fields change.
 */
async function checkBonusPlanLink(tx: Db, type: string, stored: ContentPostRow | undefined, acf: Record<string, unknown> | undefined): Promise<void> {
  if (type !== 'bonus' || acf === undefined || !('bonus_plan_id' in acf)) return;
  const wanted = acf.bonus_plan_id;
  if (stored !== undefined && stored.acf.bonus_plan_id === wanted) return;
  if (wanted === 0 || typeof wanted !== 'number' || !Number.isInteger(wanted) || wanted < 0 || wanted > 2_147_483_647) return; // the type's schema names a malformed id
  if (!(await planById(tx, wanted))) throw fieldError('acf.bonus_plan_id', `names no bonus plan of the platform (${wanted})`);
}

function changesOf(type: string, stored: ContentPostRow | undefined, body: WpPostUpdate) {
  const merged =
    body.acf === undefined
      ? stored?.acf
      : type === CONFIGURATION_TYPE
        ? configurationAcf(stored?.acf ?? {}, body.acf)
        : { ...(stored?.acf ?? {}), ...body.acf };
  const acf = withExcerpt(type, merged ?? (body.excerpt === undefined ? undefined : {}), body);
  return {
    ...(body.title !== undefined ? { title: textOf(body.title) } : {}),
    ...(body.content !== undefined ? { content: textOf(body.content) } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.slug !== undefined ? { slug: body.slug } : {}),
    ...(acf !== undefined ? { acf } : {}),
  };
}

async function existingPost(db: Db, type: string, id: number): Promise<ContentPostRow> {
  const row = await findPostById(db, type, id);
  if (!row) throw new AppError('NOT_FOUND', 'Invalid post ID.');
  return row;
}

/**
 * POST /wp/v2/<type>, POST|PUT /wp/v2/<type>/<id>, DELETE /wp/v2/<type>/<id>: staff writes with
 * the back office's one access check (a staff session past two-factor holding content.edit) and an
 * audit row in the same transaction as the write.
 */
export const postWriteRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['content'];
    for (const type of writableTypes) {
      const path = `${wpRestBase}/${type}`;
      const subject = (id: string) => ({ type: `content.${type}`, id });

      app.post(
        path,
        {
          config: { permission: 'content.edit' },
          schema: {
            tags,
            summary: `Creates a ${type} post (staff, content.edit)`,
            body: wpPostCreateSchema,
            response: { 201: wpWrittenPostSchema, ...errors },
          },
        },
        async (request, reply) => {
          const actor = await requireStaff(db, request, reply, 'content.edit', subject(request.body.slug));
          const body = request.body;
          const fields = changesOf(type, undefined, { ...body, acf: body.acf ?? {} });
          const row = await validated(() =>
            staffAction(db, actor, 'content.create', async (tx) => {
              await checkBonusPlanLink(tx, type, undefined, body.acf);
              const created = await insertPost(tx, {
                type,
                slug: body.slug,
                lang: body.lang,
                status: body.status ?? 'publish',
                title: fields.title ?? '',
                content: fields.content ?? '',
                acf: fields.acf ?? {},
              });
              if (!created) throw fieldError('slug', `a ${type} post with this slug exists in this language`);
              return { result: created, detail: { type, id: created.id, slug: created.slug, lang: created.lang } };
            }),
          );
          reply.status(201);
          return writtenPost(row);
        },
      );

      const update = async (id: number, body: WpPostUpdate, actor: Awaited<ReturnType<typeof requireStaff>>) => {
        const row = await validated(() =>
          staffAction(db, actor, 'content.update', async (tx) => {
            const stored = await existingPost(tx, type, id);
            const changes = changesOf(type, stored, body);
            await checkBonusPlanLink(tx, type, stored, body.acf);
            const updated = await updatePostById(tx, stored, changes);
            if (!updated) throw fieldError('slug', `a ${type} post with this slug exists in this language`);
            return { result: updated, detail: { type, id, slug: updated.slug, lang: updated.lang, fields: Object.keys(body).sort() } };
          }),
        );
        return writtenPost(row);
      };
      const updateSchema = {
        tags,
        summary: `Updates a ${type} post (staff, content.edit); acf fields are merged`,
        params: wpPostIdParamsSchema,
        body: wpPostUpdateSchema,
        response: { 200: wpWrittenPostSchema, ...errors },
      };
      app.post(`${path}/:id`, { config: { permission: 'content.edit' }, schema: updateSchema }, async (request, reply) =>
        update(request.params.id, request.body, await requireStaff(db, request, reply, 'content.edit', subject(String(request.params.id)))),
      );
      app.put(`${path}/:id`, { config: { permission: 'content.edit' }, schema: updateSchema }, async (request, reply) =>
        update(request.params.id, request.body, await requireStaff(db, request, reply, 'content.edit', subject(String(request.params.id)))),
      );

      app.delete(
        `${path}/:id`,
        {
          config: { permission: 'content.edit' },
          schema: {
            tags,
            summary: `Moves a ${type} post to the trash; force=true deletes it (staff, content.edit)`,
            params: wpPostIdParamsSchema,
            querystring: wpDeleteQuerySchema,
            response: { 200: z.union([wpDeletedSchema, wpWrittenPostSchema]), ...errors },
          },
        },
        async (request, reply) => {
          const actor = await requireStaff(db, request, reply, 'content.edit', subject(String(request.params.id)));
          const force = request.query.force === 'true' || request.query.force === '1';
          return staffAction<z.infer<typeof wpDeletedSchema> | WpWrittenPost>(db, actor, force ? 'content.delete' : 'content.trash', async (tx) => {
            const stored = await existingPost(tx, type, request.params.id);
            if (force) {
              await deletePostById(tx, stored.id);
              return {
                result: { deleted: true as const, previous: writtenPost(stored) },
                detail: { type, id: stored.id, slug: stored.slug, lang: stored.lang },
              };
            }
            const trashed = await updatePostById(tx, stored, { status: 'trash' });
            return { result: writtenPost(trashed ?? stored), detail: { type, id: stored.id, slug: stored.slug, lang: stored.lang } };
          });
        },
      );
    }
  };
