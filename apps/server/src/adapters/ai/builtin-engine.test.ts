import stopwordsIso from 'stopwords-iso' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { builtinLessonAnswer, createBuiltinEngine, keySentences } from './builtin-engine.js';
import { BUILTIN_TEXTS, LESSON_TEMPLATE } from './builtin-texts/index.js';

const notes = `# Derivatives
The derivative of a function measures its rate of change. For example $f'(x) = 2x$ when $f(x) = x^2$.
A tangent line touches the curve at one point. Limits are the foundation of the derivative.
The weather was nice that day.`;

describe('builtin engine', () => {
  it('picks sentences about the topic from the material and keeps formulas intact', () => {
    const points = keySentences(notes, 'derivative');
    expect(points[0]).toContain('rate of change');
    expect(points.join(' ')).toContain("$f'(x) = 2x$");
    expect(points.join(' ')).not.toContain('weather');
  });

  it('writes a deep dive whose text is escaped and names its sources', async () => {
    const engine = createBuiltinEngine();
    const { value } = await engine.deepDive({
      subjectName: 'Maths',
      topicName: 'Derivatives <script>',
      prompt: '',
      sources: [{ name: 'notes<b>.md', text: notes }],
    });
    expect(value).toContain('&lt;script&gt;');
    expect(value).toContain('notes&lt;b&gt;.md');
    expect(value).not.toMatch(/<script|<b>/);
    expect(value).toContain('Work through “Derivatives”');
  });

  it('says honestly when a lesson comes from the name only', async () => {
    const { value } = await createBuiltinEngine().lesson({
      subjectName: 'Maths',
      topicName: 'Limits',
      content: null,
    });
    expect(value).toContain('# Limits');
    expect(value).toContain('topic name only');
  });

  it('builds a lesson from HTML content with the math as written', async () => {
    const { value } = await createBuiltinEngine().lesson({
      subjectName: 'Maths',
      topicName: 'Derivatives',
      content: `<p>${notes.replace(/\n/g, '</p><p>')}</p>`,
    });
    expect(value).toContain('## Key points');
    expect(value).toContain('$f(x) = x^2$');
    expect(value).toContain('## Formulas');
  });
});

describe('the builtin engine in the student’s language', () => {
  const engine = createBuiltinEngine();
  const french = [
    '# Photosynthèse',
    'La photosynthèse se déroule dans les chloroplastes des cellules végétales.',
    'Les chloroplastes contiennent de la chlorophylle, qui absorbe la lumière du soleil.',
    "Pendant la photosynthèse, les plantes transforment le dioxyde de carbone et l'eau en glucose.",
    'La chlorophylle donne aux feuilles leur couleur verte, et elle se trouve dans les chloroplastes.',
    '# Respiration cellulaire',
    "La respiration cellulaire libère l'énergie du glucose dans les mitochondries.",
    "Les mitochondries produisent de l'ATP pour les cellules, qui en ont besoin pour vivre.",
    'Sans oxygène, la respiration cellulaire laisse place à la fermentation dans les cellules.',
  ].join('\n');

  it('derives French topics and key terms from a French text, without French stop words', async () => {
    const { value } = await engine.topics({
      subjectName: 'Biologie',
      keyTopics: 'Photosynthèse',
      sources: [{ name: 'biologie.md', text: french }],
      max: 10,
    });
    expect(value.map((t) => t.name)).toEqual(['Photosynthèse', 'Respiration cellulaire']);
    const terms = value.flatMap((t) => t.keyTerms);
    expect(terms).toEqual(expect.arrayContaining(['chloroplastes', 'mitochondries']));
    const stop = new Set(stopwordsIso.fr);
    const words = [...value.map((t) => t.name), ...terms].flatMap((t) =>
      t.toLowerCase().split(/[^\p{L}]+/u),
    );
    expect(words.filter((w) => stop.has(w))).toEqual([]);
  });

  it('writes a lesson’s own words in the student’s language, the material as written', async () => {
    const es = BUILTIN_TEXTS.es.lesson;
    const { value } = await engine.lesson({
      subjectName: 'Matemáticas',
      topicName: 'Derivatives',
      content: notes,
      language: 'es',
    });
    expect(value).toContain(`## ${es.keyPoints}`);
    expect(value).toContain(`## ${es.checkYourself}`);
    expect(value).toContain(es.explainTopic('Derivatives'));
    expect(value).toContain('The derivative of a function measures its rate of change.');
    expect(value).not.toMatch(/Key points|Check yourself/);
    // A lesson's template is not study material, in whatever language it was written.
    const sentences = materialSentences(value, 'Derivatives', LESSON_TEMPLATE).map((s) => s.text);
    expect(sentences).toContain('The derivative of a function measures its rate of change.');
    expect(sentences.join(' ')).not.toContain('Derivatives');
    const nameOnly = await engine.lesson({
      subjectName: 'Matemáticas',
      topicName: 'Límites',
      content: null,
      language: 'es',
    });
    expect(nameOnly.value).toContain(es.nameOnly);
    expect(materialSentences(nameOnly.value, 'Límites', LESSON_TEMPLATE)).toEqual([]);
  });

  it('writes the deep dive’s headings and checklist in the student’s language', async () => {
    const fr = BUILTIN_TEXTS.fr.deepDive;
    const { value } = await engine.deepDive({
      subjectName: 'Maths',
      topicName: 'Dérivées',
      prompt: '',
      sources: [{ name: 'notes.md', text: notes }],
      language: 'fr',
    });
    expect(value).toContain(`<h3>${fr.checklist}</h3>`);
    expect(value).toContain(fr.solveExample);
    expect(value).not.toContain('Study checklist');
  });

  it('words cards and questions in the student’s language', async () => {
    const material = [
      'The aorta is the largest artery in the human body.',
      'Capillaries are the smallest blood vessels of the body.',
      'The heart pumps blood through the aorta to the whole body.',
      'Red blood cells carry oxygen from the lungs to the tissues of the body.',
      'Platelets are small cell fragments that help blood to clot.',
      'An adult heart beats about 70 times per minute at rest.',
    ].map((text) => ({ text, source: 'heart.md' }));
    const request = { lessonTitle: 'Heart', subjectName: 'Biology', material, max: 10, seed: 1 };
    const cards = await engine.flashcards({ ...request, language: 'de' });
    expect(cards.value.map((c) => c.front)).toContain('Was bedeutet „aorta“?');
    const quiz = await engine.quiz({ ...request, language: 'es' });
    expect(quiz.value.length).toBeGreaterThan(0);
    for (const q of quiz.value)
      expect(q.prompt).toMatch(/^(¿Qué significa|¿Qué término|Completa el espacio en blanco:)/);
  });

  it('answers a Greek student from Greek notes in Greek', () => {
    const material = [
      'Η αορτή είναι η μεγαλύτερη αρτηρία του ανθρώπινου σώματος.',
      'Τα αιμοπετάλια βοηθούν το αίμα να πήξει.',
    ].map((text) => ({ text, source: 'Καρδιά' }));
    const el = BUILTIN_TEXTS.el.lessonHelper;
    const ask = (question: string) =>
      builtinLessonAnswer({ question, lessonTitle: 'Καρδιά', material, language: 'el' });
    const found = ask('Τι είναι η αορτή;');
    expect(found.covered).toBe(true);
    expect(found.answer.startsWith(el.fromMaterial)).toBe(true);
    const missing = ask('Ποιος έγραψε την Οδύσσεια;');
    expect(missing.covered).toBe(false);
    expect(missing.answer.startsWith(el.notFound('Καρδιά'))).toBe(true);
  });
});
