/**
 * The notes corpus's part of the content benchmark: each subject's files uploaded together, as
 * a student does, then per topic the deep dive, lesson, flashcards, quiz and helper the app
 * makes, each item checked for every failure class that notes like these caused (structure
 * tokens, sentences cut by PDF line breaks, answers from another topic's material, quiz prompts
 * that repeat a card, helper answers without their section or list). Prints a part (dev or
 * held-out) against the content targets, with each check's share so a figure says why.
 */

import { readFileSync } from 'node:fs';
import type { AiEngine } from '../src/adapters/ai/ai-engine.js';
import { textsFor } from '../src/adapters/ai/builtin-texts/index.js';
import { INGEST_LIMITS } from '../src/adapters/files/ingest.js';
import { storedText } from '../src/adapters/work/work-tasks.js';
import { createSynonymCheck } from '../src/domain/nlp/synonyms.js';
import { TOPIC_MATERIAL_CHARS, topicsWithMaterial } from '../src/domain/text/topic-material.js';
import { sameTopic } from '../src/domain/text/topics.js';
import type { Split } from './content-corpus.js';
import { loadNotesFile } from './content-documents.js';
import {
  answerFromOwnTopic,
  answersCovered,
  answersWithSection,
  appliedFormula,
  bulletLabelsOf,
  cutMidPhrase,
  deepDiveOnTopic,
  deepDivePoints,
  frontMatterKeys,
  holdsFormula,
  isRefusal,
  keepsListsWithLeadIns,
  labelAsTerm,
  leadInsOf,
  repeatsCard,
  type StructureContext,
  sameKindOptions,
  sectionsOf,
  sentenceFromSection,
  share,
  structureTokens,
  testsInstructionOrStopWord,
  tocEntries,
} from './content-metrics.js';
import { NOTES_CORPUS, type NotesSubject, type NotesTopic } from './content-notes.js';
import {
  DECK_MAX,
  FRAGMENTS,
  lessonHelper,
  lessonMaterial,
  QUIZ_MAX,
  refusalFragments,
} from './content-run.js';

const BLANK = /_{3,}/;

/** One card or question and the checks it passed; sound when it passed all of them. */
interface Item {
  run: string;
  what: string;
  checks: Record<string, boolean>;
}

interface HelperCheck {
  run: string;
  what: string;
  checks: Record<string, boolean>;
}

interface PartResults {
  cards: Item[];
  questions: Item[];
  /** Per quiz question: whether its prompt repeats a card of its topic. */
  repeats: { run: string; what: string; ok: boolean }[];
  deepDives: { run: string; what: string; ok: boolean }[];
  covered: HelperCheck[];
  uncovered: { run: string; what: string; ok: boolean }[];
  /** Per topic: the engine's time for its deep dive, lesson, cards, quiz and helper, in ms. */
  topicMs: number[];
}

// The failure classes, as the report names them.
const CHECKS = {
  structure: 'no structure tokens in stem or answer',
  cut: 'no sentence cut mid-phrase',
  ownTopic: "answer from its own topic's material",
  label: 'no bullet label read as a term',
  junk: 'no instruction or stop word tested',
  options: 'four options of one kind',
  synonyms: 'no other name of the key among the options',
} as const;

/** The text of a topic's own sources: whole files, or the sections under the given headings. */
function ownMaterial(topic: NotesTopic, files: { name: string; text: string }[]): string {
  return topic.sources
    .map((s) => {
      const text = files.find((f) => f.name === s.file)?.text ?? '';
      if (!s.headings) return text;
      const sections = sectionsOf(text);
      return s.headings.map((h) => sections.get(h) ?? '').join('\n');
    })
    .join('\n');
}

/** What the file was written as: a Markdown file itself, a PDF's or Word file's text source. */
function writtenSource(subject: NotesSubject, name: string): string {
  const file = name.endsWith('.md') ? name : `${name}.txt`;
  return readFileSync(
    new URL(`./content-corpus/notes/${subject.id}/${file}`, import.meta.url),
    'utf8',
  );
}

