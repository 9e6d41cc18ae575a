import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The one thing an unsubscribe token may do. */
export const REMINDERS_OFF = 'reminders-off';

/** What a token names: whose it is and what it may do. */
export interface UnsubscribeClaims {
  userId: number;
  purpose: string;
}

/** What a token is signed for besides its claims: the account as it is now (from `users`). */
export interface UnsubscribeBinding {
  /** When the account was made. */
  createdAt: string;
  /** users.unsubscribe_version: one more each time the student turns reminders back on. */
  version: number;
}

const claimsSchema = z.object({ u: z.number().int().positive(), p: z.string().max(40) }).strict();

/**
 * Signed unsubscribe links, as `<claims>.<signature>`, both base64url: the claims are
 * `{"u": userId, "p": purpose}`, the signature an HMAC-SHA256 of the claims, the account's
 * creation time and its unsubscribe version under a key derived (HKDF) from the server's secret
 * for this use alone, so no other token of the app verifies here nor one of these elsewhere. The
 * creation time binds a link to its account: a later account given the same id (SQLite may reuse
 * one) is not reached by an old e-mail. The version ends a link's life: a link works whenever it
 * is clicked, twice too, until the student turns reminders back on (which changes the version),
 * so an old link cannot undo the student's new choice. Version 0 is signed as the links were
 * before versions existed, so the e-mails already sent keep working until then.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'studybuddy', 'unsubscribe-link:reminders-off', 32),
  );
  const signature = (body: string, account: UnsubscribeBinding) =>
    createHmac('sha256', key)
      .update(`${body}.${account.createdAt}${account.version === 0 ? '' : `.${account.version}`}`)
      .digest();

  return {
    /** A token for these claims (tests make tokens of other purposes with it). */
    sign(claims: UnsubscribeClaims, account: UnsubscribeBinding): string {
      const body = Buffer.from(JSON.stringify({ u: claims.userId, p: claims.purpose })).toString(
        'base64url',
      );
      return `${body}.${signature(body, account).toString('base64url')}`;
    },

    /** The claims a token says, not yet checked: which account to look up. Undefined if malformed. */
    read(token: string): UnsubscribeClaims | undefined {
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return undefined;
      try {
        const parsed = claimsSchema.safeParse(
          JSON.parse(Buffer.from(body, 'base64url').toString()),
        );
        return parsed.success ? { userId: parsed.data.u, purpose: parsed.data.p } : undefined;
      } catch {
        return undefined;
      }
    },

    /**
     * True when the token was signed by this server for that account at its current version and
     * turns reminders off.
     */
    verify(token: string, account: UnsubscribeBinding): boolean {
      const claims = this.read(token);
      if (claims?.purpose !== REMINDERS_OFF) return false;
      const [body = '', sig = ''] = token.split('.');
      const expected = signature(body, account);
      const given = Buffer.from(sig, 'base64url');
      // Re-encoding must give the same text: no second spelling of one signature is accepted.
      if (given.toString('base64url') !== sig || given.length !== expected.length) return false;
      return timingSafeEqual(given, expected);
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
