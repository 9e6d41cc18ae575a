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

describe('a lead-in and its list', () => {
  const notes = [
    'A deadlock is a set of processes each waiting for a resource held by another.',
    '',
    'There are four conditions for deadlock:',
    '- mutual exclusion',
    '- hold and wait',
    '- no preemption',
    '- circular wait',
    '',
    'Detection algorithms look for cycles in the wait-for graph.',
  ].join('\n');

  it('is read with its items; a bullet among bullets owns none', () => {
    const sentences = materialSentences(notes, 'os.md');
    const leadIn = sentences.find((s) => s.text === 'There are four conditions for deadlock:');
    expect(leadIn?.items).toEqual([
      'mutual exclusion',
      'hold and wait',
      'no preemption',
      'circular wait',
    ]);
    const bullets = materialSentences(
      '- Key points of the lesson:\n- Mutual exclusion is needed.\n- Hold and wait too.',
      'l',
    );
    expect(bullets.find((s) => s.text.endsWith(':'))?.items).toBeUndefined();
  });

  it('is quoted whole when the helper answers with the lead-in, even from the lesson’s copy', () => {
    const lesson = materialSentences(
      '- There are four conditions for deadlock:\n- Detection looks for cycles.',
      'Deadlock',
    );
    const material = [...lesson, ...materialSentences(notes, 'os.md')];
    const reply = builtinLessonAnswer({
      question: 'What are the conditions for deadlock?',
      lessonTitle: 'Deadlock',
      material,
      language: 'en',
    });
    expect(reply.covered).toBe(true);
    for (const item of ['mutual exclusion', 'hold and wait', 'no preemption', 'circular wait'])
      expect(reply.answer).toContain(`> - ${item}`);
  });
});
