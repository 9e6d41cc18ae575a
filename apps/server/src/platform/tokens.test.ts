import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.js';

const claims = { sub: '7', email: 'ana@example.com', name: 'Ana', role: 'user', sid: 's1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token again from what it kept, until the token expires', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const tokens = createTokenService('x'.repeat(32), 900);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-27T10:14:59Z'));
    expect(tokens.verify(token)).toEqual(claims);
    // Kept or not, an expired token is refused.
    vi.setSystemTime(new Date('2026-11-27T10:15:01Z'));
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token changed in any part, though the genuine one was kept', () => {
    const tokens = createTokenService('x'.repeat(32), 900);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // The first character: every bit of it counts (the last one's low bits may be padding).
    const flip = (part: string) => `${part.startsWith('A') ? 'B' : 'A'}${part.slice(1)}`;
    for (const forged of [
      `${header}.${payload}.${flip(signature)}`,
      `${header}.${flip(payload)}.${signature}`,
      `${header}.${payload}.`,
      `${token} `,
    ]) {
      expect(tokens.verify(forged)).toBeUndefined();
    }
    // Another server's key: never accepted, whatever this one kept.
    const other = createTokenService('y'.repeat(32), 900);
    expect(other.verify(token)).toBeUndefined();
  });
});
