import type { Quiz, QuizResult, QuizResultSummary } from '@studybuddy/contracts';
import type { AiEngine, Language } from '../../adapters/ai/ai-engine.js';
import type { QuestionDraft } from '../../domain/nlp/generate.js';
import { QUIZ_SIZE } from '../../domain/nlp/sizes.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonMaterialService } from '../lesson-material/index.js';
import type { QuizzesRepository } from './quizzes.repository.js';

const percent = (score: number, total: number) =>
  total === 0 ? 0 : Math.round((score / total) * 100);

export function createQuizzesService(deps: {
  quizzes: QuizzesRepository;
  material: LessonMaterialService;
  ai: AiEngine;
}) {
  const { quizzes, material, ai } = deps;
  return {
    /** A new quiz; the answers stay on the server until it is submitted. */
    async create(userId: number, lessonId: number, language: Language): Promise<Quiz> {
      const m = await material.load(userId, lessonId);
      const seed = lessonId * 7919 + (await quizzes.countQuizzes(userId, lessonId));
      const result = await ai.quiz({
        lessonTitle: m.title,
        subjectName: m.subjectName,
        material: m.focused,
        language,
        max: QUIZ_SIZE,
        seed,
      });
      const engine = result.engine ?? 'builtin';
      const row = await quizzes.insertQuiz(
        userId,
        lessonId,
        JSON.stringify(result.value),
        engine,
        new Date().toISOString(),
      );
      return {
        id: row.id,
        lessonId,
        questions: result.value.map((q, id) => ({ id, prompt: q.prompt, options: q.options })),
        createdAt: row.createdAt,
        modelVersion: engine,
        warnings: result.warnings,
      };
    },

    async submit(userId: number, quizId: number, answers: (number | null)[]): Promise<QuizResult> {
      const quiz = await quizzes.findQuiz(userId, quizId);
      if (!quiz) throw AppError.notFound('Quiz not found.');
      const questions = JSON.parse(quiz.questions) as QuestionDraft[];
      if (answers.length !== questions.length)
        throw AppError.validation(`Send one answer per question (${questions.length}).`, [
          {
            path: 'answers',
            message: `Expected ${questions.length} answers, got ${answers.length}.`,
          },
        ]);
      const bad = answers.findIndex(
        (a, i) => a !== null && a >= (questions[i]?.options.length ?? 0),
      );
      if (bad >= 0)
        throw AppError.validation('An answer is not one of the options.', [
          { path: `answers.${bad}`, message: 'Not one of the options.' },
        ]);
      const graded = questions.map((q, id) => {
        const chosen = answers[id] ?? null;
        return {
          id,
          prompt: q.prompt,
          options: q.options,
          chosen,
          correctIndex: q.correctIndex,
          correct: chosen === q.correctIndex,
          explanation: q.explanation,
        };
      });
      const score = graded.filter((g) => g.correct).length;
      const row = await quizzes.insertResult(
        userId,
        {
          quizId,
          lessonId: quiz.lessonId,
          score,
          total: questions.length,
          answers: JSON.stringify(answers),
        },
        new Date().toISOString(),
      );
      return {
        id: row.id,
        quizId,
        lessonId: quiz.lessonId,
        score,
        total: questions.length,
        percent: percent(score, questions.length),
        questions: graded,
        createdAt: row.createdAt,
      };
    },

    async results(userId: number, lessonId: number): Promise<QuizResultSummary[]> {
      await material.context(userId, lessonId);
      const rows = await quizzes.listResults(userId, lessonId);
      return rows.map((r) => ({ ...r, percent: percent(r.score, r.total) }));
    },
  };
}
export type QuizzesService = ReturnType<typeof createQuizzesService>;
