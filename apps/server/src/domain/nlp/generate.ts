import { detectLanguage, isStopWord, type Language } from '../text/language.js';
import { findMath, replaceMath, trimEndMatching } from '../text/text.js';
import { type Keyphrase, keyphrases, phraseKey } from './keyphrases.js';
import { type SourceSentence, tag } from './nlp.js';

export type CardKind = 'definition' | 'term' | 'cause' | 'cloze' | 'number';

/** The fixed words of cards and questions, in the student's language. */
export interface CardWording {
  /** A definition card's front ("What is the aorta?"); `article` is "the " or "" (English). */
  definition(term: string, article: string, plural: boolean): string;
  /** A term card's front, asking which term a definition describes. */
  term(definition: string): string;
  /** A fill-in question's prompt, around the sentence with its blank. */
  fillBlank(sentence: string): string;
  /** A cause question's prompt, around the effect whose cause the material gives. */
  why(effect: string): string;
}

/**
 * A flashcard drawn from one sentence of the material, as every AI engine returns it (the
 * builtin one here, model providers in the AI adapter).
 */
export interface CardDraft {
  front: string;
  /** Occurs in `source`. */
  back: string;
  kind: CardKind;
  /** The sentence of the material the card comes from. */
  source: string;
  /** The lesson title or file name `source` comes from. */
  sourceName: string;
}

/** A multiple-choice question on the material, as every AI engine returns it. */
export interface QuestionDraft {
  prompt: string;
  options: string[];
  correctIndex: number;
  /** Quotes the sentence of the material that holds the answer. */
  explanation: string;
}

/** A question with the kind of card it was made from (used to pick distractors, not stored). */
type KindedQuestion = QuestionDraft & { kind: CardKind };

interface Definition {
  term: string;
  /** "the " when the material says "The Calvin cycle is ...". */
  article: string;
  definition: string;
  plural: boolean;
  sentence: SourceSentence;
}

const PRONOUNS = new Set(
  'it this that these those they he she we you i there here which who what its their his her'.split(
    ' ',
  ),
);
const BLANK = '____';

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function stripEnd(s: string): string {
  return trimEndMatching(s.trimEnd(), /[.!;:]/).trim();
}

/** A definition clause kept verbatim, cut at a clause boundary when it runs long. */
function trimDefinition(def: string): string | undefined {
  let d = stripEnd(def);
  if (words(d) > 30) {
    const cut = d.search(/[,;] (?:which|and|but|while|so) |; /);
    if (cut > 20) d = d.slice(0, cut);
  }
  return words(d) >= 3 && words(d) <= 35 ? d : undefined;
}

