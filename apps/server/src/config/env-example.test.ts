import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, SECRET_VARIABLES } from './config.js';
import { ENV_EXAMPLE_PATH, knownVariables, renderEnvExample } from './env-example.js';

const README = resolve(import.meta.dirname, '../../../../README.md');

/** The names in the first cell of each row of the README's configuration table. */
function readmeVariables(tests: 'with tests-only rows' | 'without'): string[] {
  const text = readFileSync(README, 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Configuration\n'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 3) continue;
    if (tests === 'without' && cells[2]?.startsWith('Tests only')) continue;
    for (const m of (cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1] as string);
  }
  return names;
}

describe('.env.example', () => {
  it('is what `npm run env:example` writes from the schema now', () => {
    expect(readFileSync(ENV_EXAMPLE_PATH, 'utf8')).toBe(renderEnvExample());
  });

  it('names every variable, with its default, commented out', () => {
    const text = renderEnvExample();
    for (const name of knownVariables()) expect(text).toMatch(new RegExp(`^# ${name}=`, 'm'));
    expect(text).toContain('# PORT=3000\n');
    expect(text).toContain('# COOKIE_SECURE=false\n');
    expect(text).toContain('# MAIL_FROM=StudyBuddy <studybuddy@localhost>\n');
    expect(text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual([]);
  });

  it('gives every variable a one-line description', () => {
    for (const [name, field] of Object.entries(envSchema.shape)) {
      expect(field.description, name).toMatch(/^\S.*\.$/);
      expect(field.description, name).not.toContain('\n');
    }
  });
});

describe("the README's configuration table", () => {
  it('names every variable the server reads, and no other but the tests-only ones', () => {
    const readme = readmeVariables('without');
    expect(readme.length).toBeGreaterThan(30);
    expect([...readme].sort()).toEqual([...knownVariables()].sort());
    for (const name of SECRET_VARIABLES) expect(readme).toContain(`${name}_FILE`);
  });

  it('counts the tests-only rows apart', () => {
    expect(readmeVariables('with tests-only rows')).toContain('TEST_DATABASE_URL');
    expect(readmeVariables('without')).not.toContain('TEST_DATABASE_URL');
  });
});
