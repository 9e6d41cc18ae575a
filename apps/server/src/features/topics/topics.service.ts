import type { Notice, Topic, TopicContentStatus } from '@studybuddy/contracts';
import type { AiEngine, Language, SourceText } from '../../adapters/ai/ai-engine.js';
import { type FileReaders, ingestFiles } from '../../adapters/files/ingest.js';
import { storedNotices } from '../../domain/notices.js';
import { TOPIC_MATERIAL_CHARS } from '../../domain/text/material.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonRef, TopicChanges, TopicRow, TopicsRepository } from './topics.repository.js';

const topicNotFound = () => AppError.notFound('Topic not found.');

export function toTopic(row: TopicRow, lessons: LessonRef[]): Topic {
  const own = lessons.filter((l) => l.topicId === row.id).map(({ id, title }) => ({ id, title }));
  return {
    id: row.id,
    subjectId: row.subjectId,
    name: row.name,
    topicName: row.name,
    deepDiveContent: row.deepDiveContent,
    completed: row.completed === 1,
    lessonId: own[0]?.id ?? null,
    lessons: own,
    contentStatus: row.contentStatus as TopicContentStatus,
    contentNote: storedNotices(row.contentNote)[0] ?? null,
  };
}

/** Text read from the files of one deep-dive request in all. */
const MAX_REQUEST_TEXT_CHARS = 4_000_000;

export function createTopicsService(deps: {
  topics: TopicsRepository;
  ai: AiEngine;
  readers: FileReaders;
}) {
  const { topics, ai } = deps;

  async function withLessons(userId: number, row: TopicRow): Promise<Topic> {
    return toTopic(row, await topics.listLessonRefs(userId, [row.id]));
  }

  return {
    /** Topics of these subjects, grouped by subject id (two queries whatever the count). */
    async loadTopicsBySubject(userId: number, subjectIds: number[]): Promise<Map<number, Topic[]>> {
      const rows = await topics.listTopics(userId, subjectIds);
      const lessons = await topics.listLessonRefs(
        userId,
        rows.map((r) => r.id),
      );
      const out = new Map<number, Topic[]>(subjectIds.map((id) => [id, []]));
      for (const row of rows) out.get(row.subjectId)?.push(toTopic(row, lessons));
      return out;
    },

    async listBySubject(userId: number, subjectId: number): Promise<Topic[]> {
      if (!(await topics.findSubjectName(userId, subjectId)))
        throw AppError.notFound('Subject not found.');
      return (await this.loadTopicsBySubject(userId, [subjectId])).get(subjectId) ?? [];
    },

    async getTopic(userId: number, id: number): Promise<Topic> {
      const row = await topics.findTopic(userId, id);
      if (!row) throw topicNotFound();
      return withLessons(userId, row);
    },

    /**
     * Every topic has a lesson: one is generated from the name and content at creation, with
     * the engine's own words in the student's language (else the content's).
     */
    async createTopic(
      userId: number,
      input: {
        subjectId: number;
        name: string;
        deepDiveContent?: string | null | undefined;
        language?: Language | undefined;
      },
    ): Promise<Topic> {
      const subject = await topics.findSubjectName(userId, input.subjectId);
      if (!subject) throw AppError.notFound('Subject not found.');
      const content = input.deepDiveContent ?? null;
      const lesson = await ai.lesson({
        subjectName: subject.name,
        topicName: input.name,
        content,
        ...(input.language ? { language: input.language } : {}),
      });
      const row = await topics.insertTopicWithLesson(
        userId,
        { subjectId: input.subjectId, name: input.name, deepDiveContent: content },
        { title: input.name, latexContent: lesson.value },
        new Date().toISOString(),
      );
      return withLessons(userId, row);
    },

    async updateTopic(
      userId: number,
      id: number,
      input: {
        name?: string | undefined;
        topicName?: string | undefined;
        deepDiveContent?: string | null | undefined;
        completed?: boolean | undefined;
      },
    ): Promise<Topic> {
      const changes: TopicChanges = {};
      const name = input.name ?? input.topicName;
      if (name !== undefined) changes.name = name;
      if (input.deepDiveContent !== undefined) changes.deepDiveContent = input.deepDiveContent;
      if (input.completed !== undefined) changes.completed = input.completed;
      const row = await topics.updateTopic(userId, id, changes, new Date().toISOString());
      if (!row) throw topicNotFound();
      return withLessons(userId, row);
    },

    async deleteTopic(userId: number, id: number): Promise<void> {
      if (!(await topics.deleteTopic(userId, id))) throw topicNotFound();
    },

    /**
     * Fills the deep dive from the student's prompt and files through the AI interface, the
     * engine's own words in the student's language (else the material's). The files are read
     * for this answer only, never kept.
     */
    async generateDeepDive(
      userId: number,
      id: number,
      request: {
        prompt: string;
        files: { filename: string; data: Buffer }[];
        language?: Language | undefined;
      },
      signal?: AbortSignal,
      onFileRefused?: (warning: Notice) => void,
    ): Promise<Topic & { warnings: Notice[] }> {
      const row = await topics.findTopic(userId, id);
      if (!row) throw topicNotFound();
      const { prompt, files, language } = request;
      const { files: read, warnings } = await ingestFiles(files, deps.readers, {
        maxChars: MAX_REQUEST_TEXT_CHARS,
        signal,
        ...(onFileRefused ? { onRefused: onFileRefused } : {}),
      });
      const sources: SourceText[] = read.map((f) => ({ name: f.name, text: f.text }));
      // Only the parts of the files that speak of the topic are read to write it; the sections
      // of the subject's other topics stay theirs.
      const siblings = await topics.listSiblingNames(userId, row.subjectId, row.id);
      const material = await deps.readers.work.run<SourceText[]>(
        { kind: 'material', args: [row.name, sources, TOPIC_MATERIAL_CHARS, siblings] },
        signal,
      );
      const subject = await topics.findSubjectName(userId, row.subjectId);
      const result = await ai.deepDive({
        subjectName: subject?.name ?? '',
        topicName: row.name,
        prompt,
        sources: material,
        ...(language ? { language } : {}),
      });
      const updated = await topics.updateTopic(
        userId,
        id,
        { deepDiveContent: result.value },
        new Date().toISOString(),
      );
      if (!updated) throw topicNotFound();
      return {
        ...(await withLessons(userId, updated)),
        warnings: [...warnings, ...result.warnings],
      };
    },
  };
}
export type TopicsService = ReturnType<typeof createTopicsService>;
