import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  /** User id. */
  sub: string;
  email: string;
  name: string;
  role: string;
  /** Server-side session id: the token is only good while that session row is live. */
  sid: string;
}

const ISSUER = 'studybuddy';
const AUDIENCE = 'studybuddy-api';
const TYPE = 'access';

export interface TokenService {
  sign(claims: AccessClaims): string;
  /** The claims of a valid access token, or undefined for anything else. */
  verify(token: string): AccessClaims | undefined;
  ttlSeconds: number;
}

/**
 * Tokens verified lately, kept with their claims until their own expiry: a request with a token
 * seen before skips the decode and the HMAC (a sixth of a small request's time). Only successes
 * are kept, under the whole token text, so a hit is the very string that passed every check (a
 * different signature is a different key). fast-jwt's cache would key on the token's SHA-256,
 * which costs about what it saves, and warns at every start when given another key. 2,000
 * tokens of about 400 bytes are about 1 MB; the least recently used go first.
 */
const VERIFIED_KEPT = 2_000;

/** HS256 only: one allowed algorithm, issuer, audience and token type checked (ASVS 9.1-9.2). */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    expiresIn: ttlSeconds * 1000,
    iss: ISSUER,
    aud: AUDIENCE,
  });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'sid', 'exp', 'iat', 'typ'],
  });
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  function check(token: string): { claims: AccessClaims; expiresAt: number } | undefined {
    try {
      const payload = verifier(token) as Record<string, unknown>;
      if (payload.typ !== TYPE) return undefined;
      const { sub, email, name, role, sid, exp } = payload;
      if ([sub, email, name, role, sid].some((v) => typeof v !== 'string')) return undefined;
      // exp is required and checked by the verifier; fast-jwt compares it in milliseconds.
      return {
        claims: { sub, email, name, role, sid } as AccessClaims,
        expiresAt: Number(exp) * 1000,
      };
    } catch {
      return undefined;
    }
  }

  return {
    ttlSeconds,
    sign: (claims) => signer({ ...claims, typ: TYPE }),
    verify(token) {
      const kept = verified.get(token);
      if (kept) {
        verified.delete(token);
        if (Date.now() <= kept.expiresAt) {
          verified.set(token, kept); // most recently used last
          return kept.claims;
        }
        return undefined;
      }
      const fresh = check(token);
      if (!fresh) return undefined;
      verified.set(token, fresh);
      if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
      return fresh.claims;
    },
  };
}
