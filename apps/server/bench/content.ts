/**
 * The content benchmark (npm run bench:content): runs the builtin engine over the corpus in
 * `content-corpus/` the way the app does (topics and their material from the subject's file,
 * deep dive, lesson from the deep dive, flashcards and quiz from the lesson and the file, the
 * lesson helper on covered and uncovered questions) and prints each content rule's figure
 * against its target. `--details` lists every item that breaks a rule. Then the same for the
 * notes corpus (content-notes.ts), its development and held-out parts printed apart.
 */

import { readFileSync } from 'node:fs';
import type { AiEngine } from '../src/adapters/ai/ai-engine.js';
import { createBuiltinEngine } from '../src/adapters/ai/builtin-engine.js';
import { textsFor } from '../src/adapters/ai/builtin-texts/index.js';
import type { Language } from '../src/domain/text/language.js';
import { TOPIC_MATERIAL_CHARS, topicsWithMaterial } from '../src/domain/text/topic-material.js';
import { sameTopic } from '../src/domain/text/topics.js';
import type { LessonMaterial } from '../src/features/lesson-material/index.js';
import { CORPUS, type CorpusSubject, VARIANTS, type Variant } from './content-corpus.js';
import {
  answerInMaterial,
  answersCovered,
  appliedFormula,
  deepDivePoints,
  holdsFormula,
  isRefusal,
  sameKindOptions,
  sectionsOf,
  sentenceFromSection,
  share,
  testsInstructionOrStopWord,
} from './content-metrics.js';
import { notesPart } from './content-notes-bench.js';
import {
  DECK_MAX,
  FRAGMENTS,
  lessonHelper,
  lessonMaterial,
  QUIZ_MAX,
  refusalFragments,
} from './content-run.js';

interface Check {
  ok: boolean;
  /** Which run it comes from: `<subject>/<variant>`. */
  run: string;
  /** What to show when it fails. */
  what: string;
}

interface Metric {
  name: string;
  target: string;
  met: (figure: number) => boolean;
  checks: Check[];
}

/**
 * A question's key is grounded: in the material, or, for a formula applied to numbers, the
 * formula's value at the prompt's numbers with the formula in the material.
 */
function groundedAnswer(prompt: string, key: string, material: string, language: Language) {
  const formula = appliedFormula(prompt, key, language);
  return formula ? holdsFormula(material, formula) : answerInMaterial(key, material, language);
}
const metrics = {
  // Without this, an engine that writes nothing would meet every target below.
  produced: {
    name: 'topics with flashcards and a quiz',
    target: '100 %',
    met: (x: number) => x >= 100,
    checks: [] as Check[],
  },
  grounded: {
    name: 'cards and questions whose answer is in the material',
    target: '100 %',
    met: (x: number) => x >= 100,
    checks: [] as Check[],
  },
  junk: {
    name: 'cards and questions that test an instruction or a stop word',
    target: '0 %',
    met: (x: number) => x <= 0,
    checks: [] as Check[],
  },
  options: {
    name: 'questions with four distinct options of one kind',
    target: '100 %',
    met: (x: number) => x >= 100,
    checks: [] as Check[],
  },
  deepDive: {
    name: "deep-dive key points from the topic's own section",
    target: '>= 90 %',
    met: (x: number) => x >= 90,
    checks: [] as Check[],
  },
  helper: {
    name: 'helper answers with the expected terms (covered questions)',
    target: '>= 80 %',
    met: (x: number) => x >= 80,
    checks: [] as Check[],
  },
  refusals: {
    name: 'honest helper refusals (uncovered questions)',
    target: '100 %',
    met: (x: number) => x >= 100,
    checks: [] as Check[],
  },
} satisfies Record<string, Metric>;

function corpusFile(subject: CorpusSubject, variant: Variant): { name: string; text: string } {
  const url = new URL(`./content-corpus/${subject.id}/${variant}.md`, import.meta.url);
  return { name: `${subject.id}-${variant}.md`, text: readFileSync(url, 'utf8') };
}

