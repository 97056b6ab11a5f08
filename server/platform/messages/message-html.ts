import sanitizeHtml from 'sanitize-html';

/**
 * DEF-19, CONTENT-31: a message body is HTML the portal renders, so it is cleaned when stored and
 * again when answered: text formatting, lists and links only (http(s) and mailto), no script,
 * style, frame, image, event handler or inline style.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the portal in a new tab without handing it the opener.
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }) },
  allowedSchemesAppliedToAttributes: ['href'],
};

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** A subject is plain text. */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}