function isTermPhrase(term: string): boolean {
  if (words(term) > 5 || term.length < 2 || term.length > 60) return false;
  const first = term.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (PRONOUNS.has(first)) return false;
  if (!/^[\p{L}][\p{L}\p{N}'’()\s-]*$/u.test(term)) return false;
  const tokens = tag(term);
  return (
    tokens.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') &&
    tokens.every((t) => ['NOUN', 'PROPN', 'ADJ', 'PUNCT', 'NUM', 'CCONJ', 'ADP'].includes(t.pos)) &&
    !tokens.some((t) => t.pos === 'ADP' && t.text.toLowerCase() !== 'of')
  );
}

// Terms and clauses start and end with a non-space, so where a run of spaces splits them from
// the words around is never ambiguous: with `(.{2,60}?)\s+` or `\s+(.+)`, a long run of spaces
// could be shared out in many ways, each tried in turn (polynomial backtracking).
const DEFINITION_PATTERNS: { re: RegExp; swap?: boolean; bare?: boolean }[] = [
  { re: /^(the\s+|a\s+|an\s+)?(\S.{0,58}?\S)\s+(is|are)\s+defined\s+as\s+(\S.*)$/i },
  {
    re: /^(the\s+|a\s+|an\s+)?(\S.{0,58}?\S)\s+(refers to|refer to|means|is known as|describes)\s+(\S.*)$/i,
  },
  {
    re: /^(\S.{6,198}?\S)\s+(is|are)\s+called\s+(the\s+|a\s+|an\s+)?(\S.{0,58}\S)$/i,
    swap: true,
  },
  { re: /^(the\s+|a\s+|an\s+)?(\S.{0,58}?\S)\s+(is|are)\s+((?:a|an|the|one of the)\s+\S.*)$/i },
  // "Platelets are small cell fragments that ...": a plural with a bare noun phrase.
  { re: /^(the\s+)?(\S.{0,58}?\S)\s+(are)\s+(\S.*)$/i, bare: true },
];

/** A bare definition must open with a noun phrase: adjectives, then a noun. */
function opensWithNounPhrase(def: string): boolean {
  const tokens = tag(def.split(/\s+/).slice(0, 5).join(' '));
  for (const t of tokens) {
    if (t.pos === 'NOUN') return true;
    if (t.pos !== 'ADJ' || /ed$/i.test(t.text)) return false;
  }
  return false;
}

/** "X is a Y", "X refers to Y", "X is defined as Y", "Y is called X" (English only). */
export function findDefinitions(sentences: SourceSentence[]): Definition[] {
  const key = (phrase: string) => phraseKey(phrase, 'en');
  const out: Definition[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const text = stripEnd(sentence.text);
    if (findMath(text).length > 0 && words(text) < 6) continue;
    for (const { re, swap, bare } of DEFINITION_PATTERNS) {
      const m = text.match(re);
      if (!m) continue;
      if (bare && !opensWithNounPhrase(m[4] ?? '')) break;
      const term = (swap ? m[4] : m[2])?.trim() ?? '';
      const rawDef = (swap ? m[1] : m[4])?.trim() ?? '';
      const article = (swap ? m[3] : m[1])?.toLowerCase().startsWith('the') ? 'the ' : '';
      const definition = trimDefinition(rawDef);
      if (!definition || !isTermPhrase(term)) break;
      const termKey = key(term);
      // The definition must not give the term away.
      if (seen.has(termKey) || key(definition).includes(termKey)) break;
      seen.add(termKey);
      const verb = (swap ? m[2] : m[3]) ?? '';
      out.push({ term, article, definition, plural: /^are$/i.test(verb), sentence });
      break;
    }
  }
  return out;
}

// Numbers written as words are no term of the material, in any language the engine speaks.
const NUMBER_WORDS = new Set(
  `one two three four five six seven eight nine ten first second third once twice
  ένα μία δύο τρία τρεις τέσσερα τέσσερις πέντε έξι δέκα πρώτο δεύτερο τρίτο
  uno una dos tres cuatro cinco seis diez primero segundo tercero
  un une deux trois quatre cinq six dix premier deuxième troisième
  eins zwei drei vier fünf sechs zehn erste zweite dritte`.split(/\s+/),
);

/**
 * Whether a phrase can stand as a term of the material: some word of it is neither a stop word
 * nor a number written as a word, and it is not a bare number.
 */
export function usableTerm(term: string, language: Language): boolean {
  const ws = (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(Boolean);
  if (ws.length === 0) return false;
  return ws.some((w) => !/^\p{N}+$/u.test(w) && !NUMBER_WORDS.has(w) && !isStopWord(language, w));
}

// Labels that introduce a remark rather than name a term ("Note: ...", "Beispiel: ...").
const GENERIC_LABELS = new Set(
  `note notes example examples e.g eg remember tip important summary answer question definition
  hint warning see also step
  σημείωση παράδειγμα προσοχή ορισμός απάντηση ερώτηση σύνοψη
  nota ejemplo importante resumen respuesta pregunta definición
  remarque exemple attention important résumé réponse question définition
  notiz hinweis beispiel achtung wichtig zusammenfassung antwort frage definition`.split(/\s+/),
);

/**
 * "SN1: two steps, carbocation intermediate": a short label, a colon, then what it is. Terse
 * notes define their terms this way in every language.
 */
export function findLabelDefinitions(
  sentences: SourceSentence[],
  language: Language,
): Definition[] {
  const out: Definition[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const text = stripEnd(sentence.text);
    const colon = text.indexOf(':');
    if (colon < 1 || colon > 40) continue;
    const term = text.slice(0, colon).trim();
    const definition = text.slice(colon + 1).trim();
    if (words(term) > 4 || !/^[\p{L}\p{N}]/u.test(term) || /[.;!?“”«»"]/.test(term)) continue;
    if (words(definition) < 2 || words(definition) > 35 || !usableTerm(term, language)) continue;
    if (GENERIC_LABELS.has(term.toLowerCase().replace(/\.$/, ''))) continue;
    const k = phraseKey(term, language);
    if (!k || seen.has(k) || phraseKey(definition, language).split(' ').includes(k)) continue;
    seen.add(k);
    out.push({ term, article: '', definition, plural: false, sentence });
  }
  return out;
}

/**
 * Words that link an effect to its cause, by language: `before` when the cause follows the word
 * ("X because Y"), `after` when the effect does ("Y, therefore X").
 */
const CAUSE_WORDS: Record<Language, { causeFollows: string[]; effectFollows: string[] }> = {
  en: {
    causeFollows: ['because of', 'because', 'due to', 'as a result of', 'owing to', 'since'],
    effectFollows: ['therefore', 'consequently', 'as a result', 'hence', 'thus'],
  },
  el: {
    causeFollows: ['επειδή', 'διότι', 'λόγω', 'εξαιτίας', 'γιατί'],
    effectFollows: ['επομένως', 'συνεπώς', 'άρα', 'γι’ αυτό', "γι' αυτό"],
  },
  es: {
    causeFollows: ['porque', 'ya que', 'debido a', 'puesto que', 'a causa de'],
    effectFollows: ['por lo tanto', 'por eso', 'por consiguiente', 'así que'],
  },
  fr: {
    causeFollows: [
      'parce que',
      'parce qu’',
      "parce qu'",
      'car',
      'puisque',
      'en raison de',
      'à cause de',
    ],
    effectFollows: ['donc', 'par conséquent', 'c’est pourquoi', "c'est pourquoi"],
  },
  de: {
    causeFollows: ['weil', 'aufgrund', 'wegen', 'denn'],
    effectFollows: ['deshalb', 'daher', 'deswegen', 'folglich'],
  },
};

export interface CauseStatement {
  /** What happens, as the material says it. */
  effect: string;
  /** Why, as the material says it. */
  cause: string;
  sentence: SourceSentence;
}

function trimClause(s: string): string {
  return trimEndMatching(stripEnd(s.replace(/^[\s,;:–-]+/, '')), /[\s,;:–-]/);
}

/** Sentences that give a cause ("because", "since", "therefore"... in the material's language). */
export function findCauses(sentences: SourceSentence[], language: Language): CauseStatement[] {
  const { causeFollows, effectFollows } = CAUSE_WORDS[language];
  const out: CauseStatement[] = [];
  for (const sentence of sentences) {
    const text = stripEnd(sentence.text);
    if (findMath(text).length > 0) continue;
    // Punctuation becomes spaces one for one, so positions in `flat` are positions in `text`.
    const flat = ` ${text.toLowerCase().replace(/[,;:()]/g, ' ')} `;
    let found: CauseStatement | undefined;
    for (const [list, causeAfter] of [
      [causeFollows, true],
      [effectFollows, false],
    ] as const) {
      for (const word of list) {
        const at = flat.indexOf(` ${word} `);
        if (at < 1) continue;
        const before = trimClause(text.slice(0, at));
        const after = trimClause(text.slice(at + word.length));
        const [effect, cause] = causeAfter ? [before, after] : [after, before];
        if (words(effect) >= 3 && words(cause) >= 2 && words(effect) <= 25 && words(cause) <= 25)
          found = { effect, cause, sentence };
        break;
      }
      if (found) break;
    }
    if (found) out.push(found);
  }
  return out;
}

/** Words that set two things against each other, by language ("A ..., whereas B ..."). */
const CONTRAST_WORDS: Record<Language, string[]> = {
  en: ['whereas', 'while', 'but', 'in contrast'],
  el: ['ενώ', 'αντίθετα', 'αλλά'],
  es: ['mientras que', 'en cambio', 'pero'],
  fr: ['tandis que', 'alors que', 'mais'],
  de: ['während', 'wohingegen', 'aber'],
};

const ARTICLES = new Set('the a an ο η το οι τα el la los las le les der die das den'.split(' '));

export interface Contrast {
  /** The term the description is about. */
  term: string;
  /** What the material says of `term`, without it. */
  description: string;
  /** The term it is contrasted with. */
  other: string;
  sentence: SourceSentence;
}

/** The longest of `terms` a clause opens with (after an article), or undefined. */
function openingTerm(clause: string, terms: string[]): string | undefined {
  const ws = clause.split(/\s+/).filter(Boolean);
  const start = ARTICLES.has(ws[0]?.toLowerCase() ?? '') ? ws.slice(1).join(' ') : ws.join(' ');
  const lower = start.toLowerCase();
  let best: string | undefined;
  for (const t of terms) {
    const k = t.toLowerCase();
    if (
      (lower === k || lower.startsWith(`${k} `)) &&
      (best === undefined || k.length > best.length)
    )
      best = start.slice(0, k.length);
  }
  return best;
}

/**
 * Sentences that contrast two terms of the material: "SN1 goes through a carbocation, whereas
 * SN2 is concerted" says what SN1 does, with SN2 as the natural wrong answer.
 */
export function findContrasts(
  sentences: SourceSentence[],
  terms: string[],
  language: Language,
): Contrast[] {
  const out: Contrast[] = [];
  for (const sentence of sentences) {
    const text = stripEnd(sentence.text);
    const flat = ` ${text.toLowerCase().replace(/[,;:()]/g, ' ')} `;
    for (const word of CONTRAST_WORDS[language]) {
      const at = flat.indexOf(` ${word} `);
      if (at < 1) continue;
      const first = trimClause(text.slice(0, at));
      const second = trimClause(text.slice(at + word.length));
      const term = openingTerm(first, terms);
      const other = openingTerm(second, terms);
      if (!term || !other || phraseKey(term, language) === phraseKey(other, language)) break;
      const description = trimClause(first.slice(first.indexOf(term) + term.length));
      if (words(description) >= 2 && words(description) <= 25)
        out.push({ term, description, other, sentence });
      break;
    }
  }
  return out;
}

// Numbers with their unit: "100 degrees Celsius", "21%", "1953", "3.5 km".
const NUMBER =
  /(?<![\p{L}\p{N}.,$])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\s?(?:%|percent|°C|°F|degrees(?: Celsius| Fahrenheit)?|[kmcµ]?m|kg|g|mg|km\/h|m\/s|ml|l|s|ms|years?|days?|hours?|minutes?|seconds?|million|billion))?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}.,$])\d+(?:\.\d+)?(?:\s?(?:%|percent|°C|°F|degrees(?: Celsius| Fahrenheit)?|[kmcµ]?m|kg|g|mg|km\/h|m\/s|ml|l|s|ms|years?|days?|hours?|minutes?|seconds?|million|billion))?(?![\p{L}\p{N}])/gu;

/** The kind of a number, so a distractor is a year for a year and Celsius for Celsius. */
export function numberKind(value: string): string {
  const unit = value
    .replace(/^[\d.,]+\s?/, '')
    .toLowerCase()
    .replace(/s$/, '');
  if (unit) return `unit:${unit === 'percent' ? '%' : unit}`;
  const n = Number(value.replace(/,/g, ''));
  if (/^\d{4}$/.test(value) && n >= 1000 && n <= 2100) return 'year';
  return Number.isInteger(n) ? 'integer' : 'decimal';
}

/** Numbers of a sentence outside math spans. */
export function findNumbers(sentence: string): string[] {
  const masked = replaceMath(sentence, (m) => ' '.repeat(m.length));
  return [...masked.matchAll(NUMBER)].map((m) => m[0]);
}

function blankAll(sentence: string, answer: string): string {
  const escaped = answer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sentence.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'),
    BLANK,
  );
}

