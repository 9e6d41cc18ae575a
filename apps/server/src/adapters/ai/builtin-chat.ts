import MiniSearch from 'minisearch';
import { detectLanguage, LANGUAGES, stem } from '../../domain/text/language.js';
import { trimEndMatching } from '../../domain/text/text.js';
import { contentWords } from '../../domain/text/words.js';
import { toZoned } from '../../domain/time/zoned.js';
import type {
  ChatRequest,
  Language,
  SessionInfo,
  StudyContext,
  SubjectProgress,
} from './ai-engine.js';
import { BUILTIN_TEXTS, type BuiltinTexts, textsFor } from './builtin-texts/index.js';
import de from './knowledge-base/de.json' with { type: 'json' };
import el from './knowledge-base/el.json' with { type: 'json' };
import en from './knowledge-base/en.json' with { type: 'json' };
import es from './knowledge-base/es.json' with { type: 'json' };
import fr from './knowledge-base/fr.json' with { type: 'json' };

/** A study or well-being guide; the same id in every language. */
export interface KbCard {
  id: string;
  title: string;
  tags: string[];
  examples: string[];
  body: string;
  seekHelp: string;
}

/** The knowledge base in each language, the same cards in the same order. */
export const KNOWLEDGE_BASE: Record<Language, KbCard[]> = {
  en: en.cards,
  el: el.cards,
  es: es.cards,
  fr: fr.cards,
  de: de.cards,
};

/**
 * A message as the intent patterns read it: lower case, without accents, its punctuation
 * turned into spaces, one space at each end, so that ` word ` is a whole word in any script.
 */
