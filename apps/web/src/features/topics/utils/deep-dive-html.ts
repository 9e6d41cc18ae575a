import DOMPurify from 'dompurify';

/**
 * Removes a leading ```html (or bare ```) fence and a trailing ``` fence (SPEC.md section 2,
 * topic screen): generated content sometimes arrives wrapped as a Markdown code block.
 */
export function stripCodeFences(raw: string): string {
  return raw
    .trim()
    .replace(/^```[ \t]*(?:html)?[ \t]*\r?\n?/i, '')
    .replace(/\r?\n?[ \t]*```$/, '')
    .trim();
}

const looksLikeHtml = (text: string) => /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/i.test(text);

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Plain notes become paragraphs and line breaks, so the student's layout survives. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => `<p>${escapeHtml(para.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const SAFE_URL = /^(?:https?:|mailto:)/i;

/**
 * Tags that never belong in a deep dive: scripts and styles, forms and their controls, and
 * anything that embeds another document.
 */
const FORBID_TAGS = [
  'script',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance of our own, so its hooks never touch another user of the library. */
function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * The deep-dive content of a topic as safe HTML: fences stripped, plain text turned into
 * paragraphs, then DOMPurify with an HTML-only profile, no style attributes (the CSP would
 * drop them anyway), no forms, frames or embeds, and links limited to http, https and mailto.
 */
export function sanitizeDeepDive(raw: string | null | undefined): string {
  if (!raw) return '';
  const body = stripCodeFences(raw);
  if (!body) return '';
  const html = looksLikeHtml(body) ? body : textToHtml(body);
  return getPurifier()
    .sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'xlink:href', 'target'],
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
      SANITIZE_NAMED_PROPS: true,
      RETURN_TRUSTED_TYPE: false,
    })
    .toString()
    .trim();
}