async function runSubject(ai: AiEngine, subject: CorpusSubject, variant: Variant): Promise<void> {
  const run = `${subject.id}/${variant}`;
  const { language } = subject;
  const file = corpusFile(subject, variant);
  const keyTopics = subject.topics.map((t) => t.name).join('\n');
  const { topics, material } = topicsWithMaterial(keyTopics, [file], TOPIC_MATERIAL_CHARS);
  const sections = [...sectionsOf(file.text)];
  const refusals = refusalFragments(language);

  for (const [i, topic] of subject.topics.entries()) {
    const k = topics.findIndex((t) => sameTopic(t.name, topic.name));
    const topicName = topics[k]?.name ?? topic.name;
    const deepDive = await ai.deepDive({
      subjectName: subject.name,
      topicName,
      prompt: keyTopics,
      sources: material[k] ?? [],
      language,
    });
    const own = sections.filter(([h]) => sameTopic(h, topic.name)).map(([, s]) => s);
    const others = sections.filter(([h]) => !sameTopic(h, topic.name)).map(([, s]) => s);
    for (const point of deepDivePoints(deepDive.value, textsFor(language).deepDive.keyPoints)) {
      const from = sentenceFromSection(point, own.join('\n'), others, language);
      metrics.deepDive.checks.push({
        ok: from === 'own',
        run,
        what: `[${topicName}: ${from}] ${point}`,
      });
    }

    const lesson = await ai.lesson({
      subjectName: subject.name,
      topicName,
      content: deepDive.value,
      language,
    });
    const lessonId = i + 1;
    // The lesson's material as the app loads it: the lesson plus the topic's own section of
    // the subject's files (the service itself, over an in-memory repository).
    const m: LessonMaterial = await lessonMaterial({
      lessonId,
      title: topicName,
      latexContent: lesson.value,
      topicName,
      siblings: topics.map((t) => t.name).filter((n) => n !== topicName),
      subjectName: subject.name,
      files: [file],
    });
    const request = {
      lessonTitle: m.title,
      subjectName: m.subjectName,
      material: m.focused,
      language,
    };
    const cards = await ai.flashcards({ ...request, max: DECK_MAX, seed: lessonId });
    for (const c of cards.value) {
      const what = `[card ${topicName}] ${c.front} -> ${c.back}`;
      metrics.grounded.checks.push({
        ok: answerInMaterial(c.back, file.text, language),
        run,
        what,
      });
      const junk = testsInstructionOrStopWord(
        { answer: c.back, context: [c.front, c.source] },
        FRAGMENTS,
        language,
      );
      metrics.junk.checks.push({ ok: !junk, run, what });
    }
    const quiz = await ai.quiz({ ...request, max: QUIZ_MAX, seed: lessonId * 7919 });
    metrics.produced.checks.push({
      ok: cards.value.length > 0 && quiz.value.length > 0,
      run,
      what: `[${topicName}] ${cards.value.length} cards, ${quiz.value.length} questions`,
    });
    for (const q of quiz.value) {
      const answer = q.options[q.correctIndex] ?? '';
      const what = `[quiz ${topicName}] ${q.prompt} -> ${answer} | ${q.options.join(' | ')}`;
      metrics.grounded.checks.push({
        ok: groundedAnswer(q.prompt, answer, file.text, language),
        run,
        what,
      });
      const junk = testsInstructionOrStopWord(
        { answer, context: [q.prompt, q.explanation] },
        FRAGMENTS,
        language,
      );
      metrics.junk.checks.push({ ok: !junk, run, what });
      metrics.options.checks.push({ ok: sameKindOptions(q.options), run, what });
    }

    const ask = lessonHelper(ai, m, language);
    for (const c of topic.covered) {
      const reply = await ask(c.question);
      metrics.helper.checks.push({
        ok: answersCovered(reply, c.terms, language),
        run,
        what: `[${topicName}] ${c.question} (expects ${c.terms.join(', ')}) -> ${reply.covered ? 'covered' : 'not covered'}: ${reply.answer.replace(/\s+/g, ' ').slice(0, 240)}`,
      });
    }
    for (const question of topic.uncovered) {
      const reply = await ask(question);
      metrics.refusals.checks.push({
        ok: isRefusal(reply, refusals),
        run,
        what: `[${topicName}] ${question} -> ${reply.answer.replace(/\s+/g, ' ').slice(0, 240)}`,
      });
    }
  }
}

const details = process.argv.includes('--details');
const ai = createBuiltinEngine();
const started = performance.now();
for (const subject of CORPUS)
  for (const variant of VARIANTS) await runSubject(ai, subject, variant);

const runs = CORPUS.flatMap((s) => VARIANTS.map((v) => `${s.id}/${v}`));
const pct = (x: number) => `${x.toFixed(1)} %`;
let failed = 0;
console.log(
  `Content benchmark: ${CORPUS.length} subjects (${CORPUS.map((s) => `${s.id}: ${s.shape}`).join('; ')}), prose and terse notes each`,
);
for (const metric of Object.values(metrics) as Metric[]) {
  const figure = share(metric.checks.map((c) => c.ok));
  // "0 %" targets count the failures' share, the others the successes'.
  const shown = metric.target === '0 %' ? 100 - figure : figure;
  const ok = metric.met(shown);
  if (!ok) failed += 1;
  const good = metric.checks.filter((c) => c.ok).length;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${metric.name}\n      ${pct(shown)}  target ${metric.target}  (${good}/${metric.checks.length} pass)`,
  );
  const perRun = runs.map((r) => {
    const own = metric.checks.filter((c) => c.run === r);
    const bad = own.filter((c) => !c.ok).length;
    return `${r} ${own.length - bad}/${own.length}`;
  });
  console.log(`      ${perRun.join('  ')}`);
  if (details)
    for (const c of metric.checks.filter((x) => !x.ok)) console.log(`        ✗ ${c.run} ${c.what}`);
}
console.log(
  `Node ${process.version}, ${Object.keys(metrics).length - failed}/${Object.keys(metrics).length} targets met in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (failed > 0) process.exitCode = 1;

// The notes corpus, part by part. Its targets are those the content work aims at on real
// notes; until that work is done they are printed, FAIL or PASS, without failing the run.
const notesStarted = performance.now();
const notesMissed: string[] = [];
for (const split of ['dev', 'held-out'] as const) {
  const missed = await notesPart(ai, split, details);
  notesMissed.push(`${split} ${missed} missed`);
}
console.log(
  `\nNotes corpus: ${notesMissed.join(', ')} (not counted in the exit code) in ${((performance.now() - notesStarted) / 1000).toFixed(1)} s`,
);
