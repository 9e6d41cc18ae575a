import { makeFlashcards, makeQuiz } from '../../domain/nlp/generate.js';
import { keyphrases } from '../../domain/nlp/keyphrases.js';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { answerFromMaterial, isHelpRequest } from '../../domain/nlp/qa.js';
import {
  contentWords,
  escapeHtml,
  findHeadings,
  findMath,
  htmlToText,
  splitSentences,
} from '../../domain/text/text.js';
import { deriveTopics } from '../../domain/text/topics.js';
import type {
  AiEngine,
  ChatRequest,
  DeepDiveRequest,
  GroundedReply,
  LessonMaterialRequest,
  LessonQuestionRequest,
  LessonRequest,
  SourceText,
  TopicsRequest,
} from './ai-engine.js';
import { builtinChatReply } from './builtin-chat.js';

export const BUILTIN = 'builtin';

const TOO_LITTLE =
  'There is too little material in this lesson for that. Add notes to the topic or upload files to the subject, then try again.';

function quote(text: string, source: string): string {
  return `> ${text}\n>\n> — *${source}*`;
}

/** The builtin lesson helper: verbatim sentences of the material, or an honest “not covered”. */
export function builtinLessonAnswer(req: LessonQuestionRequest): GroundedReply {
  if (isHelpRequest(req.question)) {
    const lessonOnly = req.material.filter((m) => m.source === req.lessonTitle);
    const pool = lessonOnly.length > 0 ? lessonOnly : req.material;
    const points = keySentences(pool.map((m) => m.text).join('\n\n'), req.lessonTitle, 4);
    if (points.length === 0)
      return {
        answer: `“${req.lessonTitle}” has no material I can work from yet. Add notes to the topic or upload files to the subject, and I can summarise them and answer questions about them.`,
        covered: false,
        passages: [],
      };
    const passages = points.map((text) => ({
      text,
      source: pool.find((m) => m.text === text)?.source ?? req.lessonTitle,
    }));
    const terms = keyphrases(pool, 4).map((k) => k.text);
    return {
      answer: [
        `Here are the key points of “${req.lessonTitle}”, straight from your material:`,
        '',
        ...passages.map((p) => `- ${p.text}`),
        '',
        terms.length > 0
          ? `Ask me about any of them, for example “What is ${terms[0]}?”${terms[1] ? ` or “Explain ${terms[1]}”` : ''}. Then test yourself with the flashcards and the quiz.`
          : 'Test yourself with the flashcards and the quiz.',
      ].join('\n'),
      covered: true,
      passages,
    };
  }
  const found = answerFromMaterial(req.question, req.material);
  if (!found.covered) {
    const terms = keyphrases(req.material, 5).map((k) => k.text);
    return {
      answer: [
        `I couldn’t find that in “${req.lessonTitle}” or in this subject’s files, so I won’t guess: I only answer from your own material.`,
        terms.length > 0 ? `This lesson covers, among other things: ${terms.join(', ')}.` : '',
        'For general study questions, try the chat assistant.',
      ]
        .filter(Boolean)
        .join('\n\n'),
      covered: false,
      passages: [],
    };
  }
  const passages = found.sentences.map((s) => ({ source: s.source, text: s.text }));
  return {
    answer: [
      'From your material:',
      '',
      ...passages
        .map((p) => quote(p.text, p.source))
        .join('\n\n')
        .split('\n'),
    ].join('\n'),
    covered: true,
    passages,
  };
}

const MAX_POINTS = 8;

/**
 * Ranks the sentences of the student's own material by how many of the topic's (and the
 * prompt's) content words they contain; ties keep the original order. Extractive only: every
 * point it returns is a sentence the student wrote or uploaded, so nothing is invented.
 */
export function keySentences(text: string, focus: string, max = MAX_POINTS): string[] {
  const focusWords = new Set(contentWords(focus));
  const sentences = splitSentences(text).filter((s) => s.length >= 20 && s.length <= 600);
  const scored = sentences.map((s, i) => {
    const words = contentWords(s);
    const hits = words.filter((w) => focusWords.has(w)).length;
    // Definitions ("X is ...", "X means ...") are what a student needs first.
    const definition = /\b(is|are|means|refers to|defined as)\b/i.test(s) ? 0.5 : 0;
    return { s, i, score: hits + definition + (findMath(s).length > 0 ? 0.5 : 0) };
  });
  const chosen = scored
    .filter((x) => x.score > 0 || focusWords.size === 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i);
  const fallback = chosen.length > 0 ? chosen : scored.slice(0, Math.min(max, 4));
  return [...new Set(fallback.map((x) => x.s))];
}

/** The most frequent content words of a text that are not already in the topic's name. */
function keyTerms(text: string, topicName: string, max = 5): string[] {
  const skip = new Set(contentWords(topicName));
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) if (!skip.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w);
}

