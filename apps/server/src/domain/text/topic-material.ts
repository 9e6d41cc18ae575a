import { detectLanguage, type Language } from './language.js';
import type { Source } from './material.js';
import { markdownHeading } from './text.js';
import { type DerivedTopic, deriveTopics, sameTopic } from './topics.js';
import { contentStems } from './words.js';

/** A passage of a file: a paragraph, or one bullet line with its continuation lines. */
interface Passage {
  text: string;
  /** The headings above it, outermost first, with their levels. */
  headings: { title: string; level: number }[];
  /** Whether a new block (after a blank line or heading) starts here. */
  blockStart: boolean;
  /** A heading line: it goes with the section it lies in, never by the words it shares. */
  heading?: true;
}

const BULLET = /^\s{0,6}(?:[-*+•]|\d{1,3}[.)])\s/;
const UNDERLINE = /^\s{0,3}(?:=+|-+)\s*$/;

/**
 * A file cut into passages under their headings: Markdown headings (`#` to `######`) and
 * underlined ones (`===` level 1, `---` level 2). A heading closes every open heading of its
 * level or deeper, so a section runs down to the next heading of the same or a higher level.
 */
function passagesOf(text: string): Passage[] {
  const lines = text.split('\n');
  const out: Passage[] = [];
  let stack: { title: string; level: number }[] = [];
  let current: Passage | undefined;
  let blockStart = true;
  const open = (line: string, title: string, level: number) => {
    stack = [...stack.filter((h) => h.level < level), { title, level }];
    out.push({ text: line, headings: stack, blockStart: true, heading: true });
    current = undefined;
    blockStart = true;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const md = markdownHeading(line);
    if (md !== undefined) {
      let level = 0;
      while (line.trimStart()[level] === '#') level++;
      open(line, md, level);
      continue;
    }
    const next = lines[i + 1];
    const trimmed = line.trim();
    if (
      next !== undefined &&
      trimmed.length > 0 &&
      trimmed.length < 120 &&
      !BULLET.test(line) &&
      UNDERLINE.test(next)
    ) {
      const level = next.trim().startsWith('=') ? 1 : 2;
      open(`${'#'.repeat(level)} ${trimmed}`, trimmed, level);
      i++;
      continue;
    }
    if (trimmed.length === 0) {
      current = undefined;
      blockStart = true;
      continue;
    }
    if (current && !BULLET.test(line)) {
      current.text += `\n${line}`;
      continue;
    }
    current = { text: line, headings: stack, blockStart };
    out.push(current);
    blockStart = false;
  }
  return out;
}

/** How much of a topic's name a passage names: the share of the name's content stems in it. */
function overlap(name: ReadonlySet<string>, words: ReadonlySet<string>): number {
  if (name.size === 0) return 0;
  let n = 0;
  for (const w of name) if (words.has(w)) n++;
  return n / name.size;
}

/**
 * A passage that names a topic's key terms (all of a short name's, two thirds of a longer
 * one's) links it: it may be shared with that topic though it sits in another's section.
 */
function links(name: ReadonlySet<string>, words: ReadonlySet<string>): boolean {
  if (name.size === 0) return false;
  const needed = name.size <= 2 ? name.size : Math.ceil((name.size * 2) / 3);
  return overlap(name, words) * name.size >= needed;
}

/**
 * Which of the topics each passage of a file belongs to (indexes into `topics`): a heading
 * that names a topic claims its section (the deepest such heading decides); material under
 * no such heading goes to the topics whose names it shares most words with. A passage is
 * shared with a further topic only when it names that topic's key terms itself.
 */
function assignPassages(
  topics: readonly string[],
  passages: Passage[],
  language: Language,
  fileTopic?: number,
): number[][] {
  const names = topics.map((t) => new Set(contentStems(t, language)));
  const claims = new Map<string, number[]>();
  const claimOf = (heading: string) => {
    let owners = claims.get(heading);
    if (!owners) {
      owners = topics.flatMap((t, k) => (sameTopic(heading, t) ? [k] : []));
      claims.set(heading, owners);
    }
    return owners;
  };
  // A file some of whose headings name topics is cut by its headings: a section under
  // headings that name none ("Introduction") is no topic's by the words it shares, only where
  // it names a topic's key terms ("how problems reach the agenda" is not Agenda setting).
  const structured = passages.some(
    (p) =>
      p.heading &&
      claimOf((p.headings[p.headings.length - 1] as { title: string }).title).length > 0,
  );
  return passages.map((p) => {
    let owners: number[] = [];
    for (let h = p.headings.length - 1; h >= 0 && owners.length === 0; h--)
      owners = claimOf((p.headings[h] as { title: string }).title);
    // The heading that names a topic says no more than the topic's name, so only the
    // headings within its section are kept, as its outline.
    if (p.heading) {
      const own = claimOf((p.headings[p.headings.length - 1] as { title: string }).title);
      return own.length > 0 ? [] : owners;
    }
    // One topic alone owns what is under its heading: nothing else to weigh.
    if (owners.length > 0 && topics.length === 1) return owners;
    const words = new Set(contentStems(p.text, language));
    // A file named for a topic is that topic's material wherever no heading says otherwise.
    if (owners.length === 0 && fileTopic !== undefined) owners = [fileTopic];
    if (owners.length === 0 && !(structured && p.headings.length > 0)) {
      const scores = names.map((n) => overlap(n, words));
      const best = Math.max(0, ...scores);
      if (best > 0) owners = scores.flatMap((s, k) => (s === best ? [k] : []));
    }
    const shared = names.flatMap((n, k) => (!owners.includes(k) && links(n, words) ? [k] : []));
    return [...owners, ...shared];
  });
}

