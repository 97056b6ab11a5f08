import { z } from 'zod';

/**
 * Staff writes through the shapes WordPress' REST API takes (POST /wp/v2/<type> creates,
 * POST|PUT /wp/v2/<type>/<id> updates, DELETE trashes; `force=true` deletes). `title` and `content`
 * are a string or `{ raw }` as WordPress accepts them; `acf` fields are merged into the stored ones
 * and validated against the type's schema. Everything HTML is sanitised on write (DEF-19).
 */
const rawOrString = (field: string, max: number) =>
  z.union(
    [
      z.string().max(max, { message: `${field} must be at most ${max} characters` }),
      z.object({ raw: z.string().max(max, { message: `${field} must be at most ${max} characters` }) }),
    ],
    {
      message: `${field} must be a string or { raw }`,
    },
  );

export const wpWriteStatusSchema = z.enum(['publish', 'draft', 'pending', 'private'], { message: 'status must be publish, draft, pending or private' });

export const wpPostUpdateSchema = z.object({
  title: rawOrString('title', 300).optional(),
  content: rawOrString('content', 100_000).optional(),
  /** Only for the types that have one (a blog post's summary); another type answers 400 naming it. */
  excerpt: rawOrString('excerpt', 1_000).optional(),
  status: wpWriteStatusSchema.optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,199}$/, { message: 'slug must be lower-case letters, digits, hyphens or underscores' })
    .optional(),
  acf: z.record(z.string().max(100), z.unknown()).optional(),
});
export type WpPostUpdate = z.infer<typeof wpPostUpdateSchema>;

export const wpPostCreateSchema = wpPostUpdateSchema.extend({
  title: rawOrString('title', 300),
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,199}$/, { message: 'slug must be lower-case letters, digits, hyphens or underscores' }),
  lang: z.enum(['en', 'mk'], { message: 'lang must be en or mk' }).default('en'),
});
export type WpPostCreate = z.infer<typeof wpPostCreateSchema>;

export const wpPostIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'id must be a whole number' })
    .int({ message: 'id must be a whole number' })
    .min(1, { message: 'id must be at least 1' })
    .max(2_147_483_647, { message: 'id is too large' }),
});

export const wpDeleteQuerySchema = z.object({
  force: z.enum(['true', 'false', '1', '0'], { message: 'force must be true or false' }).optional(),
});

/** A written post as WordPress answers it (any status, the type's fields as stored). */
export const wpWrittenPostSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string(),
  status: z.string(),
  type: z.string(),
  lang: z.string(),
  title: z.object({ rendered: z.string(), raw: z.string() }),
  content: z.object({ rendered: z.string(), raw: z.string(), protected: z.boolean() }),
  acf: z.record(z.string(), z.unknown()),
});
export type WpWrittenPost = z.infer<typeof wpWrittenPostSchema>;

/** DELETE with force=true: WordPress answers `{ deleted, previous }`. */
export const wpDeletedSchema = z.object({ deleted: z.literal(true), previous: wpWrittenPostSchema });

/** The `/wp-json/` index WordPress clients discover routes from. */
export const wpIndexSchema = z.looseObject({
  name: z.string(),
  url: z.string(),
  home: z.string(),
  namespaces: z.array(z.string()),
  routes: z.record(z.string(), z.looseObject({ namespace: z.string(), methods: z.array(z.string()) })),
});
