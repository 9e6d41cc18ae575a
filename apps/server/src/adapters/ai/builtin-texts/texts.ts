import type { ReadinessStatus } from '@studybuddy/contracts';
import type { CardWording } from '../../../domain/nlp/generate.js';

/**
 * What the student may say to the chat, as patterns over the message in lower case without
 * accents, its punctuation turned into spaces and a space at each end (so ` word ` is a whole
 * word in every script). Every language's patterns are tried, the student's first: a student
 * may write in another of the app's languages, and the safety screen must not miss it.
 */
export interface ChatIntents {
  crisis: RegExp;
  /** Idioms that sound like crisis language and are not ("this exam is killing me"). */
  distress: RegExp;
  track: RegExp;
  tomorrow: RegExp;
  today: RegExp;
  week: RegExp;
  /** "When is my next session?", on its own or naming a subject or a topic. */
  next: RegExp;
  deadline: RegExp;
  capabilities: RegExp;
  greeting: RegExp;
  thanks: RegExp;
  /** A follow-up asking for another knowledge-base card ("more", "another"). */
  more: RegExp;
  /** The start of a follow-up naming another subject ("and Physics?"), on the raw message. */
  followUp: RegExp;
  /** A capitalised name after "for" or "in", on the raw message: a subject not in the plan. */
  namedSubject: RegExp;
}

/** The fixed texts of the builtin engine in one language. */
export interface BuiltinTexts {
  /** BCP 47 locale for dates and numbers. */
  locale: string;
  cards: CardWording;
  lessonHelper: {
    noMaterial(lessonTitle: string): string;
    keyPointsIntro(lessonTitle: string): string;
    /** Suggests questions about one or two key terms, then the flashcards and the quiz. */
    askAbout(first: string, second: string | undefined): string;
    testYourself: string;
    notFound(lessonTitle: string): string;
    covers(terms: string): string;
    tryChat: string;
    fromMaterial: string;
  };
  /** Plain text; the engine escapes it into HTML. */
  deepDive: {
    drawnFrom(names: string): string;
    nameOnly: string;
    keyPoints: string;
    checklist: string;
    workThrough(heading: string): string;
    explainTerm(term: string): string;
    writeDown(topicName: string): string;
    solveExample: string;
    reviewAgain: string;
  };
  /** Markdown. */
  lesson: {
    nameOnly: string;
    addNotes: string;
    keyPoints: string;
    formulas: string;
    checkYourself: string;
    explainTopic(topicName: string): string;
    termMeaning(term: string): string;
    /** Asks for the cause of an effect the material explains ("... because ..."). */
    cause(effect: string): string;
    /** Asks how two terms the material contrasts differ. */
    compare(a: string, b: string): string;
    hardest(topicName: string): string;
  };
  chat: {
    crisis: string;
    capabilities: string;
    noPlan: string;
    greeting: string;
    thanks: string;
    fallback: string;
    /** Saved and shown when an engine's reply comes back empty (the web app's words too). */
    emptyReply: string;
    /** Added to a knowledge-base answer when the message sounds distressed. */
    checkIn: string;
    /** Added to the fallback when the message sounds distressed. */
    stressTip: string;
    today: string;
    tomorrow: string;
    /** `label` is `today` or `tomorrow`; `hours` is formatted. */
    daySessions(label: string, date: string, count: number, hours: string): string;
    allBehind: string;
    nothingOn(label: string, date: string): string;
    nextSession(subject: string, topic: string | null, date: string, time: string): string;
    pickAnyway(subject: string, left: number, total: number, deadline: string | null): string;
    weekNone(from: string, to: string): string;
    weekSessions(count: number, hours: string): string;
    /** A busy time on a day, as the calendar labels it ("Busy: Lecture, 10:00–12:00"). */
    busyLine(title: string, start: string, end: string): string;
    /** The readiness card's hours: done (checked in) and needed by the deadline, formatted. */
    trackHours(done: string, needed: string): string;
    trackTopics(done: number, total: number): string;
    trackSessions(past: number, count: number, pastHours: string, totalHours: string): string;
    deadlineIn(date: string, days: number): string;
    deadlinePassed(date: string): string;
    noTopics: string;
    allDone: string;
    onTrack(donePercent: number, expectedPercent: number): string;
    /**
     * The readiness card's verdict: `planned` the hours still to come before the deadline,
     * `short` what done and planned leave missing of the need (formatted).
     */
    readinessVerdict(planned: string, short: string, status: ReadinessStatus): string;
    behind(expectedPercent: number, donePercent: number, topics: number): string;
    /** No session ahead on the calendar (a "when is my next session" question). */
    noNextSession: string;
    noNextSessionFor(name: string): string;
    noDeadlines: string;
    deadlinesHeading: string;
    /** `days` below 0: the deadline has passed. */
    deadlineLine(plan: string, subjects: string, date: string, days: number): string;
    unknownSubject(name: string, subjects: string): string;
  };
  intents: ChatIntents;
}
