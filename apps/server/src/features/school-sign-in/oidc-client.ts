import type { SchoolSignInError } from '@studybuddy/contracts';
import * as oidc from 'openid-client';
import { isLoopbackHost } from '../../config/config.js';

/** What one sign-in must find again at the callback: kept sealed in the browser meanwhile. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims of a validated ID token that the sign-in reads. */
export interface SchoolClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  /** The provider vouches for the e-mail: `email_verified`, or Entra's `xms_edov`. */
  emailVerified: boolean;
  /** Google Workspace's domain of the account (`hd`), when the provider says it. */
  hostedDomain: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
  preferredUsername: string | undefined;
  groups: string[];
}

/** A sign-in that cannot go on, with the reason the login page shows. */
export class SignInFailure extends Error {
  constructor(
    readonly reason: SchoolSignInError,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** PUBLIC_URL/api/auth/oidc/callback, as registered at the provider. */
  redirectUri: string;
  groupsClaim: string;
  /** How long each call to the provider may take. */
  timeoutMs?: number;
}

/** A successful discovery is used this long before the provider's metadata is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** No answer at all, or an answer that says the provider is not working (5xx, not JSON). */
function isUnreachable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof TypeError) return true; // fetch's "fetch failed": refused, no route, DNS
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e instanceof oidc.ResponseBodyError && e.status >= 500) return true;
    const code = (e as { code?: unknown }).code;
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON')
      return true;
  }
  return false;
}

/** The messages of an error and its causes: openid-client's outer one says little. */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let e = error; e instanceof Error && messages.length < 4; e = e.cause)
    messages.push(e.message);
  return messages.join(': ') || String(error);
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The school's OpenID Connect provider through openid-client: discovery, the authorization
 * code flow with PKCE (S256), state and nonce, and the ID token checked whole (signature
 * against the provider's keys, issuer, audience, expiry, nonce). Plain http is allowed only
 * for a provider on this machine (config.ts refuses it elsewhere).
 */
export function createOidcClient(opts: OidcClientOptions) {
  const timeout = (opts.timeoutMs ?? 10_000) / 1000;
  let discovered: { config: Promise<oidc.Configuration>; at: number } | undefined;

  async function discover(): Promise<oidc.Configuration> {
    const url = new URL(opts.issuer);
    const insecure = url.protocol === 'http:' && isLoopbackHost(url.hostname);
    const config = await oidc.discovery(
      url,
      opts.clientId,
      undefined,
      // client_secret_basic: OpenID Connect's default, which Keycloak, Google and Entra accept.
      opts.clientSecret ? oidc.ClientSecretBasic(opts.clientSecret) : oidc.None(),
      { timeout, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    // Signatures are checked even for the token endpoint's answer, which TLS alone would let pass.
    oidc.enableNonRepudiationChecks(config);
    config.timeout = timeout;
    return config;
  }

  /** The provider's metadata, read once an hour; a failed read is tried again next time. */
  function configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (!discovered || now - discovered.at > DISCOVERY_TTL_MS) {
      const config = discover();
      discovered = { config, at: now };
      config.catch(() => {
        if (discovered?.config === config) discovered = undefined;
      });
    }
    return discovered.config.catch((error: unknown) => {
      throw new SignInFailure('unavailable', `discovery of ${opts.issuer} failed`, {
        cause: error,
      });
    });
  }

  return {
    /** Where to send the browser, and the checks its return must pass. */
    async start(
      extra: Record<string, string> = {},
    ): Promise<{ url: string; checks: SignInChecks }> {
      const config = await configuration();
      const checks: SignInChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        ...extra,
      });
      return { url: url.href, checks };
    },

    /** The code of the callback exchanged, and the ID token's claims once every check holds. */
    async finish(callbackUrl: URL, checks: SignInChecks): Promise<SchoolClaims> {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        const reason = isUnreachable(error) ? 'unavailable' : 'failed';
        throw new SignInFailure(reason, causes(error), { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) throw new SignInFailure('failed', 'no ID token');
      const groups = claims[opts.groupsClaim];
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true || claims.xms_edov === true,
        hostedDomain: text(claims.hd)?.toLowerCase(),
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
        preferredUsername: text(claims.preferred_username),
        groups: Array.isArray(groups) ? groups.filter((g) => typeof g === 'string') : [],
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
