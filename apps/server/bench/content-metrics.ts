/**
 * What the content benchmark measures, as pure functions over the engine's output and the
 * student's material. Text is compared as word sequences: lower case, punctuation and Markdown
 * or LaTeX markers dropped, each word reduced to its stem in the material's language, so that
 * "charges" in a card and "charge" in the notes still match while a word the material never
 * uses does not.
 */

import { readFormula } from '../src/domain/nlp/formula-question.js';
import { looksLikeInstruction } from '../src/domain/nlp/nlp.js';
import { isStopWord, type Language, stem } from '../src/domain/text/language.js';
import { escapeHtml, findMath, markdownHeading, replaceMath } from '../src/domain/text/text.js';

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

/**
 * Whether `part`'s words occur in `whole` in the same order, side by side (stemmed). A sequence
 * of steps ("A → B → C", an order question's option) is there when each step is, in that order.
 */
export function containsWords(whole: string, part: string, language: Language): boolean {
  const w = stemmed(whole, language);
  let from = 0;
  for (const step of part.split(' → ')) {
    const p = stemmed(step, language);
    const at = p.trim().length > 0 ? w.indexOf(p, from) : -1;
    if (at < 0) return false;
    from = at + p.length - 1;
  }
  return true;
}

/** An answer (a card's back, a question's correct option) is in the material: its words occur there in order. */
export function answerInMaterial(answer: string, material: string, language: Language): boolean {
  return containsWords(material, answer, language);
}

/**
 * The formula an apply question asks, when its key is right: the prompt's first `$…$` is a
 * formula, the next ones give every quantity it needs a value (`$u = 3$`), and the key, read as
 * the material's language writes numbers, is the formula's value there (evaluated here, not
 * taken from the engine). Undefined for any other question, or a wrong key.
 */
export function appliedFormula(
  prompt: string,
  key: string,
  language: Language,
): string | undefined {
  const [first, ...rest] = findMath(prompt);
  const formula = first ? readFormula(first) : undefined;
  if (!formula) return undefined;
  const given = new Map<string, number>();
  for (const math of rest) {
    const m = /^\$*(.+?)\s*=\s*(-?\d+(?:\.\d+)?)\$*$/.exec(math);
    if (m?.[1] && m[2]) given.set(m[1].trim(), Number(m[2]));
  }
  const scope: Record<string, number> = {};
  for (const q of formula.inputs) {
    const value = given.get(q.latex);
    if (value === undefined) return undefined;
    scope[q.symbol] = value;
  }
  const decimal = new Intl.NumberFormat(language)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  const asNumber = Number(key.replace(decimal?.value ?? '.', '.').replace('\u2212', '-'));
  const value = Number(formula.expression.compile().evaluate(scope));
  return Math.abs(value - asNumber) < 0.005 ? formula.latex : undefined;
}

/** True when the material holds this LaTeX formula (spaces aside). */
export function holdsFormula(material: string, latex: string): boolean {
  const squeeze = (t: string) => t.replace(/\s+/g, '');
  return squeeze(material).includes(squeeze(latex));
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
  // A number is not a stop word, though the lists hold "10": a key computed from a formula is one.
  const stop = (w: string) => !/^\d+$/.test(w) && isStopWord(language, w);
  if (!MATH.test(item.answer) && answerWords.every(stop)) return true;
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

/** What a file's structure leaves behind that no card or question should show. */
export interface StructureContext {
  /** Keys of the files' YAML front matter ("title", "tags"). */
  frontMatterKeys: readonly string[];
  /** Table-of-contents entries: a heading and its page number ("Agenda setting 3"). */
  tocEntries: readonly string[];
  /** Running headers and footers of the files' pages. */
  runningLines: readonly string[];
}

/** The keys of a file's YAML front matter (the `---` block that opens it). */
export function frontMatterKeys(text: string): string[] {
  const block = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n/)?.[1] ?? '';
  return [...block.matchAll(/^([\p{L}_][\p{L}\p{N}_-]*)\s*:/gmu)].map((m) => m[1] ?? '');
}

