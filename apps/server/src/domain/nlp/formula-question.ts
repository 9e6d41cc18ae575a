/**
 * Apply-a-formula questions: a formula of the notes (`$v = u + at$`) asked with numbers ("what
 * is v when u = 3, a = 2 and t = 5?"). The LaTeX is read here into an expression of arithmetic,
 * powers, roots and fractions only (anything else, a unit or a function, gives no question) and
 * mathjs evaluates it; the wrong options are the slips a student makes on the way: an operator
 * swapped, a power or a root left out, a fraction turned upside down. Pure, no I/O.
 */
import { type MathNode, OperatorNode, parse } from 'mathjs/number';
import { findMath } from '../text/text.js';

/** A formula read from LaTeX: what it gives, from what, and how. */
export interface Formula {
  /** The LaTeX of the formula as the notes write it (its first equation), without dollar signs. */
  latex: string;
  /** The quantity it gives, in LaTeX ("v", "E_D", "\omega"). */
  target: string;
  /** The quantities it needs: expression symbol and LaTeX, in order of first use. */
  inputs: Array<{ symbol: string; latex: string }>;
  /** The right-hand side as a mathjs expression. */
  expression: MathNode;
}

/** Greek letters read as quantities (`\pi` is the number). */
const GREEK = new Set(
  `alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi
  rho sigma tau phi varphi chi psi omega Gamma Delta Theta Lambda Xi Phi Psi Omega Sigma`.split(
    /\s+/,
  ),
);
/** LaTeX spacing, sizing and font commands that change nothing in the arithmetic. */
const IGNORED = new Set([
  ',',
  ';',
  '!',
  ' ',
  ':',
  'quad',
  'qquad',
  'left',
  'right',
  'displaystyle',
]);
/** Most quantities a formula question gives, so its prompt stays readable. */
const MAX_INPUTS = 4;
/** Longest formula read, in characters: a notes formula is a line, not a derivation. */
const MAX_LATEX = 120;

/** Thrown inside the reader on what it does not read; caught in readFormula. */
class Unreadable extends Error {}

/**
 * Reads `$…$` LaTeX of the form `target = expression` into a Formula: the target one quantity,
 * the expression of numbers, quantities (a letter with an optional subscript, a Greek letter, a
 * Δ before a quantity), + − · × /, `\frac`, `\sqrt`, powers and brackets; a product written by
 * juxtaposition is a product, as LaTeX math reads single letters. A chain `a = b = c` is read as
 * its first two sides. Undefined for anything else.
 */
