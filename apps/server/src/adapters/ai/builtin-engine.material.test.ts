import { describe, expect, it } from 'vitest';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { createBuiltinEngine } from './builtin-engine.js';
import { LESSON_TEMPLATE } from './builtin-texts/index.js';

// Terse notes as students write them: a heading per topic, four bullet lines under each.
const ORGANIC = `# Substitution reactions SN1 and SN2
- SN1: two steps, carbocation intermediate, racemic mixture
- SN2: one step, backside attack, inversion of configuration
- E1: two steps, carbocation intermediate, Zaitsev product
- E2: one step, anti-periplanar geometry, strong base needed
# Nucleophiles and leaving groups
- Iodide is a better leaving group than fluoride because the iodide ion is more stable.
- Polar aprotic solvents favour SN2 because they leave the nucleophile unsolvated.
- Tertiary substrates favour SN1 because the tertiary carbocation is stabilised by hyperconjugation.
- Bulky bases favour elimination because they cannot reach the carbon.`;

const GREEK = `# Αντιδράσεις υποκατάστασης SN1 και SN2
- SN1: δύο στάδια, ενδιάμεσο καρβοκατιόν, ρακεμικό μείγμα
- SN2: ένα στάδιο, επίθεση από πίσω, αναστροφή διάταξης
- E1: δύο στάδια, ενδιάμεσο καρβοκατιόν, προϊόν Zaitsev
- E2: ένα στάδιο, αντιπεριπλανική γεωμετρία, ισχυρή βάση`;

const GERMAN = `# Substitutionsreaktionen SN1 und SN2
- SN1: zwei Schritte, Carbokation als Zwischenstufe, racemisches Gemisch
- SN2: ein Schritt, Rückseitenangriff, Inversion der Konfiguration
- E1: zwei Schritte, Carbokation als Zwischenstufe, Saytzeff-Produkt
- E2: ein Schritt, antiperiplanare Geometrie, starke Base nötig`;

// Words of the engine's own study instructions, in English and Greek.
const INSTRUCTION_WORDS = /\b(explain|notes|words|sentences|three|summarise|work through)\b/i;
const GREEK_INSTRUCTION_WORDS = /(Μελέτησε|σύνοψέ|προτάσεις|σημειώσεις|Εξήγησε)/;

async function lessonFrom(notes: string, topicName: string, language: 'en' | 'el' | 'de') {
  const engine = createBuiltinEngine();
  const deepDive = await engine.deepDive({
    subjectName: 'Organic Chemistry',
    topicName,
    prompt: topicName,
    sources: [{ name: 'notes.md', text: notes }],
    language,
  });
  const lesson = await engine.lesson({
    subjectName: 'Organic Chemistry',
    topicName,
    content: deepDive.value,
    language,
  });
  return { engine, deepDive: deepDive.value, lesson: lesson.value };
}

function checkSection(lesson: string): string {
  return lesson.slice(lesson.lastIndexOf('## '));
}

