import { detectLanguage, isStopWord, type Language } from '../text/language.js';
import { findMath, replaceMath, trimEndMatching } from '../text/text.js';
import { applyFormula, constantsOf, formulaOf } from './formula-question.js';
import { type Keyphrase, keyphrases, phraseKey } from './keyphrases.js';
import { type SourceSentence, tag } from './nlp.js';
import { DECK_SIZE, QUIZ_SIZE } from './sizes.js';
import { createSynonymCheck } from './synonyms.js';

/**
 * What a card or question asks; `order` (steps of a numbered list) and `apply` (a formula with
 * numbers) are asked by the quiz only.
 */
export type CardKind = 'definition' | 'term' | 'cause' | 'cloze' | 'number' | 'order' | 'apply';

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
  /** An order question's prompt, around the lead-in of a numbered list ("The steps are:"). */
  order(leadIn: string): string;
  /**
   * An apply question's prompt: the formula and the quantity it gives, as `$…$` LaTeX, and the
   * values of the others (`$u = 3$`), to be joined as a list in the language.
   */
  apply(formula: string, target: string, givens: string[]): string;
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

/** Whether two options name the same thing (synonyms.ts). */
type SameThing = (a: string, b: string) => boolean;

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
  notiz hinweis beispiel achtung wichtig zusammenfassung antwort frage definition
  context cause causes consequence consequences πλαίσιο αιτία αιτίες συνέπεια συνέπειες
  contexto causa causas consecuencia consecuencias contexte conséquence conséquences
  kontext ursache ursachen folge folgen`.split(/\s+/),
);

// Words that label a time ("Période : de 1793 à 1794"), but are terms of their own elsewhere
// (the period of a wave): labels only when what follows holds a number.
const TIME_LABELS = new Set(
  `period date περίοδος ημερομηνία período periodo fecha période zeitraum periode epoche
  datum`.split(/\s+/),
);

/** Whether "term: description" is a remark or a time under a label, not a term defined. */
function isLabelLine(term: string, description: string): boolean {
  const t = term.trim().toLowerCase();
  return isGenericLabel(t) || (TIME_LABELS.has(t) && /\d/.test(description));
}

// What opens a clause rather than a noun phrase, in the languages without a tagger: a
// preposition ("al cruzar dos razas puras, ..."), and inside it a copula or a reflexive verb.
const CLAUSE_OPENERS: Record<Exclude<Language, 'en'>, RegExp> = {
  el: /^(?:σε|στο|στη|στην|στον|στα|στις|στους|από|με|για|κατά|όταν|αν)\s/iu,
  es: /^(?:al|a|en|con|por|para|desde|cuando|si)\s/iu,
  fr: /^(?:à|au|aux|en|dans|avec|par|pour|quand|si|lorsque)\s/iu,
  de: /^(?:in|im|an|am|auf|mit|von|bei|nach|zu|zum|zur|wenn|als)\s/iu,
};
const CLAUSE_VERBS: Record<Exclude<Language, 'en'>, RegExp> = {
  el: /(?:^|\s)(?:είναι|ήταν|είχε|έχει)(?=\s|$|[,.;])/iu,
  es: /(?:^|\s)(?:es|son|era|eran|fue|fueron|está|están|se\s+\p{L}+)(?=\s|$|[,.;])/iu,
  fr: /(?:^|\s)(?:est|sont|était|étaient|fut|a|ont|se\s+\p{L}+|s['’]\p{L}+)(?=\s|$|[,.;])/iu,
  de: /(?:^|\s)(?:ist|sind|war|waren|hat|haben|wird|werden)(?=\s|$|[,.;])/iu,
};
const RELATIVE = new Set(['that', 'which', 'who', 'whom', 'whose', 'where', 'when']);

/**
 * Whether the text after a label's colon is a clause ("Military: the army and navy kept the
 * right to ...") rather than what the label is ("Period: the time for one oscillation"). A
 * clause says something under a heading, and "What is Military?" asks nothing. English: a verb
 * right after its subject (a noun or pronoun that is not a relative one) that goes on to what
 * follows it. Other languages: an
 * opening preposition, or a copula or reflexive verb.
 */
function isClause(definition: string, language: Language): boolean {
  const text = replaceMath(definition, () => 'X');
  if (language !== 'en')
    return CLAUSE_OPENERS[language].test(text) || CLAUSE_VERBS[language].test(text);
  const tokens = tag(text);
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] as { text: string; pos: string };
    if (t.pos !== 'VERB' && t.pos !== 'AUX') continue;
    let j = i - 1;
    while (j > 0 && tokens[j]?.pos === 'ADV') j--;
    const subject = tokens[j] as { text: string; pos: string };
    // A participle after a noun ("strong base needed", "processes completed per unit") is
    // part of the noun phrase: a finite verb goes on to its object or complement.
    const next = tokens[i + 1]?.pos;
    const goesOn = t.pos === 'AUX' || (next !== undefined && next !== 'PUNCT' && next !== 'ADP');
    return (
      goesOn &&
      ['NOUN', 'PROPN', 'PRON'].includes(subject.pos) &&
      !RELATIVE.has(subject.text.toLowerCase())
    );
  }
  return false;
}

/** "term: description" of a short labelled line, or undefined. */
function labelledLine(sentence: string): { term: string; definition: string } | undefined {
  const text = stripEnd(sentence);
  const colon = text.indexOf(':');
  if (colon < 1 || colon > 40) return undefined;
  const term = text.slice(0, colon).trim();
  const definition = text.slice(colon + 1).trim();
  // A dash in the part before the colon marks a table row's fact ("Glycolysis — site: ..."),
  // which names a row and a column, not a term.
  if (words(term) > 4 || !/^[\p{L}\p{N}]/u.test(term) || /[.;!?“”«»"—]/.test(term))
    return undefined;
  return { term, definition };
}

/** The keys of the labels the material uses as labels ("Contexte", "Période"), never terms. */
function labelKeys(sentences: SourceSentence[], language: Language): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) {
    const l = labelledLine(s.text);
    if (l && isLabelLine(l.term, l.definition)) out.add(phraseKey(l.term, language));
  }
  return out;
}

/**
 * Whether a phrase is a generic label ("Note", "Contexte", "Beispiel"): a word that introduces
 * a remark in every subject, never a term of the material nor an option of a question.
 */
export function isGenericLabel(phrase: string): boolean {
  return GENERIC_LABELS.has(phrase.trim().toLowerCase().replace(/\.$/, ''));
}

// Month names of the five languages (Greek in the nominative and the genitive of dates).
const MONTHS = new Set(
  `january february march april may june july august september october november december
  janvier février mars avril mai juin juillet août septembre octobre novembre décembre
  enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre
  diciembre januar februar märz april mai juni juli august september oktober november dezember
  ιανουάριος ιανουαρίου φεβρουάριος φεβρουαρίου μάρτιος μαρτίου απρίλιος απριλίου μάιος μαΐου
  ιούνιος ιουνίου ιούλιος ιουλίου αύγουστος αυγούστου σεπτέμβριος σεπτεμβρίου οκτώβριος
  οκτωβρίου νοέμβριος νοεμβρίου δεκέμβριος δεκεμβρίου`.split(/\s+/),
);

interface WordToken {
  text: string;
  start: number;
  end: number;
}

function wordTokens(text: string): WordToken[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

const isDay = (t: WordToken | undefined) =>
  t !== undefined && /^\d{1,2}$/.test(t.text) && Number(t.text) >= 1 && Number(t.text) <= 31;
const isYear = (t: WordToken | undefined) => t !== undefined && /^\d{3,4}$/.test(t.text);

/**
 * Calendar dates of a text, as written: a month with its day, its year or both ("5 mai 1789",
 * "July 14, 1789", "5 de mayo de 1789", "septembre 1793"). A month name alone is no date.
 */
export function findDates(text: string): string[] {
  const tokens = wordTokens(text);
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (!MONTHS.has(t.text.toLowerCase())) return;
    let first = i;
    let last = i;
    const before = tokens[i - 1]?.text.toLowerCase() === 'de' ? i - 2 : i - 1;
    if (isDay(tokens[before])) first = before;
    let next = i + 1;
    if (first === i && isDay(tokens[next])) {
      last = next;
      next += 1;
    }
    if (tokens[next]?.text.toLowerCase() === 'de') next += 1;
    if (isYear(tokens[next])) last = next;
    if (first === last) return;
    out.push(text.slice(tokens[first]?.start, tokens[last]?.end));
  });
  return out;
}

/** Whether the whole of a phrase is one date. */
function isDate(phrase: string): boolean {
  return findDates(phrase)[0] === phrase.trim();
}

/** Other dates like a date of the material: its year (else its day) moved a little. */
function perturbDate(date: string): string[] {
  const tokens = wordTokens(date);
  const year = tokens.find(isYear);
  const target = year ?? tokens.find(isDay);
  if (!target) return [];
  const n = Number(target.text);
  const steps = year ? [-1, 1, 2, -2, 3] : [1, -1, 2, -2, 7];
  return steps
    .map((d) => n + d)
    .filter((x) => x > 0 && (year !== undefined || x <= 28))
    .map((x) => `${date.slice(0, target.start)}${x}${date.slice(target.end)}`);
}

function tokenCount(s: string): number {
  return wordTokens(s).length;
}

// A number with at most a one-word unit: "42", "9.8 N/kg", "21 %".
const NUMERIC_OPTION = /^[-+−~≈]?\d[\d.,/]*(?:\s\d[\d.,/]*)*(?:\s?([%°]|\p{L}[\p{L}/²³]*))?$/u;
// An operator between operands; a hyphen inside a word ("après-midi") is no minus sign.
const FORMULA = /[=^√\\_]|[\p{L}\d]\s[+*/×−-]\s[\p{L}\d]|\d[+*/×−-]\d/u;

/**
 * The kind of an answer or option, so a question's options are alike: a number with its unit
 * (`number:kg`), a formula, a date, another phrase holding a number, a term (one to three
 * words) or a longer phrase.
 */
export function optionKind(option: string): string {
  const o = trimEndMatching(option.trim().replace(/^\$+/, ''), /\$/).trim();
  const number = o.match(NUMERIC_OPTION);
  if (number) return `number:${(number[1] ?? '').toLowerCase()}`;
  if (FORMULA.test(o) && tokenCount(o) <= 12) return 'formula';
  if (/\d/.test(o)) return isDate(o) ? 'date' : 'with-number';
  return tokenCount(o) <= 3 ? 'term' : 'phrase';
}

/** A single lower-case word ("devient", "royal"): no distractor for a named term, nor one for it. */
function isCommonWord(option: string): boolean {
  return tokenCount(option) === 1 && option === option.toLowerCase();
}

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
    const line = labelledLine(sentence.text);
    if (!line) continue;
    const { term, definition } = line;
    if (words(definition) < 2 || words(definition) > 35 || !usableTerm(term, language)) continue;
    // "Contexte : ..." is context, "5 mai 1789 : ..." an event: neither defines a term.
    if (isLabelLine(term, definition) || isDate(term) || isDate(definition)) continue;
    if (isClause(definition, language)) continue;
    if (!/\p{L}/u.test(definition)) continue;
    const k = phraseKey(term, language);
    if (!k || seen.has(k) || phraseKey(definition, language).split(' ').includes(k)) continue;
    seen.add(k);
    out.push({ term, article: '', definition, plural: false, sentence });
  }
  return out;
}

/**
 * How prose defines a term in the languages without a tagger: the articles a term opens with,
 * the verbs that link it to its definition, and the copula, which defines only when an
 * article follows ("La cocina es la habitación donde..." but not "es soy, eres...").
 */
const PROSE_DEFINITIONS: Record<
  Exclude<Language, 'en'>,
  { articles: string[]; verbs: string[]; copulas: string[]; copulaArticles: string[] }
> = {
  el: {
    articles: ['ο', 'η', 'το', 'οι', 'τα'],
    verbs: [
      'σημαίνει',
      'ονομάζεται',
      'ορίζεται ως',
      'αναφέρεται σε',
      'δηλώνει',
      'χρησιμοποιείται για',
    ],
    copulas: ['είναι'],
    copulaArticles: ['ένα', 'ένας', 'μια', 'μία', 'ο', 'η', 'το', 'οι', 'τα'],
  },
  es: {
    articles: ['el', 'la', 'los', 'las'],
    verbs: [
      'significa',
      'designa',
      'se define como',
      'se refiere a',
      'indica',
      'expresa',
      'se usa para',
      'sirve para',
    ],
    copulas: ['es', 'son'],
    copulaArticles: ['un', 'una', 'el', 'la', 'los', 'las', 'unos', 'unas'],
  },
  fr: {
    articles: ['le', 'la', 'les', 'l’', "l'"],
    verbs: [
      'désigne',
      'signifie',
      'se définit comme',
      'correspond à',
      'exprime',
      'indique',
      'sert à',
    ],
    copulas: ['est', 'sont'],
    copulaArticles: ['un', 'une', 'le', 'la', 'les', 'des', 'l’', "l'"],
  },
  de: {
    articles: ['der', 'die', 'das'],
    verbs: ['bedeutet', 'bezeichnet', 'beschreibt', 'drückt', 'gibt an'],
    copulas: ['ist', 'sind'],
    copulaArticles: ['ein', 'eine', 'der', 'die', 'das'],
  },
};

// Where a second clause starts after a definition ("..., y el comedor es donde..."): it is
// about something else, so the definition stops there.
const NEXT_CLAUSE: Record<Exclude<Language, 'en'>, string[]> = {
  el: ['και', 'αλλά', 'ενώ'],
  es: ['y', 'pero', 'mientras que'],
  fr: ['et', 'mais', 'tandis que', 'alors que'],
  de: ['und', 'aber', 'während'],
};

function firstClause(definition: string, language: Exclude<Language, 'en'>): string {
  const lower = definition.toLowerCase();
  const cuts = NEXT_CLAUSE[language].map((w) => lower.indexOf(`, ${w} `)).filter((at) => at > 10);
  return cuts.length > 0 ? definition.slice(0, Math.min(...cuts)) : definition;
}

/** The article a phrase opens with, from `articles`, or undefined. */
function openingArticle(phrase: string, articles: string[]): string | undefined {
  const lower = phrase.toLowerCase();
  return articles.find((a) => lower.startsWith(/[’']$/.test(a) ? a : `${a} `));
}

/**
 * "La Terreur désigne la période...", "La cocina es la habitación donde...", "Die Zelle ist
 * die kleinste Einheit...": a term after a definite article, a defining verb, its definition.
 * The term keeps its article, as terse notes write it ("La cocina : ...").
 */
export function findProseDefinitions(
  sentences: SourceSentence[],
  language: Exclude<Language, 'en'>,
): Definition[] {
  const { articles, verbs, copulas, copulaArticles } = PROSE_DEFINITIONS[language];
  const out: Definition[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const text = stripEnd(sentence.text);
    if (findMath(text).length > 0 || !openingArticle(text, articles)) continue;
    const lower = text.toLowerCase();
    let found: { term: string; definition: string } | undefined;
    for (const verb of [...verbs, ...copulas]) {
      const at = lower.indexOf(` ${verb} `);
      if (at < 1) continue;
      const term = text.slice(0, at).trim();
      const definition = text.slice(at + verb.length + 2).trim();
      if (copulas.includes(verb) && !openingArticle(definition, copulaArticles)) continue;
      found = { term, definition };
      break;
    }
    if (!found) continue;
    const { term } = found;
    const definition = trimDefinition(firstClause(found.definition, language));
    if (!definition || tokenCount(term) < 2 || tokenCount(term) > 4) continue;
    if (!/^[\p{L}][\p{L}'’\s-]*$/u.test(term) || !usableTerm(term, language)) continue;
    const k = phraseKey(term, language);
    const rest = k.split(' ').slice(1).join(' ');
    if (seen.has(k) || ` ${phraseKey(definition, language)} `.includes(` ${rest} `)) continue;
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
  /** The keys of the words the material uses as labels ("Contexte : ..."). */
  labels: Set<string>;
  /** The dates of the material, as written. */
  dates: string[];
  causes: CauseStatement[];
  phrases: Keyphrase[];
  cards: CardDraft[];
  /** Blanks from sentences that already gave a card: a quiz's fallback, never a deck's. */
  spare: Set<CardDraft>;
  numbers: { value: string; kind: string }[];
  /** The material's language, in which its phrases are compared. */
  language: Language;
}

/**
 * Every card the material gives. A deck draws one card from a sentence; a quiz (`reuse`) also
 * keeps the blanks of sentences that gave a definition, in case the definition's question
 * finds no options of its kind.
 */
function candidates(
  sentences: SourceSentence[],
  wording: CardWording,
  reuse = false,
  topic = '',
): Candidates {
  const language = detectLanguage(sentences.map((s) => s.text));
  // The topic's own name is no answer: the student reads it above every card of the lesson.
  const topicKey = phraseKey(topic, language);
  const labels = labelKeys(sentences, language);
  const labelled = findLabelDefinitions(sentences, language);
  const labelledSentences = new Set(labelled.map((d) => d.sentence.text));
  const definitions = [
    ...labelled,
    ...(language === 'en'
      ? findDefinitions(sentences.filter((s) => !labelledSentences.has(s.text)))
      : findProseDefinitions(
          sentences.filter((s) => !labelledSentences.has(s.text)),
          language,
        )),
  ];
  const causes = findCauses(sentences, language);
  const phrases = keyphrases(sentences, 30, [], language).filter(
    (p) => usableTerm(p.text, language) && !isGenericLabel(p.text) && !labels.has(p.key),
  );
  const phraseKeyOf = (phrase: string) => phraseKey(phrase, language);
  const cards: CardDraft[] = [];
  const answers = new Set<string>();
  const used = new Set<string>();
  const taken = (sentence: string) => !reuse && used.has(sentence);
  const spare = new Set<CardDraft>();
  const push = (c: CardDraft, prefix = c.kind === 'definition' ? 'd:' : '') => {
    const key = `${prefix}${phraseKeyOf(c.back)}`;
    if (!key || answers.has(key) || phraseKeyOf(c.front).includes(phraseKeyOf(c.back)))
      return false;
    if (topicKey && phraseKeyOf(c.back) === topicKey) return false;
    answers.add(key);
    if ((c.kind === 'number' || c.kind === 'cloze') && used.has(c.source)) spare.add(c);
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
  const dates: string[] = [];
  const numberCards: CardDraft[] = [];
  const dateCards: CardDraft[] = [];
  for (const s of sentences) {
    const inDates = findDates(s.text);
    // A date is asked whole ("5 mai 1789"), never its day or its year alone.
    const inDate = new Set(inDates.flatMap((d) => wordTokens(d).map((t) => t.text)));
    for (const value of inDates) {
      dates.push(value);
      if (!usableForCloze(s.text) || taken(s.text)) continue;
      dateCards.push({
        front: blankAll(s.text, value),
        back: value,
        kind: 'number',
        source: s.text,
        sourceName: s.source,
      });
    }
    for (const value of findNumbers(s.text)) {
      numbers.push({ value, kind: numberKind(value) });
      if (!usableForCloze(s.text) || taken(s.text) || inDate.has(value)) continue;
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
  for (const c of dateCards.slice(0, 4)) push(c);
  for (const c of numberCards.slice(0, 4)) push(c);
  for (const p of phrases) {
    // "blood" is not blanked inside "red blood cells" when that is a phrase of its own.
    const longer = phrases.filter((q) => q.words > p.words && ` ${q.key} `.includes(` ${p.key} `));
    const hit = sentences.find(
      (s) =>
        !taken(s.text) &&
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
  return { rivals, definitions, labels, dates, causes, phrases, cards, spare, numbers, language };
}

/** A text's words, lower case, in order: how prompts are compared. */
const wordKey = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/**
 * Whether a prompt asks what a card of the deck asks: the same words, or one held in the other
 * ("Fill in the blank: <the card's front>"). A quiz that repeats the deck tests recall of the
 * cards, not of the material.
 */
function repeatsDeck(prompt: string, deck: readonly string[]): boolean {
  const p = wordKey(prompt);
  return (
    p.length > 0 &&
    deck.some(
      (f) =>
        f.length > 0 && (f === p || ` ${f} `.includes(` ${p} `) || ` ${p} `.includes(` ${f} `)),
    )
  );
}

// A quiz may repeat this share of its questions from the deck, and only when the material has
// too few others to fill it.
const DECK_REPEAT_SHARE = 0.2;

/** Flashcards from the material: definitions both ways, numbers and key-phrase clozes. */
export function makeFlashcards(
  sentences: SourceSentence[],
  max: number,
  wording: CardWording,
  /** The lesson's topic, never an answer. */
  topic = '',
): CardDraft[] {
  const { cards } = candidates(sentences, wording, false, topic);
  const order: CardKind[] = ['definition', 'term', 'cause', 'order', 'number', 'cloze'];
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

function distinctFrom(
  answer: string,
  stem: string,
  picked: string[],
  language: Language,
  same: SameThing,
) {
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
      // Another name of the answer is no wrong option ("PCB" beside "process control block"),
      // nor two names of one thing two wrong options.
      !same(answer, candidate) &&
      !picked.some((p) => same(p, candidate)) &&
      // "Crise" is no second option beside "Crise financière".
      !picked.some((p) => {
        const q = phraseKey(p, language);
        return ` ${q} `.includes(` ${k} `) || ` ${k} `.includes(` ${q} `);
      })
    );
  };
}

function pickDistractors(
  answer: string,
  stem: string,
  pool: string[],
  rand: () => number,
  language: Language,
  same: SameThing,
  first: string[] = [],
): string[] {
  const picked: string[] = [];
  for (const c of [...first, ...shuffle(pool, rand)]) {
    if (picked.length === 3) break;
    if (distinctFrom(answer, stem, picked, language, same)(c)) picked.push(c);
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
/** Items of a numbered list an order question asks: 3 to this many (its options hold them all). */
const ORDER_MAX_ITEMS = 5;
/** Most words of an item an order question asks, so its options stay readable. */
const ORDER_MAX_WORDS = 12;
/** How an order question's options join the steps. */
const THEN = ' → ';
/**
 * A lead-in that announces steps, in the languages the engine speaks: a numbered list is not
 * always a sequence ("There are four conditions for deadlock:" numbers four conditions that
 * hold at once), and asking its order would test the numbering, not the material.
 */
const STEP_CUES =
  /(?<!\p{L})(steps?|stages?|phases?|order|sequence|procedure|pasos?|etapas?|fases?|orden|secuencia|procedimiento|étapes?|ordre|séquence|procédure|schritte?n?|phasen?|stufen?|reihenfolge|ablauf|βήμα|βήματα|στάδιο|στάδια|φάση|φάσεις|σειρά|διαδικασία)(?!\p{L})/iu;

/**
 * An order question from a lead-in that announces steps with its numbered list ("A page fault
 * is handled in four steps:" 1. ... 2. ...): the steps in the material's order, against three
 * other orders (two neighbours swapped, or the last step first). None for a list of nested,
 * long, formula or code items, or of fewer than 3 or more than ORDER_MAX_ITEMS.
 */
function orderQuestion(
  s: SourceSentence,
  wording: CardWording,
  rand: () => number,
): Omit<KindedQuestion, 'correctIndex'> | undefined {
  const steps = s.items;
  if (!s.ordered || !steps || steps.length < 3 || steps.length > ORDER_MAX_ITEMS) return undefined;
  if (!STEP_CUES.test(s.text)) return undefined;
  const plainStep = (x: string) =>
    words(x) >= 1 && words(x) <= ORDER_MAX_WORDS && findMath(x).length === 0 && !/[`|]/.test(x);
  if (!steps.every(plainStep) || new Set(steps.map((x) => x.toLowerCase())).size < steps.length)
    return undefined;
  const wrong: string[][] = [];
  for (let i = 0; i + 1 < steps.length; i++) {
    const swapped = [...steps];
    [swapped[i], swapped[i + 1]] = [steps[i + 1] as string, steps[i] as string];
    wrong.push(swapped);
  }
  wrong.push([steps[steps.length - 1] as string, ...steps.slice(0, -1)]);
  const options = [...new Set(shuffle(wrong, rand).map((w) => w.join(THEN)))].slice(0, 3);
  if (options.length < 3) return undefined;
  const list = steps.map((x, i) => `${i + 1}. ${x}`).join(' ');
  return {
    prompt: wording.order(s.text),
    options: [steps.join(THEN), ...options],
    explanation: `“${s.text} ${list}” (${s.source})`,
    kind: 'order',
  };
}

