/**
 * The words of the extra-wishes grammar in Greek, Spanish, French and German (English has its
 * own patterns in wishes.ts). Every language's words are read whatever the interface language:
 * a student may write in any of them. Words are written as students spell them and folded once
 * here (see `fold`), so accents, case and final sigma do not matter.
 */

const PRINTABLE_ASCII = /^[ -~]*$/;

/** Lower case without accents, final sigma as sigma and ß as ss: the form words are matched in. */
export function fold(text: string): string {
  // Most words are plain ASCII; skipping the normalisation for them keeps long wishes fast.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replaceAll('ς', 'σ')
    .replaceAll('ß', 'ss');
}

function words(...lists: string[]): Set<string> {
  return new Set(lists.flatMap((l) => l.split(' ')).map(fold));
}

function phrases(...list: string[]): string[][] {
  return list.map((p) => fold(p).split(' '));
}

/** German day names with -e, -en and the adverb -s ("Sonntage", "an Sonntagen", "sonntags"). */
const german = (...names: string[]): string =>
  names.flatMap((n) => [n, `${n}e`, `${n}en`, `${n}s`]).join(' ');

// Singular, plural and the forms used after a preposition ("της Κυριακής"). No abbreviations:
// short ones collide with ordinary words ("so", "mar", "jeu").
const DAY_NAMES: string[][] = [
  ['Δευτέρα Δευτέρες Δευτέρας', 'lunes', 'lundi lundis', german('Montag')],
  ['Τρίτη Τρίτες Τρίτης', 'martes', 'mardi mardis', german('Dienstag')],
  ['Τετάρτη Τετάρτες Τετάρτης', 'miércoles', 'mercredi mercredis', german('Mittwoch')],
  ['Πέμπτη Πέμπτες Πέμπτης', 'jueves', 'jeudi jeudis', german('Donnerstag')],
  ['Παρασκευή Παρασκευές Παρασκευής', 'viernes', 'vendredi vendredis', german('Freitag')],
  ['Σάββατο Σάββατα Σαββάτου', 'sábado sábados', 'samedi samedis', german('Samstag', 'Sonnabend')],
  ['Κυριακή Κυριακές Κυριακής', 'domingo domingos', 'dimanche dimanches', german('Sonntag')],
];

/** Folded weekday name -> weekday (0 = Monday). */
export const DAYS: ReadonlyMap<string, number> = new Map(
  DAY_NAMES.flatMap((names, day) => [...words(...names)].map((w): [string, number] => [w, day])),
);

/** Saturday and Sunday together. */
export const WEEKEND = words(
  'Σαββατοκύριακο Σαββατοκύριακα',
  'finde findes',
  'weekend weekends',
  'Wochenende Wochenenden',
);
export const WEEKEND_PHRASES = phrases('fin de semana', 'fines de semana', 'week end', 'week ends');

/** Monday to Friday together ("καθημερινά" is left out: it means "daily"). */
export const WEEKDAYS = words(
  'καθημερινές εργάσιμες',
  'laborables',
  'ouvrables ouvrés',
  'Wochentage Wochentagen wochentags Werktage Werktagen werktags',
);
export const WEEKDAY_PHRASES = phrases(
  'entre semana',
  'días de semana',
  'en semaine',
  'jours de semaine',
  'unter der Woche',
);

/**
 * Words that negate a clause or set a day free ("sauf le dimanche", "sonntags frei"). English
 * ones are in wishes.ts; French "non" is left out, since English has "non-stop".
 */
export const NEGATIONS = words(
  'όχι χωρίς ποτέ εκτός μη μην δεν ελεύθερη ελεύθερες ελεύθερο ελεύθερα',
  'no sin nunca ni ningún ninguna nada excepto salvo libre libres',
  'pas sans jamais aucun aucune rien sauf libre libres',
  'nicht kein keine keinen keiner keinem nie niemals ohne außer ausgenommen frei',
);

