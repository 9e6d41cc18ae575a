import DOMPurify from 'dompurify';
import { linkTarget } from '@/lib/link-target';

/**
 * Removes a leading ```html (or bare ```) fence and a trailing ``` fence (docs/product.md,
 * Screens, topic screen): generated content sometimes arrives wrapped as a Markdown code block.
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

/**
 * Tags that never belong in a deep dive: scripts and styles, forms and their controls,
 * anything that embeds another document, and images and media, which would load from wherever
 * the model points (a tracking pixel, or a picture of anything).
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
  'img',
  'picture',
  'source',
  'video',
  'audio',
  'track',
  'map',
  'area',
];

/**
 * class would let the content borrow our styles: fake a host badge, or hide words with
 * visually-hidden. background and poster load images; download makes no sense on a link out.
 */
const FORBID_ATTR = [
  'style',
  'class',
  'srcset',
  'background',
  'poster',
  'download',
  'formaction',
  'action',
  'xlink:href',
  'target',
];

/**
 * http, https, mailto, or no scheme at all (a relative link, settled as ours or not by
 * settleLink); DOMPurify's default shape with every other scheme taken out.
 */
const LINK_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance of our own, so nothing another user of the library sets reaches it. */
function getPurifier() {
  purifier ??= DOMPurify(window);
  return purifier;
}

/** Texts the sanitized HTML needs in the reader's language. */
export interface DeepDiveLabels {
  /** Said by screen readers after the host of a link that opens in a new tab. */
  opensInNewTab: string;
}

/** The host badge, built from our own nodes in the same shape ModelLink renders. */
function hostBadge(doc: Document, text: string, newTabLabel: string | null): HTMLElement {
  const badge = doc.createElement('span');
  badge.className = 'model-link__host';
  badge.dir = 'ltr';
  badge.append(`(${text}`);
  if (newTabLabel !== null) {
    const arrow = doc.createElement('span');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.textContent = ' ↗';
    const label = doc.createElement('span');
    label.className = 'visually-hidden';
    label.textContent = `, ${newTabLabel}`;
    badge.append(arrow, label);
  }
  badge.append(')');
  return badge;
}

/**
 * The same rule as ModelLink for the model's Markdown: a link to another site shows its real
 * host and opens in a new tab, mailto shows its address, our own links stay as written, and
 * anything else is unwrapped to plain text.
 */
function settleLink(a: HTMLAnchorElement, labels: DeepDiveLabels) {
  const destination = linkTarget(a.getAttribute('href'));
  if (destination.kind === 'none') {
    a.replaceWith(...Array.from(a.childNodes));
    return;
  }
  a.setAttribute('href', destination.href);
  if (destination.kind === 'internal') {
    a.setAttribute('rel', 'noopener noreferrer');
    return;
  }
  // A tooltip is one more place for the model to lie about where the link goes.
  a.removeAttribute('title');
  a.setAttribute('rel', 'noopener noreferrer nofollow');
  const doc = a.ownerDocument;
  if (destination.kind === 'email') {
    a.append(' ', hostBadge(doc, destination.address, null));
    return;
  }
  a.setAttribute('target', '_blank');
  a.append(' ', hostBadge(doc, destination.host, labels.opensInNewTab));
}

/**
 * The deep-dive content of a topic as safe HTML: fences stripped, plain text turned into
 * paragraphs, then DOMPurify with an HTML-only profile, no style or class attributes, no
 * forms, frames, embeds, images or media, and links limited to http, https, mailto and
 * relative ones, each showing where it leads (settleLink).
 */
export function sanitizeDeepDive(raw: string | null | undefined, labels: DeepDiveLabels): string {
  if (!raw) return '';
  const body = stripCodeFences(raw);
  if (!body) return '';
  const html = looksLikeHtml(body) ? body : textToHtml(body);
  const clean = getPurifier()
    .sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      FORBID_ATTR,
      ALLOWED_URI_REGEXP: LINK_URL,
      SANITIZE_NAMED_PROPS: true,
      RETURN_TRUSTED_TYPE: false,
    })
    .toString();
  // Links are settled in an inert document: nothing in it loads or runs, and the sanitized
  // markup is only ever added to, with nodes of our own.
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  for (const a of Array.from(doc.body.querySelectorAll('a'))) settleLink(a, labels);
  return doc.body.innerHTML.trim();
}