function normalise(message: string): string {
  const plain = message.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return ` ${plain.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/** The crisis reply in the student's language. */
export function crisisReply(language: Language): string {
  return textsFor(language).chat.crisis;
}

/** True when any language's crisis patterns match, and none of its idioms explains them. */
function inCrisis(text: string): boolean {
  return LANGUAGES.some((l) => BUILTIN_TEXTS[l].intents.crisis.test(text)) && !distressed(text);
}

function distressed(text: string): boolean {
  return LANGUAGES.some((l) => BUILTIN_TEXTS[l].intents.distress.test(text));
}

const kbIndexes = new Map<Language, MiniSearch>();

function kbIndex(language: Language): MiniSearch {
  let index = kbIndexes.get(language);
  if (index) return index;
  index = new MiniSearch<{ id: string; title: string; tags: string; examples: string }>({
    fields: ['title', 'tags', 'examples'],
    tokenize: (t) => contentWords(t, language),
    processTerm: (t) => stem(language, t),
    searchOptions: { boost: { tags: 2, title: 1.5 }, prefix: (t) => t.length >= 5, fuzzy: 0.1 },
  });
  index.addAll(
    KNOWLEDGE_BASE[language].map((c) => ({
      id: c.id,
      title: c.title,
      tags: c.tags.join(' '),
      examples: c.examples.join(' '),
    })),
  );
  kbIndexes.set(language, index);
  return index;
}

function findCardIn(message: string, language: Language): KbCard | undefined {
  const cards = KNOWLEDGE_BASE[language];
  const lower = message.toLowerCase();
  // A tag phrase said outright wins ("spaced repetition", "burned out").
  const direct = cards.find((c) => c.tags.some((t) => t.includes(' ') && lower.includes(t)));
  if (direct) return direct;
  const [best] = kbIndex(language).search(message, { combineWith: 'OR' });
  if (!best || best.score < 2) return undefined;
  return cards.find((c) => c.id === best.id);
}

/**
 * The knowledge-base card a message is about, if any (BM25 over titles, tags, examples), in the
 * student's language; a message written in another of the app's languages is looked up in that
 * one's cards too, and answered with the student's.
 */
export function findCard(message: string, language: Language): KbCard | undefined {
  const own = findCardIn(message, language);
  if (own) return own;
  const written = detectLanguage(message, language);
  if (written === language) return undefined;
  const card = findCardIn(message, written);
  return card && KNOWLEDGE_BASE[language].find((c) => c.id === card.id);
}

function cardReply(card: KbCard, distress: boolean, t: BuiltinTexts): string {
  const parts = [`**${card.title}**`, '', card.body];
  if (card.seekHelp) parts.push('', `*${card.seekHelp}*`);
  if (distress) parts.push('', t.chat.checkIn);
  return parts.join('\n');
}

// ---------- Schedule answers (from the student's real sessions) ----------

const HOUR = 3_600_000;
const DAY = 86_400_000;

function hours(ms: number, t: BuiltinTexts): string {
  const h = Math.round((ms / HOUR) * 10) / 10;
  return `${new Intl.NumberFormat(t.locale).format(h)} h`;
}

function longDate(date: string, t: BuiltinTexts): string {
  return new Intl.DateTimeFormat(t.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

function sessionLine(s: SessionInfo, tz: string): string {
  const start = toZoned(new Date(s.startAt), tz).time;
  const end = toZoned(new Date(s.endAt), tz).time;
  const what =
    s.topicName && s.topicName !== s.subjectName
      ? `: ${s.topicName}`
      : s.title !== s.subjectName
        ? `: ${s.title}`
        : '';
  return `- ${start}–${end} **${s.subjectName}**${what}`;
}

function duration(s: SessionInfo): number {
  return Math.max(0, Date.parse(s.endAt) - Date.parse(s.startAt));
}

function priority(ctx: StudyContext, today: string): SubjectProgress | undefined {
  const open = ctx.subjects.filter((s) => s.topicsTotal > s.topicsCompleted);
  return open.sort((a, b) => {
    const da = a.deadline ? daysBetween(today, a.deadline) : 10_000;
    const db = b.deadline ? daysBetween(today, b.deadline) : 10_000;
    return da - db || a.topicsCompleted / a.topicsTotal - b.topicsCompleted / b.topicsTotal;
  })[0];
}

function dayAnswer(ctx: StudyContext, date: string, isToday: boolean, t: BuiltinTexts): string {
  const tz = ctx.timeZone;
  const c = t.chat;
  if (ctx.subjects.length === 0 && ctx.sessions.length === 0) return c.noPlan;
  const label = isToday ? c.today : c.tomorrow;
  const onDay = ctx.sessions
    .filter((s) => toZoned(new Date(s.startAt), tz).date === date)
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
  const lines: string[] = [];
  if (onDay.length > 0) {
    const total = onDay.reduce((n, s) => n + duration(s), 0);
    lines.push(
      c.daySessions(label, longDate(date, t), onDay.length, hours(total, t)),
      '',
      ...onDay.map((s) => sessionLine(s, tz)),
    );
    const later = onDay.filter((s) => Date.parse(s.endAt) > ctx.now.getTime());
    if (isToday && later.length === 0) lines.push('', c.allBehind);
  } else {
    lines.push(c.nothingOn(label, longDate(date, t)));
    const next = ctx.sessions
      .filter((s) => Date.parse(s.startAt) > ctx.now.getTime())
      .sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
    if (next) {
      const z = toZoned(new Date(next.startAt), tz);
      lines.push(c.nextSession(next.subjectName, next.topicName, longDate(z.date, t), z.time));
    }
    const pick = priority(ctx, toZoned(ctx.now, tz).date);
    if (pick) {
      const left = pick.topicsTotal - pick.topicsCompleted;
      const due = pick.deadline ? longDate(pick.deadline, t) : null;
      lines.push('', c.pickAnyway(pick.name, left, pick.topicsTotal, due));
    }
  }
  // Lectures and shifts are part of the day too: the student plans around them.
  const busy = (ctx.busy ?? []).filter((b) => b.date === date);
  if (busy.length > 0)
    lines.push('', ...busy.map((b) => `- ${c.busyLine(b.title, b.startTime, b.endTime)}`));
  return lines.join('\n');
}

function weekAnswer(ctx: StudyContext, t: BuiltinTexts): string {
  if (ctx.subjects.length === 0 && ctx.sessions.length === 0) return t.chat.noPlan;
  const tz = ctx.timeZone;
  const today = toZoned(ctx.now, tz).date;
  const end = addDays(today, 7);
  const week = ctx.sessions.filter((s) => {
    const d = toZoned(new Date(s.startAt), tz).date;
    return d >= today && d < end;
  });
  if (week.length === 0) return t.chat.weekNone(longDate(today, t), longDate(addDays(end, -1), t));
  const bySubject = new Map<string, number>();
  for (const s of week)
    bySubject.set(s.subjectName, (bySubject.get(s.subjectName) ?? 0) + duration(s));
  const total = week.reduce((n, s) => n + duration(s), 0);
  return [
    t.chat.weekSessions(week.length, hours(total, t)),
    '',
    ...[...bySubject]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `- **${name}**: ${hours(ms, t)}`),
  ].join('\n');
}

function trackAnswer(ctx: StudyContext, subject: SubjectProgress, t: BuiltinTexts): string {
  const c = t.chat;
  const tz = ctx.timeZone;
  const today = toZoned(ctx.now, tz).date;
  const sessions = ctx.sessions.filter((s) => s.subjectName === subject.name);
  const total = sessions.reduce((n, s) => n + duration(s), 0);
  const past = sessions.filter((s) => Date.parse(s.endAt) <= ctx.now.getTime());
  const pastMs = past.reduce((n, s) => n + duration(s), 0);
  const lines = [`**${subject.name}** (${subject.planName}):`, ''];
  lines.push(`- ${c.trackTopics(subject.topicsCompleted, subject.topicsTotal)}`);
  if (subject.hours)
    lines.push(
      `- ${c.trackHours(hours(subject.hours.done * HOUR, t), hours(subject.hours.needed * HOUR, t))}`,
    );
  lines.push(
    `- ${c.trackSessions(past.length, sessions.length, hours(pastMs, t), hours(total, t))}`,
  );
  if (subject.deadline) {
    const left = daysBetween(today, subject.deadline);
    const date = longDate(subject.deadline, t);
    lines.push(`- ${left >= 0 ? c.deadlineIn(date, left) : c.deadlinePassed(date)}`);
  }
  lines.push('');
  const ready = subject.hours;
  if (ready) {
    // The readiness card weighs hours done and still planned against the need: its verdict,
    // not a count of topics ticked off, is what the dashboard tells the student.
    const short = Math.max(0, ready.needed - ready.done - ready.planned);
    lines.push(
      c.readinessVerdict(hours(ready.planned * HOUR, t), hours(short * HOUR, t), ready.status),
    );
  } else if (subject.topicsTotal === 0) {
    lines.push(c.noTopics);
  } else {
    const done = subject.topicsCompleted / subject.topicsTotal;
    const expected = total > 0 ? pastMs / total : 0;
    if (done >= 1) lines.push(c.allDone);
    else if (done + 0.1 >= expected)
      lines.push(c.onTrack(Math.round(done * 100), Math.round(expected * 100)));
    else {
      const behind = Math.ceil(expected * subject.topicsTotal - subject.topicsCompleted);
      lines.push(c.behind(Math.round(expected * 100), Math.round(done * 100), behind));
    }
  }
  return lines.join('\n');
}

/**
 * The next session on the calendar: of the subject or topic the message names, when it names
 * one of the plan's, else of any (a subject's sessions carry its topics' names).
 */
function nextAnswer(ctx: StudyContext, message: string, t: BuiltinTexts): string {
  const c = t.chat;
  if (ctx.subjects.length === 0 && ctx.sessions.length === 0) return c.noPlan;
  const named = mentionedSubject(message, ctx)?.name ?? mentionedTopic(message, ctx);
  const next = ctx.sessions
    .filter((s) => Date.parse(s.startAt) > ctx.now.getTime())
    .filter((s) => !named || s.subjectName === named || s.topicName === named)
    .sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
  if (!next) return named ? c.noNextSessionFor(named) : c.noNextSession;
  const z = toZoned(new Date(next.startAt), ctx.timeZone);
  return c.nextSession(next.subjectName, next.topicName, longDate(z.date, t), z.time);
}

function deadlineAnswer(ctx: StudyContext, t: BuiltinTexts): string {
  const today = toZoned(ctx.now, ctx.timeZone).date;
  const withDeadline = ctx.subjects.filter((s) => s.deadline);
  if (withDeadline.length === 0) return t.chat.noDeadlines;
  const seen = new Set<string>();
  const lines = [t.chat.deadlinesHeading, ''];
  for (const s of withDeadline.sort((a, b) => (a.deadline ?? '').localeCompare(b.deadline ?? ''))) {
    const key = `${s.planName}|${s.deadline}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const left = daysBetween(today, s.deadline ?? today);
    const names = withDeadline
      .filter((x) => x.planName === s.planName)
      .map((x) => x.name)
      .join(', ');
    lines.push(
      `- ${t.chat.deadlineLine(s.planName, names, longDate(s.deadline ?? today, t), left)}`,
    );
  }
  return lines.join('\n');
}

