/**
 * The planner's own words, by language: the focus points of each block, the blocks' titles and
 * the plan's name and summary. They become stored content the student can edit, so they are
 * written once, when the plan is made, in the language the student asked for it in.
 */
import type { AiLanguage } from '@studybuddy/contracts';

export interface PlanTexts {
  /** Focus points, phrased as study actions and retrieval prompts (docs/planner.md, M11). */
  focus: {
    learn: (topic: string) => string;
    closeWithRecall: string;
    continue: (topic: string, session: number) => string;
    workExamples: string;
    retrieval: (topic: string) => string;
    mix: (topics: readonly string[]) => string;
    answerFromMemory: string;
    practiceTest: string;
    recall: (topic: string) => string;
    checkAnswers: string;
  };
  /** Session titles: a final review, a review, and a block with neither topic nor subject. */
  title: {
    finalReview: (subject: string) => string;
    review: (subject: string) => string;
    study: string;
  };
  plan: {
    /**
     * A readable name: the subjects ("A, B and C", more than three: "A, B, C and 2 more") and
     * the last day, formatted for the language ("until 28 Dec"). Dates are 'YYYY-MM-DD'; the
     * year is shown when the period ends in another year than it starts.
     */
    name: (subjects: readonly string[], start: string, end: string) => string;
    summary: (facts: {
      subjects: number;
      topics: number;
      hours: number;
      start: string;
      end: string;
    }) => string;
  };
}

const list = (names: readonly string[]) => names.join(', ');
/** At most three names joined with the language's "and"; the rest counted by `more`. */
const subjectList =
  (and: string, more: (n: number) => string) =>
  (names: readonly string[]): string => {
    if (names.length <= 1) return names[0] ?? '';
    if (names.length > 3) return `${names.slice(0, 3).join(', ')} ${and} ${more(names.length - 3)}`;
    return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
  };
/** A 'YYYY-MM-DD' day as "28 Dec" in the language, with the year when it differs from `start`'s. */
const dayIn = (locale: string) => {
  const short = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const long = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day: string, start: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return day;
    return (day.slice(0, 4) === start.slice(0, 4) ? short : long).format(date);
  };
};
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Hours with the language's decimal mark ("7,5"). */
const hoursIn = (locale: string) => {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
  return (h: number) => format.format(h);
};

const enList = subjectList('and', (n) => `${n} more`);
const enDay = dayIn('en-GB');
const en: PlanTexts = {
  focus: {
    learn: (t) => `Learn: ${t}`,
    closeWithRecall: 'Close with a 5-minute recall without notes',
    continue: (t, n) => `Continue: ${t} (session ${n})`,
    workExamples: 'Work examples, then explain them from memory',
    retrieval: (t) => `Retrieval practice: ${t}`,
    mix: (ts) => `Mix questions across ${list(ts)}`,
    answerFromMemory: 'Answer from memory first, then check',
    practiceTest: 'Practice test under exam conditions, without notes',
    recall: (t) => `Recall: ${t}`,
    checkAnswers: 'Check answers, then re-study only the weak spots',
  },
  title: {
    finalReview: (s) => `Final review: ${s}`,
    review: (s) => `Review: ${s}`,
    study: 'Study',
  },
  plan: {
    name: (subjects, start, end) => `${enList(subjects)}, until ${enDay(end, start)}`,
    summary: (f) =>
      `${f.subjects} subject(s), ${f.topics} topic(s) and ${f.hours} h of study planned from ${f.start} to ${f.end}.`,
  },
};

const elList = subjectList('και', (n) => `${n} ακόμη`);
const elDay = dayIn('el');
const elHours = hoursIn('el');
const el: PlanTexts = {
  focus: {
    learn: (t) => `Μάθε: ${t}`,
    closeWithRecall: 'Κλείσε με 5 λεπτά ανάκλησης χωρίς σημειώσεις',
    continue: (t, n) => `Συνέχισε: ${t} (συνεδρία ${n})`,
    workExamples: 'Λύσε παραδείγματα και μετά εξήγησέ τα από μνήμης',
    retrieval: (t) => `Εξάσκηση ανάκλησης: ${t}`,
    mix: (ts) => `Ανάμειξε ερωτήσεις από: ${list(ts)}`,
    answerFromMemory: 'Απάντησε πρώτα από μνήμης και μετά έλεγξε',
    practiceTest: 'Δοκιμαστικό διαγώνισμα σε συνθήκες εξέτασης, χωρίς σημειώσεις',
    recall: (t) => `Ανάκληση: ${t}`,
    checkAnswers: 'Έλεγξε τις απαντήσεις και ξαναδιάβασε μόνο τα αδύναμα σημεία',
  },
  title: {
    finalReview: (s) => `Τελική επανάληψη: ${s}`,
    review: (s) => `Επανάληψη: ${s}`,
    study: 'Μελέτη',
  },
  plan: {
    name: (subjects, start, end) => `${elList(subjects)}, έως ${elDay(end, start)}`,
    summary: (f) =>
      `Πρόγραμμα από ${f.start} έως ${f.end}: ${count(f.subjects, 'μάθημα', 'μαθήματα')}, ${count(f.topics, 'ενότητα', 'ενότητες')} και ${elHours(f.hours)} ${f.hours === 1 ? 'ώρα' : 'ώρες'} μελέτης.`,
  },
};