/**
 * An apply question from a passage holding a formula the engine reads (`formulaOf`): the
 * formula's result at values 2 to 9 of its quantities, against the results of three slips (an
 * operator swapped, a power or a root left out, a fraction upside down). Numbers are written as
 * the language writes them.
 */
function applyQuestion(
  s: SourceSentence,
  wording: CardWording,
  language: Language,
  rand: () => number,
  constants: ReadonlyMap<string, number>,
): Omit<KindedQuestion, 'correctIndex'> | undefined {
  const formula = formulaOf(s.text);
  const applied = formula && applyFormula(formula, rand, constants);
  if (!formula || !applied) return undefined;
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false });
  const answer = format.format(applied.answer);
  return {
    prompt: wording.apply(`$${formula.latex}$`, `$${formula.target}$`, applied.givens),
    options: [answer, ...applied.wrong.map((x) => format.format(x))],
    explanation: `“${s.text}” (${s.source}): $${formula.target} = ${answer}$`,
    kind: 'apply',
  };
}

export function makeQuiz(
  sentences: SourceSentence[],
  opts: {
    max?: number;
    seed?: number;
    wording: CardWording;
    /** The card fronts not to ask again; by default the deck the same material gives. */
    deck?: readonly string[];
    /** The lesson's topic, never an answer. */
    topic?: string;
  },
): KindedQuestion[] {
  const max = opts.max ?? QUIZ_SIZE;
  const rand = seededRandom(opts.seed ?? 1);
  const { rivals, definitions, labels, dates, causes, phrases, cards, spare, numbers, language } =
    candidates(sentences, opts.wording, true, opts.topic);
  const same = createSynonymCheck(sentences, language);
  const causePool = causes.map((c) => c.cause);
  const definitionPool = definitions.map((d) => d.definition);
  const termPool = [...definitions.map((d) => d.term), ...phrases.map((p) => p.text)];
  const drafts: Omit<KindedQuestion, 'correctIndex'>[] = [];
  // Questions made whole from one passage, not from a card: numbered lists asked in order, and
  // formulas applied to numbers; cards of their own kinds, taking turns with the others.
  const whole = new Map<CardDraft, Omit<KindedQuestion, 'correctIndex'>>();
  // A formula is applied with the material's own values of its constants.
  const constants = constantsOf(sentences.map((s) => s.text));
  for (const s of sentences) {
    const q =
      orderQuestion(s, opts.wording, rand) ??
      applyQuestion(s, opts.wording, language, rand, constants);
    const first = q?.options[0];
    if (q && first)
      whole.set(
        { front: q.prompt, back: first, kind: q.kind, source: s.text, sourceName: s.source },
        q,
      );
  }
  const make = (card: CardDraft): Omit<KindedQuestion, 'correctIndex'> | undefined => {
    const asked = whole.get(card);
    if (asked) return asked;
    const explanation = `“${card.source}” (${card.sourceName})`;
    let prompt: string;
    let pool: string[];
    // Options tried before the rest of the pool, in this order.
    let preferred: string[] = [];
    const kind = optionKind(card.back);
    // Options are of the answer's kind: dates with dates, formulas with formulas, a named term
    // with named terms (never a common word or a label such as "Contexte").
    const alike = (list: string[]) =>
      [...new Set(list)].filter(
        (o) =>
          optionKind(o) === kind &&
          !isGenericLabel(o) &&
          !labels.has(phraseKey(o, language)) &&
          (kind !== 'term' || isCommonWord(o) === isCommonWord(card.back)),
      );
    if (card.kind === 'definition') {
      prompt = card.front;
      pool = definitionPool;
    } else if (card.kind === 'term') {
      prompt = card.front;
      // Terms the material defines are alike (SN1, SN2, E1, E2); other phrases only fill in.
      const defined = alike(definitions.map((d) => d.term));
      pool =
        defined.length >= 4 ? defined : termPool.filter((t) => words(t) <= words(card.back) + 2);
      preferred = shuffle(defined, rand);
    } else if (card.kind === 'cause') {
      prompt = card.front;
      pool = causePool;
    } else if (card.kind === 'number' && kind === 'date') {
      prompt = opts.wording.fillBlank(card.front);
      const same = [...new Set(dates)];
      pool = same.length >= 4 ? same : [...same, ...perturbDate(card.back)];
    } else if (card.kind === 'number') {
      prompt = opts.wording.fillBlank(card.front);
      const numeric = numberKind(card.back);
      const same = [...new Set(numbers.filter((x) => x.kind === numeric).map((x) => x.value))];
      pool = same.length >= 4 ? same : [...same, ...perturbNumbers(card.back)];
    } else {
      prompt = opts.wording.fillBlank(card.front);
      const w = words(card.back);
      pool = termPool.filter((t) => Math.abs(words(t) - w) <= 1);
    }
    // A term contrasted with another ("SN1 ..., whereas SN2 ...") has that one among its options.
    const rival = rivals.get(card);
    const distractors = pickDistractors(card.back, prompt, alike(pool), rand, language, same, [
      ...(rival ? [rival] : []),
      ...alike(preferred),
    ]);
    // Four options or no question: a question with fewer is guessed, not answered.
    if (distractors.length < 3) return undefined;
    return { prompt, options: [card.back, ...distractors], explanation, kind: card.kind };
  };
  const order: CardKind[] = ['definition', 'term', 'apply', 'cause', 'order', 'number', 'cloze'];
  // Kinds take turns (a definition, a cause, a number, a blank...), so a short quiz is mixed.
  const interleave = (list: CardDraft[]) => {
    const byKind = order.map((k) => shuffle(list, rand).filter((c) => c.kind === k));
    const out: CardDraft[] = [];
    for (let i = 0; byKind.some((l) => l.length > i); i++)
      for (const l of byKind) if (l[i]) out.push(l[i] as CardDraft);
    return out;
  };
  const queue = [
    ...interleave([...cards.filter((c) => !spare.has(c)), ...whole.keys()]),
    ...interleave(cards.filter((c) => spare.has(c))),
  ];
  // The deck the same material gives: its prompts are asked elsewhere (the flashcards), so the
  // quiz asks other things first and repeats a card only to fill up to a fifth of its questions.
  const deck = (
    opts.deck ?? makeFlashcards(sentences, DECK_SIZE, opts.wording, opts.topic).map((c) => c.front)
  ).map(wordKey);
  const usedSources = new Set<string>();
  // One at least: material the deck covers whole still gets a question, not an empty quiz.
  const allowedRepeats = Math.max(1, Math.floor(max * DECK_REPEAT_SHARE));
  for (const repeating of [false, true]) {
    let repeats = 0;
    for (const card of queue) {
      if (drafts.length >= max || (repeating && repeats >= allowedRepeats)) break;
      // At most one question per sentence, so one question does not answer another.
      if (usedSources.has(card.source)) continue;
      const q = make(card);
      if (!q || repeatsDeck(q.prompt, deck) !== repeating) continue;
      usedSources.add(card.source);
      drafts.push(q);
      if (repeating) repeats++;
    }
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