/** A parsed document's table-of-contents lines: a title, a tab or dot leader, a page number. */
export function tocEntries(text: string): string[] {
  return [...text.matchAll(/^(.*?\S)(?:\t+|\s*\.{3,}\s*|\s*…+\s*)(\d{1,4})\s*$/gmu)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
}

// LaTeX command names that are no word of any language the app speaks: seen bare in a card
// ("What does frac mean?") they are a command read as a term.
const LATEX_NAMES =
  /\b(?:frac|dfrac|tfrac|sqrt|cdot|mathrm|mathbf|mathit|rightarrow|leftarrow|leq|geq|neq|approx|infty|qquad)\b/u;

/** The checks of `structureTokens`, each a kind of markup that leaked into an item. */
const STRUCTURE: [string, RegExp][] = [
  ['table pipe', /\|/u],
  // Braces, comments, statement ends, increments and comparisons of code; a semicolon only
  // after a Latin identifier, a digit or a bracket, since Greek ends a question with ";".
  ['code', /[{}]|\/\/|\/\*|[A-Za-z0-9_)\]]\s*;\s*(?:$|\/\/)|\+\+|==|!=|&&|`/u],
  ['latex', /\\[A-Za-z]+/u],
  // A YAML flow list ("[mechanics, motion]"): a front-matter value, never prose.
  ['front matter', /\[[^[\]]*,[^[\]]*\]/u],
  ['embed', /!?\[\[|\]\]|\b[\w-]+\.(?:png|jpe?g|gif|svg|webp)\b/iu],
  ['page number', /\b(?:page|página|σελίδα)\s+\d+\s+(?:of|de|από)\s+\d+\b/iu],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The kinds of document structure in a card's or question's stem or answer: YAML keys (a key
 * with its colon, quoted or asked about as a term) and flow lists, table pipes, code, LaTeX commands (with or without
 * their backslash), embeds and image names, table-of-contents entries, running headers and
 * page footers. An empty list for clean text.
 */
export function structureTokens(text: string, context: StructureContext): string[] {
  const found = new Set<string>();
  // A formula in its delimiters is shown as a formula (cards and questions render `$…$` with
  // KaTeX, as lessons do): its commands are no leaked markup. Elsewhere they are.
  const prose = replaceMath(text, () => ' ');
  for (const [kind, pattern] of STRUCTURE)
    if (pattern.test(kind === 'latex' || kind === 'code' ? prose : text)) found.add(kind);
  if (LATEX_NAMES.test(prose)) found.add('latex');
  for (const key of context.frontMatterKeys) {
    const k = escapeRegExp(key);
    // The key with its colon, quoted as a term, or asked about ("What is tags?").
    const asKey = new RegExp(`(?:^|[\\s«“"'‘(¿])${k}(?:\\s*[:?]|[»”"'’)])`, 'iu');
    if (asKey.test(text) || words(text).join(' ') === words(key).join(' '))
      found.add('front matter');
  }
  const t = ` ${words(text).join(' ')} `;
  if (context.tocEntries.some((e) => t.includes(` ${words(e).join(' ')} `))) found.add('toc line');
  if (
    context.runningLines.some((l) => words(l).length > 0 && t.includes(` ${words(l).join(' ')} `))
  )
    found.add('running header');
  return [...found];
}

/**
 * A sentence cut mid-phrase, as a PDF's hard line breaks leave it ("... a section of the
 * railway at"): it ends without closing punctuation, on a stop word, a comma or a hyphen.
 */
export function cutMidPhrase(sentence: string, language: Language): boolean {
  const s = sentence.trim();
  if (s.length === 0) return false;
  if (/[,\-–(]$/u.test(s)) return true;
  if (/[.!?;:…)"»”'’\]$]$/u.test(s)) return false;
  const last = words(s).at(-1);
  return last !== undefined && !/\d/.test(last) && isStopWord(language, last);
}

/**
 * An answer from the material of the topic it belongs to: its words occur in the topic's own
 * sections or files. One found only in another topic's material is the classic failure of
 * files matched to the wrong topic.
 */
export function answerFromOwnTopic(
  answer: string,
  ownMaterial: string,
  otherMaterial: readonly string[],
  language: Language,
): boolean {
  return sentenceFromSection(answer, ownMaterial, otherMaterial, language) === 'own';
}

/**
 * A quiz prompt that repeats a flashcard word for word: the same words, or one held whole in
 * the other (a card's "Fill in the blank:" wording around the same sentence). Blanks count as
 * no word, so two cloze stems of one sentence match whatever their blank is drawn as.
 */
export function repeatsCard(prompt: string, cardFronts: readonly string[]): boolean {
  const p = words(prompt).join(' ');
  if (p.length === 0) return false;
  return cardFronts.some((front) => {
    const f = words(front).join(' ');
    return f.length > 0 && (f === p || ` ${f} `.includes(` ${p} `) || ` ${p} `.includes(` ${f} `));
  });
}

/** A deep dive about its own topic: it has key points, and every one is from the topic's material. */
export function deepDiveOnTopic(origins: readonly ('own' | 'other' | 'none')[]): boolean {
  return origins.length > 0 && origins.every((o) => o === 'own');
}

/** The content lines of a section: no blank lines, table rules or lines that only embed an image. */
function contentLines(section: string): string[] {
  return section
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => words(l).length > 0 && !/^!\[\[[^\]]*\]\]$/u.test(l));
}

/** A helper answer to a question naming a heading: it holds every content line of that section. */
export function answersWithSection(
  reply: HelperReply,
  section: string,
  language: Language,
): boolean {
  const lines = contentLines(section);
  return (
    reply.covered &&
    lines.length > 0 &&
    lines.every((l) => containsWords(reply.answer, l, language))
  );
}

/** A line that introduces a list ("There are four conditions for deadlock:"), with the list's items. */
export interface LeadIn {
  leadIn: string;
  items: string[];
}

const LIST_ITEM = /^\s{0,6}(?:[-*+•]|\d{1,3}[.)])\s+(.*)$/u;