// ---------- Intent routing ----------

type Intent =
  | { kind: 'day'; offset: number }
  | { kind: 'week' }
  | { kind: 'track'; subject: SubjectProgress | undefined; unknown?: string }
  | { kind: 'deadline' }
  | { kind: 'next'; message: string }
  | { kind: 'card'; card: KbCard }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'capabilities' };

/** The student's language first, then the others: a message may be written in any of them. */
function languagesFor(language: Language): Language[] {
  return [language, ...LANGUAGES.filter((l) => l !== language)];
}

function said(text: string, language: Language, pattern: keyof BuiltinTexts['intents']): boolean {
  return languagesFor(language).some((l) => BUILTIN_TEXTS[l].intents[pattern].test(text));
}

/** The message, and a name, as words between spaces: a name is found only as whole words. */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

function mentionedSubject(message: string, ctx: StudyContext): SubjectProgress | undefined {
  const lower = words(message);
  return [...ctx.subjects]
    .sort((a, b) => b.name.length - a.name.length)
    .find((s) => lower.includes(words(s.name)));
}

/** The longest topic name of the student's sessions that the message names, if any. */
function mentionedTopic(message: string, ctx: StudyContext): string | undefined {
  const lower = words(message);
  return [...new Set(ctx.sessions.map((s) => s.topicName).filter((n): n is string => !!n))]
    .sort((a, b) => b.length - a.length)
    .find((name) => words(name).trim() && lower.includes(words(name)));
}

