/**
 * What the content benchmark measures, as pure functions over the engine's output and the
 * student's material. Text is compared as word sequences: lower case, punctuation and Markdown
 * or LaTeX markers dropped, each word reduced to its stem in the material's language, so that
 * "charges" in a card and "charge" in the notes still match while a word the material never
 * uses does not.
 */

import { looksLikeInstruction } from '../src/domain/nlp/nlp.js';
import { isStopWord, type Language, stem } from '../src/domain/text/language.js';
import { escapeHtml, markdownHeading } from '../src/domain/text/text.js';

/** The words of a text, lower case, in order (letters and digits; everything else splits). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function stemmed(text: string, language: Language): string {
  return ` ${words(text)
    .map((w) => stem(language, w))
    .join(' ')} `;
}

/** Whether `part`'s words occur in `whole` in the same order, side by side (stemmed). */
export function containsWords(whole: string, part: string, language: Language): boolean {
  const p = stemmed(part, language);
  return p.trim().length > 0 && stemmed(whole, language).includes(p);
}

/** An answer (a card's back, a question's correct option) is in the material: its words occur there in order. */
export function answerInMaterial(answer: string, material: string, language: Language): boolean {
  return containsWords(material, answer, language);
}

/** What a card or a question tests: its answer, and the text it is drawn from or shows. */
export interface TestedItem {
  answer: string;
  /** The card's front and source sentence, or the question's prompt and explanation. */
  context: string[];
}

// Pieces of the engine's own texts shorter than this are too common to mean anything
// ("Key points"); longer ones ("in your own words") only occur where the engine wrote them.
const MIN_FRAGMENT_WORDS = 3;
const HOLE = '\u0001';

/**
 * The fixed pieces of the engine's own texts (headings, checklist and check-yourself
 * instructions, helper sentences): every string of the given sections, and every function
 * called with a placeholder for its arguments, cut at the placeholder and at punctuation;
 * pieces of at least three words, but for those in `except` (the wording of card fronts,
 * which a card's front holds by design).
 */
export function engineFragments(
  sections: readonly object[],
  except: readonly string[] = [],
): string[] {
  const out = new Set<string>();
  const add = (text: string) => {
    for (const piece of text.split(new RegExp(`${HOLE}|[.:;!?“”"«»„()\\n]`, 'u'))) {
      const w = words(piece);
      if (w.length >= MIN_FRAGMENT_WORDS) out.add(w.join(' '));
    }
  };
  const visit = (value: unknown) => {
    if (typeof value === 'string') add(value);
    else if (typeof value === 'function')
      add(String((value as (...a: unknown[]) => unknown)(HOLE, HOLE, HOLE, HOLE)));
    else if (value && typeof value === 'object') for (const v of Object.values(value)) visit(v);
  };
  for (const s of sections) visit(s);
  const skip = new Set(except);
  return [...out].filter((f) => !skip.has(f));
}

function hasFragment(text: string, fragments: readonly string[]): boolean {
  const t = ` ${words(text).join(' ')} `;
  return fragments.some((f) => t.includes(` ${f} `));
}

// Letters in a formula are variables ("V = I R"), not the stop words "i" or "a".
const MATH = /[=^√\\_$+×÷<>≤≥]/;

/**
 * A card or question that tests no knowledge: its answer is only stop words (or no word at
 * all; a formula's letters are variables, not words), or its answer or context holds a piece
 * of the engine's own instructions, or it reads as an instruction to an AI.
 */
export function testsInstructionOrStopWord(
  item: TestedItem,
  fragments: readonly string[],
  language: Language,
): boolean {
  const answerWords = words(item.answer);
  if (answerWords.length === 0) return true;
  if (!MATH.test(item.answer) && answerWords.every((w) => isStopWord(language, w))) return true;
  return [item.answer, ...item.context].some(
    (text) => hasFragment(text, fragments) || looksLikeInstruction(text),
  );
}

/**
 * The kind of an option: a number with its unit (`number:kg`), a formula, a phrase holding a
 * number (a date), a term (one to three words) or a phrase (more).
 */
export function optionKind(option: string): string {
  const o = option.trim().replace(/^\$+|\$+$/g, '');
  const number = o.match(/^[-+−~≈]?\d[\d\s.,/]*(?:\s*([%°]|\p{L}[\p{L}/²³]*))?$/u);
  if (number) return `number:${(number[1] ?? '').toLowerCase()}`;
  // A hyphen inside a word ("après-midi") is no minus sign: operators need a space or a digit.
  if (/[=^√\\_]|[\p{L}\d]\s[+*/×−-]\s[\p{L}\d]|\d[+*/×−-]\d/u.test(o) && words(o).length <= 12)
    return 'formula';
  if (/\d/.test(o)) return 'phrase-with-number';
  return words(o).length <= 3 ? 'term' : 'phrase';
}

/** Four options, no two the same (by their words), all of one kind. */
export function sameKindOptions(options: readonly string[]): boolean {
  if (options.length !== 4) return false;
  if (new Set(options.map((o) => words(o).join(' '))).size !== 4) return false;
  return new Set(options.map(optionKind)).size === 1;
}

/** A file's sections by heading: the text under each Markdown heading, up to the next. */
export function sectionsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const heading = markdownHeading(line);
    if (heading !== undefined) {
      current = heading;
      out.set(current, '');
    } else if (current !== undefined) out.set(current, `${out.get(current)}${line}\n`);
  }
  return out;
}

/** Where a sentence of the engine's output comes from: the topic's own section, another topic's, or neither. */
export function sentenceFromSection(
  sentence: string,
  ownSection: string,
  otherSections: readonly string[],
  language: Language,
): 'own' | 'other' | 'none' {
  if (containsWords(ownSection, sentence, language)) return 'own';
  if (otherSections.some((s) => containsWords(s, sentence, language))) return 'other';
  return 'none';
}

/** Every expected term occurs in the answer (its words in order, stemmed). */
export function containsExpectedTerms(
  answer: string,
  terms: readonly string[],
  language: Language,
): boolean {
  return terms.length > 0 && terms.every((t) => containsWords(answer, t, language));
}

/** The lesson helper's reply, as the engine returns it. */
export interface HelperReply {
  answer: string;
  covered: boolean;
  passages: readonly unknown[];
}

/**
 * An honest refusal: the engine says the material does not cover the question (its own
 * `covered` signal), quotes no passage, and tells the student so in its refusal words
 * (`refusals`: the fixed pieces of its "not found" texts in the student's language).
 */
export function isRefusal(reply: HelperReply, refusals: readonly string[]): boolean {
  return !reply.covered && reply.passages.length === 0 && hasFragment(reply.answer, refusals);
}

/** A covered question answered: the engine quotes the material and the answer holds every expected term. */
export function answersCovered(
  reply: HelperReply,
  terms: readonly string[],
  language: Language,
): boolean {
  return reply.covered && containsExpectedTerms(reply.answer, terms, language);
}

/** Share of true values, as a percentage; 100 for none (nothing failed). */
export function share(values: readonly boolean[]): number {
  return values.length === 0 ? 100 : (100 * values.filter(Boolean).length) / values.length;
}

/** The deep dive's key points: the items of the list under its key-points heading, as text. */
export function deepDivePoints(html: string, heading: string): string[] {
  const start = html.indexOf(`<h3>${escapeHtml(heading)}</h3><ul>`);
  if (start < 0) return [];
  const list = html.slice(start).match(/<ul>([\s\S]*?)<\/ul>/)?.[1] ?? '';
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => unescapeHtml(m[1] ?? ''));
}

function unescapeHtml(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