/** The lead-ins of a Markdown text: a line ending with ":" followed by a list (a blank line may part them). */
export function leadInsOf(markdown: string): LeadIn[] {
  const lines = markdown.split('\n');
  const out: LeadIn[] = [];
  for (const [i, line] of lines.entries()) {
    if (!/:\s*$/u.test(line) || LIST_ITEM.test(line) || words(line).length === 0) continue;
    let j = i + 1;
    if (lines[j]?.trim() === '') j++;
    const items: string[] = [];
    for (; j < lines.length; j++) {
      const item = lines[j]?.match(LIST_ITEM)?.[1];
      if (item === undefined) break;
      items.push(item);
    }
    if (items.length > 0) out.push({ leadIn: line.trim(), items });
  }
  return out;
}

/** Every lead-in the answer quotes comes with all of its list's items. */
export function keepsListsWithLeadIns(
  answer: string,
  leadIns: readonly LeadIn[],
  language: Language,
): boolean {
  return leadIns.every(
    (l) =>
      !containsWords(answer, l.leadIn, language) ||
      l.items.every((item) => containsWords(answer, item, language)),
  );
}

/** A bullet label and what follows it ("- Military: the army and navy kept ..."). */
export interface BulletLabel {
  label: string;
  text: string;
}

/** The labels of a Markdown text's bullets: one to three words, capitalised, then a colon. */
export function bulletLabelsOf(markdown: string): BulletLabel[] {
  return [
    ...markdown.matchAll(
      /^\s{0,6}[-*+•]\s+(\p{Lu}[\p{L}\p{N}'’-]*(?:\s[\p{L}\p{N}'’-]+){0,2}):\s+(.+)$/gmu,
    ),
  ].map((m) => ({ label: m[1] ?? '', text: m[2] ?? '' }));
}

/**
 * A card or question that reads a bullet label as a defined term: its answer is the label
 * ("Military") for the text after it, or that text for the label ("What is Military?").
 * A label names a heading of a list, not a term the text defines.
 */
export function labelAsTerm(
  item: { prompt: string; answer: string },
  labels: readonly BulletLabel[],
): boolean {
  const same = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');
  return labels.some(
    (l) =>
      (same(item.answer, l.label) && words(item.prompt).length > words(l.label).length) ||
      (same(item.answer, l.text) &&
        ` ${words(item.prompt).join(' ')} `.includes(` ${words(l.label).join(' ')} `)),
  );
}
