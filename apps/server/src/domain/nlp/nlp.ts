import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { contentWords, splitSentences } from '../text/text.js';

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

/** Tokens of a short text with their universal POS tags. */
export function tag(text: string): Token[] {
  const nlp = wink();
  const doc = nlp.readDoc(text);
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(nlp.its.pos) as string[];
  return words.map((w, i) => ({ text: w, pos: tags[i] ?? 'X' }));
}

const ENGLISH_MARKERS = new Set(
  'the of and to in is are that for it with as was on be by this which from or an at'.split(' '),
);

/** True when a text reads as English (the POS patterns only make sense there). */
export function isEnglish(text: string): boolean {
  const words = (text.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, 2000);
  if (words.length < 8) return /^[\p{Script=Latin}\s\p{P}\p{N}]*$/u.test(text);
  const hits = words.filter((w) => ENGLISH_MARKERS.has(w)).length;
  return hits / words.length >= 0.12;
}

/** A sentence of the student's material and where it comes from. */
export interface SourceSentence {
  text: string;
  /** The lesson title or a file name, shown with citations. */
  source: string;
}

// Uploaded files are data, never instructions: sentences that talk to an AI are not study
// material, so they neither become cards nor reach a model as passages.
const INJECTION =
  /\b(ignore|disregard|forget|override)\b[^.]{0,60}\b(instructions?|prompts?|rules|above|previous)\b|\b(system prompt|you are now|as an ai|jailbreak|developer mode)\b/i;

export function looksLikeInstruction(sentence: string): boolean {
  return INJECTION.test(sentence);
}

const TEMPLATE_SECTION = /^#{1,6}\s*(check yourself|sources|study checklist)\b/i;

/**
 * Sentences a student can learn from: Markdown headings, questions, list markers, template
 * sections ("Check yourself") and instruction-like text are dropped; math is kept whole.
 */
export function materialSentences(text: string, source: string): SourceSentence[] {
  const kept: string[] = [];
  let skipping = false;
  for (const line of text.split('\n')) {
    const heading = line.match(/^\s{0,3}(#{1,6})\s/);
    if (heading) {
      skipping = TEMPLATE_SECTION.test(line.trim());
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
  return splitSentences(kept.join('\n'))
    .map((s) => s.replace(/\*\*|__|`/g, '').trim())
    .filter(
      (s) =>
        s.length >= 15 &&
        s.length <= 600 &&
        !s.endsWith('?') &&
        contentWords(s).length >= 2 &&
        !looksLikeInstruction(s) &&
        !/^This lesson was made from the topic name only/i.test(s) &&
        !/^Add notes or upload material/i.test(s),
    )
    .map((text) => ({ text, source }));
}
