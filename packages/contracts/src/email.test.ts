import { describe, expect, it } from 'vitest';
import { emailSchema } from './email.js';

describe('emailSchema', () => {
  it('accepts an ordinary address and trims it', () => {
    expect(emailSchema.parse('  ana@example.com ')).toBe('ana@example.com');
  });
  it('rejects an address longer than 254 characters', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(190)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(emailSchema.safeParse(long).success).toBe(false);
  });
  it('rejects a local part longer than 64 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(65)}@example.com`).success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(64)}@example.com`).success).toBe(true);
  });
  it('rejects text that is not an address', () => {
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });
});
