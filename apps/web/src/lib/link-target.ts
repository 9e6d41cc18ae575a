/** Where a link written by the AI leads, as far as what we show and allow is concerned. */
export type LinkTarget =
  /** Our own origin (or a relative link): left as it was written. */
  | { kind: 'internal'; href: string }
  /** Another site: shown with its host, opened in a new tab. */
  | { kind: 'external'; href: string; host: string }
  /** A mailto: link: shown with its address. */
  | { kind: 'email'; href: string; address: string }
  /** Anything else (javascript:, data:, irc:, empty, unparsable): not a link at all. */
  | { kind: 'none' };

/**
 * Classifies a link from model-written content. The URL is resolved the way the browser
 * will resolve it, so '//evil.example', '/\evil.example' and 'https://us@evil.example' all
 * count as evil.example. `host` is the URL parser's ASCII form (punycode for international
 * names), which no look-alike letter or bidi control can disguise.
 */
export function linkTarget(
  href: string | null | undefined,
  origin: string = window.location.origin,
): LinkTarget {
  const raw = href?.trim();
  if (!raw) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol === 'mailto:') {
    // Kept percent-encoded on purpose: decoding could bring back bidi controls.
    const address = url.pathname;
    return address ? { kind: 'email', href: url.href, address } : { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === origin) return { kind: 'internal', href: raw };
  return { kind: 'external', href: url.href, host: url.host };
}
