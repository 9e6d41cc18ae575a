import { replaceSpans } from '../../domain/text/text.js';

/**
 * Model text is untrusted: no raw HTML reaches the client from it. Markdown stays Markdown
 * (the client renders it without raw HTML); HTML tags, script bodies and script URLs go.
 *
 * Each opening is matched by a regex and its end found by a forward search (replaceSpans): a
 * lazy `[\s\S]*?` or `[^>]*` up to the end would rescan the rest of the text from every opening
 * that has no end, which a model (or a student's prompt injection) can make quadratic.
 */
const TAG_OPEN =
  /<\/?(?:script|style|iframe|frame|frameset|object|embed|applet|img|svg|math|video|audio|source|link|meta|base|form|input|button|textarea|select|option|a|div|span|p|br|hr|b|i|u|em|strong|small|sub|sup|code|pre|blockquote|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|details|summary|html|head|body|title)\b/gi;
const RAW_TEXT_OPEN = /<(script|style|iframe)\b/gi;
const RAW_TEXT_END = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  iframe: /<\/iframe\s*>/gi,
};
const SCRIPT_URL_OPEN = /\]\(\s*(?:javascript|vbscript|data):/gi;

export function sanitizeModelText(text: string): string {
  const withoutRawText = replaceSpans(text, RAW_TEXT_OPEN, RAW_TEXT_END, '');
  const withoutComments = replaceSpans(withoutRawText, /<!--/g, '-->', '');
  const withoutTags = replaceSpans(withoutComments, TAG_OPEN, '>', '');
  return replaceSpans(withoutTags, SCRIPT_URL_OPEN, ')', '](#)').replaceAll('\u0000', '').trim();
}
