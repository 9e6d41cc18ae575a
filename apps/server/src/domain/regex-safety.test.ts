import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, type Diagnostics, type Parameters } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regex in domain/ and adapters/ meets user or model text, so each must match in linear
 * time. recheck decides it on the regex's automaton, which catches polynomial backtracking
 * (`\s+(.+?)\s*$`) that star-height heuristics miss. It does not see the cost of a lookahead
 * rescanned from every position (`,(?![^()]*\))`), so those are kept short or bounded by hand.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED_DIRS = ['domain', 'adapters'];
const SOURCE_FILE = /\.[cm]?[jt]s$/;
const NOT_SCANNED = /\.test\.[cm]?[jt]s$|\.d\.[cm]?ts$/;

// The escape applied to text interpolated into a RegExp: what it yields matches literally.
const ESCAPE_PATTERN = String(/[.*+?^${}()|[\]\\]/g);

interface FoundRegex {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name) && !NOT_SCANNED.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The initialiser of the `const` that `name` refers to at `from`, if it is one. */
function constInitializer(name: string, from: ts.Node): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = from; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((p) => p.name.getText() === name))
      return undefined;
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text !== name) continue;
        const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
        return isConst ? d.initializer : undefined;
      }
    }
  }
  return undefined;
}

function isEscapedText(init: ts.Expression): boolean {
  return (
    ts.isCallExpression(init) &&
    ts.isPropertyAccessExpression(init.expression) &&
    init.expression.name.text === 'replace' &&
    init.arguments[0] !== undefined &&
    ts.isRegularExpressionLiteral(init.arguments[0]) &&
    init.arguments[0].text === ESCAPE_PATTERN
  );
}

/** The string a RegExp argument evaluates to, when constants of the file determine it. */
function stringValue(expr: ts.Expression, raw = false): string | undefined {
  if (ts.isParenthesizedExpression(expr)) return stringValue(expr.expression, raw);
  if (ts.isStringLiteral(expr)) return expr.text;
  if (ts.isNoSubstitutionTemplateLiteral(expr)) return raw ? expr.rawText : expr.text;
  if (ts.isTemplateExpression(expr)) {
    let out = raw ? expr.head.rawText : expr.head.text;
    for (const span of expr.templateSpans) {
      const part = stringValue(span.expression);
      if (part === undefined) return undefined;
      out += part + (raw ? span.literal.rawText : span.literal.text);
    }
    return out;
  }
  if (ts.isTaggedTemplateExpression(expr) && expr.tag.getText() === 'String.raw')
    return stringValue(expr.template, true);
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = stringValue(expr.left);
    const right = stringValue(expr.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (ts.isIdentifier(expr)) {
    const init = constInitializer(expr.text, expr);
    if (init === undefined) return undefined;
    // Escaped text matches as a run of literal characters; one stands in for any of them.
    return isEscapedText(init) ? 'x' : stringValue(init);
  }
  return undefined;
}

/** Regex literals and `RegExp(...)` constructions of a source; dynamic ones are listed apart. */
function regexesOf(name: string, text: string): { found: FoundRegex[]; dynamic: string[] } {
  const kind = /\.[cm]?js$/.test(name) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, kind);
  const found: FoundRegex[] = [];
  const dynamic: string[] = [];
  const at = (node: ts.Node) =>
    `${name}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  // The parser, unlike a bare scanner, knows whether a slash starts a regex or divides.
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found.push({
        where: at(node),
        source: node.text.slice(1, end),
        flags: node.text.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [patternArg, flagsArg] = node.arguments ?? [];
      const source = patternArg && stringValue(patternArg);
      const flags = flagsArg ? stringValue(flagsArg) : '';
      if (source === undefined || flags === undefined)
        dynamic.push(`${at(node)} ${node.getText(sf)}`);
      else found.push({ where: at(node), source, flags });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { found, dynamic };
}

const scanned = SCANNED_DIRS.flatMap((d) => sourceFiles(join(SRC, d))).map((file) =>
  regexesOf(relative(SRC, file), readFileSync(file, 'utf8')),
);
const regexes = scanned.flatMap((s) => s.found);

// Bounded repeats such as `[^.]{0,60}` still get the exact automaton check; automata larger
// than maxNFASize take the checker many seconds each, so those regexes are fuzzed instead, with
// step limits in place of its wall-clock limits so that a busy machine gets the same answer.
const CHECK_PARAMS: Parameters = {
  timeout: 20_000,
  maxRepeatCount: 200,
  maxNFASize: 5_000,
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
};
const CONCURRENT_CHECKS = 4;

async function checkEach(sources: string[]): Promise<Map<string, Diagnostics>> {
  const out = new Map<string, Diagnostics>();
  for (let i = 0; i < sources.length; i += CONCURRENT_CHECKS) {
    const batch = sources.slice(i, i + CONCURRENT_CHECKS);
    const results = await Promise.all(
      batch.map((key) => {
        const { source, flags } = JSON.parse(key) as { source: string; flags: string };
        return check(source, flags, CHECK_PARAMS);
      }),
    );
    for (const [j, key] of batch.entries()) out.set(key, results[j] as Diagnostics);
  }
  return out;
}

function finding(result: Diagnostics): string {
  if (result.status === 'vulnerable')
    return `${result.complexity.summary}, attack ${result.attack.pattern}`;
  if (result.status === 'unknown') return `unknown: ${result.error.kind}`;
  return 'safe';
}

describe('regex safety', () => {
  it('extracts regex literals and constant RegExp sources, and reports dynamic ones', () => {
    const fixture = 'domain/regex-safety.fixture.ts.txt';
    const { found, dynamic } = regexesOf(fixture, readFileSync(join(SRC, fixture), 'utf8'));
    expect(found.map((r) => `/${r.source}/${r.flags}`)).toEqual([
      String.raw`/\bword\b/gi`,
      String.raw`/at\s+(\d{1,2})/i`,
      ESCAPE_PATTERN,
      String.raw`/\bx\b/g`,
    ]);
    expect(dynamic).toEqual([`${fixture}:10 RegExp(pattern)`]);
  });

  it('finds the regexes of domain/ and adapters/', () => {
    console.log(`${regexes.length} regexes in ${scanned.length} files`);
    expect(regexes.length).toBeGreaterThan(100);
    for (const file of [
      'domain/text/text.ts',
      'domain/planner/wishes.ts',
      'adapters/ai/sanitize.ts',
    ])
      expect(regexes.some((r) => r.where.startsWith(file))).toBe(true);
  });

  it('builds every RegExp from constants or escaped text', () => {
    expect(scanned.flatMap((s) => s.dynamic)).toEqual([]);
  });

  it('flags the polynomial heading regex that text.ts no longer uses', async () => {
    const result = await check(String.raw`^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$`, '', CHECK_PARAMS);
    expect(result.status).toBe('vulnerable');
  });

  it('matches every regex in linear time', { timeout: 120_000 }, async () => {
    const key = (r: FoundRegex) => JSON.stringify({ source: r.source, flags: r.flags });
    const results = await checkEach([...new Set(regexes.map(key))]);
    const unsafe = regexes
      .filter((r) => results.get(key(r))?.status !== 'safe')
      .map(
        (r) =>
          `${r.where} /${r.source}/${r.flags} -> ${finding(results.get(key(r)) as Diagnostics)}`,
      );
    expect(unsafe).toEqual([]);
  });
});