function unknownSubject(message: string, language: Language): string | undefined {
  for (const l of languagesFor(language)) {
    const name = message.match(BUILTIN_TEXTS[l].intents.namedSubject)?.[1];
    if (name) return name;
  }
  return undefined;
}

function scheduleIntent(
  message: string,
  ctx: StudyContext,
  language: Language,
): Intent | undefined {
  const m = normalise(message);
  if (said(m, language, 'track')) {
    const subject = mentionedSubject(message, ctx);
    const unknown = subject ? undefined : unknownSubject(message, language);
    return { kind: 'track', subject, ...(unknown ? { unknown } : {}) };
  }
  if (said(m, language, 'tomorrow')) return { kind: 'day', offset: 1 };
  if (said(m, language, 'today')) return { kind: 'day', offset: 0 };
  if (said(m, language, 'week')) return { kind: 'week' };
  if (said(m, language, 'deadline')) return { kind: 'deadline' };
  if (said(m, language, 'next')) return { kind: 'next', message };
  return undefined;
}

function detect(message: string, ctx: StudyContext, language: Language): Intent | undefined {
  const schedule = scheduleIntent(message, ctx, language);
  if (schedule) return schedule;
  const m = normalise(message);
  if (said(m, language, 'capabilities')) return { kind: 'capabilities' };
  const card = findCard(message, language);
  if (card) return { kind: 'card', card };
  const length = message.trim().length;
  if (said(m, language, 'greeting') && length < 40) return { kind: 'greeting' };
  if (said(m, language, 'thanks') && length < 60) return { kind: 'thanks' };
  return undefined;
}

