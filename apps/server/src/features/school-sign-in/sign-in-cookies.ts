import type { SecretBox } from '../../platform/secret-box.js';
import type { SignInChecks } from './oidc-client.js';
import type { PendingLink } from './school-sign-in.service.js';

/** A sign-in's checks, and a link waiting for its password, last this long. */
export const SIGN_IN_COOKIE_SECONDS = 10 * 60;
/** Sent to the sign-in routes only. */
export const SIGN_IN_COOKIE_PATH = '/api/auth/oidc';

/**
 * The two short-lived cookies of a school sign-in, sealed (AES-GCM under the server's secret),
 * so the browser carries them without reading or changing them and any instance can open them:
 * - `checks`: the state, nonce and PKCE verifier of a sign-in, from its start to the callback.
 *   SameSite=Lax: the callback is a navigation from the school's site, which a Strict cookie
 *   would not follow.
 * - `link`: the school account waiting for the existing account's password (SameSite=Strict:
 *   only the app's own page sends it back).
 */
export function createSignInCookies(box: SecretBox, cookieSecure: boolean, now: () => Date) {
  const prefix = cookieSecure ? '__Secure-' : '';
  const options = (sameSite: 'lax' | 'strict') => ({
    path: SIGN_IN_COOKIE_PATH,
    httpOnly: true,
    sameSite,
    secure: cookieSecure,
    maxAge: SIGN_IN_COOKIE_SECONDS,
  });
  const seal = (purpose: string, value: object) =>
    box.seal(JSON.stringify({ purpose, at: now().getTime(), value }));
  /** The sealed value, if this server sealed it for this purpose and it is fresh. */
  const open = (purpose: string, sealed: string | undefined): unknown => {
    const text = sealed ? box.open(sealed) : undefined;
    if (!text) return undefined;
    try {
      const parsed = JSON.parse(text) as { purpose?: unknown; at?: unknown; value?: unknown };
      const age = now().getTime() - Number(parsed.at);
      if (parsed.purpose !== purpose || !(age >= 0 && age <= SIGN_IN_COOKIE_SECONDS * 1000))
        return undefined;
      return parsed.value;
    } catch {
      return undefined;
    }
  };
  return {
    checks: {
      name: `${prefix}sb_oidc`,
      options: options('lax'),
      seal: (checks: SignInChecks) => seal('checks', checks),
      open: (sealed: string | undefined) => open('checks', sealed) as SignInChecks | undefined,
    },
    link: {
      name: `${prefix}sb_oidc_link`,
      options: options('strict'),
      seal: (pending: PendingLink) => seal('link', pending),
      open: (sealed: string | undefined) => open('link', sealed) as PendingLink | undefined,
    },
  };
}
export type SignInCookies = ReturnType<typeof createSignInCookies>;
