/**
 * Model text is untrusted: no raw HTML reaches the client from it. Markdown stays Markdown
 * (the client renders it without raw HTML); HTML tags, script bodies and script URLs go.
 */
const TAGS =
  /<\/?(?:script|style|iframe|frame|frameset|object|embed|applet|img|svg|math|video|audio|source|link|meta|base|form|input|button|textarea|select|option|a|div|span|p|br|hr|b|i|u|em|strong|small|sub|sup|code|pre|blockquote|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|details|summary|html|head|body|title)\b[^>]*>/gi;

export function sanitizeModelText(text: string): string {
  return text
    .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(TAGS, '')
    .replace(/\]\(\s*(?:javascript|vbscript|data):[^)]*\)/gi, '](#)')
    .replaceAll('\u0000', '')
    .trim();
}
