/**
 * What content HTML may hold (DEF-19), shared by the content service's cleaner
 * (server/content/html-sanitizer.ts, on every write and answer) and the back office's preview of a
 * field being edited, so the preview shows what will be stored.
 */
export const CONTENT_HTML_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'abbr',
  'span',
  'div',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
  'figure',
  'figcaption',
] as const;

/** The attributes each tag may keep; `*` is every tag's. */
export const CONTENT_HTML_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  abbr: ['title'],
  '*': ['class'],
};
