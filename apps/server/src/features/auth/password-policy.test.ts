import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { assertPasswordAllowed, findPasswordProblem } from './password-policy.js';

const owner = { username: 'Marianna.K', emails: ['Marianna.Kostas@Example.com'] };

describe('findPasswordProblem', () => {
  it('refuses the commonest breached passwords in any letter case', async () => {
    for (const pw of ['password', '12345678', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      expect(await findPasswordProblem(pw, owner), pw).toBe('password_too_common');
    }
  });

  it('refuses the e-mail, its local part and the username, in any case', async () => {
    for (const pw of [
      'marianna.kostas@example.com',
      'MARIANNA.KOSTAS',
      ' marianna.k ',
      'Marianna.K',
    ]) {
      expect(await findPasswordProblem(pw, owner), pw).toBe('password_like_identity');
    }
  });

  it('checks every e-mail it is given (the current and a new one)', async () => {
    const both = { username: 'mk', emails: ['old.address@example.com', 'new.address@example.com'] };
    expect(await findPasswordProblem('old.address', both)).toBe('password_like_identity');
    expect(await findPasswordProblem('NEW.ADDRESS@example.com', both)).toBe(
      'password_like_identity',
    );
  });

  it('accepts a passphrase that is neither common nor the identity', async () => {
    for (const pw of [
      'correct horse battery',
      'marianna.kostas!2024 x',
      'an even better password',
    ]) {
      expect(await findPasswordProblem(pw, owner), pw).toBeUndefined();
    }
  });
});

describe('assertPasswordAllowed', () => {
  it('throws a 400 with the stable code and a detail on the named field', async () => {
    const err = await assertPasswordAllowed('football', owner, 'newPassword').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 400,
      code: 'password_too_common',
      details: [{ path: 'newPassword', message: expect.stringMatching(/common/) }],
    });
    const like = await assertPasswordAllowed('marianna.k', owner, 'password').catch((e) => e);
    expect(like).toMatchObject({ code: 'password_like_identity', details: [{ path: 'password' }] });
  });

  it('lets an allowed password through', async () => {
    await expect(
      assertPasswordAllowed('correct horse battery', owner, 'password'),
    ).resolves.toBeUndefined();
  });
});
