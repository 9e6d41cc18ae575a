import { describe, expect, it } from 'vitest';
import { deriveTopics, splitKeyTopics } from './topics.js';

describe('topics', () => {
  it('splits key topics on lines, bullets, semicolons and commas', () => {
    expect(
      splitKeyTopics(
        '- Limits\n- Derivatives; Integrals, Series (power, Taylor)\n2. Differential equations.',
      ),
    ).toEqual([
      'Limits',
      'Derivatives',
      'Integrals',
      'Series (power, Taylor)',
      'Differential equations',
    ]);
  });

  it('adds file headings not already among the key topics and sizes topics by material', () => {
    const files = [
      {
        name: 'notes.md',
        text: `# Derivatives\n${'The derivative measures change. '.repeat(40)}\n# Chain rule\nThe chain rule composes derivatives.`,
      },
    ];
    const topics = deriveTopics('Limits, Derivatives', files);
    expect(topics.map((t) => t.name)).toEqual(['Limits', 'Derivatives', 'Chain rule']);
    const byName = Object.fromEntries(topics.map((t) => [t.name, t]));
    expect(byName.Derivatives?.size).toBeGreaterThan(byName.Limits?.size ?? 0);
    expect(byName.Derivatives?.sources).toEqual(['notes.md']);
    expect(byName.Limits?.sources).toEqual([]);
  });

  it('caps the number of topics', () => {
    const many = Array.from({ length: 30 }, (_, i) => `Topic number ${i}`).join('\n');
    expect(deriveTopics(many, [], 15)).toHaveLength(15);
  });
});
