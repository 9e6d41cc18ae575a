import { describe, expect, it } from 'vitest';
import { studyText } from './study-text.js';

describe('studyText', () => {
  it('leaves out front matter, code, images, embeds and lines of links', () => {
    const text = studyText(
      [
        '---',
        'title: Dynamics',
        'tags: [mechanics, forces]',
        '---',
        'back to [[kinematics]]',
        '',
        '## Momentum',
        '![[skydiver.jpg]]',
        'Momentum is **conserved** in a [closed system](https://example.org/x).',
        '',
        '```c',
        'semaphore mutex = 1; // guards the critical region',
        '```',
        '',
        '![diagram](img/forces.png)',
        '',
        'Linked: [[dynamics]] · [[formula-sheet]]',
      ].join('\n'),
    );
    expect(text).toBe('## Momentum\n\nMomentum is conserved in a closed system.');
  });

  it('reads a wiki link in a sentence as its shown text or its note name', () => {
    expect(
      studyText('See how [[notes/forces.md|force]] and [[momentum]] relate to each other.'),
    ).toBe('See how force and momentum relate to each other.');
  });

  it('makes each table row a fact with its column names, and pairs two columns', () => {
    const text = studyText(
      [
        '| etapa | lugar | ATP por glucosa |',
        '|---|---|---|',
        '| Glucólisis | citoplasma | 2 |',
        '| Ciclo de Krebs | — | 2 |',
        '',
        '| year | event |',
        '|---|---|',
        '| 1932 | Manchukuo is declared |',
      ].join('\n'),
    );
    expect(text).toBe(
      [
        'Glucólisis — lugar: citoplasma; ATP por glucosa: 2.',
        'Ciclo de Krebs — ATP por glucosa: 2.',
        '',
        '1932: Manchukuo is declared.',
      ].join('\n'),
    );
    expect(text).not.toContain('|');
  });

  it('keeps formulas as formulas, inline and displayed', () => {
    const text = studyText(
      'Elasticity:\n\n$$\nE_D = \\frac{\\Delta Q / Q}{\\Delta P / P}\n$$\n\nSo $p = mv$ holds.',
    );
    expect(text).toBe(
      'Elasticity:\n\n$$E_D = \\frac{\\Delta Q / Q}{\\Delta P / P}$$\n\nSo $p = mv$ holds.',
    );
  });

  it('keeps a list right under its lead-in, and a paragraph cut by line breaks as one line', () => {
    const text = studyText(
      [
        'There are four conditions for',
        'deadlock:',
        '',
        '- mutual exclusion',
        '- hold and wait',
        '  1. nested step',
        '',
        'Next paragraph.',
      ].join('\n'),
    );
    expect(text).toBe(
      'There are four conditions for deadlock:\n- mutual exclusion\n- hold and wait\n  1. nested step\n\nNext paragraph.',
    );
  });

  it('drops a table of contents and its title', () => {
    const text = studyText(
      [
        'Contents',
        'Introduction\t2',
        'Agenda setting\t3',
        'Evaluation ........ 12',
        '',
        '# Introduction',
        '',
        'These notes cover the policy cycle.',
      ].join('\n'),
    );
    expect(text).toBe('# Introduction\n\nThese notes cover the policy cycle.');
  });

  it('reads comparisons and names with underscores as text, not as tags or emphasis', () => {
    expect(studyText('If a<b and b>c then a<c holds, and x <sub>2</sub> is small.')).toBe(
      'If a<b and b>c then a<c holds, and x 2 is small.',
    );
    expect(studyText('A <span class="key" data-x=1>marked</span> word<br/>here.')).toBe(
      'A marked word here.',
    );
    expect(studyText('The flag my_var_name and *stress* and __this__ matter.')).toBe(
      'The flag my_var_name and stress and this matter.',
    );
  });

  it('keeps a sentence that ends in a number', () => {
    expect(studyText('The League was founded in\t1920')).toContain('1920');
    expect(studyText('Chapter one.\n\nIt was founded in 1920')).toContain('founded in 1920');
  });

  it('reads hostile markup in bounded pieces and keeps what it could not read as written', () => {
    const nested = `${'> '.repeat(5_000)}deep`;
    expect(studyText(nested)).toBe('deep');
    // Past the parse budget, the rest is kept as written rather than read for hours.
    const hostile = `${'a\n'.repeat(300_000)}\n\nTAIL *kept*`;
    const text = studyText(hostile);
    expect(text.endsWith('TAIL *kept*')).toBe(true);
    const brackets = '[a '.repeat(100_000);
    expect(studyText(brackets).replace(/\s/g, '')).toBe(brackets.replace(/\s/g, ''));
  });
});
