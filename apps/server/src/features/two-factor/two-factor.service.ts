import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
} from '@studybuddy/contracts';
import QRCode from 'qrcode';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { UsersRepository } from '../auth/index.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** How long a login's challenge waits for its code. */
const CHALLENGE_MS = 5 * 60_000;

const CODE_INVALID = TWO_FACTOR_MESSAGES.codeInvalid;
const WRONG_PASSWORD = 'The current password is wrong.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A recovery code as typed: case, spaces and dashes do not matter. */
const recoveryKey = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten codes like `k3m9-x2qa-7f`: 50 random bits each, letters and digits a student can read. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

export interface TwoFactorDeps {
  repo: TwoFactorRepository;
  users: Pick<UsersRepository, 'findUserById'>;
  hasher: PasswordHasher;
  /** Seals the TOTP secrets (a key of their own, derived from the server's secret). */
  box: SecretBox;
  /** Signs login challenges (the server's secret). */
  challengeKey: string;
  now?: () => Date;
}

/**
 * Two-step sign-in (docs/product.md, Accounts): TOTP set up with a QR code and confirmed with a
 * first code, ten recovery codes shown once, and the second step of a login.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const sign = (body: string) =>
    createHmac('sha256', deps.challengeKey).update(`2fa-challenge:${body}`).digest('base64url');

  async function checkPassword(userId: number, password: string) {
    const user = await deps.users.findUserById(userId);
    if (!user) throw AppError.notFound('Account not found.');
    if (!(await deps.hasher.verify(user.passwordHash, password)))
      throw new AppError(400, 'wrong_password', WRONG_PASSWORD, [
        { path: 'password', message: WRONG_PASSWORD },
      ]);
  }

  /**
   * Whether the code is the account's: a TOTP code of a step later than the last one used, or
   * an unused recovery code (used up by this).
   */
  async function acceptCode(userId: number, code: string): Promise<'app' | 'recovery' | undefined> {
    const state = await repo.findState(userId);
    const secret = state?.totpSecret ? deps.box.open(state.totpSecret) : undefined;
    if (!state || !secret) return undefined;
    const step = totpStep(secret, code, now().getTime());
    if (step !== undefined) return (await repo.takeStep(userId, step)) ? 'app' : undefined;
    const key = recoveryKey(code);
    if (key.length !== 10) return undefined;
    return (await repo.useRecoveryCode(userId, sha256(key), now().toISOString()))
      ? 'recovery'
      : undefined;
  }

  return {
    async status(userId: number) {
      const state = await repo.findState(userId);
      const enabled = Boolean(state?.totpEnabledAt);
      return {
        enabled,
        recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(userId) : 0,
      };
    },

    /** Whether a login of this account needs a code. */
    async isOn(userId: number): Promise<boolean> {
      return Boolean((await repo.findState(userId))?.totpEnabledAt);
    },

    /** A new secret to scan, kept pending until `enable` confirms a code of it. */
    async setup(userId: number, password: string): Promise<TwoFactorSetup> {
      await checkPassword(userId, password);
      const state = await repo.findState(userId);
      if (!state) throw AppError.notFound('Account not found.');
      const secret = newTotpSecret();
      await repo.setPending(userId, deps.box.seal(secret), now().toISOString());
      const otpauthUri = totpUri(secret, state.email);
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
      return { secret, otpauthUri, qrSvg };
    },

    /** Turns it on when the code is of the pending secret; the recovery codes, shown once. */
    async enable(userId: number, code: string): Promise<string[]> {
      const state = await repo.findState(userId);
      const sealed = state?.totpPendingSecret;
      const secret = sealed ? deps.box.open(sealed) : undefined;
      const step = secret ? totpStep(secret, code, now().getTime()) : undefined;
      if (!sealed || step === undefined)
        throw new AppError(400, 'two_factor_code_invalid', CODE_INVALID, [
          { path: 'code', message: CODE_INVALID },
        ]);
      const codes = newRecoveryCodes();
      const at = now().toISOString();
      if (
        !(await repo.enable(
          userId,
          sealed,
          step,
          codes.map((c) => sha256(recoveryKey(c))),
          at,
        ))
      )
        throw new AppError(400, 'two_factor_code_invalid', CODE_INVALID);
      return codes;
    },

    /** Turns it off with the password and a code (or a recovery code). */
    async disable(userId: number, password: string, code: string): Promise<void> {
      await checkPassword(userId, password);
      if (!(await acceptCode(userId, code)))
        throw new AppError(400, 'two_factor_code_invalid', CODE_INVALID, [
          { path: 'code', message: CODE_INVALID },
        ]);
      await repo.disable(userId, now().toISOString());
    },

    /** An admin turns it off for a student who lost the device (the route logs it). */
    async remove(userId: number): Promise<void> {
      await repo.disable(userId, now().toISOString());
    },

    /** A login's challenge: the account and when it ends, signed with the server's secret. */
    challenge(userId: number): string {
      const body = `${userId}.${now().getTime() + CHALLENGE_MS}.${randomBytes(12).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },

    /** The account a challenge is for, while it lasts; undefined for a forged or old one. */
    readChallenge(challenge: string): number | undefined {
      const at = challenge.lastIndexOf('.');
      if (at < 0) return undefined;
      const body = challenge.slice(0, at);
      const given = Buffer.from(challenge.slice(at + 1));
      const expected = Buffer.from(sign(body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const [user, until] = body.split('.');
      if (Number(until) < now().getTime()) return undefined;
      const userId = Number(user);
      return Number.isInteger(userId) ? userId : undefined;
    },

    acceptCode,
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
