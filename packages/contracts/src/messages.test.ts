import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { messageKey, VALIDATION_MESSAGES } from './messages.js';

const en = JSON.parse(
  readFileSync(new URL('../../../apps/web/public/assets/i18n/en.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

function translation(key: string): unknown {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** The text an error param gives (zod keeps it as a function of the issue). */
function errorText(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const out = error({ code: 'custom', input: undefined, path: [] });
  return typeof out === 'string' ? out : (out as { message?: string } | undefined)?.message;
}

/**
 * Every message a schema of the contracts declares, on itself or on any of its checks and
 * refinements, found by walking the schemas the package exports (and those inside them).
 */
function declaredMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown, where: string): void => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown> & {
      checks?: { _zod: { def: { error?: unknown } } }[];
      error?: unknown;
    };
    for (const error of [def.error, ...(def.checks ?? []).map((c) => c._zod.def.error)]) {
      const text = errorText(error);
      if (text !== undefined && !found.has(text)) found.set(text, where);
    }
    for (const [name, value] of Object.entries(def)) {
      if (name === 'checks' || name === 'error') continue;
      if (name === 'shape') {
        for (const [field, inner] of Object.entries(value as object))
          walk(inner, `${where}.${field}`);
      } else if (name === 'getter' && typeof value === 'function') {
        walk(value(), where);
      } else if (Array.isArray(value)) {
        for (const inner of value) walk(inner, where);
      } else {
        walk(value, where);
      }
    }
  };
  const visit = (value: unknown, where: string, depth: number): void => {
    if (value instanceof z.ZodType) walk(value, where);
    else if (value && typeof value === 'object' && depth < 3)
      for (const [name, inner] of Object.entries(value))
        visit(inner, `${where}.${name}`, depth + 1);
  };
  for (const [name, value] of Object.entries(contracts)) visit(value, name, 0);
  return found;
}

describe('the validation message catalogue', () => {
  it('has every key in en.json', () => {
    const missing = Object.entries(VALIDATION_MESSAGES)
      .filter(([, entry]) => typeof translation(entry.key) !== 'string')
      .map(([name, entry]) => `${name}: ${entry.key}`);
    expect(missing).toEqual([]);
  });

  it('declares each English text once, so a text names one key', () => {
    const texts = Object.values(VALIDATION_MESSAGES).map((entry) => entry.en);
    expect(texts.length).toBe(new Set(texts).size);
  });

  it('holds every message a contract schema declares', () => {
    const found = declaredMessages();
    // The walk reaches the schemas (a catalogue that nothing uses would prove nothing).
    expect(found.size).toBeGreaterThan(60);
    const withoutKey = [...found].filter(([text]) => messageKey(text) === undefined);
    expect(withoutKey).toEqual([]);
  });

  it('gives refinements and custom issues their key in params', () => {
    const profile = contracts.updateProfileInputSchema.safeParse({
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@example.com',
      newPassword: 'short',
      confirmNewPassword: 'other',
    });
    const busy = contracts.busyTimeInputSchema.safeParse({
      kind: 'lecture',
      title: 'Maths',
      date: '2026-11-25',
      startTime: '10:00',
      endTime: '09:00',
      until: '2026-11-20',
    });
    const period = contracts.wizardPeriodSchema.safeParse({
      start: '2026-11-25',
      end: '2026-11-20',
    });
    const email = contracts.emailSchema.safeParse(`${'a'.repeat(65)}@example.com`);
    const issues = [profile, busy, period, email].flatMap((r) => r.error?.issues ?? []);
    expect(issues.length).toBeGreaterThanOrEqual(6);
    for (const issue of issues) {
      expect(issue.code).toBe('custom');
      const key = (issue as { params?: { key?: string } }).params?.key;
      expect(key, issue.message).toBe(messageKey(issue.message));
    }
  });

  it('finds the key of a check by its English text, and of a refinement by its params', () => {
    const name = contracts.registerInputSchema.shape.firstName.safeParse('');
    expect(messageKey(name.error?.issues[0])).toBe('validation.firstNameRequired');
    expect(messageKey(VALIDATION_MESSAGES.passwordsMismatch.en)).toBe(
      'validation.passwordsMismatch',
    );
    expect(messageKey({ message: 'Reworded.', params: { key: 'validation.x' } })).toBe(
      'validation.x',
    );
    expect(messageKey('Not a catalogue text.')).toBeUndefined();
  });
});