export function readFormula(math: string): Formula | undefined {
  let from = 0;
  let to = math.length;
  while (math[from] === '$') from++;
  while (to > from && math[to - 1] === '$') to--;
  const latex = math.slice(from, to).trim();
  if (latex.length === 0 || latex.length > MAX_LATEX) return undefined;
  let at = 0;
  const inputs = new Map<string, string>();
  const peek = () => latex[at] ?? '';
  const skipSpace = () => {
    for (;;) {
      while (/\s/.test(peek())) at++;
      const m = /^\\([,;! :]|[a-zA-Z]+)/.exec(latex.slice(at));
      if (!m || !IGNORED.has(m[1] ?? '')) return;
      at += m[0].length;
    }
  };
  /** A `\command` at the cursor, or undefined. */
  const command = (): string | undefined => /^\\([a-zA-Z]+)/.exec(latex.slice(at))?.[1];
  /** A subscript after a quantity: `_0`, `_D`, `_{max}`. */
  const subscript = (): string => {
    if (peek() !== '_') return '';
    at++;
    if (peek() === '{') {
      const end = latex.indexOf('}', at);
      const body = end > at ? latex.slice(at + 1, end) : '';
      if (!/^[A-Za-z0-9]{1,8}$/.test(body)) throw new Unreadable();
      at = end + 1;
      return body;
    }
    const ch = peek();
    if (!/^[A-Za-z0-9]$/.test(ch)) throw new Unreadable();
    at++;
    return ch;
  };
  /** A quantity at the cursor (a letter or a Greek letter, with its subscript), or undefined. */
  const quantity = (): { symbol: string; latex: string } | undefined => {
    const start = at;
    const cmd = command();
    let name: string;
    if (cmd && GREEK.has(cmd)) {
      at += cmd.length + 1;
      name = cmd;
    } else if (/^[A-Za-z]$/.test(peek())) {
      name = peek();
      at++;
    } else return undefined;
    const sub = subscript();
    return { symbol: sub ? `${name}_${sub}` : name, latex: latex.slice(start, at).trim() };
  };
  const use = (q: { symbol: string; latex: string }) => {
    if (!inputs.has(q.symbol)) inputs.set(q.symbol, q.latex);
    return q.symbol;
  };
  /** A `{…}` group as an expression in brackets. */
  const group = (): string => {
    skipSpace();
    if (peek() !== '{') {
      // A single character: `^2`, `\frac12`.
      const ch = peek();
      if (!/^[A-Za-z0-9]$/.test(ch)) throw new Unreadable();
      at++;
      return /\d/.test(ch) ? ch : use({ symbol: ch, latex: ch });
    }
    at++;
    const inner = sequence('}');
    at++;
    return `(${inner})`;
  };
  /** One operand: a number, a quantity, a bracket, a fraction or a root, with its power. */
  const operand = (): string | undefined => {
    skipSpace();
    let out: string | undefined;
    const num = /^\d+(\.\d+)?/.exec(latex.slice(at));
    const cmd = command();
    if (num) {
      at += num[0].length;
      out = num[0];
    } else if (peek() === '(' || peek() === '[' || peek() === '{') {
      const close = peek() === '(' ? ')' : peek() === '[' ? ']' : '}';
      at++;
      out = `(${sequence(close)})`;
      at++;
    } else if (cmd === 'frac' || cmd === 'dfrac' || cmd === 'tfrac') {
      at += cmd.length + 1;
      out = `(${group()} / ${group()})`;
    } else if (cmd === 'sqrt') {
      at += cmd.length + 1;
      if (peek() === '[') throw new Unreadable();
      out = `sqrt(${group()})`;
    } else if (cmd === 'pi') {
      at += 3;
      out = 'pi';
    } else if (cmd === 'Delta') {
      // Δ before a quantity is one quantity, its change (ΔP); alone it is the letter.
      at += 6;
      skipSpace();
      const q = quantity();
      out = use(
        q
          ? { symbol: `Delta_${q.symbol}`, latex: `\\Delta ${q.latex}` }
          : { symbol: 'Delta', latex: '\\Delta' },
      );
    } else {
      const q = quantity();
      if (q) out = use(q);
    }
    if (out === undefined) return undefined;
    skipSpace();
    if (peek() === '^') {
      at++;
      skipSpace();
      out = `${out} ^ ${group()}`;
    }
    return out;
  };
  /** Operands and operators up to `close` (or the end, or `=` at the top). */
  const sequence = (close: string): string => {
    const parts: string[] = [];
    let wantOperand = true;
    for (;;) {
      skipSpace();
      const ch = peek();
      if (ch === close || (close === '' && (ch === '' || ch === '='))) break;
      if (ch === '') throw new Unreadable();
      const cmd = command();
      if ('+-*/'.includes(ch) || cmd === 'cdot' || cmd === 'times' || cmd === 'div') {
        const op = cmd === 'cdot' || cmd === 'times' ? '*' : cmd === 'div' ? '/' : ch;
        at += cmd ? cmd.length + 1 : 1;
        // A leading sign is kept (−b); two operators in a row are not arithmetic.
        if (wantOperand && !(parts.length === 0 && (op === '-' || op === '+')))
          throw new Unreadable();
        parts.push(op);
        wantOperand = true;
        continue;
      }
      const next = operand();
      if (next === undefined) throw new Unreadable();
      // Juxtaposed operands multiply: `at`, `2\pi r`, `m v^2`.
      if (!wantOperand) parts.push('*');
      parts.push(next);
      wantOperand = false;
    }
    if (wantOperand) throw new Unreadable();
    return parts.join(' ');
  };
  try {
    skipSpace();
    const target = quantity();
    skipSpace();
    if (!target || peek() !== '=') return undefined;
    at++;
    const right = sequence('');
    if (peek() !== '' && peek() !== '=') return undefined;
    // Of a chain `a = b = c`, the first equation is asked.
    const asked = latex.slice(0, at).trim();
    if (inputs.has(target.symbol) || inputs.size === 0 || inputs.size > MAX_INPUTS)
      return undefined;
    return {
      latex: asked,
      target: target.latex,
      inputs: [...inputs].map(([symbol, l]) => ({ symbol, latex: l })),
      expression: parse(right),
    };
  } catch {
    // Unreadable LaTeX, or an expression mathjs does not take: no question.
    return undefined;
  }
}

/** The first formula of a passage that reads (`readFormula`), or undefined. */
export function formulaOf(text: string): Formula | undefined {
  for (const math of findMath(text)) {
    const f = readFormula(math);
    if (f) return f;
  }
  return undefined;
}