/** "No session after T": words for "after" and "later". */
export const AFTER = words('μετά αργότερα', 'después tarde', 'après tard', 'nach später');
/** "No session before T": words for "before" and "earlier". */
export const BEFORE = words('πριν νωρίτερα', 'antes temprano', 'avant tôt', 'vor früher');

/** Words that may stand between a time word and its time ("πριν από τις 9", "nach 18 Uhr"). */
export const TIME_FILLERS = words(
  'από τις στις τη την το',
  'de del la las a al que',
  'de d la l à les le du que qu',
  'als um',
);
/** Words naming the hour after a number ("18 h", "18 Uhr", "9 ώρα"). */
export const HOUR_WORDS = words('ώρα ω', 'h hora horas', 'h heure heures', 'h uhr');

/** Parts of the day, read as a soft preference (and after a time: "8 de la tarde" is 20:00). */
export const MORNING = words(
  'πρωί πρωινά πρωινό πρωινές πρωινή',
  'mañana mañanas',
  'matin matins matinée matinées',
  'Morgen morgens Vormittag vormittags Vormittage',
);
export const AFTERNOON = words(
  'απόγευμα απογεύματα απογευματινά απογευματινό απογευματινές',
  'tarde tardes',
  'aprem',
  'Nachmittag nachmittags Nachmittage',
);
export const AFTERNOON_PHRASES = phrases('après midi');
export const EVENING = words(
  'βράδυ βράδια βραδινά βραδινό βραδινές νύχτα νύχτες',
  'noche noches',
  'soir soirs soirée soirées nuit nuits',
  'Abend abends Abende Nacht nachts',
);

/** Words that alone mean "at most" before a number of hours. */
export const CAP = words(
  'μέγιστο μέγιστη μέγιστες μέχρι έως',
  'máximo máxima max hasta sumo',
  'max maximum maxi maximal jusqu',
  'max maximal maximale höchstens',
);
/** Words for "more", which mean "at most" in a negated clause ("no más de 3 horas"). */
export const MORE = words('περισσότερο περισσότερες περισσότερα πάνω', 'más', 'plus', 'mehr');
/** "At most" in two words; the number follows the second ("au plus 3", "bis zu 3"). */
export const CAP_PAIRS = phrases('au plus', 'το πολύ', 'bis zu');
/** Words between "at most" and its number ("no más de 3", "nicht mehr als 3"). */
export const CAP_FILLERS = words('από', 'de', 'de d que', 'als');
/** Units of a daily cap ("3 horas", "3 Std"). */
export const HOURS = words(
  'ώρες ώρα ω',
  'horas hora h hs',
  'heures heure h',
  'Stunden Stunde Std Stdn h',
);
/** Words between the hours and the day ("al día", "par jour", "am Tag", "την ημέρα"). */
export const PER = words(
  'ανά κάθε τη την της',
  'al a por cada el la',
  'par chaque la le',
  'pro am je jeden',
);
/** "Day", or one word for "a day" ("diarias", "täglich"). */
export const DAY = words(
  'ημέρα μέρα ημερησίως καθημερινά',
  'día diario diaria diarios diarias diariamente',
  'jour journée quotidien quotidienne quotidiens quotidiennes quotidiennement',
  'Tag täglich',
);

/** Joining words that split clauses, like English "but", "also". */
export const JOINERS = words('αλλά επίσης', 'pero también además', 'mais aussi', 'aber auch sowie');
/** "And": splits clauses unless a day follows ("Σάββατα και Κυριακές", "y los domingos"). */
export const AND = words('και', 'y', 'et', 'und');
/** Articles and prepositions that may come between "and" and a day. */
export const DAY_ARTICLES = words(
  'τη την της τις το τα τον οι στις στο στα στη στην',
  'el la los las en',
  'le la les l au aux en',
  'am an den die der das',
);
/** "Plus" is French "more" ("au plus", "pas plus de"), not the English joining word, after these. */
export const PLUS_NOT_JOINING_BEFORE = words('au pas ne le de rien jamais');
/** ... and before these. */
export const PLUS_NOT_JOINING_AFTER = words('de d que qu tard tôt');
