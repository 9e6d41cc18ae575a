import { describeUserAgent } from '../auth/index.js';

/**
 * A device's name for the student's list, read from its browser's User-Agent with the same table
 * as the login sessions' devices: "Chrome on Android", "Firefox on Windows"; the browser or the
 * system alone when only one is known, null when neither is.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? null;
}
