import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@studybuddy/contracts';
import { paths } from '@/config/paths';

/** A join code as it is read out and printed: "ABCD-EFGH" (two groups of four). */
export function formatJoinCode(code: string): string {
  const half = JOIN_CODE_LENGTH / 2;
  return code.length === JOIN_CODE_LENGTH ? `${code.slice(0, half)}-${code.slice(half)}` : code;
}

/** The address a join link and its QR code lead to: this server's join form with the code. */
export function joinLink(code: string, origin = window.location.origin): string {
  return `${origin}${paths.classJoin(code)}`;
}

/**
 * A code as typed or carried in a link ("abcd-efgh", spaces): upper case, only the alphabet's
 * characters, at most a code's length; empty when nothing of a code is left.
 */
export function normalizeJoinCode(code: string): string {
  return [...code.toUpperCase()]
    .filter((c) => JOIN_CODE_ALPHABET.includes(c))
    .join('')
    .slice(0, JOIN_CODE_LENGTH);
}
