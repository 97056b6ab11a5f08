import { z } from 'zod';
import { flagSchema, imageFieldSchema, slugListSchema, wpListQuerySchema, wpPostSchema } from './wp-rest';

/**
 * The editorial content types of spec 000 §3 and §7: home entries, action cards, promotions
 * (bonus), blog, legal and information pages, glossary, about-us and contact-us. Each schema is
 * what the post stores in `acf`; it is checked on every write and import, and answered as is.
 * Fields named in `htmlFields` (server/content/post-types.ts) hold sanitised HTML (DEF-19).
 */

// ── home (HOME-09…20) ────────────────────────────────────────────────────────────────────────
export const welcomeActionSchema = z.object({
  label: z.string().min(1).max(60),
  action: z.enum(['sign-up', 'sign-in', 'deposit']),
  type: z.enum(['authenticated', 'unAuthenticated']),
});
export const homeAcfSchema = z.object({
  background_image: imageFieldSchema.optional(),
  mobile_background_image: imageFieldSchema.optional(),
  foreground_image: imageFieldSchema.optional(),
  welcome_message: z.string().max(5_000).default(''),
  mobile_welcome_message: z.string().max(5_000).default(''),
  welcome_action: z.array(welcomeActionSchema).default([]),
  join_background: imageFieldSchema.optional(),
  contact_background: imageFieldSchema.optional(),
  verify_background: imageFieldSchema.optional(),
});

// ── action cards (HOME-15…19, HOME-24) ────────────────────────────────────────────────────────
export const displayPages = ['home', 'home-auth', 'casino', 'live-casino', 'bingo'] as const;
export const actionAcfSchema = z.object({
  display_page: z.enum(displayPages),
  priority: z.number().int().default(0),
  /** 3 quarter width, 6 half width, anything else full width (HOME-17). */
  size: z.number().int().min(1).max(12),
  action: z.enum(['SIGNUP', 'LOGIN', 'DEPOSIT', '']).default(''),
  url: z.string().max(500).default(''),
  description: z.string().max(2_000).default(''),
  image: imageFieldSchema,
  mobile_image: imageFieldSchema.optional(),
});
export const actionQuerySchema = wpListQuerySchema.extend({
  display_page: z.enum(displayPages, { message: `display_page must be one of ${displayPages.join(', ')}` }).optional(),
});

// ── promotions (CONTENT-01…06) ───────────────────────────────────────────────────────────────
export const bonusAcfSchema = z.object({
  bonus_plan_id: z.number().int().nonnegative(),
  description: z.string().max(10_000).default(''),
  terms_and_conditions: z.string().max(20_000).default(''),
  image: z.object({ url: z.string().max(500), alt: z.string().max(200).default('') }),
  image_right: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  priority: z.number().int().default(0),
});
export const bonusQuerySchema = wpListQuerySchema.extend({ isFeatured: flagSchema.optional() });

// ── blog (CONTENT-07…11) ─────────────────────────────────────────────────────────────────────
export const blogAcfSchema = z.object({
  short_description: z.string().max(1_000).default(''),
  description: z.string().max(50_000).default(''),
  image: z.object({ url: z.string().max(500), alt: z.string().max(200).default('') }),
  /** Slugs of blog_category posts; answered as [{id, slug, name}]. */
  blog_category: z.array(z.string().min(1).max(100)).default([]),
  author: z.string().max(100).default(''),
});
export const blogQuerySchema = wpListQuerySchema.extend({ blog_category: slugListSchema.optional() });
export const blogCategoryAcfSchema = z.object({ priority: z.number().int().default(0) });

// ── legal and information pages (CONTENT-12…16) ──────────────────────────────────────────────
export const legalAcfSchema = z.object({
  description: z.string().max(100_000).default(''),
  /** Desktop column (1–3) this post sits in; the page uses the highest value (CONTENT-12). */
  column: z.number().int().min(1).max(3).default(1),
  priority: z.number().int().default(0),
  isInformation: z.boolean().default(false),
});
export const legalQuerySchema = wpListQuerySchema.extend({ isInformation: flagSchema.optional() });

// ── glossary, about-us, contact-us (CONTENT-17…22) ───────────────────────────────────────────
export const glossaryAcfSchema = z.object({ glossary: z.string().max(10_000), priority: z.number().int().default(0) });
export const aboutAcfSchema = z.object({
  description: z.string().max(50_000).default(''),
  image: z.object({ url: z.string().max(500), alt: z.string().max(200).default('') }).optional(),
  priority: z.number().int().default(0),
});
export const contactKinds = ['free_call', 'call', 'sms', 'email', 'live_chat', 'post'] as const;
export const contactAcfSchema = z.object({
  kind: z.enum(contactKinds),
  /** The number, address or e-mail shown; empty for live chat. */
  value: z.string().max(200).default(''),
  /** tel:, sms:, mailto: or an address on this site; empty when the entry is not a link. */
  link: z.string().max(500).default(''),
  description: z.string().max(2_000).default(''),
  priority: z.number().int().default(0),
});

const acfPost = <A extends z.ZodType>(acf: A) => z.array(wpPostSchema(acf, {}));
export const homeListSchema = acfPost(homeAcfSchema);
export const actionListSchema = acfPost(actionAcfSchema);
export const bonusListSchema = z.array(wpPostSchema(bonusAcfSchema, { bonus_plan_id: z.number().int(), priority: z.number().int() }));
export const blogListSchema = z.array(
  wpPostSchema(blogAcfSchema.extend({ blog_category: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })) }), {}),
);
export const blogCategoryListSchema = z.array(wpPostSchema(blogCategoryAcfSchema, { name: z.string(), priority: z.number().int() }));
export const legalListSchema = acfPost(legalAcfSchema);
export const glossaryListSchema = acfPost(glossaryAcfSchema);
export const aboutListSchema = acfPost(aboutAcfSchema);
export const contactListSchema = acfPost(contactAcfSchema);