async function runSubject(ai: AiEngine, subject: NotesSubject, out: PartResults): Promise<void> {
  const { language } = subject;
  // As parsed, for what the structure checks look for; as kept at upload, for the engine.
  const parsed = await Promise.all(subject.files.map((f) => loadNotesFile(subject, f)));
  const files = parsed.map((f) => ({
    name: f.name,
    text: storedText(f.text, INGEST_LIMITS.maxTextChars),
  }));
  const context: StructureContext = {
    frontMatterKeys: parsed.flatMap((f) => frontMatterKeys(f.text)),
    tocEntries: parsed.flatMap((f) => tocEntries(f.text)),
    runningLines: subject.files.flatMap((f) => (f.runningHeader ? [f.runningHeader] : [])),
  };
  // Lead-ins are read from what the student wrote: a Word file's text loses its list markers.
  const leadIns = subject.files.flatMap((f) => leadInsOf(writtenSource(subject, f.name)));
  const labels = subject.files.flatMap((f) => bulletLabelsOf(writtenSource(subject, f.name)));
  const keyTopics = subject.topics.map((t) => t.name).join('\n');
  const { topics, material } = topicsWithMaterial(keyTopics, files, TOPIC_MATERIAL_CHARS);
  // A topic's own sections as written and as the app keeps them: there a table row is a fact
  // with its column names ("Glycolysis — site: cytoplasm"), the same content in other words.
  const own = subject.topics.map((t) => `${ownMaterial(t, parsed)}\n${ownMaterial(t, files)}`);
  const refusals = refusalFragments(language);
  const structureOk = (...texts: string[]) =>
    texts.every((t) => structureTokens(t, context).length === 0);

  for (const [i, topic] of subject.topics.entries()) {
    const topicStarted = performance.now();
    const run = `${subject.id}/${topic.name}`;
    const others = own.filter((_, j) => j !== i);
    const ownText = own[i] ?? '';
    const k = topics.findIndex((t) => sameTopic(t.name, topic.name));
    const topicName = topics[k]?.name ?? topic.name;
    const deepDive = await ai.deepDive({
      subjectName: subject.name,
      topicName,
      prompt: keyTopics,
      sources: material[k] ?? [],
      language,
    });
    const points = deepDivePoints(deepDive.value, textsFor(language).deepDive.keyPoints);
    const origins = points.map((p) => sentenceFromSection(p, ownText, others, language));
    out.deepDives.push({
      run,
      ok: deepDiveOnTopic(origins),
      what: `${points.length} key points: ${origins.join(', ') || 'none'}`,
    });

    const lesson = await ai.lesson({
      subjectName: subject.name,
      topicName,
      content: deepDive.value,
      language,
    });
    const lessonId = i + 1;
    const m = await lessonMaterial({
      lessonId,
      title: topicName,
      latexContent: lesson.value,
      topicName,
      siblings: topics.map((t) => t.name).filter((n) => n !== topicName),
      subjectName: subject.name,
      files,
    });
    const request = {
      lessonTitle: m.title,
      subjectName: m.subjectName,
      material: m.focused,
      language,
    };
    const cards = await ai.flashcards({ ...request, max: DECK_MAX, seed: lessonId });
    for (const c of cards.value) {
      const filled = c.front.replace(BLANK, c.back);
      out.cards.push({
        run,
        what: `${c.front} -> ${c.back}`,
        checks: {
          structure: structureOk(c.front, c.back, filled),
          cut: !cutMidPhrase(c.source, language),
          ownTopic: answerFromOwnTopic(c.back, ownText, others, language),
          label: !labelAsTerm({ prompt: c.front, answer: c.back }, labels),
          junk: !testsInstructionOrStopWord(
            { answer: c.back, context: [c.front, c.source] },
            FRAGMENTS,
            language,
          ),
        },
      });
    }
    const fronts = cards.value.map((c) => c.front);
    const quiz = await ai.quiz({ ...request, max: QUIZ_MAX, seed: lessonId * 7919 });
    // Names the topic's material gives one thing (an acronym and its words, "a (b)").
    const sameThing = createSynonymCheck(
      ownText.split('\n').map((text) => ({ text })),
      language,
    );
    for (const q of quiz.value) {
      const answer = q.options[q.correctIndex] ?? '';
      const what = `${q.prompt} -> ${answer} | ${q.options.join(' | ')}`;
      out.questions.push({
        run,
        what,
        checks: {
          structure: structureOk(q.prompt, answer, q.prompt.replace(BLANK, answer)),
          cut: !cutMidPhrase(q.explanation, language),
          ownTopic: ((formula) =>
            formula
              ? holdsFormula(ownText, formula)
              : answerFromOwnTopic(answer, ownText, others, language))(
            appliedFormula(q.prompt, answer, language),
          ),
          label: !labelAsTerm({ prompt: q.prompt, answer }, labels),
          junk: !testsInstructionOrStopWord(
            { answer, context: [q.prompt, q.explanation] },
            FRAGMENTS,
            language,
          ),
          options: sameKindOptions(q.options),
          synonyms: !q.options.some((o, i) => i !== q.correctIndex && sameThing(o, answer)),
        },
      });
      out.repeats.push({ run, what: q.prompt, ok: !repeatsCard(q.prompt, fronts) });
    }

    const ask = lessonHelper(ai, m, language);
    for (const c of topic.covered) {
      const reply = await ask(c.question);
      const unitFile = c.unit && parsed.find((f) => f.name === c.unit?.file);
      const section =
        unitFile && c.unit ? (sectionsOf(unitFile.text).get(c.unit.heading) ?? '') : '';
      out.covered.push({
        run,
        what: `${c.question} -> ${reply.covered ? 'covered' : 'not covered'}: ${reply.answer.replace(/\s+/g, ' ').slice(0, 200)}`,
        checks: {
          terms: answersCovered(reply, c.terms, language),
          section: !c.unit || answersWithSection(reply, section, language),
          list: keepsListsWithLeadIns(reply.answer, leadIns, language),
        },
      });
    }
    for (const question of topic.uncovered) {
      const reply = await ask(question);
      out.uncovered.push({
        run,
        ok: isRefusal(reply, refusals),
        what: `${question} -> ${reply.answer.replace(/\s+/g, ' ').slice(0, 200)}`,
      });
    }
    out.topicMs.push(performance.now() - topicStarted);
  }
}

