import sanitizeHtml from 'sanitize-html';
import { CONTENT_HTML_ATTRIBUTES, CONTENT_HTML_TAGS } from '../../contracts/content/html-rules';
import { SAFE_IMAGE, SAFE_LINK } from '../../contracts/content/wp-rest';

/**
 * DEF-19: content HTML is cleaned with sanitize-html when it is written and again when it is
 * answered, so a post stored before a rule existed (or written around the repository) is still
 * served clean. No script, style or frame, no event handlers or inline styles, links only to
 * http(s), mailto: and tel:, images only from http(s) or this site.
 */
const htmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(CONTENT_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

const textOptions: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

export function sanitizeHtmlField(html: string): string {
  return html ? sanitizeHtml(html, htmlOptions) : '';
}

/** A title as WordPress renders it: text only (entities escaped as HTML). */
export function sanitizeTitle(text: string): string {
  return text ? sanitizeHtml(text, textOptions) : '';
}

/** The address when it is a safe link or image address, else an empty string. */
export function safeUrl(value: string, kind: 'link' | 'image'): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  // Control characters and whitespace inside a scheme are how `java\tscript:` gets through.
  if ([...trimmed].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || /\s/.test(char))) return '';
  return (kind === 'image' ? SAFE_IMAGE : SAFE_LINK).test(trimmed) ? trimmed : '';
}

const PLAIN_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Text a player sees as text (an excerpt, a shop item's description, an interface string): tags and
 * what scripts and styles hold are removed, and the entities the cleaner writes are turned back into
 * characters, because the portal renders these as text (React escapes them) and `&amp;` would show.
 */
export function sanitizePlainText(text: string): string {
  if (!text) return '';
  return sanitizeHtml(text, textOptions)
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => PLAIN_ENTITIES[entity] ?? entity)
    .trim();
}
