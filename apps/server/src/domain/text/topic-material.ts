import { detectLanguage } from './language.js';
import { contentStems, markdownHeading } from './text.js';
import { type DerivedTopic, deriveTopics, sameTopic } from './topics.js';

/**
 * The part of a file that speaks of a topic, at most `maxChars`: the sections under headings
 * naming it; else the paragraphs that use its words; else the file's start. Writing a topic's
 * content then reads what concerns it, not every file of the subject in full, which bounds
 * the work per topic however much the student uploaded.
 */
export function topicMaterial(topicName: string, text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const sections: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const heading = markdownHeading(line);
    if (heading !== undefined) {
      current = sameTopic(heading, topicName) ? [line] : undefined;
      if (current) sections.push('');
      continue;
    }
    if (current) sections[sections.length - 1] += `${line}\n`;
  }
  const fromSections = take(sections, maxChars);
  if (fromSections) return fromSections;
  const language = detectLanguage(text);
  const words = new Set(contentStems(topicName, language));
  const paragraphs = text
    .split(/\n[^\S\n]*\n/)
    .filter((p) => words.size > 0 && contentStems(p, language).some((w) => words.has(w)));
  return take(paragraphs, maxChars) || text.slice(0, maxChars);
}

function take(parts: string[], maxChars: number): string {
  let out = '';
  for (const part of parts) {
    if (out.length >= maxChars) break;
    out += `${part.trim()}\n\n`;
  }
  return out.slice(0, maxChars).trim();
}

/** A file's text, as topics are derived from it. */
export interface Source {
  name: string;
  text: string;
}

/** Material one topic's content is written from, taken from the parts that speak of it. */
export const TOPIC_MATERIAL_CHARS = 100_000;

/** The part of each file that speaks of a topic, `maxChars` shared evenly by the files. */
export function materialFor(topicName: string, files: Source[], maxChars: number): Source[] {
  const share = Math.floor(maxChars / Math.max(1, files.length));
  return files.map((f) => ({ name: f.name, text: topicMaterial(topicName, f.text, share) }));
}

/**
 * A subject's topics, each with the part of the files that speaks of it (at most `maxChars`
 * per topic in all), in one pass over the material.
 */
export function topicsWithMaterial(
  keyTopics: string,
  files: Source[],
  maxChars: number,
): { topics: DerivedTopic[]; material: Source[][] } {
  const topics = deriveTopics(keyTopics, files);
  const material = topics.map((t) =>
    materialFor(
      t.name,
      files.filter((f) => t.sources.includes(f.name)),
      maxChars,
    ),
  );
  return { topics, material };
}
