import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens, REMINDERS_OFF } from './unsubscribe-token.js';

const SECRET = 'a'.repeat(48);
const MADE = '2026-01-05T09:00:00.000Z';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(SECRET);
  const token = tokens.sign({ userId: 7, purpose: REMINDERS_OFF }, MADE);

  it('are short base64url text that names the account and verifies for it alone', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.read(token)).toEqual({ userId: 7, purpose: REMINDERS_OFF });
    expect(tokens.verify(token, MADE)).toBe(true);
    expect(tokens.verify(token, '2026-01-05T09:00:00.001Z')).toBe(false);
  });

  it('do not verify under another secret, for another purpose, or changed', () => {
    expect(createUnsubscribeTokens('b'.repeat(48)).verify(token, MADE)).toBe(false);
    const other = tokens.sign({ userId: 7, purpose: 'calendar' }, MADE);
    expect(tokens.read(other)?.purpose).toBe('calendar');
    expect(tokens.verify(other, MADE)).toBe(false);
    const [body, sig] = token.split('.') as [string, string];
    const claims = Buffer.from(JSON.stringify({ u: 8, p: REMINDERS_OFF })).toString('base64url');
    expect(tokens.verify(`${claims}.${sig}`, MADE)).toBe(false);
    expect(tokens.verify(`${body}.${sig.slice(0, -1)}`, MADE)).toBe(false);
    expect(tokens.verify(`${body}.${sig}.`, MADE)).toBe(false);
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
