import { describe, expect, it } from 'vitest';
import { createFastHasher } from './fast-hasher.js';

describe('createFastHasher', () => {
  it('salts every hash and verifies only the right password', async () => {
    const hasher = createFastHasher();
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await hasher.verify(a, 'correct horse')).toBe(true);
    expect(await hasher.verify(b, 'correct horse')).toBe(true);
    expect(await hasher.verify(a, 'correct horsf')).toBe(false);
    expect(await hasher.verify(a, '')).toBe(false);
  });

  it('treats a malformed or foreign hash as no match, and a dummy check as nothing', async () => {
    const hasher = createFastHasher();
    const hash = await hasher.hash('correct horse');
    const [, , salt] = hash.split('$');
    for (const bad of [
      'not a hash',
      '$argon2id$v=19$m=47104,p=1,t=2$c2FsdA$aGFzaA',
      hash.slice(0, -4),
      `$scrypt-test$${salt}$`,
    ]) {
      expect(await hasher.verify(bad, 'correct horse'), bad).toBe(false);
    }
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });
});
