import { Secret, TOTP } from 'otpauth';

/**
 * TOTP per RFC 6238 through `otpauth` (maintained, no dependencies, HOTP/TOTP and the
 * otpauth:// URI that authenticator apps read): SHA-1, 6 digits, 30-s steps, the defaults every
 * app supports. A code of the step before or after is taken too (a phone's clock a little off).
 */
const PARAMS = { issuer: 'StudyBuddy', algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new secret: 160 random bits (RFC 4226's recommended size), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans, naming the account. */
export function totpUri(secret: string, account: string): string {
  return new TOTP({ ...PARAMS, label: account, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time step a code is valid for at `now` (the one before or after included), or undefined
 * for a wrong code. Callers keep the last step used, so a code works once.
 */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** The code of a secret at an instant (tests, and the setup screen's own check). */
export function totpCode(secret: string, now: number): string {
  return new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
}