const esList = subjectList('y', (n) => `${n} más`);
const esDay = dayIn('es');
const esHours = hoursIn('es');
const es: PlanTexts = {
  focus: {
    learn: (t) => `Aprende: ${t}`,
    closeWithRecall: 'Termina con 5 minutos de recuerdo sin apuntes',
    continue: (t, n) => `Continúa: ${t} (sesión ${n})`,
    workExamples: 'Resuelve ejemplos y luego explícalos de memoria',
    retrieval: (t) => `Práctica de recuerdo: ${t}`,
    mix: (ts) => `Mezcla preguntas de ${list(ts)}`,
    answerFromMemory: 'Responde primero de memoria y luego comprueba',
    practiceTest: 'Simulacro de examen en condiciones reales, sin apuntes',
    recall: (t) => `Recuerda: ${t}`,
    checkAnswers: 'Corrige las respuestas y vuelve a estudiar solo los puntos débiles',
  },
  title: {
    finalReview: (s) => `Repaso final: ${s}`,
    review: (s) => `Repaso: ${s}`,
    study: 'Estudio',
  },
  plan: {
    name: (subjects, start, end) => `${esList(subjects)}, hasta el ${esDay(end, start)}`,
    summary: (f) =>
      `Plan del ${f.start} al ${f.end}: ${count(f.subjects, 'asignatura', 'asignaturas')}, ${count(f.topics, 'tema', 'temas')} y ${esHours(f.hours)} h de estudio.`,
  },
};

const frList = subjectList('et', (n) => `${n} autres`);
const frDay = dayIn('fr');
const frHours = hoursIn('fr');
const fr: PlanTexts = {
  focus: {
    learn: (t) => `Apprendre : ${t}`,
    closeWithRecall: 'Terminer par 5 minutes de rappel sans notes',
    continue: (t, n) => `Continuer : ${t} (séance ${n})`,
    workExamples: 'Faire des exemples, puis les expliquer de mémoire',
    retrieval: (t) => `Pratique de récupération : ${t}`,
    mix: (ts) => `Mélanger des questions sur ${list(ts)}`,
    answerFromMemory: 'Répondre d’abord de mémoire, puis vérifier',
    practiceTest: 'Examen blanc en conditions réelles, sans notes',
    recall: (t) => `Rappel : ${t}`,
    checkAnswers: 'Corriger les réponses, puis ne retravailler que les points faibles',
  },
  title: {
    finalReview: (s) => `Révision finale : ${s}`,
    review: (s) => `Révision : ${s}`,
    study: 'Étude',
  },
  plan: {
    name: (subjects, start, end) => `${frList(subjects)}, jusqu’au ${frDay(end, start)}`,
    summary: (f) =>
      `Plan du ${f.start} au ${f.end} : ${count(f.subjects, 'matière', 'matières')}, ${count(f.topics, 'thème', 'thèmes')} et ${frHours(f.hours)} h d’étude.`,
  },
};

const deList = subjectList('und', (n) => `${n} weitere`);
const deDay = dayIn('de');
const deHours = hoursIn('de');
const de: PlanTexts = {
  focus: {
    learn: (t) => `Lernen: ${t}`,
    closeWithRecall: 'Zum Schluss 5 Minuten ohne Notizen aus dem Gedächtnis abrufen',
    continue: (t, n) => `Weiter: ${t} (Einheit ${n})`,
    workExamples: 'Beispiele durcharbeiten, dann aus dem Gedächtnis erklären',
    retrieval: (t) => `Abrufübung: ${t}`,
    mix: (ts) => `Fragen gemischt aus ${list(ts)}`,
    answerFromMemory: 'Erst aus dem Gedächtnis antworten, dann prüfen',
    practiceTest: 'Probeprüfung unter Prüfungsbedingungen, ohne Notizen',
    recall: (t) => `Abrufen: ${t}`,
    checkAnswers: 'Antworten prüfen, dann nur die Schwachstellen wiederholen',
  },
  title: {
    finalReview: (s) => `Abschlusswiederholung: ${s}`,
    review: (s) => `Wiederholung: ${s}`,
    study: 'Lernen',
  },
  plan: {
    name: (subjects, start, end) => `${deList(subjects)}, bis ${deDay(end, start)}`,
    summary: (f) =>
      `Plan vom ${f.start} bis ${f.end}: ${count(f.subjects, 'Fach', 'Fächer')}, ${count(f.topics, 'Thema', 'Themen')} und ${deHours(f.hours)} Std. Lernzeit.`,
  },
};

/** The planner's texts in every language the app speaks. */
export const PLAN_TEXTS: Record<AiLanguage, PlanTexts> = { en, el, es, fr, de };

/** The planner's texts in a language; English when none is given. */
export function planTexts(language: AiLanguage | undefined): PlanTexts {
  return PLAN_TEXTS[language ?? 'en'];
}

/**
 * A planned block's session title: the final review's or a review's of its subject, else its
 * topic's name (a plan without one: its subject's, else a study session's).
 */
export function blockTitle(
  texts: PlanTexts,
  kind: 'learn' | 'review' | 'final-review',
  subject: string | undefined,
  topic: string | undefined,
): string {
  if (kind === 'final-review') return texts.title.finalReview(subject ?? '');
  if (kind === 'review') return texts.title.review(subject ?? '');
  return topic ?? subject ?? texts.title.study;
}
