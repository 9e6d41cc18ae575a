import { PASSWORD_MIN } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';

/** Who the password belongs to: a password equal to any of these is refused. */
export interface PasswordOwner {
  username: string;
  /** Every e-mail the password would guard (the current and a new one on a profile change). */
  emails: readonly string[];
}

export type PasswordProblem = 'password_too_common' | 'password_like_identity';

const MESSAGES: Record<PasswordProblem, string> = {
  password_too_common:
    'This password is one of the most common ones and easy to guess. Choose another.',
  password_like_identity: 'The password must not be your e-mail address or username.',
};

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The breached-password list of zxcvbn-ts (most common first, all lower case), read on the
 * first check rather than at start-up: it is about 50,000 words that only registration and a
 * password change need. Words shorter than the minimum length are dropped, since the length
 * rule refuses them already.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common')
    .then(
      ({ dictionary }) =>
        new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN)),
    )
    .catch((err: unknown) => {
      // A failed load is tried again on the next check instead of failing forever.
      commonPasswords = undefined;
      throw err;
    });
  return commonPasswords;
}

/** What is wrong with a new password beyond its length, or undefined when it may be used. */
export async function findPasswordProblem(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordProblem | undefined> {
  const candidate = password.trim().toLowerCase();
  const identities = new Set([owner.username.trim().toLowerCase()]);
  for (const email of owner.emails) {
    const normalized = email.trim().toLowerCase();
    identities.add(normalized);
    const at = normalized.lastIndexOf('@');
    if (at > 0) identities.add(normalized.slice(0, at));
  }
  if (identities.has(candidate)) return 'password_like_identity';
  if ((await loadCommonPasswords()).has(candidate)) return 'password_too_common';
  return undefined;
}

/**
 * Refuses a common or guessable new password with a 400 whose details name `field` (the form
 * field the password was typed in).
 */
export async function assertPasswordAllowed(
  password: string,
  owner: PasswordOwner,
  field: string,
): Promise<void> {
  const problem = await findPasswordProblem(password, owner);
  if (problem) {
    throw new AppError(400, problem, MESSAGES[problem], [
      { path: field, message: MESSAGES[problem] },
    ]);
  }
}