/** The passages of one topic as text: a blank line between blocks, bullets kept together. */
function joinPassages(passages: Passage[], maxChars: number): string {
  let out = '';
  for (const p of passages) {
    if (out.length >= maxChars) break;
    out += `${out && p.blockStart ? '\n' : ''}${p.text.trim()}\n`;
  }
  return out.slice(0, maxChars).trim();
}

/**
 * The part of a file that belongs to a topic, at most `maxChars`, however short the file: the
 * sections under headings naming it, else the passages (paragraphs, bullet lines) that use
 * its words most. With `others`, the subject's other topics, each passage goes to its own
 * topic and is shared only where it names both. Writing a topic's content then reads what
 * concerns it, not every section of the file, and the work per topic stays bounded. Material
 * that speaks of no topic is read for all; a lone topic with none reads the file's start.
 */
export function topicMaterial(
  topicName: string,
  text: string,
  maxChars: number,
  others: readonly string[] = [],
): string {
  return materialOfTopics([topicName, ...others], text, maxChars)[0] ?? '';
}

/**
 * The topic a file is named for: by its file name ("manchurian-incident.pdf" for "The
 * Manchurian Incident") or by its first heading when that is a level-1 title; undefined when
 * it names none, or more than one.
 */
export function fileTopic(file: Source, topics: readonly string[]): number | undefined {
  const dot = file.name.lastIndexOf('.');
  const base = dot > 0 ? file.name.slice(0, dot) : file.name;
  const firstLine = file.text.slice(0, file.text.indexOf('\n') >>> 0).trim();
  const title = firstLine.startsWith('# ') ? markdownHeading(firstLine) : undefined;
  for (const name of [base, title]) {
    if (!name) continue;
    const named = topics.flatMap((t, k) => (sameTopic(name, t) ? [k] : []));
    if (named.length === 1) return named[0];
  }
  return undefined;
}

/** `topicMaterial` for each of the topics at once, the file cut and read once. */
function materialOfTopics(
  topics: readonly string[],
  text: string,
  maxChars: number,
  named?: number,
): string[] {
  const passages = passagesOf(text);
  const owners = assignPassages(topics, passages, detectLanguage(text), named);
  const unowned = passages.filter((p, i) => !p.heading && owners[i]?.length === 0);
  return topics.map((_, k) => {
    const own = passages.filter((_, i) => owners[i]?.includes(k));
    if (own.some((p) => !p.heading)) return joinPassages(own, maxChars);
    if (topics.length > 1) return joinPassages(unowned, maxChars);
    return text.slice(0, maxChars).trim();
  });
}

/** A file's text, as topics are derived from it. */
export { type Source, TOPIC_MATERIAL_CHARS } from './material.js';

/**
 * The part of each file that belongs to a topic, `maxChars` shared evenly by the files;
 * `others` are the subject's other topics, whose sections it leaves to them.
 */
export function materialFor(
  topicName: string,
  files: Source[],
  maxChars: number,
  others: readonly string[] = [],
): Source[] {
  const share = Math.floor(maxChars / Math.max(1, files.length));
  const topics = [topicName, ...others];
  return files.map((f) => ({
    name: f.name,
    text: materialOfTopics(topics, f.text, share, fileTopic(f, topics))[0] ?? '',
  }));
}

/**
 * A subject's topics, each with the part of the files that belongs to it (at most `maxChars`
 * per topic in all), each file cut into its topics' sections once.
 */
export function topicsWithMaterial(
  keyTopics: string,
  files: Source[],
  maxChars: number,
): { topics: DerivedTopic[]; material: Source[][] } {
  // A plan's topics are the student's key topics; the files are their material.
  const topics = deriveTopics(keyTopics, files, undefined, { keyTopicsOnly: true });
  const names = topics.map((t) => t.name);
  // A file named for a topic is that topic's source, whatever words it shares.
  const named = files.map((f) => fileTopic(f, names));
  named.forEach((k, j) => {
    const t = k === undefined ? undefined : topics[k];
    const name = files[j]?.name;
    if (t && name && !t.sources.includes(name)) t.sources.push(name);
  });
  const perFile = files.map((f, j) =>
    topics.some((t) => t.sources.includes(f.name))
      ? materialOfTopics(names, f.text, maxChars, named[j])
      : [],
  );
  const material = topics.map((t, k) => {
    const share = Math.floor(maxChars / Math.max(1, t.sources.length));
    return files.flatMap((f, j) =>
      t.sources.includes(f.name)
        ? [{ name: f.name, text: (perFile[j]?.[k] ?? '').slice(0, share).trim() }]
        : [],
    );
  });
  return { topics, material };
}