/**
 * The quantities the material gives a value ("with $g = 9.81\ \mathrm{N\,kg^{-1}}$"), by their
 * LaTeX: a formula that needs one is asked with that value, not a made-up one.
 */
export function constantsOf(texts: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const text of texts)
    for (const math of findMath(text)) {
      const m = /^\$*\s*(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=\s*(\d+(?:\.\d+)?)(?![\d.])/.exec(
        math,
      );
      if (m?.[1] && m[2] && !out.has(squeeze(m[1]))) out.set(squeeze(m[1]), Number(m[2]));
    }
  return out;
}

/** LaTeX without spaces and braces, as quantities are compared (`v_{0}` is `v_0`). */
const squeeze = (latex: string) => latex.replace(/[\s{}]/g, '');

/** A value fit for an option: finite, not zero, under a million, exact to 2 decimal places. */
function tidy(x: unknown): number | undefined {
  if (typeof x !== 'number' || !Number.isFinite(x) || x === 0 || Math.abs(x) >= 1e6) return;
  const r = Math.round(x * 100) / 100;
  return Math.abs(r - x) < 1e-9 ? r : undefined;
}

/** Tries of input values for a formula before it is given up (no tidy value came out). */
const VALUE_TRIES = 24;

/** A formula applied to numbers, with the slips' results as wrong answers. */
export interface AppliedFormula {
  /** The inputs' values, as `$u = 3$` LaTeX. */
  givens: string[];
  answer: number;
  wrong: number[];
}

/**
 * Values 2 to 9 for the formula's inputs (seeded; the material's own value for a constant)
 * whose result is tidy, and three wrong results:
 * the formula with one slip (an operator swapped, a power or root left out, a fraction upside
 * down) evaluated at the same values, else the answer doubled or halved. Undefined when no draw
 * gives a tidy result or fewer than three wrong ones come out.
 */
export function applyFormula(
  f: Formula,
  rand: () => number,
  constants: ReadonlyMap<string, number> = new Map(),
): AppliedFormula | undefined {
  const code = f.expression.compile();
  for (let t = 0; t < VALUE_TRIES; t++) {
    const scope: Record<string, number> = {};
    for (const q of f.inputs)
      scope[q.symbol] = constants.get(squeeze(q.latex)) ?? 2 + Math.floor(rand() * 8);
    let answer: number | undefined;
    try {
      answer = tidy(code.evaluate(scope));
    } catch {
      return undefined;
    }
    if (answer === undefined) continue;
    const wrong: number[] = [];
    // A wrong result is rounded to 2 decimal places; only the key must be exact there.
    const add = (x: unknown) => {
      const v = typeof x === 'number' ? tidy(Math.round(x * 100) / 100) : undefined;
      if (v !== undefined && v !== answer && !wrong.includes(v)) wrong.push(v);
    };
    for (const slip of slips(f.expression)) {
      try {
        add(slip.compile().evaluate(scope));
      } catch {
        // A slip that does not evaluate is no option.
      }
    }
    add(answer * 2);
    add(answer / 2);
    if (wrong.length < 3) continue;
    return {
      givens: f.inputs.map((q) => `$${q.latex} = ${scope[q.symbol]}$`),
      answer,
      wrong: wrong.slice(0, 3),
    };
  }
  return undefined;
}

const SWAPPED: Record<string, [string, string]> = {
  '+': ['-', 'subtract'],
  '-': ['+', 'add'],
  '*': ['/', 'divide'],
  '/': ['*', 'multiply'],
};

/** The expression with one slip each: an operator swapped, a power or a root left out, a
 * fraction upside down. */
function slips(root: MathNode): MathNode[] {
  const out: MathNode[] = [];
  const count = (() => {
    let n = 0;
    root.traverse(() => {
      n++;
    });
    return n;
  })();
  for (let target = 0; target < count; target++) {
    let seen = -1;
    const changed = root.transform((node) => {
      seen++;
      if (seen !== target) return node;
      if (node instanceof OperatorNode && node.args.length === 2) {
        const [a, b] = node.args as [MathNode, MathNode];
        if (node.op === '^') return a;
        const swap = SWAPPED[node.op];
        const flipped =
          node.op === '/' ? [new OperatorNode('/', 'divide', [b, a])] : ([] as MathNode[]);
        if (swap) return flipped[0] ?? new OperatorNode(swap[0] as '+', swap[1] as 'add', [a, b]);
      }
      if (node.type === 'FunctionNode' && 'args' in node) {
        const args = (node as unknown as { args: MathNode[] }).args;
        if (args.length === 1) return args[0] as MathNode;
      }
      return node;
    });
    if (changed.toString() !== root.toString()) out.push(changed);
  }
  return out;
}
