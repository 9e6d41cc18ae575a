import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createThrottle,
  memoryStore,
  type Throttle,
  type ThrottleDecision,
  type ThrottleStore,
} from '../../platform/throttle.js';
import { normalize } from './users.repository.js';

export interface AuthLimits {
  /** Login and register attempts per minute per client address; refresh gets 12 times this. */
  perAddressPerMinute: number;
  /**
   * Failed logins per account from unknown browsers, per device cookie, and failed
   * current-password checks per student, in `lockoutMinutes`.
   */
  lockoutMax: number;
  lockoutMinutes: number;
}

/** Every auth throttle, one counter per logical action whatever path it came in on. */
export function createAuthThrottles(limits: AuthLimits, store: ThrottleStore = memoryStore) {
  const perMinute = (points: number) => ({ points, windowSec: 60 });
  const lockout = { points: limits.lockoutMax, windowSec: limits.lockoutMinutes * 60 };
  return {
    login: createThrottle('login_address', perMinute(limits.perAddressPerMinute), store),
    register: createThrottle('register_address', perMinute(limits.perAddressPerMinute), store),
    // Reset requests (each may send an e-mail) and confirmations, per address.
    reset: createThrottle('reset_address', perMinute(limits.perAddressPerMinute), store),
    // Every page load restores the session through refresh, so its limit only has to stop
    // floods: the cookie holds 256 random bits, there is nothing to guess.
    refresh: createThrottle('refresh_address', perMinute(limits.perAddressPerMinute * 12), store),
    accountFailures: createThrottle('login_account', lockout, store),
    deviceFailures: createThrottle('login_device', lockout, store),
    passwordChecks: createThrottle('password_check', lockout, store),
  };
}
export type AuthThrottles = ReturnType<typeof createAuthThrottles>;

/**
 * OWASP's device cookies: a browser that logged into an account before carries a signed
 * `<account tag>.<nonce>.<mac>` naming it. Its failures count against that device only, so an
 * attacker who locks the account out for unknown browsers does not lock out its owner.
 */
export function createDeviceCookies(secret: string) {
  // Derived from the token secret: instances sharing JWT_SECRET accept each other's cookies.
  const key = Buffer.from(hkdfSync('sha256', secret, 'studybuddy', 'device-cookie', 32));
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    /**
     * A stable name for the account an e-mail logs into, also for e-mails with no account (so a
     * lockout says nothing about whether one exists). Keyed, so it does not give the e-mail away.
     */
    accountTag: (email: string) => mac(`account:${normalize(email)}`).slice(0, 22),
    issue(accountTag: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${accountTag}.${nonce}.${mac(`device:${accountTag}.${nonce}`)}`;
    },
    /** The cookie's nonce when it is genuine and names this account, otherwise undefined. */
    deviceFor(cookie: string | undefined, accountTag: string): string | undefined {
      const [tag, nonce, signature, ...rest] = (cookie ?? '').split('.');
      if (!tag || !nonce || !signature || rest.length > 0 || tag !== accountTag) return undefined;
      const expected = Buffer.from(mac(`device:${tag}.${nonce}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? nonce
        : undefined;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** How a login attempt was admitted, and how to settle its reserved point once it is decided. */
export type LoginAdmission =
  | {
      allowed: false;
      account: string;
      /** Whose failures ran out: the account's (unknown browsers) or this device's. */
      lockedBy: 'account' | 'device';
      decision: ThrottleDecision;
    }
  | {
      allowed: true;
      account: string;
      trustedDevice: boolean;
      /** A wrong password: the reserved point stays spent. */
      failed(): Promise<void>;
      /** Gives the point back and returns a fresh device cookie for this browser. */
      succeeded(): Promise<string>;
      /** Not a guess (a server error, a busy server): the point goes back. */
      aborted(): Promise<void>;
    };

/**
 * Decides before any password hashing whether a login may be tried. A point is reserved up front
 * (not counted after the failure), so concurrent guesses cannot all pass the check at once.
 */
export function createLoginGuard(deps: {
  throttles: Pick<AuthThrottles, 'accountFailures' | 'deviceFailures'>;
  devices: DeviceCookies;
}) {
  return {
    async admit(email: string, deviceCookie: string | undefined): Promise<LoginAdmission> {
      const account = deps.devices.accountTag(email);
      const nonce = deps.devices.deviceFor(deviceCookie, account);
      const throttle: Throttle = nonce
        ? deps.throttles.deviceFailures
        : deps.throttles.accountFailures;
      const key = nonce ? `device:${nonce}` : `account:${account}`;
      const decision = await throttle.consume(key);
      if (!decision.allowed) {
        return { allowed: false, account, lockedBy: nonce ? 'device' : 'account', decision };
      }
      return {
        allowed: true,
        account,
        trustedDevice: nonce !== undefined,
        failed: async () => {},
        succeeded: async () => {
          await throttle.reward(key);
          return deps.devices.issue(account);
        },
        aborted: () => throttle.reward(key),
      };
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
