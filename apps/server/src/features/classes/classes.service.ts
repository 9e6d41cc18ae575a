import {
  CLASS_LIMITS,
  CLASS_MESSAGES,
  type Class,
  type ClassAcceptResult,
  type ClassChange,
  type ClassChangeData,
  type ClassFilesResult,
  type ClassList,
  type ClassStanding,
  type classInputSchema,
  type classWeekInputSchema,
  type JoinClassResult,
  type joinClassInputSchema,
  type SubjectReadiness,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { type FileReaders, ingestFiles } from '../../adapters/files/ingest.js';
import { notice } from '../../domain/notices.js';
import { storedWeek } from '../../domain/planner/stored-week.js';
import { STUDY_TEXT_VERSION } from '../../domain/text/study-text.js';
import { AppError } from '../../platform/app-error.js';
import { outlineChanges } from './class-changes.js';
import {
  classPlanWeek,
  type PlacementDeps,
  placeSubjects,
  weekForNewPlan,
} from './class-placement.js';
import {
  type ClassContent,
  type ClassesRepository,
  type ClassRow,
  UnknownRowError,
} from './classes.repository.js';
import { newJoinCode } from './join-code.js';

export interface ClassesDeps extends PlacementDeps {
  repo: ClassesRepository;
  readers: FileReaders;
  /** Bytes of uploads one account may keep (UPLOAD_QUOTA_MB): a teacher's class files count. */
  uploadQuotaBytes: number;
  /** A member's readiness per subject of one of their plans (the living plan). */
  readinessOf(userId: number, planId: number): Promise<SubjectReadiness[]>;
  /** CLASS_MIN_GROUP: the fewest members the teacher's counts show for. */
  minGroup: number;
  /** Tells a member what the teacher changed (the bell). */
  notifyChange(userId: number, data: ClassChangeData): Promise<void>;
  now?: () => Date;
}

/** Text read from one request's class files in all (as the wizard's per-request budget). */
const MAX_FILES_TEXT_CHARS = 4_000_000;

type ParsedClassInput = z.output<typeof classInputSchema>;
type ParsedJoinInput = z.output<typeof joinClassInputSchema>;
type ParsedWeekInput = z.output<typeof classWeekInputSchema>;

const notFound = () => AppError.notFound(CLASS_MESSAGES.notFound);
const refuse = (message: string) => new AppError(400, 'validation_failed', message);
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

const contentOf = (input: ParsedClassInput): ClassContent => ({
  exams: input.exams.map((e) => ({ id: e.id, name: e.name, date: e.date })),
  topics: input.topics.map((t) => ({
    id: t.id,
    name: t.name,
    hours: t.hours ?? null,
    exam: t.exam ?? null,
  })),
});

/**
 * Classes (docs/classes.md): the teacher's side (make, change, files, code, delete) and the
 * student's (join, leave, share). A class is answered only to its teacher and its members;
 * to anyone else every id is "not found", as if it did not exist.
 */
export function createClassesService(deps: ClassesDeps) {
  const { repo } = deps;
  const clock = deps.now ?? (() => new Date());
  const now = () => clock().toISOString();

  /** The class as `viewer` sees it: the code and the count for its teacher only. */
  async function view(
    cls: ClassRow,
    member?: { userId: number; planId: number | null; share: number; seenVersion: number },
  ): Promise<Class> {
    const [content, teacherName, members, pending, plan] = await Promise.all([
      repo.readContent(cls.id),
      repo.teacherName(cls.userId),
      member ? Promise.resolve(null) : repo.countMembers(cls.id),
      member ? repo.changesSince(cls.id, member.seenVersion) : Promise.resolve([]),
      member?.planId == null
        ? Promise.resolve(undefined)
        : deps.placement.findPlan(member.userId, member.planId),
    ]);
    return {
      id: cls.id,
      name: cls.name,
      subjectName: cls.subjectName,
      teacherName,
      teaching: member === undefined,
      joinCode: member ? null : cls.joinCode,
      joinOpen: cls.joinOpen === 1,
      version: cls.version,
      exams: content.exams,
      topics: content.topics,
      files: content.files,
      members,
      membership: member
        ? {
            planId: member.planId,
            planHasWeek: storedWeek(plan?.sourceInput ?? null) !== null,
            share: member.share === 1,
            pending: pending.flat(),
          }
        : null,
      updatedAt: cls.updatedAt,
    };
  }

  async function taught(userId: number, classId: number): Promise<ClassRow> {
    const cls = await repo.findTaught(userId, classId);
    if (!cls) throw notFound();
    return cls;
  }

  /** A code no class has (about 40 random bits: a repeat is all but impossible, and checked). */
  async function freshCode(): Promise<string> {
    for (;;) {
      const code = newJoinCode();
      if (!(await repo.codeTaken(code))) return code;
    }
  }

  /** Tells every member what a save changed, in the bell. */
  async function offer(cls: ClassRow, name: string, changes: ClassChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const userId of await repo.memberIds(cls.id))
      await deps.notifyChange(userId, { classId: cls.id, className: name, changes });
  }

  /** A new plan named after the class, with the student's week when they have one to take. */
  async function newPlanOf(userId: number, cls: ClassRow) {
    const lastExam = (await repo.readContent(cls.id)).exams.at(-1)?.date ?? null;
    const week = await weekForNewPlan(deps, userId, lastExam, clock());
    return {
      newPlanName: cls.name,
      sourceInput: week?.sourceInput ?? null,
      timeZone: week?.timeZone ?? null,
    };
  }

  async function reloaded(userId: number, classId: number): Promise<Class> {
    return view(await taught(userId, classId));
  }

  return {
    async list(userId: number): Promise<ClassList> {
      const [teaching, joined] = await Promise.all([
        repo.listTaught(userId),
        repo.listJoined(userId),
      ]);
      return {
        teaching: await Promise.all(teaching.map((c) => view(c))),
        joined: await Promise.all(joined.map(({ cls, member }) => view(cls, member))),
      };
    },

    async get(userId: number, classId: number): Promise<Class> {
      const own = await repo.findTaught(userId, classId);
      if (own) return view(own);
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      return view(joined.cls, joined.member);
    },

    async create(userId: number, input: ParsedClassInput): Promise<Class> {
      if (!(await repo.isTeacher(userId)))
        throw new AppError(403, 'class_teachers_only', CLASS_MESSAGES.teachersOnly);
      if ((await repo.countTeaching(userId)) >= CLASS_LIMITS.teaching)
        throw refuse(CLASS_MESSAGES.tooManyClasses);
      // A new class has no rows yet: a kept id would be another class's.
      const content = contentOf(input);
      if (content.exams.some((e) => e.id) || content.topics.some((t) => t.id))
        throw refuse(CLASS_MESSAGES.notFound);
      const id = await repo.insertClass(
        userId,
        {
          name: input.name,
          subjectName: input.subjectName,
          joinCode: await freshCode(),
          joinOpen: input.joinOpen ?? true,
        },
        content,
        now(),
      );
      return reloaded(userId, id);
    },

    async update(userId: number, classId: number, input: ParsedClassInput): Promise<Class> {
      const cls = await taught(userId, classId);
      let changes: ClassChange[];
      try {
        changes = await repo.saveClass(
          cls,
          {
            name: input.name,
            subjectName: input.subjectName,
            joinOpen: input.joinOpen ?? cls.joinOpen === 1,
          },
          contentOf(input),
          outlineChanges,
          now(),
        );
      } catch (error) {
        // An exam or topic id of another class: nothing was saved (the transaction rolled back).
        if (error instanceof UnknownRowError) throw notFound();
        throw error;
      }
      await offer(cls, input.name, changes);
      return reloaded(userId, classId);
    },

    /**
     * How the class stands (docs/classes.md, The teacher's view): per exam, how many members'
     * copies are on track, at risk or behind (their readiness), and per topic the share of
     * members who studied it, all only from `minGroup` members up; by name, only the members
     * who chose to share.
     */
    async standing(userId: number, classId: number): Promise<ClassStanding> {
      const cls = await taught(userId, classId);
      const [content, members] = await Promise.all([
        repo.readContent(cls.id),
        repo.membersWithCopies(cls.id),
      ]);
      const shown = members.length >= deps.minGroup;
      const reads = await Promise.all(
        members.map(async (m) => {
          // Only what is shown is read: below the group size, only the members who share.
          if (!shown && m.name === null) return undefined;
          const readiness =
            m.planId === null
              ? []
              : await deps.readinessOf(m.userId, m.planId).catch(() => [] as SubjectReadiness[]);
          const status = new Map(readiness.map((r) => [r.subjectId, r.status]));
          const subjectOf = new Map(
            m.links.filter((l) => l.kind === 'subject').map((l) => [l.sourceId, l.localId]),
          );
          const topicOf = new Map(
            m.links.filter((l) => l.kind === 'topic').map((l) => [l.sourceId, l.localId]),
          );
          // A class without exams is one subject (source 0) that every exam row would name.
          const examStatus = (examId: number) =>
            status.get(subjectOf.get(examId) ?? subjectOf.get(0) ?? -1) ?? null;
          return { member: m, examStatus, topicOf };
        }),
      );
      const read = reads.filter((r) => r !== undefined);
      const studied = await repo.studiedTopics(read.flatMap((r) => [...r.topicOf.values()]));
      const coveredBy = (r: (typeof read)[number], topicId: number) => {
        const local = r.topicOf.get(topicId);
        return local !== undefined && studied.has(local);
      };
      const counted = shown ? read : [];
      return {
        members: members.length,
        minGroup: deps.minGroup,
        shown,
        exams: shown
          ? content.exams.map((e) => {
              const statuses = counted.map((r) => r.examStatus(e.id));
              const count = (s: string | null) => statuses.filter((x) => x === s).length;
              return {
                ...e,
                onTrack: count('on-track'),
                atRisk: count('at-risk'),
                behind: count('behind'),
                unknown: count(null),
              };
            })
          : [],
        topics: shown
          ? content.topics.map((t) => ({
              id: t.id,
              name: t.name,
              covered:
                counted.length === 0
                  ? 0
                  : counted.filter((r) => coveredBy(r, t.id)).length / counted.length,
            }))
          : [],
        shared: read.flatMap((r) =>
          r.member.name === null
            ? []
            : [
                {
                  name: r.member.name,
                  exams: content.exams.map((e) => ({ examId: e.id, status: r.examStatus(e.id) })),
                  topicsCovered: content.topics.filter((t) => coveredBy(r, t.id)).length,
                  topicsTotal: content.topics.length,
                },
              ],
        ),
      };
    },

    async remove(userId: number, classId: number): Promise<{ message: string }> {
      await repo.deleteClass(await taught(userId, classId));
      return { message: CLASS_MESSAGES.deleted };
    },

    async rotateCode(userId: number, classId: number): Promise<Class> {
      await repo.setCode(await taught(userId, classId), await freshCode(), now());
      return reloaded(userId, classId);
    },

    /**
     * Reads the files as the wizard reads a student's (the parse pool, the same limits) and
     * keeps their text with the class; the teacher's quota counts them. Files that cannot be
     * read are named in the warnings and kept out.
     */
    async addFiles(
      userId: number,
      classId: number,
      files: Array<{ filename: string; data: Buffer }>,
      signal?: AbortSignal,
    ): Promise<ClassFilesResult> {
      const cls = await taught(userId, classId);
      if (files.length === 0) throw refuse(CLASS_MESSAGES.sendFiles);
      if ((await repo.countFiles(cls.id)) + files.length > CLASS_LIMITS.files)
        throw refuse(CLASS_MESSAGES.tooManyFiles);
      const incoming = files.reduce((sum, f) => sum + f.data.length, 0);
      const used = await repo.sumUploadBytes(userId);
      if (used + incoming > deps.uploadQuotaBytes)
        throw new AppError(
          413,
          'upload_quota_exceeded',
          `These files (${mb(incoming)} MB) do not fit in your ${mb(deps.uploadQuotaBytes)} MB of space for study files (${mb(used)} MB used). Delete files you no longer need, or upload fewer.`,
        );
      const read = await ingestFiles(files, deps.readers, {
        maxChars: MAX_FILES_TEXT_CHARS,
        signal,
      });
      if (read.files.length > 0) {
        await repo.addFiles(
          cls,
          read.files.map((f) => ({ ...f, textVersion: STUDY_TEXT_VERSION })),
          now(),
        );
        await offer(
          cls,
          cls.name,
          read.files.map((f) => ({ kind: 'file-added', file: f.name })),
        );
      }
      return { class: await reloaded(userId, classId), warnings: read.warnings };
    },

    async removeFile(userId: number, classId: number, fileId: number): Promise<Class> {
      const cls = await taught(userId, classId);
      const name = await repo.removeFile(cls, fileId, now());
      if (name === undefined) throw AppError.notFound(CLASS_MESSAGES.fileNotFound);
      // Members keep their copies of the file: they are told, and nothing of theirs goes.
      await offer(cls, cls.name, [{ kind: 'file-removed', file: name }]);
      return reloaded(userId, classId);
    },

    /**
     * Joins the class with its code: the class becomes subjects in the student's plan (or a
     * new one named after the class), theirs from then on.
     */
    async join(userId: number, input: ParsedJoinInput): Promise<JoinClassResult> {
      const cls = await repo.findByCode(input.code);
      if (!cls) throw new AppError(404, 'class_code_unknown', CLASS_MESSAGES.noSuchCode);
      if (cls.userId === userId) throw new AppError(400, 'class_own', CLASS_MESSAGES.ownClass);
      if (cls.joinOpen !== 1)
        throw new AppError(400, 'class_join_closed', CLASS_MESSAGES.joinClosed);
      if (await repo.findJoined(userId, cls.id))
        throw new AppError(409, 'class_already_member', CLASS_MESSAGES.alreadyMember);
      const target =
        input.planId === undefined ? await newPlanOf(userId, cls) : { planId: input.planId };
      const copy = await repo.copyInto(userId, cls, target, now());
      if (!copy) throw AppError.notFound(CLASS_MESSAGES.planNotFound);
      // Placed at once, as adding a subject to a planned week is what joining asks for.
      const placement = await placeSubjects(deps, userId, copy.planId, copy.subjectIds, clock());
      return {
        // The membership the copy made: not sharing, up to date with the class.
        class: await view(cls, {
          userId,
          planId: copy.planId,
          share: 0,
          seenVersion: cls.version,
        }),
        planId: copy.planId,
        subjectIds: copy.subjectIds,
        ...placement,
      };
    },

    /**
     * Takes the teacher's changes into the member's copy, then places again the sessions of the
     * subjects they touched (a moved exam, a new exam or topic); nothing else in the plan moves.
     */
    async accept(userId: number, classId: number): Promise<ClassAcceptResult> {
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      const { cls, member } = joined;
      const updated = await repo.bringUpToDate(userId, member.id, cls, now());
      const placement =
        updated && member.planId !== null
          ? await placeSubjects(deps, userId, member.planId, updated.replan, clock())
          : { placed: 0, notices: [notice('class_plan_gone')] };
      return {
        // Brought up to the class's version (its plan, if gone, stays gone).
        class: await view(cls, { ...member, seenVersion: cls.version }),
        planId: member.planId,
        ...placement,
      };
    },

    /**
     * Gives the plan made by hand that holds the member's copy their study week, and places the
     * copy's subjects in it (docs/classes.md, Placing a class). A plan that has a week keeps it:
     * its own re-plan places the class.
     */
    async setWeek(
      userId: number,
      classId: number,
      input: ParsedWeekInput,
    ): Promise<ClassAcceptResult> {
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      const { cls, member } = joined;
      // A plan deleted since takes the membership's link with it.
      if (member.planId === null) throw AppError.notFound(CLASS_MESSAGES.planNotFound);
      const subjects = await deps.placement.copySubjects(userId, member.id, member.planId);
      const lastExam = subjects.reduce<string | null>(
        (last, s) => (s.examDate && (!last || s.examDate > last) ? s.examDate : last),
        null,
      );
      const week = classPlanWeek(
        {
          availability: input.availability,
          preferences: input.preferences,
          language: input.language ?? 'en',
        },
        input.timeZone,
        lastExam,
        clock(),
      );
      if (!(await deps.placement.setWeek(userId, member.planId, week, now())))
        throw new AppError(409, 'class_plan_has_week', CLASS_MESSAGES.planHasWeek);
      const placement = await placeSubjects(
        deps,
        userId,
        member.planId,
        subjects.map((s) => s.id),
        clock(),
      );
      return { class: await view(cls, member), planId: member.planId, ...placement };
    },

    /**
     * Sets the teacher's changes so far aside: the student keeps their copy as it is (their own
     * subjects to change by hand), and a later change is offered again.
     */
    async dismiss(userId: number, classId: number): Promise<Class> {
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      await repo.setSeenVersion(joined.member.id, joined.cls.version);
      return view(joined.cls, { ...joined.member, seenVersion: joined.cls.version });
    },

    async leave(userId: number, classId: number): Promise<{ message: string }> {
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      await repo.leave(joined.member.id);
      return { message: CLASS_MESSAGES.left };
    },

    async share(userId: number, classId: number, share: boolean): Promise<Class> {
      const joined = await repo.findJoined(userId, classId);
      if (!joined) throw notFound();
      await repo.setShare(joined.member.id, share);
      return view(joined.cls, { ...joined.member, share: share ? 1 : 0 });
    },
  };
}
export type ClassesService = ReturnType<typeof createClassesService>;
