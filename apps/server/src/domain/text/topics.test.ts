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

  it('keeps the key topics as the topics, files as their material, and sizes topics by it', () => {
    const files = [
      {
        name: 'notes.md',
        text: `# Derivatives\n${'The derivative measures change. '.repeat(40)}\n# Chain rule\nThe chain rule composes derivatives.`,
      },
    ];
    const topics = deriveTopics('Limits, Derivatives', files, 15, { keyTopicsOnly: true });
    // "Chain rule" is a heading of the file, not a key topic: material, not a topic.
    expect(topics.map((t) => t.name)).toEqual(['Limits', 'Derivatives']);
    // As suggestions, the headings come after the key topics.
    expect(deriveTopics('Limits, Derivatives', files).map((t) => t.name)).toEqual([
      'Limits',
      'Derivatives',
      'Chain rule',
    ]);
    const byName = Object.fromEntries(topics.map((t) => [t.name, t]));
    expect(byName.Derivatives?.size).toBeGreaterThan(byName.Limits?.size ?? 0);
    expect(byName.Derivatives?.sources).toEqual(['notes.md']);
    expect(byName.Limits?.sources).toEqual([]);
  });

  it('never makes a topic of a file when key topics are given: not its name, title or headings', () => {
    const text = [
      '# Lecture notes week 1-6',
      '## Alkanes and alkenes',
      '- Alkenes: C=C double bond, addition reactions',
      '## Reaction mechanisms',
      '- SN1 gives a racemic mixture',
      '## Week 3: practice problems',
      '- Predict the product of HBr and propene',
    ].join('\n');
    const files = [{ name: 'lecture notes week 1-6.md', text }];
    const keyTopics = 'Alkanes and alkenes\nReaction mechanisms';
    expect(deriveTopics(keyTopics, files, 15, { keyTopicsOnly: true }).map((t) => t.name)).toEqual([
      'Alkanes and alkenes',
      'Reaction mechanisms',
    ]);
    // Suggestions add the file's own sections, still never its title.
    expect(deriveTopics(keyTopics, files).map((t) => t.name)).toEqual([
      'Alkanes and alkenes',
      'Reaction mechanisms',
      'Week 3: practice problems',
    ]);
    // A heading that only repeats the file's name is no topic either.
    const named = [
      { name: 'Week 3.md', text: '# Week 3\nAlkenes add bromine.\n# Benzene\nFlat ring.' },
    ];
    expect(deriveTopics('', named).map((t) => t.name)).toEqual(['Benzene']);
  });

  it('makes topics of a file’s headings when the student gave none, but not of its title', () => {
    const text = '# Organic chemistry\n## Alkanes\nSingle bonds.\n## Benzene\nA planar ring.';
    expect(deriveTopics('', [{ name: 'notes.md', text }]).map((t) => t.name)).toEqual([
      'Alkanes',
      'Benzene',
    ]);
  });

  it('caps the number of topics', () => {
    const many = Array.from({ length: 30 }, (_, i) => `Topic number ${i}`).join('\n');
    expect(deriveTopics(many, [], 15)).toHaveLength(15);
  });
});
