import { describe, expect, it } from 'vitest';
import { expectLinear, fastest, LIMIT_MS, linearTime } from '../../testing/timing.js';
import type { ChatRequest } from './ai-engine.js';
import { builtinChatReply } from './builtin-chat.js';
import { builtinLessonAnswer, createBuiltinEngine } from './builtin-engine.js';
import { sanitizeModelText } from './sanitize.js';

// Inputs that made the text helpers' old regexes backtrack, at ten times the size that stalled
// the server (3 KB of notes; 200 KB of deep-dive content, 2 MB being the most text an upload
// may hold). Notes reach deepDive and topics as plain text; only a lesson's content is HTML.
const spaces = ' '.repeat(15_000);
const NOTES: Record<string, string> = {
  'a heading of 30,000 spaces': `# a${spaces}${spaces}b`,
  'a heading of 30,000 spaces with a # in the middle': `# a${spaces}#${spaces}b`,
  '\\( x 990,000': '\\('.repeat(990_000),
  '$\\[ and a line break x 25,000': '$\\[\n'.repeat(25_000),
  '$$ then a x 2,000,000': `$$${'a'.repeat(2_000_000)}`,
};
const CONTENT: Record<string, string> = {
  ...NOTES,
  '<script x 280,000': '<script'.repeat(280_000),
  '< x 2,000,000': '<'.repeat(2_000_000),
};

const engine = createBuiltinEngine();
const ENTRY_POINTS: [string, Record<string, string>, (text: string) => unknown][] = [
  [
    'deepDive',
    NOTES,
    (text) =>
      engine.deepDive({
        subjectName: 'Maths',
        topicName: 'Limits',
        prompt: '',
        sources: [{ name: 'notes.md', text }],
      }),
  ],
  [
    'topics',
    NOTES,
    (text) =>
      engine.topics({
        subjectName: 'Maths',
        keyTopics: 'Limits',
        sources: [{ name: 'notes.md', text }],
        max: 15,
      }),
  ],
  [
    'lesson',
    CONTENT,
    (text) => engine.lesson({ subjectName: 'Maths', topicName: 'Limits', content: text }),
  ],
];

// Model output is sanitised before it reaches a student, in the shapes the checker reported.
const MODEL_TEXT: Record<string, string> = {
  '<script x 280,000': '<script'.repeat(280_000),
  '<STYLE and a tab x 200,000': `R${'<STYLE\tC'.repeat(200_000)}a`,
  '<!-- x 500,000': '<!--'.repeat(500_000),
  '<P<U x 500,000': `N${'<P<U'.repeat(500_000)}`,
  '](DATA: x 280,000': '](DATA:'.repeat(280_000),
};

const chat = (message: string, history: ChatRequest['history']): ChatRequest => ({
  message,
  history,
  language: 'en',
  context: { now: new Date('2026-03-02T09:00:00Z'), timeZone: 'UTC', subjects: [], sessions: [] },
});

describe('the builtin engine on hostile input', () => {
  for (const [entry, inputs, run] of ENTRY_POINTS)
    for (const [name, text] of Object.entries(inputs))
      it(`${entry} reads ${name} in linear time`, () => {
        const result = linearTime(run, text);
        console.log(`${entry}(${name}): ${result.ms.toFixed(1)} ms`, result.growth ?? '');
        expectLinear(result);
      });

  for (const [name, text] of Object.entries(MODEL_TEXT))
    it(`sanitises model text of ${name} in linear time`, async () => {
      const ms = await fastest(() => sanitizeModelText(text));
      console.log(`sanitizeModelText(${name}): ${ms.toFixed(1)} ms`);
      expect(ms).toBeLessThan(LIMIT_MS);
    });

  it('answers a chat follow-up of 40,000 tabs in linear time', async () => {
    // Ten times the longest message the API accepts; trimming its end used `[?.!\s]+$`.
    const history = [{ role: 'user' as const, text: 'am I on track?' }];
    const ms = await fastest(() => builtinChatReply(chat(`${'\t'.repeat(40_000)}\0\t`, history)));
    console.log(`builtinChatReply(40,000 tabs): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(LIMIT_MS);
  });

  it('answers lesson questions of 20,000 tabs or "what does" in linear time', async () => {
    const material = [{ text: 'The aorta is the largest artery in the body.', source: 'Heart' }];
    const ask = (question: string) =>
      builtinLessonAnswer({ question, lessonTitle: 'Heart', material, language: 'en' });
    const ms = await fastest(() => {
      ask(`help${'\t'.repeat(20_000)}help`);
      ask(`${'what does '.repeat(2_000)}aorta`);
    });
    console.log(`builtinLessonAnswer(20,000 tabs; 2,000 "what does"): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});
