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
  return {
    ttlSeconds,
    sign: (claims) => signer({ ...claims, typ: TYPE }),
    verify(token) {
      try {
        const payload = verifier(token) as Record<string, unknown>;
        if (payload.typ !== TYPE) return undefined;
        const { sub, email, name, role, sid } = payload;
        if ([sub, email, name, role, sid].some((v) => typeof v !== 'string')) return undefined;
        return { sub, email, name, role, sid } as AccessClaims;
      } catch {
        return undefined;
      }
    },
  };
}