function firstOccurrence(sentence: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sentence.match(new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}-])`, 'iu'))?.[0];
}

function usableForCloze(sentence: string): boolean {
  const n = words(sentence);
  const first = sentence.split(/\s+/)[0]?.toLowerCase().replace(/\W/g, '') ?? '';
  return n >= 6 && n <= 45 && !PRONOUNS.has(first) && findMath(sentence).length === 0;
}

interface Candidates {
  /** Term cards drawn from a contrast, with the term they are contrasted with. */
  rivals: Map<CardDraft, string>;
  definitions: Definition[];
  causes: CauseStatement[];
  phrases: Keyphrase[];
  cards: CardDraft[];
  numbers: { value: string; kind: string }[];
  /** The material's language, in which its phrases are compared. */
  language: Language;
}

function candidates(sentences: SourceSentence[], wording: CardWording): Candidates {
  const language = detectLanguage(sentences.map((s) => s.text));
  const labelled = findLabelDefinitions(sentences, language);
  const labelledSentences = new Set(labelled.map((d) => d.sentence.text));
  const definitions = [
    ...labelled,
    ...(language === 'en'
      ? findDefinitions(sentences.filter((s) => !labelledSentences.has(s.text)))
      : []),
  ];
  const causes = findCauses(sentences, language);
  const phrases = keyphrases(sentences, 30, [], language).filter((p) =>
    usableTerm(p.text, language),
  );
  const phraseKeyOf = (phrase: string) => phraseKey(phrase, language);
  const cards: CardDraft[] = [];
  const answers = new Set<string>();
  const used = new Set<string>();
  const push = (c: CardDraft, prefix = c.kind === 'definition' ? 'd:' : '') => {
    const key = `${prefix}${phraseKeyOf(c.back)}`;
    if (!key || answers.has(key) || phraseKeyOf(c.front).includes(phraseKeyOf(c.back)))
      return false;
    answers.add(key);
    used.add(c.source);
    cards.push(c);
    return true;
  };
  for (const d of definitions) {
    push({
      front: wording.definition(d.term, d.article, d.plural),
      back: d.definition,
      kind: 'definition',
      source: d.sentence.text,
      sourceName: d.sentence.source,
    });
    push({
      front: wording.term(d.definition),
      back: d.term,
      kind: 'term',
      source: d.sentence.text,
      sourceName: d.sentence.source,
    });
  }
  for (const c of causes)
    push({
      front: wording.why(c.effect),
      back: c.cause,
      kind: 'cause',
      source: c.sentence.text,
      sourceName: c.sentence.source,
    });
  const rivals = new Map<CardDraft, string>();
  const contrastTerms = [...definitions.map((d) => d.term), ...phrases.map((p) => p.text)];
  for (const c of findContrasts(sentences, contrastTerms, language)) {
    const card: CardDraft = {
      front: wording.term(c.description),
      back: c.term,
      kind: 'term',
      source: c.sentence.text,
      sourceName: c.sentence.source,
    };
    if (push(card, 'c:')) rivals.set(card, c.other);
  }
  const numbers: { value: string; kind: string }[] = [];
  const numberCards: CardDraft[] = [];
  for (const s of sentences) {
    for (const value of findNumbers(s.text)) {
      numbers.push({ value, kind: numberKind(value) });
      if (!usableForCloze(s.text) || used.has(s.text)) continue;
      // Small bare counts ("2 steps") make poor questions; units, years and big numbers do not.
      if (numberKind(value) === 'integer' && Number(value.replace(/,/g, '')) < 10) continue;
      numberCards.push({
        front: blankAll(s.text, value),
        back: value,
        kind: 'number',
        source: s.text,
        sourceName: s.source,
      });
    }
  }
  for (const c of numberCards.slice(0, 4)) push(c);
  for (const p of phrases) {
    // "blood" is not blanked inside "red blood cells" when that is a phrase of its own.
    const longer = phrases.filter((q) => q.words > p.words && ` ${q.key} `.includes(` ${p.key} `));
    const hit = sentences.find(
      (s) =>
        !used.has(s.text) &&
        usableForCloze(s.text) &&
        firstOccurrence(s.text, p.text) &&
        !longer.some((q) => firstOccurrence(s.text, q.text)),
    );
    const answer = hit ? firstOccurrence(hit.text, p.text) : undefined;
    if (!hit || !answer) continue;
    const front = blankAll(hit.text, answer);
    if (words(front.replaceAll(BLANK, '')) < 5) continue;
    push({ front, back: answer, kind: 'cloze', source: hit.text, sourceName: hit.source });
  }
  return { rivals, definitions, causes, phrases, cards, numbers, language };
}

/** Flashcards from the material: definitions both ways, numbers and key-phrase clozes. */
export function makeFlashcards(
  sentences: SourceSentence[],
  max: number,
  wording: CardWording,
): CardDraft[] {
  const { cards } = candidates(sentences, wording);
  const order: CardKind[] = ['definition', 'term', 'cause', 'number', 'cloze'];
  const byKind = order.map((k) => cards.filter((c) => c.kind === k));
  // Interleave kinds so a capped deck still covers definitions, numbers and clozes.
  const out: CardDraft[] = [];
  for (let i = 0; out.length < max && byKind.some((list) => list.length > i); i++)
    for (const list of byKind) if (list[i] && out.length < max) out.push(list[i] as CardDraft);
  return out;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

function distinctFrom(answer: string, stem: string, picked: string[], language: Language) {
  const a = phraseKey(answer, language);
  const s = phraseKey(stem, language);
  return (candidate: string) => {
    const k = phraseKey(candidate, language);
    return (
      k.length > 0 &&
      k !== a &&
      !k.includes(a) &&
      !a.includes(k) &&
      !s.includes(k) &&
      !picked.some((p) => phraseKey(p, language) === k)
    );
  };
}

function pickDistractors(
  answer: string,
  stem: string,
  pool: string[],
  rand: () => number,
  language: Language,
  first: string[] = [],
): string[] {
  const picked: string[] = [];
  for (const c of [...first, ...shuffle(pool, rand)]) {
    if (picked.length === 3) break;
    if (distinctFrom(answer, stem, picked, language)(c)) picked.push(c);
  }
  return picked;
}

/** Other plausible numbers of the same kind when the material has too few. */
function perturbNumbers(value: string): string[] {
  // The lookahead keeps `[\d.,]+` whole: when `.*$` fails, it is not retried one digit shorter.
  const m = value.match(/^([\d.,]+)(?![\d.,])(.*)$/);
  if (!m) return [];
  const n = Number((m[1] ?? '').replace(/,/g, ''));
  const unit = m[2] ?? '';
  const decimals = (m[1] ?? '').split('.')[1]?.length ?? 0;
  const kind = numberKind(value);
  const percent = kind === 'unit:%';
  const steps =
    kind === 'year'
      ? [n - 10, n + 10, n - 25, n + 5]
      : percent
        ? [n - 20, n + 10, n - 40, n - 10, n + 5]
        : [n * 2, n / 2, n * 1.5, n * 0.75];
  return steps
    .filter((x) => x > 0 && x !== n && (!percent || x <= 100))
    .map((x) => `${kind === 'year' ? Math.round(x) : x.toFixed(decimals)}${unit}`);
}

/**
 * A multiple-choice quiz from the material: the key always comes from the sentence quoted in
 * the explanation; distractors are of the same kind (definitions with definitions, terms with
 * terms, numbers with numbers of the same unit), drawn from the material.
 */
export function makeQuiz(
  sentences: SourceSentence[],
  opts: { max?: number; seed?: number; wording: CardWording },
): KindedQuestion[] {
  const max = opts.max ?? 8;
  const rand = seededRandom(opts.seed ?? 1);
  const { rivals, definitions, causes, phrases, cards, numbers, language } = candidates(
    sentences,
    opts.wording,
  );
  const causePool = causes.map((c) => c.cause);
  const definitionPool = definitions.map((d) => d.definition);
  const termPool = [...definitions.map((d) => d.term), ...phrases.map((p) => p.text)];
  const drafts: Omit<KindedQuestion, 'correctIndex'>[] = [];
  const make = (card: CardDraft): Omit<KindedQuestion, 'correctIndex'> | undefined => {
    const explanation = `“${card.source}” (${card.sourceName})`;
    let prompt: string;
    let pool: string[];
    if (card.kind === 'definition') {
      prompt = card.front;
      pool = definitionPool;
    } else if (card.kind === 'term') {
      prompt = card.front;
      // Terms the material defines are alike (SN1, SN2, E1, E2); other phrases only fill in.
      const defined = definitions.map((d) => d.term);
      pool =
        defined.length >= 4 ? defined : termPool.filter((t) => words(t) <= words(card.back) + 2);
    } else if (card.kind === 'cause') {
      prompt = card.front;
      pool = causePool;
    } else if (card.kind === 'number') {
      prompt = opts.wording.fillBlank(card.front);
      const kind = numberKind(card.back);
      const same = numbers.filter((x) => x.kind === kind).map((x) => x.value);
      pool = same.length >= 4 ? same : [...same, ...perturbNumbers(card.back)];
    } else {
      prompt = opts.wording.fillBlank(card.front);
      const w = words(card.back);
      pool = termPool.filter((t) => Math.abs(words(t) - w) <= 1);
    }
    // A term contrasted with another ("SN1 ..., whereas SN2 ...") has that one among its options.
    const rival = rivals.get(card);
    const distractors = pickDistractors(
      card.back,
      prompt,
      pool,
      rand,
      language,
      rival ? [rival] : [],
    );
    // Four options or no question: a question with fewer is guessed, not answered.
    if (distractors.length < 3) return undefined;
    return { prompt, options: [card.back, ...distractors], explanation, kind: card.kind };
  };
  const order: CardKind[] = ['definition', 'term', 'cause', 'number', 'cloze'];
  // Kinds take turns (a definition, a cause, a number, a blank...), so a short quiz is mixed.
  const byKind = order.map((k) => shuffle(cards, rand).filter((c) => c.kind === k));
  const queue: CardDraft[] = [];
  for (let i = 0; byKind.some((list) => list.length > i); i++)
    for (const list of byKind) if (list[i]) queue.push(list[i] as CardDraft);
  const usedSources = new Map<string, number>();
  for (const card of queue) {
    if (drafts.length >= max) break;
    // At most one question per sentence, so one question does not answer another.
    if ((usedSources.get(card.source) ?? 0) >= 1) continue;
    const q = make(card);
    if (!q) continue;
    usedSources.set(card.source, 1);
    drafts.push(q);
  }
  // Balance the key's position: walk seeded permutations of the positions.
  let cycle: number[] = [];
  return shuffle(drafts, rand).map((q) => {
    if (cycle.length === 0) cycle = shuffle([0, 1, 2, 3], rand);
    const wanted = (cycle.shift() ?? 0) % q.options.length;
    const [key, ...rest] = q.options as [string, ...string[]];
    const others = shuffle(rest, rand);
    const options = [...others.slice(0, wanted), key, ...others.slice(wanted)];
    return { ...q, options, correctIndex: wanted };
  });
}
