import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens, REMINDERS_OFF } from './unsubscribe-token.js';

const SECRET = 'a'.repeat(48);
const MADE = '2026-01-05T09:00:00.000Z';
/** The account as it is at first: made at MADE, reminders never turned back on. */
const ACCOUNT = { createdAt: MADE, version: 0 };

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(SECRET);
  const token = tokens.sign({ userId: 7, purpose: REMINDERS_OFF }, ACCOUNT);

  it('are short base64url text that names the account and verifies for it alone', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.read(token)).toEqual({ userId: 7, purpose: REMINDERS_OFF });
    expect(tokens.verify(token, ACCOUNT)).toBe(true);
    expect(tokens.verify(token, { ...ACCOUNT, createdAt: '2026-01-05T09:00:00.001Z' })).toBe(false);
  });

  it('do not verify under another secret, for another purpose, or changed', () => {
    expect(createUnsubscribeTokens('b'.repeat(48)).verify(token, ACCOUNT)).toBe(false);
    const other = tokens.sign({ userId: 7, purpose: 'calendar' }, ACCOUNT);
    expect(tokens.read(other)?.purpose).toBe('calendar');
    expect(tokens.verify(other, ACCOUNT)).toBe(false);
    const [body, sig] = token.split('.') as [string, string];
    const claims = Buffer.from(JSON.stringify({ u: 8, p: REMINDERS_OFF })).toString('base64url');
    expect(tokens.verify(`${claims}.${sig}`, ACCOUNT)).toBe(false);
    expect(tokens.verify(`${body}.${sig.slice(0, -1)}`, ACCOUNT)).toBe(false);
    expect(tokens.verify(`${body}.${sig}.`, ACCOUNT)).toBe(false);
  });

  it('verify only at the version they were signed for', () => {
    const v1 = tokens.sign({ userId: 7, purpose: REMINDERS_OFF }, { ...ACCOUNT, version: 1 });
    expect(v1).not.toBe(token);
    expect(tokens.verify(v1, { ...ACCOUNT, version: 1 })).toBe(true);
    expect(tokens.verify(v1, ACCOUNT)).toBe(false);
    expect(tokens.verify(v1, { ...ACCOUNT, version: 2 })).toBe(false);
    expect(tokens.verify(token, { ...ACCOUNT, version: 1 })).toBe(false);
  });

  it('at version 0 are the links e-mailed before versions existed, which keep working', () => {
    const key = Buffer.from(
      hkdfSync('sha256', SECRET, 'studybuddy', 'unsubscribe-link:reminders-off', 32),
    );
    const [body] = token.split('.') as [string];
    const before = createHmac('sha256', key).update(`${body}.${MADE}`).digest('base64url');
    expect(token).toBe(`${body}.${before}`);
  });

  it('reads nothing from malformed text', () => {
    for (const bad of [
      '',
      'abc',
      '.',
      'a.b',
      `${Buffer.from('{"u":"7","p":"x"}').toString('base64url')}.x`,
    ])
      expect(tokens.read(bad), bad).toBeUndefined();
  });
});
