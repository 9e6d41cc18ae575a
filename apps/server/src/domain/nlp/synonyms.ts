/**
 * Options that name the same thing: an acronym and its words ("PCB", "process control block"),
 * or two names the material gives as one ("adenosine triphosphate (ATP)", "the citric acid
 * cycle, also called the Krebs cycle"). A quiz never offers one as wrong beside the other, nor
 * two of them as wrong options (the student would strike both at once). Pure, no I/O.
 */
import { isStopWord, type Language } from '../text/language.js';

/** Words that say "another name for it follows", in the languages the engine speaks. */
const ALIAS_CUES = [
  // en
  'also called',
  'also known as',
  'known as',
  'called',
  'i.e.',
  'that is',
  'aka',
  // es
  'también llamado',
  'también llamada',
  'también conocido como',
  'también conocida como',
  'conocido como',
  'conocida como',
  'llamado',
  'llamada',
  'es decir',
  'o sea',
  // fr
  'aussi appelé',
  'aussi appelée',
  'également appelé',
  'également appelée',
  'appelé',
  'appelée',
  'aussi nommé',
  'c’est-à-dire',
  "c'est-à-dire",
  // de
  'auch genannt',
  'auch als',
  'genannt',
  'auch',
  'd. h.',
  'd.h.',
  // el
  'γνωστό και ως',
  'γνωστή και ως',
  'γνωστός και ως',
  'γνωστό ως',
  'γνωστή ως',
  'γνωστός ως',
  'γνωστή επίσης ως',
  'επίσης',
  'δηλαδή',
  'ή αλλιώς',
  'αλλιώς',
].sort((a, b) => b.length - a.length);

/** Articles an alias may open with after its cue ("also called the Krebs cycle"). */
const ARTICLES = new Set(
  "the a an el la los las lo un una le les l’ l' un une der die das den dem ein eine ο η το οι τα".split(
    ' ',
  ),
);

/** How far after a name its alias may begin, in characters. */
const ALIAS_REACH = 40;

const lower = (s: string) => s.toLocaleLowerCase().normalize('NFC');

/** The initials of a phrase's words, all of them or its content words only. */
function initials(phrase: string, language: Language): string[] {
  const words = phrase.split(/[\s-]+/).filter(Boolean);
  const all = words.map((w) => w[0] ?? '').join('');
  const content = words
    .filter((w) => !isStopWord(language, lower(w)))
    .map((w) => w[0] ?? '')
    .join('');
  return [all, content].map((s) => s.toLocaleUpperCase());
}

/** True when `short` is an acronym (2 to 6 capitals) of `long`, a phrase of as many words. */
function isAcronymOf(short: string, long: string, language: Language): boolean {
  const s = short.replace(/s$/, '');
  if (!/^[\p{Lu}\d]{2,6}$/u.test(s) || !/\s/.test(long.trim())) return false;
  const plain = (x: string) => x.normalize('NFD').replace(/\p{M}/gu, '');
  return initials(long, language).some((i) => plain(i) === plain(s));
}

/**
 * The synonym check of a material: `same(a, b)` is true when a and b are an acronym and its
 * words, or when a passage names one and then the other, in brackets right after it ("a (b)")
 * or after a cue word ("a, also called b", "a, es decir b"), either way round.
 */
export function createSynonymCheck(
  passages: readonly { text: string }[],
  language: Language,
): (a: string, b: string) => boolean {
  // Only passages with a bracket or a cue can declare an alias: the rest is never searched.
  const declaring = passages
    .map((p) => lower(p.text))
    .filter((t) => t.includes('(') || ALIAS_CUES.some((c) => t.includes(c)));
  const declares = (name: string, alias: string): boolean => {
    for (const text of declaring) {
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
        const after = text.slice(at + name.length, at + name.length + ALIAS_REACH + alias.length);
        if (follows(after, alias)) return true;
      }
    }
    return false;
  };
  return (a: string, b: string) => {
    const x = lower(a.trim());
    const y = lower(b.trim());
    if (x.length === 0 || y.length === 0 || x === y) return false;
    if (isAcronymOf(a.trim(), b, language) || isAcronymOf(b.trim(), a, language)) return true;
    return declares(x, y) || declares(y, x);
  };
}

/**
 * Whether `text` (what follows a name) gives `alias` as its other name: "(alias)" closing right
 * after it, or a cue word, an optional article, then the alias as a whole phrase.
 */
function follows(text: string, alias: string): boolean {
  let rest = text.replace(/^[\s,;:–—-]*/, '');
  const bracket = rest.startsWith('(');
  if (bracket) rest = rest.slice(1).trimStart();
  const cue = ALIAS_CUES.find(
    (c) => rest.startsWith(c) && !/^[\p{L}\p{N}]/u.test(rest.slice(c.length)),
  );
  if (cue) rest = rest.slice(cue.length).replace(/^[\s:,]*/, '');
  if (!bracket && !cue) return false;
  const first = rest.match(/^[^\s]+/)?.[0] ?? '';
  if (ARTICLES.has(first) && !alias.startsWith(`${first} `))
    rest = rest.slice(first.length).trimStart();
  if (!rest.startsWith(alias)) return false;
  const next = rest.slice(alias.length);
  // The alias is a whole phrase: a bracket closes it right after, else punctuation or the end.
  return bracket && !cue
    ? /^\s*\)/.test(next)
    : /^(\s*[),.;:]|\s*$|\s+(and|y|et|und|και)\s)/u.test(next) || next.length === 0;
}
