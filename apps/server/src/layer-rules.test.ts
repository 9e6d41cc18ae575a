import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'tools/lint-fixtures';
const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface CruiseResult {
  summary: {
    violations: { from: string; to: string; unresolvedTo: string; rule: { name: string } }[];
    ruleSetUsed: { forbidden?: { name: string }[] };
  };
}

/** Runs dependency-cruiser from the repository root, as `npm run lint` does. */
function cruise(args: string[]): Promise<CruiseResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, ...args, '--output-type', 'json'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      // It exits non-zero when it finds a violation, which the fixtures are there to cause.
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as CruiseResult);
        } catch {
          reject(error ?? new Error(stderr));
        }
      },
    );
  });
}

/** The arguments the lint script passes to depcruise, so this test checks what lint checks. */
async function lintArgs(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const script: string = pkg.scripts.lint;
  const match = /depcruise ([^&]+)/.exec(script);
  if (!match?.[1]) throw new Error(`the lint script does not run depcruise: ${script}`);
  return match[1].trim().split(/\s+/);
}

/**
 * Each fixture marks a breaking import with a `// breaks <rule>` line above it; this lists
 * them as `<rule> <file> -> <specifier>`.
 */
async function markedBreaks(): Promise<string[]> {
  const breaks: string[] = [];
  const files = await readdir(path.join(root, fixtures), { recursive: true });
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    const lines = (await readFile(path.join(root, fixtures, file), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      const rule = /^\/\/ breaks ([a-z-]+)/.exec(line)?.[1];
      // dependency-cruiser names node's own modules without their 'node:' prefix.
      const specifier = /from '(?:node:)?([^']+)'/.exec(lines[i + 1] ?? '')?.[1];
      if (rule && specifier) {
        breaks.push(`${rule} ${fixtures}/${file.split(path.sep).join('/')} -> ${specifier}`);
      }
    });
  }
  return breaks.sort();
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  let onFixtures: CruiseResult;
  let onSources: CruiseResult;
  beforeAll(async () => {
    const args = await lintArgs();
    const config = args.slice(args.indexOf('--config'));
    [onFixtures, onSources] = await Promise.all([cruise([fixtures, ...config]), cruise(args)]);
  });

  it('reports every marked break in the fixtures, and nothing else', async () => {
    const { summary } = onFixtures;
    const reported = summary.violations
      .map((v) => `${v.rule.name} ${v.from} -> ${v.unresolvedTo}`)
      .sort();
    const expected = await markedBreaks();
    expect(expected.length).toBeGreaterThan(0);
    expect(reported).toEqual(expected);
  });

  it('has a fixture that breaks each rule', () => {
    const { summary } = onFixtures;
    const rules = (summary.ruleSetUsed.forbidden ?? []).map((r) => r.name).sort();
    const broken = new Set(summary.violations.map((v) => v.rule.name));
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((rule) => !broken.has(rule))).toEqual([]);
  });

  it('finds no violation in the source trees the lint script checks', () => {
    const { summary } = onSources;
    expect(summary.violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`)).toEqual([]);
  });
});
