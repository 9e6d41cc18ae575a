import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';
import { noticeListSchema } from './notices.js';

/** Languages the app speaks; the AI is asked to answer in the student's one. */
export const AI_LANGUAGES = ['en', 'el', 'es', 'fr', 'de'] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];

/** Longest chat prompt the assistant accepts. */
export const CHAT_PROMPT_MAX = 4000;
/** Longest question the lesson helper accepts. */
export const LESSON_QUESTION_MAX = 2000;

/** The student's language on an AI call; optional (English, or the material's where it says). */
export const languageSchema = z
  .enum(AI_LANGUAGES, message(M.languageInvalid))
  .optional()
  .describe('The student’s language; the answer is asked for in it (default en)');

/** `?language=` on calls with an empty body (flashcards, quiz). */
export const languageQuerySchema = z.object({ language: languageSchema }).describe('LanguageQuery');

export const chatInputSchema = z
  .object({
    prompt: z
      .string(message(M.promptRequired))
      .trim()
      .min(1, message(M.promptRequired))
      .max(CHAT_PROMPT_MAX, message(M.promptMax))
      .describe('What the student asked'),
    language: languageSchema,
  })
  .strict()
  .describe('ChatInput');
export type ChatInput = z.input<typeof chatInputSchema>;

/** The Gemini-shaped envelope the chat client reads (`candidates[0].content.parts`). */
export const chatReplySchema = z
  .object({
    candidates: z
      .array(
        z.object({
          content: z.object({
            role: z.literal('model'),
            parts: z.array(z.object({ text: z.string().describe('Markdown text') })),
          }),
          finishReason: z.literal('STOP'),
          index: z.number().int(),
        }),
      )
      .describe('Always exactly one candidate'),
    modelVersion: z.string().describe('`builtin` or `<provider>/<model>`: what wrote this answer'),
    warnings: noticeListSchema
      .optional()
      .describe('Notes to show, e.g. the AI provider failed and the builtin engine answered'),
  })
  .describe('ChatReply');
export type ChatReply = z.infer<typeof chatReplySchema>;

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    role: z.enum(['user', 'model']).describe('Who wrote it: the student or the assistant'),
    text: z.string(),
    createdAt: z.string(),
  })
  .describe('ChatMessage');
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistorySchema = z
  .object({ messages: z.array(chatMessageSchema).describe('Oldest first') })
  .describe('ChatHistory');
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const lessonQuestionInputSchema = z
  .object({
    question: z
      .string(message(M.questionRequired))
      .trim()
      .min(1, message(M.questionRequired))
      .max(LESSON_QUESTION_MAX, message(M.questionMax))
      .describe('The question, or the help button’s text with `kind: overview`'),
    kind: z
      .enum(['question', 'overview'])
      .optional()
      .describe(
        '`overview` for the lesson’s help button: the lesson’s key points, whatever the question’s wording (default `question`; “Help me with this lesson” is read as an overview too)',
      ),
    language: languageSchema,
  })
  .strict()
  .describe('LessonQuestionInput');
export type LessonQuestionInput = z.input<typeof lessonQuestionInputSchema>;

export const passageSchema = z
  .object({
    source: z.string().describe('Where it comes from: the lesson title or a file name'),
    text: z.string().describe('The passage, verbatim'),
  })
  .describe('Passage');
export type Passage = z.infer<typeof passageSchema>;

export const lessonAnswerSchema = z
  .object({
    answer: z.string().describe('Markdown text'),
    covered: z
      .boolean()
      .describe('False when the lesson and files do not cover the question (the answer says so)'),
    passages: z.array(passageSchema).describe('The passages the answer is grounded in'),
    modelVersion: z.string(),
    warnings: noticeListSchema.describe('Notes to show, e.g. the builtin engine answered'),
  })
  .describe('LessonAnswer');
export type LessonAnswer = z.infer<typeof lessonAnswerSchema>;

/** The data of a streamed reply's `delta` event: the next piece of the reply text. */
export const replyDeltaSchema = z
  .object({ text: z.string().describe('The next piece of the reply, to append') })
  .describe('ReplyDelta');
export type ReplyDelta = z.infer<typeof replyDeltaSchema>;

/**
 * Streaming replies (the assistant and the lesson helper): with `Accept: text/event-stream` the
 * answer comes as Server-Sent Events; without it (or with `application/json`) as JSON.
 */
const streamingNote = (field: string) =>
  'With `Accept: text/event-stream` the reply streams as Server-Sent Events: `event: delta` ' +
  'with `{"text": "<next piece>"}` as the `' +
  field +
  '` text is written, then exactly one ' +
  '`event: done` whose data is the JSON answer of the non-streaming call (the checked reply, ' +
  'authoritative: it may differ from the deltas when the builtin engine answered instead), ' +
  'or `event: error` with `{"message", "code"}`. Without it (or with `application/json`) ' +
  'the answer is JSON. A refused request (401, 403, 404, 429, 400) is a JSON error either way.';

export const aiEndpoints = {
  chat: endpoint({
    method: 'POST',
    path: '/ai/AiAssistance',
    body: chatInputSchema,
    response: chatReplySchema,
    summary:
      'Ask the study assistant; the conversation is kept so follow-ups work. ' +
      streamingNote('reply') +
      ' A stopped reply is kept in the conversation as far as it was written.',
  }),
  history: endpoint({
    method: 'GET',
    path: '/ai/AiAssistance/history',
    body: undefined,
    response: chatHistorySchema,
    summary: 'The student’s conversation with the assistant',
  }),
  clearHistory: endpoint({
    method: 'DELETE',
    path: '/ai/AiAssistance/history',
    body: undefined,
    response: messageResponseSchema,
    summary: 'Forget the conversation',
  }),
  lessonBot: endpoint({
    method: 'POST',
    path: '/lessons/:lessonId/ai-bot',
    params: z.object({ lessonId: idSchema }).strict(),
    body: lessonQuestionInputSchema,
    response: lessonAnswerSchema,
    summary:
      'An answer grounded in the lesson and the subject’s files, with its passages. ' +
      streamingNote('answer'),
  }),
};
