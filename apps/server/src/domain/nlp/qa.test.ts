import { describe, expect, it } from 'vitest';
import { fastest, LIMIT_MS } from '../../testing/timing.js';
import { contentStems } from '../text/words.js';
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

const notes = (lines: string[], source = 'notes.md') => materialSentences(lines.join('\n'), source);

const energy = notes([
  '- Work is done when a force moves an object through a distance, $W = F d$.',
  '- Both work and energy are measured in joules.',
  '- Kinetic energy is the energy an object has because of its motion.',
  '- Power is the rate at which energy is transferred.',
]);
const probability = notes([
  '- Probability measures how likely an event is, on a scale from 0 to 1.',
  '- The probability of an event is the number of favourable outcomes divided by all outcomes.',
  '- Two events are independent when one does not affect the other.',
]);
const verbs = notes(
  [
    '- El español tiene dos verbos que corresponden al inglés to be: ser y estar.',
    '- El verbo ser se usa para las características permanentes.',
    '- El verbo estar se usa para los estados pasajeros y la ubicación.',
    '- Según el verbo, algunos adjetivos cambian de significado.',
  ],
  'gramática.md',
);
const terror = notes(
  [
    '- Le Comité de salut public, dominé par Robespierre, concentre le pouvoir.',
    '- La loi des suspects est votée en septembre 1793.',
    '- La chute de Robespierre, le 27 juillet 1794, met fin à la Terreur.',
  ],
  'histoire.md',
);
const circuits = notes([
  "- Ohm's law: the current through a resistor is proportional to the potential difference.",
  '- Resistance: measured in ohms, opposes current.',
  '- Current: flow of charge, measured in amperes.',
]);

describe('answerFromMaterial coverage', () => {
  const refused = { covered: false, sentences: [] };

  it('does not count one shared common word as covering the question', () => {
    expect(answerFromMaterial('How do tides work?', energy)).toEqual(refused);
    expect(answerFromMaterial('What is a prime number?', probability)).toEqual(refused);
  });

  it('does not cover a question whose head term the material never holds', () => {
    expect(answerFromMaterial('¿Qué es un verbo reflexivo?', verbs)).toEqual(refused);
    expect(answerFromMaterial('What is a standard deviation?', probability)).toEqual(refused);
  });

  it('covers questions whose specific terms the material holds, in English and French', () => {
    // "state" is the question's verb: the notes need not use it.
    const ohm = answerFromMaterial("What does Ohm's law state?", circuits);
    expect(ohm.covered).toBe(true);
    expect(texts(ohm)[0]).toContain('proportional');
    // "tombe-t-il": the inverted verb may be said otherwise ("chute"), and "quand" asks for a date.
    const fall = answerFromMaterial('Quand Robespierre tombe-t-il ?', terror);
    expect(fall.covered).toBe(true);
    expect(texts(fall)[0]).toContain('1794');
  });

  it('refuses a date of an event the notes never name, when they date other steps', () => {
    // Notes dating Rome's wars, none its surrender: which of their dates would it be?
    const rome = materialSentences(
      [
        '## The Roman Republic',
        '- In 509 BC the Romans expelled their last king and founded the Republic.',
        '- In 264 BC Rome went to war with Carthage over Sicily.',
        '- In 146 BC Rome destroyed Carthage and Corinth.',
        '- The Senate advised the consuls, who were elected every year.',
      ].join('\n'),
      'republic.md',
    );
    expect(answerFromMaterial('When did Rome surrender?', rome)).toEqual(refused);
    // Undated notes cannot give a date either ("appear" is a stop word of the index).
    const unix = materialSentences('On Unix a process is created with fork().', 'processes.md');
    expect(answerFromMaterial('When did Unix appear?', unix)).toEqual(refused);
    // The event named in the notes is answered from its own passage among the dated ones.
    const expelled = answerFromMaterial('When did the Romans expel their last king?', rome);
    expect(texts(expelled)[0]).toContain('509 BC');
  });

  it('ranks the passage that restates the question in its own words first', () => {
    const a = answerFromMaterial('¿Para qué se usa el verbo estar?', verbs);
    expect(texts(a)[0]).toContain('pasajeros');
  });

  it('reads a lesson title as the heading of its passages', () => {
    // Only the title says "electric"; every passage says "current".
    const lesson = circuits.map((s) => ({ ...s, source: 'Electric circuits' }));
    const a = answerFromMaterial('What is an electric current?', lesson);
    expect(a.covered).toBe(true);
    expect(texts(a)[0]).toContain('flow of charge');
  });

  it('quotes a passage the material repeats once', () => {
    const twice = [...circuits, ...circuits.map((s) => ({ ...s, source: 'lesson' }))];
    const a = answerFromMaterial('What is resistance?', twice);
    expect(new Set(texts(a)).size).toBe(texts(a).length);
  });
});

describe('answerFromMaterial prefers the passage that defines what is asked', () => {
  it('answers "what is" with the labelled definition rather than an example', () => {
    const maths = notes([
      '- Example: sides 3 cm and 4 cm give a hypotenuse of 5 cm.',
      '- Hypotenuse: the longest side, opposite the right angle.',
    ]);
    expect(texts(answerFromMaterial('What is the hypotenuse?', maths))[0]).toContain('longest');
  });

  it('answers with a passage that names the thing in apposition or with a copula', () => {
    const bastille = notes(
      [
        '- Le 14 juillet 1789, la foule prend les Invalides puis attaque la Bastille, une forteresse.',
        '- Les Parisiens cherchent des armes contre la Bastille et ses canons.',
      ],
      'histoire.md',
    );
    expect(texts(answerFromMaterial('Qu’était la Bastille ?', bastille))[0]).toContain(
      'forteresse',
    );
  });

  it('tells the third law from the second by its ordinal', () => {
    const laws = notes([
      '- Second law: $F = m a$, force in newtons.',
      '- Third law: forces come in pairs of equal size and opposite direction.',
    ]);
    const a = answerFromMaterial("What does Newton's third law say?", laws);
    expect(texts(a)[0]).toContain('opposite');
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
