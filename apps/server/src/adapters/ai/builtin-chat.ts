import MiniSearch from 'minisearch';
import { contentWords, trimEndMatching } from '../../domain/text/text.js';
import { toZoned } from '../../domain/time/zoned.js';
import type { ChatRequest, SessionInfo, StudyContext, SubjectProgress } from './ai-engine.js';
import knowledge from './knowledge-base.json' with { type: 'json' };

interface KbCard {
  id: string;
  title: string;
  tags: string[];
  examples: string[];
  body: string;
  seekHelp: string;
}

const cards = knowledge.cards as KbCard[];

const CRISIS =
  /\b(kill(ing)? myself|suicid\w*|end (it all|my life)|take my (own )?life|want(ed)? to die|wish i (was|were) dead|better off dead|self[- ]?harm\w*|hurt(ing)? myself|cut(ting)? myself|no reason to live|don'?t want to (live|be alive|exist))\b/i;
const DISTRESS_IDIOM = /\b(killing me|dying (of|from)|i'?m dead|kill me now|want to die of)\b/i;

export const CRISIS_REPLY = [
  'I’m really sorry you’re feeling this way. You deserve support right now, and you don’t have to go through this alone.',
  '',
  '- **If you are in danger or might act on these thoughts, call your local emergency number now** (112 in the EU, 911 in the US, 999 in the UK).',
  '- **Talk to a crisis line**: in the US call or text 988; in the UK and Ireland call Samaritans on 116 123; elsewhere, findahelpline.com lists free, confidential lines in your country.',
  '- **Tell someone you trust** today: a friend, family member, teacher or your school’s counselling service.',
  '',
  'I’m a study assistant, not a counsellor, so please reach out to one of these. Your studies can wait; you matter more.',
].join('\n');

const CAPABILITIES = [
  'I’m StudyBuddy’s built-in study assistant. I run on this server without an AI model, so I don’t make things up: I answer from your own study plan and from a small set of study and well-being guides written for this app. I can:',
  '',
  '- tell you **what to study today** or tomorrow, and what is on your calendar **this week**;',
  '- check **whether you are on track** for a subject (“am I on track for Chemistry?”) and how long until a **deadline**;',
  '- share **study techniques**: active recall, spaced repetition, Pomodoro, interleaving, note-taking, planning, catching up;',
  '- offer **well-being tips** on stress, exam anxiety, sleep, burnout, motivation, procrastination and focus.',
  '',
  'For questions about a lesson’s content, use the **AI helper on the lesson screen**: it answers from that lesson and your files.',
].join('\n');

const kbIndex = (() => {
  const index = new MiniSearch<{ id: string; title: string; tags: string; examples: string }>({
    fields: ['title', 'tags', 'examples'],
    tokenize: (t) => contentWords(t),
    processTerm: (t) => t.toLowerCase().replace(/(ing|ed|es|s)$/, ''),
    searchOptions: { boost: { tags: 2, title: 1.5 }, prefix: (t) => t.length >= 5, fuzzy: 0.1 },
  });
  index.addAll(
    cards.map((c) => ({
      id: c.id,
      title: c.title,
      tags: c.tags.join(' '),
      examples: c.examples.join(' '),
    })),
  );
  return index;
})();

/** The knowledge-base card a message is about, if any (BM25 over titles, tags, examples). */
export function findCard(message: string): KbCard | undefined {
  const lower = message.toLowerCase();
  // A tag phrase said outright wins ("spaced repetition", "burned out").
  const direct = cards.find((c) => c.tags.some((t) => t.includes(' ') && lower.includes(t)));
  if (direct) return direct;
  const [best] = kbIndex.search(message, { combineWith: 'OR' });
  if (!best || best.score < 2) return undefined;
  return cards.find((c) => c.id === best.id);
}

function cardReply(card: KbCard, distress: boolean): string {
  const parts = [`**${card.title}**`, '', card.body];
  if (card.seekHelp) parts.push('', `*${card.seekHelp}*`);
  if (distress) parts.push('', 'That sounds like a lot. How are you holding up otherwise?');
  return parts.join('\n');
}

// ---------- Schedule answers (from the student's real sessions) ----------

const HOUR = 3_600_000;
const DAY = 86_400_000;

function hours(ms: number): string {
  const h = Math.round((ms / HOUR) * 10) / 10;
  return `${h} h`;
}

function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
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

const NO_PLAN =
  'You have no active study plan with sessions yet, so I can’t see your schedule. Create a plan (or run the smart scheduler and accept its proposal) and I can tell you what to study each day and whether you are on track.';

function priority(ctx: StudyContext, today: string): SubjectProgress | undefined {
  const open = ctx.subjects.filter((s) => s.topicsTotal > s.topicsCompleted);
  return open.sort((a, b) => {
    const da = a.deadline ? daysBetween(today, a.deadline) : 10_000;
    const db = b.deadline ? daysBetween(today, b.deadline) : 10_000;
    return da - db || a.topicsCompleted / a.topicsTotal - b.topicsCompleted / b.topicsTotal;
  })[0];
}

function dayAnswer(ctx: StudyContext, date: string, label: string): string {
  const tz = ctx.timeZone;
  if (ctx.subjects.length === 0 && ctx.sessions.length === 0) return NO_PLAN;
  const onDay = ctx.sessions
    .filter((s) => toZoned(new Date(s.startAt), tz).date === date)
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
  const lines: string[] = [];
  if (onDay.length > 0) {
    const total = onDay.reduce((n, s) => n + duration(s), 0);
    lines.push(
      `${label} (${longDate(date)}) you have ${onDay.length} study session${onDay.length === 1 ? '' : 's'}, ${hours(total)} in all:`,
      '',
      ...onDay.map((s) => sessionLine(s, tz)),
    );
    const later = onDay.filter((s) => Date.parse(s.endAt) > ctx.now.getTime());
    if (label === 'Today' && later.length === 0)
      lines.push('', 'They are all behind you: well done, time to rest.');
  } else {
    lines.push(`Nothing is on your calendar ${label.toLowerCase()} (${longDate(date)}).`);
    const next = ctx.sessions
      .filter((s) => Date.parse(s.startAt) > ctx.now.getTime())
      .sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
    if (next) {
      const z = toZoned(new Date(next.startAt), tz);
      lines.push(
        `Your next session is **${next.subjectName}**${next.topicName ? `: ${next.topicName}` : ''} on ${longDate(z.date)} at ${z.time}.`,
      );
    }
    const pick = priority(ctx, toZoned(ctx.now, tz).date);
    if (pick) {
      const left = pick.topicsTotal - pick.topicsCompleted;
      const due = pick.deadline ? `, and its deadline is ${longDate(pick.deadline)}` : '';
      lines.push(
        '',
        `If you want to study anyway, **${pick.name}** is a good pick: ${left} of its ${pick.topicsTotal} topics are still open${due}.`,
      );
    }
  }
  return lines.join('\n');
}

function weekAnswer(ctx: StudyContext): string {
  if (ctx.subjects.length === 0 && ctx.sessions.length === 0) return NO_PLAN;
  const tz = ctx.timeZone;
  const today = toZoned(ctx.now, tz).date;
  const end = addDays(today, 7);
  const week = ctx.sessions.filter((s) => {
    const d = toZoned(new Date(s.startAt), tz).date;
    return d >= today && d < end;
  });
  if (week.length === 0)
    return `You have no study sessions in the next 7 days (${longDate(today)} to ${longDate(addDays(end, -1))}).`;
  const bySubject = new Map<string, number>();
  for (const s of week)
    bySubject.set(s.subjectName, (bySubject.get(s.subjectName) ?? 0) + duration(s));
  const total = week.reduce((n, s) => n + duration(s), 0);
  return [
    `In the next 7 days you have ${week.length} session${week.length === 1 ? '' : 's'}, ${hours(total)} in all:`,
    '',
    ...[...bySubject]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `- **${name}**: ${hours(ms)}`),
  ].join('\n');
}

function trackAnswer(ctx: StudyContext, subject: SubjectProgress): string {
  const tz = ctx.timeZone;
  const today = toZoned(ctx.now, tz).date;
  const sessions = ctx.sessions.filter((s) => s.subjectName === subject.name);
  const total = sessions.reduce((n, s) => n + duration(s), 0);
  const past = sessions.filter((s) => Date.parse(s.endAt) <= ctx.now.getTime());
  const pastMs = past.reduce((n, s) => n + duration(s), 0);
  const lines = [`**${subject.name}** (${subject.planName}):`, ''];
  lines.push(`- Topics completed: ${subject.topicsCompleted} of ${subject.topicsTotal}.`);
  lines.push(
    `- Sessions: ${past.length} of ${sessions.length} are behind you (${hours(pastMs)} of ${hours(total)} planned).`,
  );
  if (subject.deadline) {
    const left = daysBetween(today, subject.deadline);
    lines.push(
      left >= 0
        ? `- Deadline: ${longDate(subject.deadline)}, in ${left} day${left === 1 ? '' : 's'}.`
        : `- The deadline (${longDate(subject.deadline)}) has passed.`,
    );
  }
  lines.push('');
  if (subject.topicsTotal === 0) {
    lines.push(
      'This subject has no topics yet, so I can’t measure progress. Add its topics and tick them off as you finish them.',
    );
  } else {
    const done = subject.topicsCompleted / subject.topicsTotal;
    const expected = total > 0 ? pastMs / total : 0;
    if (done >= 1)
      lines.push(
        'Every topic is marked complete: you are on track. Keep reviewing with flashcards until the exam.',
      );
    else if (done + 0.1 >= expected)
      lines.push(
        `You are on track: ${Math.round(done * 100)}% of the topics are done and ${Math.round(expected * 100)}% of the planned study time has passed.`,
      );
    else {
      const behind = Math.ceil(expected * subject.topicsTotal - subject.topicsCompleted);
      lines.push(
        `You are behind: ${Math.round(expected * 100)}% of the planned study time has passed but only ${Math.round(done * 100)}% of the topics are done (about ${behind} topic${behind === 1 ? '' : 's'} behind). Tick topics off as you finish them; if you are really behind, add a session or two before the deadline.`,
      );
    }
  }
  return lines.join('\n');
}

function deadlineAnswer(ctx: StudyContext): string {
  const today = toZoned(ctx.now, ctx.timeZone).date;
  const withDeadline = ctx.subjects.filter((s) => s.deadline);
  if (withDeadline.length === 0) return 'None of your active plans has a deadline set.';
  const seen = new Set<string>();
  const lines = ['Your deadlines:', ''];
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
      `- **${s.planName}** (${names}): ${longDate(s.deadline ?? today)}, ${left >= 0 ? `in ${left} day${left === 1 ? '' : 's'}` : 'passed'}.`,
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
  | { kind: 'card'; card: KbCard }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'capabilities' };

function mentionedSubject(message: string, ctx: StudyContext): SubjectProgress | undefined {
  const lower = ` ${message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return [...ctx.subjects]
    .sort((a, b) => b.name.length - a.name.length)
    .find((s) =>
      lower.includes(
        ` ${s.name
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim()} `,
      ),
    );
}

function unknownSubject(message: string): string | undefined {
  return message.match(/\b(?:for|in|with|on)\s+([A-Z][\p{L}-]+(?:\s+[A-Z][\p{L}-]+)*)/u)?.[1];
}

function scheduleIntent(message: string, ctx: StudyContext): Intent | undefined {
  const m = message.toLowerCase();
  if (/\b(on track|behind|ahead|progress|how am i doing|how('?m| am) i doing)\b/.test(m)) {
    const subject = mentionedSubject(message, ctx);
    const unknown = subject ? undefined : unknownSubject(message);
    return { kind: 'track', subject, ...(unknown ? { unknown } : {}) };
  }
  if (/\btomorrow\b/.test(m)) return { kind: 'day', offset: 1 };
  if (
    /\b(today|tonight|right now)\b|\bwhat should i (study|do|work on|revise|learn)\b|\bwhat('?s| is) (on )?(my )?(plan|schedule|calendar)\b/.test(
      m,
    )
  )
    return { kind: 'day', offset: 0 };
  if (/\b(this|next|the) week\b|\bweekly\b/.test(m)) return { kind: 'week' };
  if (
    /\b(deadline|exam date|when is my exam|how (many|long) (days )?(until|till|before|left))\b/.test(
      m,
    )
  )
    return { kind: 'deadline' };
  return undefined;
}

function detect(message: string, ctx: StudyContext): Intent | undefined {
  const schedule = scheduleIntent(message, ctx);
  if (schedule) return schedule;
  const m = message.trim().toLowerCase();
  if (
    /\b(what can you do|who are you|what are you|are you (an? )?(ai|bot|robot|human|real|chatgpt)|how do you work|^help\W*$)/.test(
      m,
    )
  )
    return { kind: 'capabilities' };
  const card = findCard(message);
  if (card) return { kind: 'card', card };
  if (/^(hi|hello|hey|hiya|good (morning|afternoon|evening)|yo)\b/.test(m) && m.length < 40)
    return { kind: 'greeting' };
  if (/\b(thanks|thank you|thx|cheers)\b/.test(m) && m.length < 60) return { kind: 'thanks' };
  return undefined;
}

function answer(intent: Intent, ctx: StudyContext, distress: boolean): string {
  const today = toZoned(ctx.now, ctx.timeZone).date;
  switch (intent.kind) {
    case 'day':
      return dayAnswer(
        ctx,
        addDays(today, intent.offset),
        intent.offset === 0 ? 'Today' : 'Tomorrow',
      );
    case 'week':
      return weekAnswer(ctx);
    case 'deadline':
      return deadlineAnswer(ctx);
    case 'track': {
      if (ctx.subjects.length === 0) return NO_PLAN;
      if (intent.subject) return trackAnswer(ctx, intent.subject);
      const names = ctx.subjects.map((s) => s.name).join(', ');
      if (intent.unknown)
        return `I can’t find a subject called “${intent.unknown}” in your active plans. Your subjects are: ${names}.`;
      return ctx.subjects.map((s) => trackAnswer(ctx, s)).join('\n\n');
    }
    case 'card':
      return cardReply(intent.card, distress);
    case 'greeting':
      return 'Hi! I can tell you what to study today, check whether you are on track for a subject, or share study and well-being tips. What would you like?';
    case 'thanks':
      return 'You’re welcome. Good luck with your studying!';
    case 'capabilities':
      return CAPABILITIES;
  }
}

const FALLBACK = [
  'I’m not able to answer that. I’m the built-in assistant: I have no AI model, so I only answer from your study plan and from study and well-being guides, and I won’t guess.',
  '',
  'Try asking: “What should I study today?”, “Am I on track for <subject>?”, “What’s on this week?”, “How do I deal with exam stress?” or “What is spaced repetition?”. For questions about a lesson, use the AI helper on the lesson screen.',
].join('\n');

/**
 * The builtin chat: a safety screen first, then schedule questions answered from the
 * student's real sessions, then the knowledge base; a follow-up (“and Physics?”) reuses the
 * previous question's intent. Says so plainly when it cannot help.
 */
export function builtinChatReply(req: ChatRequest): string {
  const message = req.message;
  if (CRISIS.test(message) && !DISTRESS_IDIOM.test(message)) return CRISIS_REPLY;
  const distress = DISTRESS_IDIOM.test(message);
  let intent = detect(message, req.context);
  if (!intent) {
    const previous = [...req.history].reverse().find((t) => t.role === 'user');
    if (previous) {
      const before = detect(previous.text, req.context);
      const subject = mentionedSubject(message, req.context);
      const rest = trimEndMatching(
        message.replace(/^\s*(and|what about|how about)\s+/i, ''),
        /[?.!\s]/,
      ).trim();
      const named = rest.split(/\s+/).length <= 4 && /^\p{Lu}/u.test(rest);
      if (before?.kind === 'track' && (subject || named))
        intent = scheduleIntent(`am I on track for ${subject?.name ?? rest}`, req.context);
      else if (
        before?.kind === 'card' &&
        /\b(more|another|else|other|again|explain)\b/i.test(message)
      ) {
        const next = cards.find(
          (c) => c.id !== before.card.id && findCard(`${previous.text} ${message}`)?.id === c.id,
        );
        intent = { kind: 'card', card: next ?? before.card };
      }
    }
  }
  if (!intent)
    return distress
      ? `${FALLBACK}\n\nThat sounds stressful, by the way. If you want tips on exam stress, just ask.`
      : FALLBACK;
  return answer(intent, req.context, distress);
}