function sourcesText(sources: SourceText[]): string {
  return sources.map((s) => s.text).join('\n\n');
}

export function createBuiltinEngine(): AiEngine {
  return {
    async topics(req: TopicsRequest) {
      const derived = deriveTopics(req.keyTopics, req.sources, req.max);
      const sentences = req.sources.flatMap((s) => materialSentences(s.text, s.name));
      const phrases = keyphrases(sentences, 40);
      const value = derived.map((t) => {
        const words = new Set(t.name.toLowerCase().split(/\W+/));
        const related = phrases
          .filter(
            (p) =>
              !words.has(p.key) &&
              sentences.some(
                (s) =>
                  s.text.includes(p.text) && s.text.toLowerCase().includes(t.name.toLowerCase()),
              ),
          )
          .slice(0, 5)
          .map((p) => p.text);
        return { name: t.name, keyTerms: related };
      });
      return { value, warnings: [], engine: BUILTIN };
    },

    async flashcards(req: LessonMaterialRequest) {
      const value = makeFlashcards(req.material, req.max);
      return { value, warnings: value.length === 0 ? [TOO_LITTLE] : [], engine: BUILTIN };
    },

    async quiz(req: LessonMaterialRequest) {
      const value = makeQuiz(req.material, { max: req.max, seed: req.seed }).map(
        ({ kind: _kind, ...q }) => q,
      );
      return { value, warnings: value.length === 0 ? [TOO_LITTLE] : [], engine: BUILTIN };
    },

    async answerLesson(req: LessonQuestionRequest) {
      return { value: builtinLessonAnswer(req), warnings: [], engine: BUILTIN };
    },

    async chat(req: ChatRequest) {
      return { value: builtinChatReply(req), warnings: [], engine: BUILTIN };
    },

    async deepDive(req: DeepDiveRequest) {
      const material = sourcesText(req.sources);
      const focus = `${req.topicName} ${req.prompt}`;
      const points = keySentences(material, focus);
      const headings = req.sources.flatMap((s) => findHeadings(s.text)).slice(0, 8);
      const terms = keyTerms(material, req.topicName);
      const html: string[] = [`<h2>${escapeHtml(req.topicName)}</h2>`];
      if (req.sources.length > 0) {
        const names = req.sources.map((s) => escapeHtml(s.name)).join(', ');
        html.push(`<p>Drawn from your material: ${names}.</p>`);
      } else {
        html.push(
          '<p>This checklist comes from the topic name alone. Upload your notes to get key points drawn from your own material.</p>',
        );
      }
      if (points.length > 0) {
        html.push('<h3>Key points</h3><ul>');
        for (const p of points) html.push(`<li>${escapeHtml(p)}</li>`);
        html.push('</ul>');
      }
      html.push('<h3>Study checklist</h3><ul>');
      for (const h of headings)
        html.push(`<li>Work through “${escapeHtml(h)}” and summarise it in three sentences.</li>`);
      for (const t of terms)
        html.push(`<li>Explain “${escapeHtml(t)}” in your own words, without notes.</li>`);
      html.push(
        `<li>Write down what you already know about ${escapeHtml(req.topicName)}, then check it against your notes.</li>`,
      );
      html.push('<li>Solve or explain one example without looking, then compare.</li>');
      html.push('<li>Review this topic again in two days, then in a week.</li>');
      html.push('</ul>');
      return { value: html.join(''), warnings: [] };
    },

    async lesson(req: LessonRequest) {
      const text = req.content ? htmlToText(req.content) : '';
      const points = keySentences(text, req.topicName);
      const math = [...new Set(findMath(text))].slice(0, 6);
      const terms = keyTerms(text, req.topicName, 4);
      const md: string[] = [`# ${req.topicName}`, '', `*${req.subjectName}*`, ''];
      if (points.length === 0) {
        md.push(
          'This lesson was made from the topic name only: there are no notes for it yet. ',
          'Add notes or upload material to the topic to get a lesson drawn from them.',
          '',
        );
      } else {
        md.push('## Key points', '');
        for (const p of points) md.push(`- ${p}`);
        md.push('');
      }
      if (math.length > 0) {
        md.push('## Formulas', '');
        for (const m of math) md.push(m.startsWith('$$') || m.startsWith('\\[') ? m : `- ${m}`, '');
      }
      md.push('## Check yourself', '');
      md.push(`1. Explain ${req.topicName} in your own words in three sentences.`);
      for (const [i, t] of terms.entries())
        md.push(`${i + 2}. What does “${t}” mean here, and why does it matter?`);
      md.push(
        `${terms.length + 2}. Which part of ${req.topicName} would you find hardest in an exam? Practise it first.`,
      );
      return { value: md.join('\n'), warnings: [] };
    },
  };
}