const pct = (x: number) => `${x.toFixed(1)} %`;
const sound = (item: { checks: Record<string, boolean> }) =>
  Object.values(item.checks).every(Boolean);

/**
 * Runs and prints one part of the notes corpus against the content targets, `--details`
 * listing what failed. Returns how many targets it missed.
 */
export async function notesPart(ai: AiEngine, split: Split, details: boolean): Promise<number> {
  const subjects = NOTES_CORPUS.filter((s) => s.split === split);
  const r: PartResults = {
    cards: [],
    questions: [],
    repeats: [],
    deepDives: [],
    covered: [],
    uncovered: [],
    topicMs: [],
  };
  for (const subject of subjects) await runSubject(ai, subject, r);
  const fileCount = subjects.reduce((n, s) => n + s.files.length, 0);
  const topicCount = subjects.reduce((n, s) => n + s.topics.length, 0);
  console.log(
    `\nNotes corpus, ${split} part: ${subjects.length} subjects, ${fileCount} files, ${topicCount} topics (${subjects.map((s) => `${s.id}: ${s.shape}`).join('; ')})`,
  );
  let missed = 0;
  const line = (
    name: string,
    values: boolean[],
    target: string,
    met: (x: number) => boolean,
    failures: { run: string; what: string }[],
    inverse = false,
  ) => {
    const ok = share(values);
    const figure = inverse ? 100 - ok : ok;
    const pass = values.length > 0 && met(figure);
    if (!pass) missed += 1;
    const good = values.filter(Boolean).length;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${name}\n      ${pct(figure)}  target ${target}  (${inverse ? values.length - good : good}/${values.length})`,
    );
    if (details) for (const f of failures) console.log(`        ✗ ${f.run}: ${f.what}`);
  };
  const failing = <T extends { checks: Record<string, boolean> }>(xs: T[]) =>
    xs.filter((x) => !sound(x));
  const classes = (items: Item[], label: string) => {
    for (const [key, name] of Object.entries(CHECKS)) {
      const own = items.filter((x) => key in x.checks);
      if (own.length === 0) continue;
      const good = own.filter((x) => x.checks[key]).length;
      console.log(
        `        ${label} ${name}: ${pct(share(own.map((x) => x.checks[key] === true)))} (${good}/${own.length})`,
      );
    }
  };
  line(
    'sound flashcards (every check below)',
    r.cards.map(sound),
    '>= 80 %',
    (x) => x >= 80,
    failing(r.cards),
  );
  classes(r.cards, 'cards:');
  line(
    'sound quiz questions (every check below)',
    r.questions.map(sound),
    '>= 80 %',
    (x) => x >= 80,
    failing(r.questions),
  );
  classes(r.questions, 'questions:');
  const items = [...r.cards, ...r.questions];
  const broken = items.map((x) => x.checks.structure === true && x.checks.cut === true);
  line(
    'broken-text items (structure tokens or a cut sentence)',
    broken,
    '0 %',
    (x) => x <= 0,
    items.filter((x) => !(x.checks.structure && x.checks.cut)),
    true,
  );
  line(
    'quiz prompts that repeat a card word for word',
    r.repeats.map((x) => x.ok),
    '<= 20 %',
    (x) => x <= 20,
    r.repeats.filter((x) => !x.ok),
    true,
  );
  line(
    'deep dives about their own topic (every key point from its material)',
    r.deepDives.map((x) => x.ok),
    '100 %',
    (x) => x >= 100,
    r.deepDives.filter((x) => !x.ok),
  );
  line(
    'helper fully answers covered questions',
    r.covered.map(sound),
    '>= 70 %',
    (x) => x >= 70,
    failing(r.covered),
  );
  const helperChecks = {
    terms: 'expected terms, marked covered',
    section: 'whole section for a heading question',
    list: 'lead-ins with their lists',
  };
  for (const [key, name] of Object.entries(helperChecks)) {
    const values = r.covered.map((x) => x.checks[key] === true);
    console.log(
      `        helper: ${name}: ${pct(share(values))} (${values.filter(Boolean).length}/${values.length})`,
    );
  }
  line(
    'helper flags uncovered questions as not covered',
    r.uncovered.map((x) => x.ok),
    '100 %',
    (x) => x >= 100,
    r.uncovered.filter((x) => !x.ok),
  );
  // What a student waits for per topic: its deep dive, lesson, cards, quiz and helper answers.
  const mean = r.topicMs.reduce((a, b) => a + b, 0) / Math.max(1, r.topicMs.length);
  console.log(
    `Time per topic (deep dive, lesson, cards, quiz, helper): mean ${mean.toFixed(0)} ms, max ${Math.max(0, ...r.topicMs).toFixed(0)} ms`,
  );
  return missed;
}
