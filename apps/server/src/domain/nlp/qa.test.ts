import { describe, expect, it } from 'vitest';
import { fastest, LIMIT_MS } from '../../testing/timing.js';
import { contentStems } from '../text/text.js';
import { materialSentences } from './nlp.js';
import { answerFromMaterial, questionParts } from './qa.js';

// Terse notes: a bullet line is a passage of its own.
const terse = materialSentences(
  [
    '## Nucleophilic substitution',
    '- SN1: two steps through a planar carbocation',
    '- SN1 gives a racemic mixture',
    '- SN2: one step, backside attack',
    '- SN2 gives inversion of configuration',
    '## Alkenes',
    '- Alkenes decolourise bromine water',
    '- Cracking turns long alkanes into alkenes',
  ].join('\n'),
  'organic.md',
);

const spanish = materialSentences(
  [
    '## Sustitución nucleofílica',
    '- La SN1 ocurre en dos pasos a través de un carbocatión plano',
    '- La SN1 da una mezcla racémica de los productos',
    '- La SN2 ocurre en un solo paso con ataque por detrás',
    '- La SN2 produce la inversión de la configuración del carbono',
  ].join('\n'),
  'orgánica.md',
);

const texts = (a: { sentences: { text: string }[] }) => a.sentences.map((s) => s.text);

describe('answerFromMaterial', () => {
  it('keeps alphanumeric terms such as SN1, CO2 and H2O whole', () => {
    expect(contentStems('SN1 SN2 CO2 H2O', 'en')).toEqual(['sn1', 'sn2', 'co2', 'h2o']);
    expect(terse.map((s) => s.text)).toContain('SN1 gives a racemic mixture');
  });

  it('answers each part of a two-part question from the passage that holds it', () => {
    const a = answerFromMaterial(
      'Why does SN1 give a racemic mixture while SN2 gives inversion?',
      terse,
    );
    expect(a.covered).toBe(true);
    expect(texts(a)).toEqual([
      'SN1 gives a racemic mixture',
      'SN2 gives inversion of configuration',
    ]);
    expect(a.missing).toBeUndefined();
  });

  it('answers a comparison of SN1 and SN2 from terse notes', () => {
    const a = answerFromMaterial('Compare SN1 and SN2', terse);
    expect(a.covered).toBe(true);
    expect(texts(a).some((t) => t.startsWith('SN1'))).toBe(true);
    expect(texts(a).some((t) => t.startsWith('SN2'))).toBe(true);
  });

  it('answers the covered part and names the part the material does not hold', () => {
    const a = answerFromMaterial(
      'Why does SN1 give a racemic mixture, and how does photosynthesis work?',
      terse,
    );
    expect(a.covered).toBe(true);
    expect(texts(a)).toEqual(['SN1 gives a racemic mixture']);
    expect(a.missing).toEqual(['how does photosynthesis work']);
  });

  it('abstains when no part is in the material', () => {
    expect(answerFromMaterial('Who painted the Mona Lisa and when?', terse)).toEqual({
      covered: false,
      sentences: [],
    });
  });

  it('answers both parts of a Spanish question from Spanish notes', () => {
    const a = answerFromMaterial(
      '¿Por qué la SN1 da una mezcla racémica mientras que la SN2 produce inversión?',
      spanish,
    );
    expect(a.covered).toBe(true);
    expect(texts(a)).toEqual([
      'La SN1 da una mezcla racémica de los productos',
      'La SN2 produce la inversión de la configuración del carbono',
    ]);
  });

  it('names the Spanish part the material does not hold', () => {
    const a = answerFromMaterial(
      '¿Por qué la SN1 da una mezcla racémica y qué es la fotosíntesis?',
      spanish,
    );
    expect(texts(a)).toEqual(['La SN1 da una mezcla racémica de los productos']);
    expect(a.missing).toEqual(['qué es la fotosíntesis']);
  });
});

describe('answerFromMaterial on hostile input', () => {
  it('reads a question of the longest length the API takes, all connectors, in linear time', () => {
    const question = `${'SN1 and SN2 while '.repeat(110)}SN2`.slice(0, 2_000);
    const ms = fastest(() => answerFromMaterial(question, terse));
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

describe('questionParts', () => {
  it('cuts a question at its connectors in each language', () => {
    const parts = (q: string, l: Parameters<typeof questionParts>[1]) =>
      questionParts(q, l).map((p) => p.text);
    expect(parts('Why does SN1 racemise whereas SN2 inverts?', 'en')).toEqual([
      'Why does SN1 racemise',
      'SN2 inverts',
    ]);
    expect(parts('SN1 compared with SN2', 'en')).toEqual(['SN1', 'SN2']);
    expect(parts('SN1 vs. SN2', 'en')).toEqual(['SN1', 'SN2']);
    expect(parts('Γιατί η SN1 δίνει ρακεμικό μείγμα ενώ η SN2 αναστροφή;', 'el')).toEqual([
      'Γιατί η SN1 δίνει ρακεμικό μείγμα',
      'η SN2 αναστροφή',
    ]);
    expect(parts('Γιατι η SN1 δινει ρακεμικο μειγμα ενω η SN2 αναστροφη;', 'el')).toHaveLength(2);
    expect(parts('Pourquoi SN1 donne un racémique alors que SN2 une inversion ?', 'fr')).toEqual([
      'Pourquoi SN1 donne un racémique',
      'SN2 une inversion',
    ]);
    expect(parts('Warum gibt SN1 ein Racemat, während SN2 eine Inversion gibt?', 'de')).toEqual([
      'Warum gibt SN1 ein Racemat',
      'SN2 eine Inversion gibt',
    ]);
    expect(parts('What is an enantiomer?', 'en')).toEqual(['What is an enantiomer']);
  });
});
