/** The content-disposition of a file the server sends to be saved (an .ics, a .csv). */

/** The name with each control character, slash, backslash and lone surrogate made a space. */
const printable = (name: string): string =>
  Array.from(name, (c) => {
    const code = c.codePointAt(0) ?? 0;
    const unsafe =
      code < 0x20 || code === 0x7f || c === '/' || c === '\\' || (code >= 0xd800 && code <= 0xdfff);
    return unsafe ? ' ' : c;
  }).join('');

/**
 * `attachment; filename="<ASCII name>.<ext>"; filename*=UTF-8''<the name, percent-encoded>`
 * (RFC 6266 with RFC 5987): browsers that read `filename*` keep "Μαθηματικά.ics", the others
 * get the ASCII fallback (`fallbackName` when nothing of the name is ASCII).
 */
export function attachment(name: string, ext: string, fallbackName: string): string {
  // At most 100 characters first, so the patterns below only ever see short text.
  const clean = Array.from(printable(name).trim()).slice(0, 100).join('').trim();
  const ascii = clean
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : fallbackName;
  const full = clean || fallback;
  const encoded = encodeURIComponent(`${full}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}.${ext}"; filename*=UTF-8''${encoded}`;
}
