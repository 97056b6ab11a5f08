import { z } from 'zod/mini';
import { flagSchema, imageFieldSchema, slugListSchema, wpListQuerySchema, wpPostSchema } from './wp-rest';
import { inducementKinds } from '../platform/inducements/inducements';

/**
 * The editorial content types of spec 000 §3 and §7: home entries, action cards, promotions
 * (bonus), blog, legal and information pages, glossary, about-us and contact-us. Each schema is
 * what the post stores in `acf`; it is checked on every write and import, and answered as is.
 * Fields named in `htmlFields` (server/content/post-types.ts) hold sanitised HTML (DEF-19).
 */

// ── home (HOME-09…20) ────────────────────────────────────────────────────────────────────────
export const welcomeActionSchema = z.object({
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  action: z.enum(['sign-up', 'sign-in', 'deposit']),
  type: z.enum(['authenticated', 'unAuthenticated']),
});
export const homeAcfSchema = z.object({
  background_image: z.optional(imageFieldSchema),
  mobile_background_image: z.optional(imageFieldSchema),
  foreground_image: z.optional(imageFieldSchema),
  welcome_message: z._default(z.string().check(z.maxLength(5_000)), ''),
  mobile_welcome_message: z._default(z.string().check(z.maxLength(5_000)), ''),
  welcome_action: z._default(z.array(welcomeActionSchema), []),
  join_background: z.optional(imageFieldSchema),
  contact_background: z.optional(imageFieldSchema),
  verify_background: z.optional(imageFieldSchema),
});

// ── action cards (HOME-15…19, HOME-24) ────────────────────────────────────────────────────────
export const displayPages = ['home', 'home-auth', 'casino', 'live-casino', 'bingo'] as const;
export const actionAcfSchema = z.object({
  display_page: z.enum(displayPages),
  priority: z._default(z.number().check(z.int()), 0),
  /** 3 quarter width, 6 half width, anything else full width (HOME-17). */
  size: z.number().check(z.int(), z.gte(1), z.lte(12)),
  action: z._default(z.enum(['SIGNUP', 'LOGIN', 'DEPOSIT', '']), ''),
  url: z._default(z.string().check(z.maxLength(500)), ''),
  description: z._default(z.string().check(z.maxLength(2_000)), ''),
  image: imageFieldSchema,
  mobile_image: z.optional(imageFieldSchema),
  /**
   * The inducement the card promotes, if any (issue 29 item 7): the portal does not show it to a
   * player whose jurisdiction closes that inducement (IE closes them all by default).
   */
  inducement: z._default(z.enum(['', ...inducementKinds]), ''),
});
export const actionQuerySchema = z.extend(wpListQuerySchema, {
  display_page: z.optional(z.enum(displayPages, { message: `display_page must be one of ${displayPages.join(', ')}` })),
});

// ── promotions (CONTENT-01…06) ───────────────────────────────────────────────────────────────
export const bonusAcfSchema = z.object({
  bonus_plan_id: z.number().check(z.int(), z.nonnegative()),
  description: z._default(z.string().check(z.maxLength(10_000)), ''),
  terms_and_conditions: z._default(z.string().check(z.maxLength(20_000)), ''),
  image: z.object({ url: z.string().check(z.maxLength(500)), alt: z._default(z.string().check(z.maxLength(200)), '') }),
  image_right: z._default(z.boolean(), false),
  isFeatured: z._default(z.boolean(), false),
  priority: z._default(z.number().check(z.int()), 0),
});
export const bonusQuerySchema = z.extend(wpListQuerySchema, { isFeatured: z.optional(flagSchema) });

// ── blog (CONTENT-07…11) ─────────────────────────────────────────────────────────────────────
export const blogAcfSchema = z.object({
  short_description: z._default(z.string().check(z.maxLength(1_000)), ''),
  description: z._default(z.string().check(z.maxLength(50_000)), ''),
  image: z.object({ url: z.string().check(z.maxLength(500)), alt: z._default(z.string().check(z.maxLength(200)), '') }),
  /** Slugs of blog_category posts; answered as [{id, slug, name}]. */
  blog_category: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(100))), []),
  author: z._default(z.string().check(z.maxLength(100)), ''),
});
export const blogQuerySchema = z.extend(wpListQuerySchema, { blog_category: z.optional(slugListSchema) });
export const blogCategoryAcfSchema = z.object({ priority: z._default(z.number().check(z.int()), 0) });

// ── legal and information pages (CONTENT-12…16) ──────────────────────────────────────────────
export const legalAcfSchema = z.object({
  description: z._default(z.string().check(z.maxLength(100_000)), ''),
  /** Desktop column (1–3) this post sits in; the page uses the highest value (CONTENT-12). */
  column: z._default(z.number().check(z.int(), z.gte(1), z.lte(3)), 1),
  priority: z._default(z.number().check(z.int()), 0),
  isInformation: z._default(z.boolean(), false),
});
export const legalQuerySchema = z.extend(wpListQuerySchema, { isInformation: z.optional(flagSchema) });

// ── glossary, about-us, contact-us (CONTENT-17…22) ───────────────────────────────────────────
export const glossaryAcfSchema = z.object({ glossary: z.string().check(z.maxLength(10_000)), priority: z._default(z.number().check(z.int()), 0) });
export const aboutAcfSchema = z.object({
  description: z._default(z.string().check(z.maxLength(50_000)), ''),
  image: z.optional(z.object({ url: z.string().check(z.maxLength(500)), alt: z._default(z.string().check(z.maxLength(200)), '') })),
  priority: z._default(z.number().check(z.int()), 0),
});
export const contactKinds = ['free_call', 'call', 'sms', 'email', 'live_chat', 'post'] as const;
export const contactAcfSchema = z.object({
  kind: z.enum(contactKinds),
  /** The number, address or e-mail shown; empty for live chat. */
  value: z._default(z.string().check(z.maxLength(200)), ''),
  /** tel:, sms:, mailto: or an address on this site; empty when the entry is not a link. */
  link: z._default(z.string().check(z.maxLength(500)), ''),
  description: z._default(z.string().check(z.maxLength(2_000)), ''),
  priority: z._default(z.number().check(z.int()), 0),
});

const acfPost = <A extends z.core.SomeType>(acf: A) => z.array(wpPostSchema(acf, {}));
export const homeListSchema = acfPost(homeAcfSchema);
export const actionListSchema = acfPost(actionAcfSchema);
export const bonusListSchema = z.array(wpPostSchema(bonusAcfSchema, { bonus_plan_id: z.number().check(z.int()), priority: z.number().check(z.int()) }));
export const blogListSchema = z.array(
  wpPostSchema(z.extend(blogAcfSchema, { blog_category: z.array(z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.string() })) }), {}),
);
export const blogCategoryListSchema = z.array(wpPostSchema(blogCategoryAcfSchema, { name: z.string(), priority: z.number().check(z.int()) }));
export const legalListSchema = acfPost(legalAcfSchema);
export const glossaryListSchema = acfPost(glossaryAcfSchema);
export const aboutListSchema = acfPost(aboutAcfSchema);
export const contactListSchema = acfPost(contactAcfSchema);
