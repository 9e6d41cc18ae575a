import { contentWords, findHeadings, splitSentences } from './text.js';

export interface DerivedTopic {
  name: string;
  /** Relative amount of material (about one unit per 100 words), at least 1. */
  size: number;
  /** Names of the files that speak of it. */
  sources: string[];
}

const MAX_NAME = 120;

/** The student's key topics as a list: one per line, bullet, semicolon or comma. */
export function splitKeyTopics(keyTopics: string): string[] {
  const byLine = keyTopics
    .split(/\r?\n|;|•|·/)
    .flatMap((line) => line.split(/,(?![^()]*\))/))
    .map((t) =>
      t
        .replace(/^\s*(?:[-*+]|\d+[.)])\s*/, '')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[.:]$/, ''),
    )
    .filter((t) => t.length >= 3);
  return byLine.map((t) => (t.length > MAX_NAME ? `${t.slice(0, MAX_NAME - 1).trimEnd()}…` : t));
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function sameTopic(a: string, b: string): boolean {
  // Whole-word containment: 'Derivatives' matches 'Derivatives and rules', 'Topic 1' not 'Topic 10'.
  const x = ` ${normalise(a)} `;
  const y = ` ${normalise(b)} `;
  return x === y || (x.length > 6 && y.includes(x)) || (y.length > 6 && x.includes(y));
}

/** Words of each heading's section in a text (Markdown headings). */
function sectionWords(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const h = line.match(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/);
    if (h?.[1]) {
      current = h[1].trim();
      continue;
    }
    if (current) out.set(current, (out.get(current) ?? 0) + (line.match(/\S+/g)?.length ?? 0));
  }
  return out;
}

/**
 * Topics of a subject: the student's key topics first, in their order, then the headings of
 * the uploaded files that are not already among them. Size comes from how much of the material
 * speaks of each topic, so the planner gives more time to what has more to learn.
 */
export function deriveTopics(
  keyTopics: string,
  files: { name: string; text: string }[],
  max = 15,
): DerivedTopic[] {
  const names: string[] = [];
  for (const t of splitKeyTopics(keyTopics)) if (!names.some((n) => sameTopic(n, t))) names.push(t);
  for (const f of files) {
    for (const h of findHeadings(f.text)) {
      const name = h.length > MAX_NAME ? `${h.slice(0, MAX_NAME - 1)}…` : h;
      if (name.length >= 3 && !names.some((n) => sameTopic(n, name))) names.push(name);
    }
  }
  if (names.length === 0) names.push(keyTopics.trim().slice(0, MAX_NAME));
  const chosen = names.slice(0, max);
  const fileSentences = files.map((f) => ({
    name: f.name,
    sentences: splitSentences(f.text),
    sections: sectionWords(f.text),
  }));
  return chosen.map((name) => {
    const words = new Set(contentWords(name));
    let material = 0;
    const sources: string[] = [];
    for (const f of fileSentences) {
      let hits = 0;
      for (const [heading, count] of f.sections) if (sameTopic(heading, name)) hits += count;
      for (const s of f.sentences) {
        const w = contentWords(s);
        if (words.size > 0 && w.some((x) => words.has(x))) hits += w.length;
      }
      if (hits > 0) sources.push(f.name);
      material += hits;
    }
    return { name, size: Math.max(1, Math.round((material / 100) * 10) / 10), sources };
  });
}
