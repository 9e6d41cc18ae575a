import { describe, expect, it } from 'vitest';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { builtinLessonAnswer } from './builtin-engine.js';
import { BUILTIN_TEXTS } from './builtin-texts/index.js';

const terse = [
  '- SN1: two steps through a planar carbocation',
  '- SN1 gives a racemic mixture',
  '- SN2: one step, backside attack',
  '- SN2 gives inversion of configuration',
].join('\n');

describe('builtin lesson helper', () => {
  const ask = (question: string, text: string, language: 'en' | 'es') =>
    builtinLessonAnswer({
      question,
      lessonTitle: 'Substitution',
      material: materialSentences(text, 'organic.md'),
      language,
    });

  it('quotes a passage for each part of a two-part question from terse notes', () => {
    const r = ask('Why does SN1 give a racemic mixture while SN2 gives inversion?', terse, 'en');
    expect(r.covered).toBe(true);
    expect(r.answer).toContain('> SN1 gives a racemic mixture');
    expect(r.answer).toContain('> SN2 gives inversion of configuration');
    expect(r.answer).not.toContain(BUILTIN_TEXTS.en.lessonHelper.notFound('Substitution'));
  });

  it('says plainly, in the student’s language, which part the material does not cover', () => {
    const r = ask(
      'Why does SN1 give a racemic mixture, and how does photosynthesis work?',
      terse,
      'es',
    );
    expect(r.covered).toBe(true);
    expect(r.passages.map((p) => p.text)).toEqual(['SN1 gives a racemic mixture']);
    expect(r.answer).toContain(
      `“how does photosynthesis work”: ${BUILTIN_TEXTS.es.lessonHelper.notFound('Substitution')}`,
    );
  });
});
