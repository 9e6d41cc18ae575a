import { z } from 'zod';
import { languageQuerySchema } from './ai.js';
import { endpoint } from './endpoint.js';
import { idParamsSchema, idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeListSchema } from './notices.js';

export const quizQuestionSchema = z
  .object({
    id: z.number().int().describe('Position of the question in the quiz, from 0'),
    prompt: z.string(),
    options: z.array(z.string()).describe('The choices; the answer is not sent'),
  })
  .describe('QuizQuestion');

export const quizSchema = z
  .object({
    id: z.number().int(),
    lessonId: z.number().int(),
    questions: z.array(quizQuestionSchema),
    createdAt: z.string(),
    modelVersion: z.string(),
    warnings: noticeListSchema.describe('Notes to show about how the quiz was made'),
  })
  .describe('Quiz');
export type Quiz = z.infer<typeof quizSchema>;

export const quizSubmitInputSchema = z
  .object({
    answers: z
      .array(
        z
          .number(message(M.quizAnswerInvalid))
          .int(message(M.quizAnswerInvalid))
          .min(0, message(M.quizAnswerInvalid))
          .max(9, message(M.quizAnswerInvalid))
          .nullable(),
        message(M.quizAnswersNotAList),
      )
      .max(50, message(M.quizTooManyAnswers))
      .describe('The chosen option index per question, in order; null when skipped'),
  })
  .strict()
  .describe('QuizSubmitInput');
export type QuizSubmitInput = z.input<typeof quizSubmitInputSchema>;

export const quizResultSchema = z
  .object({
    id: z.number().int(),
    quizId: z.number().int(),
    lessonId: z.number().int(),
    score: z.number().int().describe('Correct answers'),
    total: z.number().int(),
    percent: z.number().int(),
    questions: z.array(
      z.object({
        id: z.number().int(),
        prompt: z.string(),
        options: z.array(z.string()),
        chosen: z.number().int().nullable(),
        correctIndex: z.number().int(),
        correct: z.boolean(),
        explanation: z.string().describe('Quotes the lesson or file sentence with the answer'),
      }),
    ),
    createdAt: z.string(),
  })
  .describe('QuizResult');
export type QuizResult = z.infer<typeof quizResultSchema>;

export const quizResultSummarySchema = quizResultSchema
  .pick({
    id: true,
    quizId: true,
    lessonId: true,
    score: true,
    total: true,
    percent: true,
    createdAt: true,
  })
  .describe('QuizResultSummary');
export type QuizResultSummary = z.infer<typeof quizResultSummarySchema>;

const lessonIdParams = z.object({ lessonId: idSchema }).strict();

export const quizEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/lessons/:lessonId/quiz',
    params: lessonIdParams,
    query: languageQuerySchema,
    body: undefined,
    response: quizSchema,
    summary: 'A new multiple-choice quiz on the lesson (answers are not sent)',
  }),
  submit: endpoint({
    method: 'POST',
    path: '/quizzes/:id/submit',
    params: idParamsSchema,
    body: quizSubmitInputSchema,
    response: quizResultSchema,
    summary: 'Score the chosen options; returns the answers with explanations and keeps the result',
  }),
  results: endpoint({
    method: 'GET',
    path: '/lessons/:lessonId/quiz-results',
    params: lessonIdParams,
    body: undefined,
    response: z.array(quizResultSummarySchema),
    summary: 'The student’s quiz results for a lesson, newest first',
  }),
};
