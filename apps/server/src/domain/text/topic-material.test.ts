import { describe, expect, it } from 'vitest';
import { topicMaterial } from './topic-material.js';

const notes = [
  '# Alkanes',
  'Alkanes are saturated hydrocarbons.',
  '',
  '# Substitution',
  'In SN2 the nucleophile attacks from the back side.',
  '',
  '# Alkanes again',
  'Methane is the simplest alkane.',
].join('\n');

describe('topicMaterial', () => {
  it('keeps a short file whole', () => {
    expect(topicMaterial('Alkanes', notes, 10_000)).toBe(notes);
  });

  it('reads the sections whose heading names the topic', () => {
    const m = topicMaterial('Alkanes', notes, 100);
    expect(m).toContain('saturated hydrocarbons');
    expect(m).toContain('Methane');
    expect(m).not.toContain('SN2');
  });

  it('falls back to paragraphs that use the topic words, then to the start', () => {
    const prose = `${'Filler text about nothing. '.repeat(20)}\n\nThe nucleophile attacks.\n\n${'More filler. '.repeat(20)}`;
    expect(topicMaterial('Nucleophile', prose, 100)).toBe('The nucleophile attacks.');
    expect(topicMaterial('Thermodynamics', prose, 30)).toHaveLength(30);
  });

  it('never returns more than asked, however large the file', () => {
    const big = `# Momentum\n${'Momentum is mass times velocity. '.repeat(100_000)}`;
    const t = performance.now();
    expect(topicMaterial('Momentum', big, 100_000).length).toBeLessThanOrEqual(100_000);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});
