import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { detectLanguage } from '../text/language.js';
import { splitSentences } from '../text/text.js';
import { contentWords } from '../text/words.js';
import { formulaOf } from './formula-question.js';

/**
 * English part-of-speech tagging through wink-nlp and its bundled English model (an npm
 * package: nothing is downloaded). Loaded on first use (~0.2 s), then ~0.3 ms a sentence.
 */
let engine: ReturnType<typeof winkNLP> | undefined;
function wink() {
  engine ??= winkNLP(model);
  return engine;
}

export interface Token {
  text: string;
  pos: string;
}

// The generator tags the same sentences for keyphrases, definitions, causes and labels, and
// a quiz reads the deck's material again: the last few thousand taggings are kept (a task's
// material), so each sentence is tagged once. Cleared whole when full: bounded memory.
const TAG_CACHE_SIZE = 4_000;
const tagged = new Map<string, readonly Token[]>();

/** Tokens of a short text with their universal POS tags. */
export function tag(text: string): Token[] {
  const known = tagged.get(text);
  if (known) return [...known];
  const nlp = wink();
  const doc = nlp.readDoc(text);
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(nlp.its.pos) as string[];
  // Frozen: a cached token is shared by every caller that tags the same text.
  const tokens = words.map((w, i) => Object.freeze({ text: w, pos: tags[i] ?? 'X' }));
  if (tagged.size >= TAG_CACHE_SIZE) tagged.clear();
  tagged.set(text, tokens);
  return [...tokens];
}

/** A sentence of the student's material and where it comes from. */
export interface SourceSentence {
  text: string;
  /** The lesson title or a file name, shown with citations. */
  source: string;
  /** A lead-in's list ("There are four conditions:"): the items under it, as written. */
  items?: string[];
  /** The list is numbered: its items are steps in that order. */
  ordered?: boolean;
}

// Uploaded files are data, never instructions: sentences that talk to an AI are not study
// material, so they neither become cards nor reach a model as passages.
const INJECTION =
  /\b(ignore|disregard|forget|override)\b[^.]{0,60}\b(instructions?|prompts?|rules|above|previous)\b|\b(system prompt|you are now|as an ai|jailbreak|developer mode)\b/i;

export function looksLikeInstruction(sentence: string): boolean {
  return INJECTION.test(sentence);
}

/**
 * The fixed parts an engine writes into a lesson, which are not study material: sections such
 * as "Check yourself" and placeholder sentences, in every language the engine writes.
 */
export interface LessonTemplate {
  /** Headings, lower case, whose sections are skipped. */
  sections: readonly string[];
  /** Starts of placeholder sentences, lower case. */
  placeholders: readonly string[];
  /**
   * Sentences the engine writes around the student's words (study instructions, check
   * prompts), each as its fixed parts in order, lower case: "work through “", "” and
   * summarise it in three sentences." matches any instruction of that form.
   */
  sentences?: readonly (readonly string[])[];
}

const NO_TEMPLATE: LessonTemplate = { sections: [], placeholders: [] };

/** Whether a sentence is, part for part, one the engine's template writes. */
function matchesParts(lower: string, parts: readonly string[]): boolean {
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
  if (parts.length === 1) return lower === first;
  if (!lower.startsWith(first) || !lower.endsWith(last)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const i = lower.indexOf(part, at);
    if (i < 0) return false;
    at = i + part.length;
  }
  return at <= lower.length - last.length;
}

/** A sentence without its bold and code markers (`**`, `__`, backticks), trimmed. */
const unmarked = (text: string) => text.replace(/\*\*|__|`/g, '').trim();

/** True when a sentence is text the engine wrote (an instruction, a prompt, a placeholder). */
export function isEngineText(sentence: string, template: LessonTemplate): boolean {
  const lower = unmarked(sentence).toLowerCase();
  if (template.placeholders.some((p) => lower.startsWith(p))) return true;
  return (template.sentences ?? []).some((parts) => matchesParts(lower, parts));
}

/**
 * Sentences a student can learn from: Markdown headings, questions, list markers, the
 * template's sections and placeholders, and instruction-like text are dropped; math is kept
 * whole.
 */
export function materialSentences(
  text: string,
  source: string,
  template: LessonTemplate = NO_TEMPLATE,
): SourceSentence[] {
  const kept: string[] = [];
  let skipping = false;
  for (const line of text.split('\n')) {
    const heading = line.match(/^\s{0,3}(#{1,6})\s/);
    if (heading) {
      const title = line.trim().replace(/^#+/, '').trim().toLowerCase();
      skipping = template.sections.some((s) => title.startsWith(s));
      kept.push('');
      continue;
    }
    if (skipping) continue;
    // Emphasised one-liners (`*Subject*`) are labels, not sentences.
    if (/^\s*[*_][^*_]+[*_]\s*$/.test(line)) {
      kept.push('');
      continue;
    }
    kept.push(line);
  }
  const language = detectLanguage(text);
  const lists = leadInLists(kept);
  const listOf = new Map(lists.map((l) => [l.line, l]));
  // A lead-in is most often a whole line; one that ends a longer line is looked for among a
  // bounded number of lists, so a file of thousands of lead-ins stays linear.
  const listAt = (text: string) =>
    listOf.get(text) ??
    (lists.length <= MAX_LISTS_SEARCHED ? lists.find((l) => l.line.endsWith(text)) : undefined);
  return splitSentences(kept.join('\n'))
    .map(unmarked)
    .filter(
      (s) =>
        // A formula on a line of its own ("- $v = u + at$") is material too: the quiz applies it.
        // Read (a mathjs parse) only for lines too short to be sentences.
        ((s.length >= 15 && contentWords(s, language).length >= 2) || formulaOf(s) !== undefined) &&
        s.length <= 600 &&
        !s.endsWith('?') &&
        !looksLikeInstruction(s) &&
        !isEngineText(s, template),
    )
    .map((text) => {
      // A lead-in keeps its list, so an answer quoting it quotes the list too.
      const list = text.endsWith(':') ? listAt(text) : undefined;
      if (!list) return { text, source };
      return list.ordered
        ? { text, source, items: list.items, ordered: true }
        : { text, source, items: list.items };
    });
}

const LIST_ITEM = /^\s{0,6}(?:[-*+•]|\d{1,3}[.)])\s+/;
const NUMBERED_ITEM = /^\s{0,6}\d{1,3}[.)]\s+/;
const MAX_LISTS_SEARCHED = 200;

/**
 * Each line that ends with a colon and is followed by list items, with those items. A lead-in
 * that is itself a list item owns only the items indented under it: its siblings are not its
 * list (a lesson's key points are bullets one after another).
 */
function leadInLists(lines: string[]): { line: string; items: string[]; ordered: boolean }[] {
  const out: { line: string; items: string[]; ordered: boolean }[] = [];
  const indent = (line: string) => line.length - line.trimStart().length;
  lines.forEach((raw, i) => {
    const line = unmarked(raw.replace(LIST_ITEM, '')).replace(/\s+/g, ' ');
    if (!line.endsWith(':')) return;
    const under = LIST_ITEM.test(raw) ? indent(raw) : -1;
    const items: string[] = [];
    // Steps in order: every item numbered, none nested under another.
    let ordered = true;
    let first = -1;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? '';
      if (!LIST_ITEM.test(next) || indent(next) <= under) break;
      if (first < 0) first = indent(next);
      ordered &&= NUMBERED_ITEM.test(next) && indent(next) === first;
      items.push(unmarked(next.replace(LIST_ITEM, '')));
    }
    if (items.length > 0) out.push({ line, items, ordered });
  });
  return out;
}
