import type { BusyTime, ChatHistory, ChatReply, SubjectReadiness } from '@studybuddy/contracts';
import type {
  AiEngine,
  BusyInfo,
  ChatRequest,
  Language,
  OnDelta,
  StudyContext,
  SubjectProgress,
} from '../../adapters/ai/ai-engine.js';
import { textsFor } from '../../adapters/ai/builtin-texts/index.js';
import { addDays, toZoned } from '../../domain/time/zoned.js';
import { localBusy } from '../busy-times/index.js';
import type { AssistantRepository } from './assistant.repository.js';

/** Turns a model sees for a follow-up; older ones stay in the history for the student only. */
const CONTEXT_TURNS = 12;
const HISTORY_SHOWN = 200;
/** Days of busy time the assistant reads: today and the six after it. */
const BUSY_DAYS = 7;

export function createAssistantService(deps: {
  repo: AssistantRepository;
  ai: AiEngine;
  now?: () => Date;
  /**
   * A plan's readiness per subject (the living plan's), so "am I on track" answers with the
   * same hours as the readiness card. Absent: the answer counts topics and sessions only.
   */
  readiness?: (userId: number, planId: number) => Promise<SubjectReadiness[]>;
  /** The student's busy time, so "what do I have today" names lectures and shifts too. */
  listBusyTimes?: (userId: number) => Promise<BusyTime[]>;
}) {
  const { repo, ai } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The student's busy time from today for a week (the week a chat question asks about). */
  async function busyWeek(userId: number, now: Date, timeZone: string): Promise<BusyInfo[]> {
    if (!deps.listBusyTimes) return [];
    const entries = await deps.listBusyTimes(userId);
    const today = toZoned(now, timeZone).date;
    const titles = new Map(entries.map((b) => [b.id, b.title]));
    return localBusy(entries, today, addDays(today, BUSY_DAYS - 1), timeZone).map((o) => ({
      title: titles.get(o.busyId) ?? '',
      date: o.date,
      startTime: o.startTime,
      endTime: o.endTime,
    }));
  }

  /** Each subject's done and needed hours by its id, from its plan's readiness. */
  async function hoursBySubject(userId: number, planIds: number[]) {
    const hours = new Map<number, NonNullable<SubjectProgress['hours']>>();
    const read = deps.readiness;
    if (!read) return hours;
    const all = await Promise.all(
      // A plan whose readiness cannot be read leaves its subjects without hours: the answer
      // still has the topics and sessions.
      planIds.map((id) => read(userId, id).catch(() => [] as SubjectReadiness[])),
    );
    for (const r of all.flat())
      hours.set(r.subjectId, {
        done: r.hoursDone,
        needed: r.hoursNeeded,
        planned: r.hoursPlanned,
        status: r.status,
      });
    return hours;
  }

  async function context(userId: number): Promise<StudyContext> {
    const [subjects, sessions] = await Promise.all([
      repo.listSubjectProgress(userId),
      repo.listActiveSessions(userId),
    ]);
    const hours = await hoursBySubject(userId, [...new Set(subjects.map((s) => s.planId))]);
    const now = clock();
    const timeZone = subjects.find((s) => s.timeZone)?.timeZone ?? 'UTC';
    return {
      now,
      timeZone,
      busy: await busyWeek(userId, now, timeZone),
      subjects: subjects.map((s) => ({
        name: s.name,
        planName: s.planName,
        deadline: s.deadline,
        topicsTotal: Number(s.topicsTotal),
        topicsCompleted: Number(s.topicsCompleted),
        hours: hours.get(s.id),
      })),
      sessions,
    };
  }

  return {
    /**
     * The reply to `prompt`, kept in the history with it once complete. With `stream`, each
     * new piece goes to `onDelta` as the engine writes it; when `signal` aborts (the student
     * stopped it), the reply is kept as far as it was written (nothing when nothing was).
     */
    async ask(
      userId: number,
      prompt: string,
      language: Language,
      stream?: { onDelta: OnDelta; signal: AbortSignal },
    ): Promise<ChatReply> {
      const [history, ctx] = await Promise.all([
        repo.listHistory(userId, CONTEXT_TURNS),
        context(userId),
      ]);
      const request: ChatRequest = {
        message: prompt,
        history: history.map((h) => ({
          role: h.role === 'model' ? 'model' : 'user',
          text: h.text,
        })),
        language,
        context: ctx,
      };
      let written = '';
      const r = stream
        ? await ai.chatStream(
            request,
            (piece) => {
              written += piece;
              stream.onDelta(piece);
            },
            stream.signal,
          )
        : await ai.chat(request);
      const stopped = stream?.signal.aborted === true;
      // Saved in the history, so written in the student's language.
      const text = stopped ? written.trim() : r.value.trim() || textsFor(language).chat.emptyReply;
      if (!stopped || text) await repo.insertExchange(userId, prompt, text, clock().toISOString());
      return {
        candidates: [
          { content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 },
        ],
        modelVersion: r.engine ?? 'builtin',
        ...(r.warnings.length > 0 ? { warnings: r.warnings } : {}),
      };
    },

    async history(userId: number): Promise<ChatHistory> {
      const rows = await repo.listHistory(userId, HISTORY_SHOWN);
      return { messages: rows.map((r) => ({ ...r, role: r.role === 'model' ? 'model' : 'user' })) };
    },

    clear(userId: number): Promise<void> {
      return repo.clearHistory(userId);
    },
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;
