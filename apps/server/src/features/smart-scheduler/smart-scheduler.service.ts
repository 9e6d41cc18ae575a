import {
  type acceptPlanInputSchema,
  type BusyTime,
  estimateHoursNeeded,
  estimateWeeklyHours,
  type GenerationStage,
  type Notice,
  type PlanContent,
  type Proposal,
  type WeekStart,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { type FileReaders, type IngestedFile, ingestFiles } from '../../adapters/files/ingest.js';
import { notice, storedNotices } from '../../domain/notices.js';
import {
  blockTitle,
  type PlannerInput,
  type PlannerOutput,
  planTexts,
} from '../../domain/planner/planner.js';
import { parseWishes } from '../../domain/planner/wishes.js';
import { validateBlocks } from '../../domain/schedule/validate-blocks.js';
import { asLanguage } from '../../domain/text/languages.js';
import { type Source, TOPIC_MATERIAL_CHARS } from '../../domain/text/material.js';
import type { DerivedTopic } from '../../domain/text/topics.js';
import { fromZoned, todayIn, toZoned, weekdayName } from '../../domain/time/zoned.js';
import { AppError } from '../../platform/app-error.js';
import { localBusy } from '../busy-times/index.js';
import type {
  Draft,
  DraftSession,
  SmartSchedulerRepository,
} from './smart-scheduler.repository.js';
import type { WizardRequest } from './wizard-request.js';

export interface SmartSchedulerDeps {
  repo: SmartSchedulerRepository;
  /** The job runner: new content jobs were added. */
  wakeJobs(): void;
  readers: FileReaders;
  /** Bytes of study files one student may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** The student's busy time (the busy-times feature): the planner books none of it. */
  listBusyTimes(userId: number): Promise<BusyTime[]>;
  /** The first day of the student's calendar week (their profile): the plan's weeks follow it. */
  weekStartOf(userId: number): Promise<WeekStart>;
  now?: () => Date;
}

/**
 * Text read from one request's files in all, shared evenly by the subjects that have files;
 * past a subject's share its further files are not read. Content is written from at most
 * TOPIC_MATERIAL_CHARS per topic, so more would be stored but barely used, and storing it is
 * what holds the event loop (SQLite writes in-process).
 */
export const MAX_REQUEST_TEXT_CHARS = 4_000_000;

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

/** A stage the service reports while it works; the route marks `done` once it returns. */
export type Stage = Exclude<GenerationStage, 'done'>;

/** What the route hears of a generation: its stages, and each file refused (for the log). */
export interface GenerationHooks {
  stage?(s: Stage): void;
  fileRefused?(warning: Notice): void;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const parseList = (json: string | null): string[] => {
  try {
    const v = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export function createSmartSchedulerService(deps: SmartSchedulerDeps) {
  const now = deps.now ?? (() => new Date());

  async function proposalOf(userId: number, planId: number): Promise<Proposal> {
    const plan = await deps.repo.findPlan(userId, planId);
    if (!plan?.sourceInput) throw AppError.notFound('Study plan proposal not found.');
    const tz = plan.timeZone ?? 'UTC';
    const sessions = await deps.repo.listPlanSessions(userId, planId);
    const days = new Map<string, Proposal['schedule'][number]>();
    const totals = new Map<string, number>();
    for (const s of sessions) {
      const start = toZoned(new Date(s.startAt), tz);
      const end = toZoned(new Date(s.endAt), tz);
      const duration = round2((Date.parse(s.endAt) - Date.parse(s.startAt)) / 3_600_000);
      const day = days.get(start.date) ?? {
        date: start.date,
        day: weekdayName(start.date),
        blocks: [],
      };
      day.blocks.push({
        sessionId: s.id,
        subject: s.subjectName,
        topic: s.topicName,
        start: start.time,
        end: end.time,
        duration,
        focus: parseList(s.focus),
        materials: parseList(s.materials),
      });
      days.set(start.date, day);
      totals.set(s.subjectName, (totals.get(s.subjectName) ?? 0) + duration);
    }
    const subjects = await deps.repo.listPlanSubjects(userId, planId);
    return {
      planId,
      status: plan.status === 'active' ? 'active' : 'draft',
      timeZone: tz,
      schedule: [...days.values()],
      summary: subjects.map((s) => ({
        subject: s.name,
        totalHours: round2(totals.get(s.name) ?? 0),
      })),
      // The plan's notices, under the API's name for them.
      aiWarnings: storedNotices(plan.warnings),
      content: await deps.repo.planContent(userId, planId),
    };
  }

  const running = new Set<number>();

  /** Stops here when the student's storage would pass the quota; nothing is read or saved. */
  async function checkQuota(userId: number, req: WizardRequest): Promise<void> {
    const incoming = req.files.flat().reduce((a, f) => a + f.data.length, 0);
    if (incoming === 0) return;
    const used = await deps.repo.sumStudyFileBytes(userId);
    if (used + incoming <= deps.uploadQuotaBytes) return;
    throw new AppError(
      413,
      'upload_quota_exceeded',
      `These files (${mb(incoming)} MB) do not fit in your ${mb(deps.uploadQuotaBytes)} MB of space for study files (${mb(used)} MB used). Delete plans you no longer need, or upload fewer files.`,
    );
  }

  /**
   * Files -> text -> topics -> planned sessions -> one draft plan with the job that writes its
   * content, in one transaction. The planner needs the topics and their sizes, not their
   * content: each topic's deep dive and lesson are written afterwards by the plan's job
   * (plan-content.ts), so the schedule comes back at once whatever the model's speed. The text work runs on the work
   * pool and files are parsed in memory-capped child processes; only their text is kept.
   */
  async function generate(
    userId: number,
    req: WizardRequest,
    hooks: GenerationHooks,
    signal: AbortSignal | undefined,
  ): Promise<Proposal> {
    const onStage = hooks.stage;
    await checkQuota(userId, req);
    onStage?.('reading-files');
    const warnings: Notice[] = [];
    const withFiles = req.files.filter((list) => list.length > 0).length;
    const share = Math.floor(MAX_REQUEST_TEXT_CHARS / Math.max(1, withFiles));
    const files: IngestedFile[][] = [];
    for (const list of req.files) {
      const read = await ingestFiles(list, deps.readers, {
        maxChars: share,
        signal,
        ...(hooks.fileRefused ? { onRefused: hooks.fileRefused } : {}),
      });
      files.push(read.files);
      warnings.push(...read.warnings);
    }

    onStage?.('finding-topics');
    // The engine's and the planner's own words (headings, checklists, focus points, titles) in
    // the student's language: stored content, written once.
    const language = asLanguage(req.language);
    const texts = planTexts(language);
    const subjects: Draft['subjects'] = [];
    const plannerSubjects: PlannerInput['subjects'] = [];
    const periodDays = Math.round(
      (Date.parse(`${req.period.end}T00:00:00Z`) - Date.parse(`${req.period.start}T00:00:00Z`)) /
        86_400_000 +
        1,
    );
    for (const [i, s] of req.subjects.entries()) {
      const own = files[i] ?? [];
      const sources = own.map((f) => ({ name: f.name, text: f.text }));
      const { topics, material } = await deps.readers.work.run<{
        topics: DerivedTopic[];
        material: Source[][];
      }>({ kind: 'topics', args: [s.keyTopics, sources, TOPIC_MATERIAL_CHARS] }, signal);
      // Material is never dropped in silence: a topic that none of the subject's files speaks
      // of is named, since its lesson comes from its name alone.
      if (sources.length > 0)
        topics.forEach((t, k) => {
          if (!(material[k] ?? []).some((m) => m.text.trim()))
            warnings.push(notice('topic_without_material', { topic: t.name, subject: s.name }));
        });
      const draftTopics = topics.map((t, k) => ({
        name: t.name,
        content: {
          subjectName: s.name,
          topicName: t.name,
          prompt: s.keyTopics,
          sources: material[k] ?? [],
          language,
        },
      }));
      // What the plan books (docs/planner.md, Workload): the hours the student gave, else the
      // estimate the wizard showed them, from the same key topics, file sizes and priority.
      const estimate = {
        keyTopics: s.keyTopics,
        fileBytes: (req.files[i] ?? []).map((f) => f.data.length),
        priority: s.priority,
      };
      const hoursNeeded = s.deadline
        ? (s.hoursNeeded ??
          estimateHoursNeeded({ ...estimate, hasExam: true }, req.preferences.sessionLength))
        : null;
      const weeklyHours = s.deadline
        ? null
        : (s.weeklyHours ?? estimateWeeklyHours(estimate, periodDays));
      subjects.push({
        name: s.name,
        examDate: s.deadline ?? null,
        priority: s.priority ?? 1,
        hoursNeeded,
        weeklyHours,
        topics: draftTopics,
        files: own.map((f) => ({
          sha256: f.sha256,
          originalName: f.name,
          kind: f.kind,
          sizeBytes: f.size,
          textContent: f.text,
        })),
      });
      plannerSubjects.push({
        name: s.name,
        deadline: s.deadline ?? undefined,
        priority: s.priority ?? undefined,
        topics: topics.map((t) => ({ name: t.name, size: t.size })),
        materials: own.map((f) => f.name),
        hoursNeeded: hoursNeeded ?? undefined,
        weeklyHours: weeklyHours ?? undefined,
      });
    }
    signal?.throwIfAborted();

    onStage?.('planning');
    const busy = localBusy(
      await deps.listBusyTimes(userId),
      req.period.start,
      req.period.end,
      req.timeZone,
    );
    const weekStart = await deps.weekStartOf(userId);
    // On the work pool: a long plan is CPU work that would hold every other request.
    const plan = await deps.readers.work.run<PlannerOutput>(
      {
        kind: 'plan',
        input: {
          period: req.period,
          availability: req.availability,
          subjects: plannerSubjects,
          preferences: req.preferences,
          busy: busy.map((b) => ({ date: b.date, start: b.startTime, end: b.endTime })),
          weekStart,
          language,
        },
      },
      signal,
    );
    warnings.push(...plan.warnings, ...plan.notes);
    const sessions: DraftSession[] = plan.blocks.map((b) => {
      const subject = req.subjects[b.subjectIndex];
      const topicIndex = b.topicIndexes[0] ?? null;
      const topicName =
        topicIndex === null ? undefined : plannerSubjects[b.subjectIndex]?.topics[topicIndex]?.name;
      const title = blockTitle(texts, b.kind, subject?.name, topicName);
      return {
        subjectIndex: b.subjectIndex,
        topicIndex,
        title,
        startAt: fromZoned(b.date, b.start, req.timeZone).toISOString(),
        endAt: fromZoned(b.date, b.end, req.timeZone).toISOString(),
        kind: b.kind,
        focus: b.focus,
        materials: b.materials,
      };
    });

    onStage?.('saving');
    const deadlines = req.subjects
      .map((s) => s.deadline)
      .filter((d): d is string => Boolean(d))
      .sort();
    const totalHours = round2(plan.summary.reduce((a, s) => a + s.totalHours, 0));
    const topicCount = subjects.reduce((a, s) => a + s.topics.length, 0);
    const summary = texts.plan.summary({
      subjects: subjects.length,
      topics: topicCount,
      hours: totalHours,
      start: req.period.start,
      end: req.period.end,
    });
    const draft: Draft = {
      plan: {
        name: texts.plan
          .name(
            req.subjects.map((s) => s.name),
            req.period.start,
            req.period.end,
          )
          .slice(0, 150),
        deadline: deadlines.at(-1) ?? req.period.end,
        // The wishes stay in source_input and come back as the planner's notes.
        description: summary,
        conceptMapOutline: subjects
          .map((s) => `${s.name}\n${s.topics.map((t) => `  - ${t.name}`).join('\n')}`)
          .join('\n'),
        overallSummary: summary,
        sourceInput: JSON.stringify({
          period: req.period,
          availability: req.availability,
          subjects: req.subjects,
          preferences: req.preferences,
          language: req.language,
        }),
        warnings,
        timeZone: req.timeZone,
      },
      subjects,
      sessions,
    };
    const planId = await deps.repo.insertDraft(userId, draft, now().toISOString());
    deps.wakeJobs();
    return proposalOf(userId, planId);
  }

  return {
    /** Makes a draft plan from the wizard's request; see `generate`. */
    async process(
      userId: number,
      req: WizardRequest,
      hooks: GenerationHooks = {},
      signal?: AbortSignal,
    ): Promise<Proposal> {
      if (req.period.start < todayIn(req.timeZone, now())) {
        const message = 'The start date cannot be in the past.';
        throw AppError.validation(`period: ${message}`, [{ path: 'period.start', message }]);
      }
      // One generation per student at a time: a second one would only double the work.
      if (running.has(userId)) {
        throw new AppError(
          429,
          'generation_in_progress',
          'Your study plan is still being made. Wait for it to finish before starting another.',
        );
      }
      running.add(userId);
      try {
        return await generate(userId, req, hooks, signal);
      } finally {
        running.delete(userId);
      }
    },

    getProposal: proposalOf,

    /** Where each topic's content of the plan stands. */
    async content(userId: number, planId: number): Promise<PlanContent> {
      if (!(await deps.repo.findPlan(userId, planId)))
        throw AppError.notFound('Study plan not found.');
      return deps.repo.planContent(userId, planId);
    },

    /**
     * Asks the model again for a topic it did not write: the topic is `writing` until its new
     * job is done. Its material is found again in the subject's stored files, as at first.
     */
    async retryContent(userId: number, topicId: number): Promise<void> {
      const topic = await deps.repo.findTopicSource(userId, topicId);
      if (!topic) throw AppError.notFound('Topic not found.');
      if (topic.contentStatus !== 'not-written') {
        throw new AppError(
          409,
          'validation_failed',
          'Only a topic the AI model could not write can be written again.',
        );
      }
      const source = JSON.parse(topic.sourceInput ?? '{}') as Partial<WizardRequest>;
      const prompt =
        source.subjects?.find((s) => s.name === topic.subjectName)?.keyTopics ?? topic.name;
      const { topics, material } = await deps.readers.work.run<{
        topics: DerivedTopic[];
        material: Source[][];
      }>({ kind: 'topics', args: [prompt, topic.files, TOPIC_MATERIAL_CHARS] });
      const k = topics.findIndex((t) => t.name.toLowerCase() === topic.name.toLowerCase());
      const language = asLanguage(source.language ?? '');
      await deps.repo.requeueTopic(userId, topicId, {
        planId: topic.planId,
        topics: [
          {
            topicId,
            subjectName: topic.subjectName,
            topicName: topic.name,
            prompt,
            sources: material[k] ?? [],
            ...(language ? { language } : {}),
          },
        ],
      });
      deps.wakeJobs();
    },

    /** Puts a draft on the calendar, with the student's edits re-validated first. */
    async accept(
      userId: number,
      planId: number,
      input: z.output<typeof acceptPlanInputSchema>,
    ): Promise<Proposal> {
      const plan = await deps.repo.findPlan(userId, planId);
      if (!plan?.sourceInput) throw AppError.notFound('Study plan proposal not found.');
      if (plan.status !== 'draft') {
        throw new AppError(409, 'validation_failed', 'This plan is already on your calendar.');
      }
      const tz = plan.timeZone ?? 'UTC';
      const source = JSON.parse(plan.sourceInput) as WizardRequest;
      const [sessions, subjects, busyTimes] = await Promise.all([
        deps.repo.listPlanSessions(userId, planId),
        deps.repo.listPlanSubjects(userId, planId),
        deps.listBusyTimes(userId),
      ]);
      let changes: { id: number; startAt: string; endAt: string }[] = [];
      let removed: number[] = [];
      if (input.blocks) {
        const known = new Map(sessions.map((s) => [s.id, s]));
        const edited = input.blocks.map((b) => {
          const s = known.get(b.sessionId);
          if (!s)
            throw AppError.validation('A block is not part of this plan.', [
              { path: 'blocks', message: `Unknown block ${b.sessionId}.` },
            ]);
          return {
            id: b.sessionId,
            subject: s.subjectName,
            date: b.date,
            start: b.start,
            end: b.end,
          };
        });
        // The study week the plan was made in: its wishes, and the busy time as it is now (the
        // planner booked none of it; an edit must not either), in the plan's zone like b.date.
        const busy = localBusy(busyTimes, source.period.start, source.period.end, tz);
        const problems = validateBlocks(edited, {
          period: source.period,
          availability: source.availability,
          // Exam days as stored on the subjects: local dates in the plan's zone, like b.date.
          deadlines: new Map(subjects.map((s) => [s.name, s.examDate ?? undefined])),
          limits: parseWishes(source.preferences.extraWishes ?? ''),
          busy: busy.map((b) => ({ date: b.date, start: b.startTime, end: b.endTime })),
        });
        if (problems.length > 0) {
          throw AppError.validation(
            (problems[0] as Notice).message,
            problems.map((problem) => ({
              path: 'blocks',
              message: problem.message,
              notice: problem,
            })),
          );
        }
        const kept = new Set(edited.map((b) => b.id));
        removed = sessions.filter((s) => !kept.has(s.id)).map((s) => s.id);
        changes = edited.map((b) => ({
          id: b.id,
          startAt: fromZoned(b.date, b.start, tz).toISOString(),
          endAt: fromZoned(b.date, b.end, tz).toISOString(),
        }));
      }
      await deps.repo.acceptPlan(userId, planId, changes, removed, now().toISOString());
      return proposalOf(userId, planId);
    },
  };
}
export type SmartSchedulerService = ReturnType<typeof createSmartSchedulerService>;
