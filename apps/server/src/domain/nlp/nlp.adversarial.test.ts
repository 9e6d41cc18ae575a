import { describe, expect, it } from 'vitest';
import { expectLinear, fastest, LIMIT_MS, linearTime } from '../../testing/timing.js';
import { findDefinitions, findNumbers } from './generate.js';
import { looksLikeInstruction, materialSentences } from './nlp.js';
import { answerFromMaterial, isHelpRequest } from './qa.js';

const sentence = (text: string) => ({ text, source: 'notes.md' });
const material = [sentence('The aorta is the largest artery in the human body.')];

// The shapes the ReDoS checker reported for the regexes these functions used, far longer than
// the API lets a question (2,000 characters) or a sentence of material (600) be.
const CASES: Record<string, () => unknown> = {
  'definitions in a sentence of spaces after "The"': () =>
    findDefinitions([sentence(`The\t${'\t'.repeat(50_000)}x`)]),
  'definitions in a sentence of spaces after "An"': () =>
    findDefinitions([sentence(`An\n${' '.repeat(50_000)}x`)]),
  'definitions in a sentence of spaces before "is called"': () =>
    findDefinitions([sentence(`A long enough term${' '.repeat(50_000)}is called`)]),
  'numbers after 100,000 unclosed \\(': () => findNumbers(`${'\\('.repeat(100_000)}\n\\(\\) 42`),
  'a help request of 50,000 tabs': () => isHelpRequest(`help${'\t'.repeat(50_000)}help`),
  'a question of 8,000 "what does"': () =>
    answerFromMaterial(`${'what does '.repeat(8_000)}aorta`, material),
  'instruction-like text of 100,000 "forget"': () =>
    looksLikeInstruction(`g${'FORGET\0'.repeat(100_000)}p.`),
  'material of 20,000 five-letter sentences': () =>
    materialSentences('A b. '.repeat(20_000), 'notes.md'),
};

describe('the builtin study-material pipeline on hostile input', () => {
  for (const [name, run] of Object.entries(CASES))
    it(`reads ${name} in linear time`, () => {
      const ms = fastest(run);
      console.log(`${name}: ${ms.toFixed(1)} ms`);
      expect(ms).toBeLessThan(LIMIT_MS);
    });

  it('reads material of 10,000 lead-ins, each ending a line of two sentences, in linear time', () => {
    // Each lead-in looks for its list: by its whole line at once, never by scanning every list.
    const text = 'A first sentence here. Then the lead-in of its list:\n- an item\n'.repeat(10_000);
    const result = linearTime((input) => materialSentences(input, 'notes.md'), text);
    console.log(`material of 10,000 lead-ins: ${result.ms.toFixed(1)} ms`, result.growth ?? '');
    expectLinear(result);
  });
});