function answer(intent: Intent, ctx: StudyContext, distress: boolean, t: BuiltinTexts): string {
  const today = toZoned(ctx.now, ctx.timeZone).date;
  switch (intent.kind) {
    case 'day':
      return dayAnswer(ctx, addDays(today, intent.offset), intent.offset === 0, t);
    case 'week':
      return weekAnswer(ctx, t);
    case 'deadline':
      return deadlineAnswer(ctx, t);
    case 'next':
      return nextAnswer(ctx, intent.message, t);
    case 'track': {
      if (ctx.subjects.length === 0) return t.chat.noPlan;
      if (intent.subject) return trackAnswer(ctx, intent.subject, t);
      const names = ctx.subjects.map((s) => s.name).join(', ');
      if (intent.unknown) return t.chat.unknownSubject(intent.unknown, names);
      return ctx.subjects.map((s) => trackAnswer(ctx, s, t)).join('\n\n');
    }
    case 'card':
      return cardReply(intent.card, distress, t);
    case 'greeting':
      return t.chat.greeting;
    case 'thanks':
      return t.chat.thanks;
    case 'capabilities':
      return t.chat.capabilities;
  }
}

/** Drops a follow-up's opening ("and", "what about") in any language. */
function followUpRest(message: string, language: Language): string {
  let rest = message;
  for (const l of languagesFor(language)) {
    const stripped = rest.replace(BUILTIN_TEXTS[l].intents.followUp, '');
    if (stripped !== rest) {
      rest = stripped;
      break;
    }
  }
  return trimEndMatching(rest, /[?;\u037e.!\s]/).trim();
}

/**
 * The builtin chat, in the student's language: a safety screen first (in every language), then
 * schedule questions answered from the student's real sessions, then the knowledge base; a
 * follow-up (“and Physics?”) reuses the previous question's intent. Says so plainly when it
 * cannot help.
 */
export function builtinChatReply(req: ChatRequest): string {
  const message = req.message;
  const language = req.language;
  const t = textsFor(language);
  const text = normalise(message);
  if (inCrisis(text)) return t.chat.crisis;
  const distress = distressed(text);
  let intent = detect(message, req.context, language);
  if (!intent) {
    const previous = [...req.history].reverse().find((turn) => turn.role === 'user');
    if (previous) {
      const before = detect(previous.text, req.context, language);
      const subject = mentionedSubject(message, req.context);
      const rest = followUpRest(message, language);
      const named = rest.split(/\s+/).length <= 4 && /^\p{Lu}/u.test(rest);
      if (before?.kind === 'track' && (subject || named)) {
        intent = { kind: 'track', subject, ...(subject ? {} : { unknown: rest }) };
      } else if (before?.kind === 'card' && said(text, language, 'more')) {
        const cards = KNOWLEDGE_BASE[language];
        const next = cards.find(
          (c) =>
            c.id !== before.card.id &&
            findCard(`${previous.text} ${message}`, language)?.id === c.id,
        );
        intent = { kind: 'card', card: next ?? before.card };
      }
    }
  }
  if (!intent) return distress ? `${t.chat.fallback}\n\n${t.chat.stressTip}` : t.chat.fallback;
  return answer(intent, req.context, distress, t);
}
