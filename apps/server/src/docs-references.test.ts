/**
 * The repository stands alone: a clone has no product documents beside it, so no file may cite
 * one. Product facts live in docs/product.md, the architecture in docs/architecture.md and the
 * planner's rules and metrics in docs/planner.md, and code cites those instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = 'apps/server/src/docs-references.test.ts';

/** Citations of documents that live outside the repository. */
const OUTSIDE = [
  /\bSPEC\.md\b/,
  /\bDESIGN\.md\b/,
  /\bCONVENTIONS\.md\b/,
  /\.\.\/shared\b/,
  /\bresearch\//,
  /\bresearch (note|[MS]\d|\d+\.\d)/i,
];

/** Files that are not text, or not ours to word. */
const SKIP =
  /(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|webp|woff2?|ttf|otf|pdf|docx|zip|gz)$/i;

/** `file:line: text` of every line of `text` that cites an outside document. */
function outsideCitations(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (OUTSIDE.some((re) => re.test(line))) out.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return out;
}

/** Tracked files and new ones not yet added (ignored files left out), relative to the root. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f.length > 0);
}

describe('references to documents outside the repository', () => {
  it('finds a citation of an outside document, and only that', () => {
    const sample = [
      '/** Shown until accepted (SPEC.md section 1). */',
      '// see ../shared/research/planner-quality.md',
      ' * The exam-aware cap (research S2): no card is due after the exam.',
      ' * as the research note asks',
      '/** Errors as docs/product.md lists them (see docs/planner.md, M7). */',
      'const specFile = "every-screen.spec.ts";',
    ].join('\n');
    expect(outsideCitations('sample.ts', sample)).toEqual([
      'sample.ts:1: /** Shown until accepted (SPEC.md section 1). */',
      'sample.ts:2: // see ../shared/research/planner-quality.md',
      'sample.ts:3: * The exam-aware cap (research S2): no card is due after the exam.',
      'sample.ts:4: * as the research note asks',
    ]);
  });

  it('no file of the repository cites one', () => {
    const files = repositoryFiles();
    expect(files).toContain(SELF);
    const offending: string[] = [];
    for (const file of files) {
      if (file === SELF || SKIP.test(file)) continue;
      const path = join(ROOT, file);
      if (!existsSync(path) || !statSync(path).isFile()) continue;
      const bytes = readFileSync(path);
      if (bytes.subarray(0, 8000).includes(0)) continue;
      offending.push(...outsideCitations(file, bytes.toString('utf8')));
    }
    expect(
      offending,
      `cite docs/product.md, docs/architecture.md or docs/planner.md instead:\n${offending.join('\n')}`,
    ).toEqual([]);
  });
});
