import { KEY_TOPIC_MAX_NAME, splitKeyTopics } from '@studybuddy/contracts';
import { detectLanguage } from './language.js';
import { findHeadings, markdownHeading, splitSentences } from './text.js';
import { contentStems } from './words.js';

export interface DerivedTopic {
  name: string;
  /** Relative amount of material (about one unit per 100 words), at least 1. */
  size: number;
  /** Names of the files that speak of it. */
  sources: string[];
}

const MAX_NAME = KEY_TOPIC_MAX_NAME;

export { splitKeyTopics };

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A name as sameTopic compares it: its words, padded so that containment is whole-word. */
const topicKey = (s: string) => ` ${normalise(s)} `;

function sameKey(x: string, y: string): boolean {
  // Whole-word containment: 'Derivatives' matches 'Derivatives and rules', 'Topic 1' not 'Topic 10'.
  return x === y || (x.length > 6 && y.includes(x)) || (y.length > 6 && x.includes(y));
}

/** Whether two names speak of the same topic (whole-word containment). */
export function sameTopic(a: string, b: string): boolean {
  return sameKey(topicKey(a), topicKey(b));
}

/** Words of each heading's section in a text (Markdown headings). */
function sectionWords(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const heading = markdownHeading(line);
    if (heading !== undefined) {
      current = heading;
      continue;
    }
    if (current) out.set(current, (out.get(current) ?? 0) + (line.match(/\S+/g)?.length ?? 0));
  }
  return out;
}

/** A file's name without its extension, as a student would read it as a title. */
function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Whether a heading only repeats the file's name ("Lecture notes week 1-6"). */
function namesFile(heading: string, fileName: string): boolean {
  return normalise(heading) === normalise(baseName(fileName));
}

/**
 * The file's title: its only level-1 heading when lower headings follow it, the heading of the
 * whole file rather than of one part of it (none when there is no such heading).
 */
function titleHeadings(text: string): Set<string> {
  let title: string | undefined;
  let tops = 0;
  let below = false;
  for (const line of text.split('\n')) {
    const heading = markdownHeading(line);
    if (heading === undefined) continue;
    if (line.trimStart()[1] !== '#') {
      tops++;
      title ??= heading;
    } else if (title !== undefined) below = true;
  }
  return new Set(title !== undefined && tops === 1 && below ? [title] : []);
}

/**
 * Topics of a subject: the student's key topics first, in their order, then the headings of
 * the uploaded files not already among them (only when the student gave no key topics, with
 * `keyTopicsOnly`; never a file's name or title). Size comes from how much of the material speaks of
 * each topic, so the planner gives more time to what has more to learn.
 */
export function deriveTopics(
  keyTopics: string,
  files: { name: string; text: string }[],
  max = 15,
  options: { keyTopicsOnly?: boolean } = {},
): DerivedTopic[] {
  // Only the first `max` names are kept, so collecting stops there: each new name is compared
  // with all before it, which is quadratic in the thousands of headings a file can have.
  const names: string[] = [];
  const add = (name: string) => {
    if (!names.some((n) => sameTopic(n, name))) names.push(name);
  };
  for (const t of splitKeyTopics(keyTopics)) if (names.length < max) add(t);
  // A file is material for the topics, never a topic of its own: a heading repeating its name
  // or its title is none. With `keyTopicsOnly` (a plan's topics) the student's key topics are
  // the topics, as a heading that names none of them would take their material and sessions
  // ("Lecture notes week 1-6", "Week 3: substitution"); the files' headings are topics only
  // when the student gave none. Suggestions offer the headings beside the key topics.
  if (names.length === 0 || !options.keyTopicsOnly)
    for (const f of files) {
      if (names.length >= max) break;
      const titles = titleHeadings(f.text);
      for (const h of findHeadings(f.text)) {
        if (names.length >= max) break;
        const name = h.length > MAX_NAME ? `${h.slice(0, MAX_NAME - 1)}…` : h;
        if (name.length >= 3 && !titles.has(h) && !namesFile(name, f.name)) add(name);
      }
    }
  if (names.length === 0) names.push(keyTopics.trim().slice(0, MAX_NAME));
  const chosen = names.slice(0, max);
  // Each file is read in its own language: its stems and stop words, and the topic's name
  // stemmed the same way.
  const fileSentences = files.map((f) => {
    const language = detectLanguage(f.text);
    return {
      name: f.name,
      language,
      sentenceWords: splitSentences(f.text).map((s) => contentStems(s, language)),
      sections: [...sectionWords(f.text)].map(([heading, count]) => ({
        key: topicKey(heading),
        count,
      })),
    };
  });
  return chosen.map((name) => {
    const key = topicKey(name);
    let material = 0;
    const sources: string[] = [];
    for (const f of fileSentences) {
      const words = new Set(contentStems(name, f.language));
      let hits = 0;
      for (const section of f.sections) if (sameKey(section.key, key)) hits += section.count;
      for (const w of f.sentenceWords)
        if (words.size > 0 && w.some((x) => words.has(x))) hits += w.length;
      if (hits > 0) sources.push(f.name);
      material += hits;
    }
    return { name, size: Math.max(1, Math.round((material / 100) * 10) / 10), sources };
  });
}