describe('the builtin engine on terse notes', () => {
  it('never asks about the words of its own study instructions in "Check yourself"', async () => {
    const { deepDive, lesson } = await lessonFrom(ORGANIC, 'Substitution reactions', 'en');
    // The deep dive it learns from does hold its instructions ("Work through ... three sentences").
    expect(deepDive).toMatch(/summarise it in three sentences/);
    const prompts = checkSection(lesson).split('\n').slice(2);
    const termPrompts = prompts.filter((p) => p.includes('mean here'));
    expect(termPrompts.length).toBeGreaterThan(0);
    for (const p of termPrompts) {
      const term = p.match(/“(.+)”/)?.[1] ?? '';
      expect(term).not.toMatch(INSTRUCTION_WORDS);
    }
    // Key points are the student's sentences, never the checklist the engine wrote.
    expect(lesson).not.toMatch(/Work through|without notes|two days/);
    // Prompts about a cause and a comparison of the material.
    expect(prompts.some((p) => p.includes('Why is it so'))).toBe(true);
  });

  it('asks about a cause and a comparison the notes make', async () => {
    const lesson = await createBuiltinEngine().lesson({
      subjectName: 'Organic Chemistry',
      topicName: 'Substitution reactions',
      content: ORGANIC,
      language: 'en',
    });
    const prompts = checkSection(lesson.value);
    expect(prompts).toMatch(/Why is it so: “[^”]+”\?/);
    expect(prompts).toMatch(/How does SN1 differ from SN2\?/);
    expect(prompts).not.toMatch(/“(explain|notes|words|sentences|three|summarise|work|two|one)”/i);
  });

  it('never makes cards or quiz questions out of its own instructions', async () => {
    const { engine, deepDive, lesson } = await lessonFrom(ORGANIC, 'Substitution reactions', 'en');
    // Whatever reaches the generators (a lesson and a stored deep dive), the engine's text is left out.
    const material = [
      ...materialSentences(lesson, 'Substitution reactions', LESSON_TEMPLATE),
      ...materialSentences(ORGANIC, 'notes.md', LESSON_TEMPLATE),
      ...materialSentences(deepDive.replace(/<[^>]*>/g, '\n'), 'Deep dive'),
    ];
    const req = { lessonTitle: 'L', subjectName: 'S', material, language: 'en' as const, seed: 3 };
    const quiz = (await engine.quiz({ ...req, max: 8 })).value;
    const cards = (await engine.flashcards({ ...req, max: 20 })).value;
    expect(quiz.length).toBeGreaterThan(0);
    for (const q of quiz) {
      expect(q.prompt).not.toMatch(/Work through|summarise|three sentences|your own words/);
      for (const o of q.options) expect(o).not.toMatch(INSTRUCTION_WORDS);
    }
    for (const c of cards) {
      expect(`${c.front} ${c.back}`).not.toMatch(/Work through|summarise it|your own words/);
      expect(c.back).not.toMatch(INSTRUCTION_WORDS);
    }
  });

  it('keeps Greek instructions out of the Greek lesson and its cards', async () => {
    const { engine, lesson } = await lessonFrom(GREEK, 'Αντιδράσεις υποκατάστασης', 'el');
    expect(lesson).toMatch(/Μελέτησε|Έλεγξε τον εαυτό σου/);
    const keyPoints = lesson.slice(0, lesson.lastIndexOf('## '));
    expect(keyPoints).not.toMatch(GREEK_INSTRUCTION_WORDS);
    for (const p of checkSection(lesson)
      .split('\n')
      .filter((l) => l.includes('γιατί έχει'))) {
      expect(p.match(/«(.+)»/)?.[1] ?? '').not.toMatch(GREEK_INSTRUCTION_WORDS);
    }
    const material = [
      ...materialSentences(lesson, 'Αντιδράσεις', LESSON_TEMPLATE),
      ...materialSentences(GREEK, 'σημειώσεις.md', LESSON_TEMPLATE),
    ];
    const req = { lessonTitle: 'L', subjectName: 'S', material, language: 'el' as const, seed: 1 };
    const cards = (await engine.flashcards({ ...req, max: 20 })).value;
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(`${c.front} ${c.back}`).not.toMatch(GREEK_INSTRUCTION_WORDS);
  });

  it('leaves German instructions pasted back into the material out of cards and questions', async () => {
    const { engine, deepDive } = await lessonFrom(GERMAN, 'Substitutionsreaktionen', 'de');
    expect(deepDive).toMatch(/in drei Sätzen zusammen/);
    // A stored deep dive read back as material, checklist and all.
    const material = [
      ...materialSentences(deepDive.replace(/<[^>]*>/g, '\n'), 'Vertiefung'),
      ...materialSentences(GERMAN, 'notizen.md'),
    ];
    expect(material.some((m) => /Sätzen zusammen/.test(m.text))).toBe(true);
    const req = { lessonTitle: 'L', subjectName: 'S', material, language: 'de' as const, seed: 5 };
    const cards = (await engine.flashcards({ ...req, max: 20 })).value;
    const quiz = (await engine.quiz({ ...req, max: 8 })).value;
    expect(cards.length).toBeGreaterThan(0);
    expect(quiz.length).toBeGreaterThan(0);
    const words = /(Arbeite|Sätzen|drei|Erkläre|Notizen|eigenen Worten|Wiederhole)/;
    for (const c of cards) expect(`${c.front} ${c.back}`).not.toMatch(words);
    for (const q of quiz) expect([q.prompt, ...q.options].join(' ')).not.toMatch(words);
  });

  it('answers thin material with fewer items and a notice saying what to add', async () => {
    const engine = createBuiltinEngine();
    const firstTopic = ORGANIC.split('\n').slice(0, 5).join('\n');
    const material = materialSentences(firstTopic, 'notes.md', LESSON_TEMPLATE);
    const req = { lessonTitle: 'L', subjectName: 'S', material, language: 'en' as const, seed: 1 };
    const quiz = await engine.quiz({ ...req, max: 20 });
    expect(quiz.value.length).toBeGreaterThan(0);
    expect(quiz.value.length).toBeLessThan(10);
    expect(quiz.warnings.map((w) => w.code)).toEqual(['ai_thin_material']);
    expect(quiz.warnings[0]?.params).toEqual({ made: quiz.value.length, asked: 20 });
    const cards = await engine.flashcards({ ...req, max: 20 });
    expect(cards.value.length).toBeLessThan(10);
    expect(cards.warnings.map((w) => w.code)).toEqual(['ai_thin_material']);
    const none = await engine.quiz({ ...req, material: [], max: 8 });
    expect(none.value).toEqual([]);
    expect(none.warnings.map((w) => w.code)).toEqual(['ai_too_little_material']);
  });
});
