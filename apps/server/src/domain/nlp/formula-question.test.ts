import { describe, expect, it } from 'vitest';
import { applyFormula, constantsOf, formulaOf, readFormula } from './formula-question.js';
import { seededRandom } from './generate.js';

describe('readFormula', () => {
  it('reads a target and the quantities it needs, juxtaposed letters multiplied', () => {
    const f = readFormula('$s = ut + \\frac{1}{2} a t^2$');
    expect(f?.target).toBe('s');
    expect(f?.inputs.map((q) => q.latex)).toEqual(['u', 't', 'a']);
    expect(f?.expression.compile().evaluate({ u: 2, t: 3, a: 4 })).toBe(24);
  });

  it('reads Greek letters, subscripts and a change (Δ) as quantities', () => {
    const f = readFormula('E_D = \\frac{\\Delta Q / Q}{\\Delta P / P}');
    expect(f?.target).toBe('E_D');
    expect(f?.inputs.map((q) => q.latex)).toEqual(['\\Delta Q', 'Q', '\\Delta P', 'P']);
    expect(readFormula('v = \\omega r')?.inputs.map((q) => q.latex)).toEqual(['\\omega', 'r']);
  });

  it('asks the first equation of a chain', () => {
    expect(readFormula('a = \\frac{v^2}{r} = \\omega^2 r')?.latex).toBe('a = \\frac{v^2}{r}');
  });

  it('reads no units, reactions, ± or a target that is not one quantity', () => {
    for (const latex of [
      'g = 9.81\\ \\mathrm{N\\,kg^{-1}}',
      '6\\,CO_2 + 6\\,H_2O \\rightarrow C_6H_{12}O_6',
      'x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}',
      'F \\Delta t = \\Delta p',
      'v = v + 1',
      'x = 2 + 3',
      'x = a + + b',
      `x = ${'a + '.repeat(40)}a`,
    ])
      expect(readFormula(latex), latex).toBeUndefined();
  });
});

describe('applyFormula', () => {
  it('gives the value at the drawn numbers and three other results of slips', () => {
    const f = readFormula('v = u + at');
    const applied = f && applyFormula(f, seededRandom(3));
    if (!applied) throw new Error('no question');
    const given = Object.fromEntries(
      applied.givens.map((g) => {
        const [name, value] = g.replace(/\$/g, '').split(' = ');
        return [name, Number(value)];
      }),
    );
    expect(applied.answer).toBe(given.u + given.a * given.t);
    expect(applied.wrong).toHaveLength(3);
    expect(new Set([applied.answer, ...applied.wrong]).size).toBe(4);
  });

  it('uses the value the material gives a constant', () => {
    const constants = constantsOf(['with $g = 9.81\\ \\mathrm{N\\,kg^{-1}}$']);
    expect(constants.get('g')).toBe(9.81);
    const f = formulaOf('- $W = mg$, with $g = 9.81\\ \\mathrm{N\\,kg^{-1}}$');
    const applied = f && applyFormula(f, seededRandom(1), constants);
    expect(applied?.givens).toContain('$g = 9.81$');
    const m = Number(applied?.givens[0]?.match(/= (\d+)/)?.[1]);
    expect(applied?.answer).toBeCloseTo(m * 9.81, 9);
  });

  it('gives no question when no draw has a result exact to two decimals', () => {
    const f = readFormula('\\omega = \\frac{2\\pi}{T}');
    expect(f && applyFormula(f, seededRandom(1))).toBeUndefined();
  });
});
