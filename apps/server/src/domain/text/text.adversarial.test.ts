import { describe, expect, it } from 'vitest';
import { expectLinear, fastest, LIMIT_MS, linearTime } from '../../testing/timing.js';
import { findHeadings, findMath, htmlToText, splitSentences } from './text.js';
import { deriveTopics, splitKeyTopics } from './topics.js';

// Inputs that made the old regexes backtrack, at ten times the size that stalled the server
// (3 KB of notes; 200 KB of deep-dive content, 2 MB being the most text an upload may hold), in
// the shapes the ReDoS checker reported.
const spaces = ' '.repeat(15_000);
const tabs = '\t'.repeat(10_000);
const BACKTRACKING: Record<string, string> = {
  'a heading of 30,000 spaces': `# a${spaces}${spaces}b`,
  'a heading of 30,000 spaces with a # in the middle': `# a${spaces}#${spaces}b`,
  'a heading of tabs around a NUL': `#\t${tabs}\0${tabs}\n${tabs}\t\0`,
  '<script x 280,000': '<script'.repeat(280_000),
  '<STYLE< x 280,000': '<STYLE<'.repeat(280_000),
  '< x 2,000,000': '<'.repeat(2_000_000),
  '\\( x 990,000': '\\('.repeat(990_000),
  '\\[ x 990,000': '\\['.repeat(990_000),
  '$$ then a x 2,000,000': `$$${'a'.repeat(2_000_000)}`,
  '$ then a x 2,000,000': `$${'a'.repeat(2_000_000)}`,
};
// Inputs of many short sentences, formulas or headings, about 100 KB of them: their cost is
// per item, and was quadratic (Intl.Segmenter over a whole paragraph, every heading compared
// with every other) until the text was fed a window at a time and the headings stopped at `max`.
const MANY_ITEMS: Record<string, string> = {
  '$ x 200,000 (40,000 formulas)': '$'.repeat(200_000),
  '$\\[ and a line break x 25,000': '$\\[\n'.repeat(25_000),
  'line break and tab x 50,000': '\n\t'.repeat(50_000),
  'a five-letter sentence x 20,000': 'A b. '.repeat(20_000),
  '5,000 distinct headings': Array.from({ length: 5_000 }, (_, i) => `# Heading ${i}`).join('\n'),
};
const INPUTS = { ...BACKTRACKING, ...MANY_ITEMS };

const FUNCTIONS: Record<string, (text: string) => unknown> = {
  findHeadings,
  htmlToText,
  findMath,
  splitSentences,
  deriveTopics: (text) => deriveTopics('Limits, Derivatives', [{ name: 'notes.md', text }]),
};

describe('text helpers on hostile input', () => {
  // Warm the JIT and Intl.Segmenter so the first timing measures the scan, not start-up.
  for (const run of Object.values(FUNCTIONS)) run('# Warm up\nA short $x$ text. <b>Done</b>.');

  for (const [fn, run] of Object.entries(FUNCTIONS))
    for (const [name, input] of Object.entries(INPUTS))
      it(`${fn} reads ${name} in linear time`, () => {
        const result = linearTime(run, input);
        console.log(`${fn}(${name}): ${result.ms.toFixed(1)} ms`, result.growth ?? '');
        expectLinear(result);
      });

  it('splits key topics of 100,000 commas in linear time', () => {
    // Ten times the longest key-topics field the API accepts.
    const ms = fastest(() => splitKeyTopics(`${','.repeat(100_000)}x`));
    console.log(`splitKeyTopics(, x 100,000): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});
