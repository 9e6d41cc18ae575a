/**
 * The content benchmark's corpus: four subjects of different shape, each written twice (as
 * prose and as terse notes) under `content-corpus/<subject>/`, with the lesson helper's
 * questions per topic. A covered question's expected terms all occur in the material's answer
 * sentence; an uncovered question is about something the material never mentions, so the
 * only right answer is an honest refusal.
 */

import type { Language } from '../src/adapters/ai/ai-engine.js';

/** A question the material answers, and terms (stemmed, any case) the answer must contain. */
export interface CoveredQuestion {
  question: string;
  terms: string[];
}

export interface CorpusTopic {
  /** As the student types it, and as the heading of the topic's section in every file. */
  name: string;
  covered: CoveredQuestion[];
  /** Questions the material does not answer. */
  uncovered: string[];
}

/**
 * Which part of the benchmark a subject belongs to. Rules are tuned on the development part
 * only; the held-out part measures whether they hold on notes nobody tuned them on, so a
 * rule written while looking at a held-out file makes its figures worthless.
 */
export type Split = 'dev' | 'held-out';

export interface CorpusSubject {
  /** The folder under `content-corpus/`. */
  id: string;
  /** This corpus was written for the engine's first rules: all of it is development material. */
  split: 'dev';
  name: string;
  language: Language;
  /** What the subject's material is like, shown in the report. */
  shape: string;
  topics: CorpusTopic[];
}

/** The two ways a student's notes are written; each is a file of every subject. */
export const VARIANTS = ['prose', 'terse'] as const;
export type Variant = (typeof VARIANTS)[number];

export const CORPUS: CorpusSubject[] = [
  {
    id: 'physics',
    split: 'dev',
    name: 'Physics',
    language: 'en',
    shape: 'science with formulas',
    topics: [
      {
        name: "Newton's laws of motion",
        covered: [
          { question: 'What is inertia?', terms: ['inertia', 'resist'] },
          { question: "What does Newton's third law say?", terms: ['opposite', 'direction'] },
        ],
        uncovered: ['Who discovered the electron?', 'How does a rainbow form?'],
      },
      {
        name: 'Energy and work',
        covered: [
          { question: 'What is kinetic energy?', terms: ['motion'] },
          { question: 'What is power?', terms: ['rate', 'watt'] },
        ],
        uncovered: ['What is the half-life of carbon-14?', 'How do tides work?'],
      },
      {
        name: 'Electric circuits',
        covered: [
          { question: "What does Ohm's law state?", terms: ['proportional', 'resistor'] },
          { question: 'What is an electric current?', terms: ['flow', 'charge'] },
        ],
        uncovered: ['How does a transformer change voltage?', 'What is a semiconductor diode?'],
      },
    ],
  },
  {
    id: 'history-fr',
    split: 'dev',
    name: 'Histoire',
    language: 'fr',
    shape: 'history with dates and causes (French)',
    topics: [
      {
        name: 'Les causes de la Révolution',
        covered: [
          { question: 'Qui paie l’essentiel des impôts ?', terms: ['tiers état'] },
          {
            question: 'Quand les états généraux se réunissent-ils ?',
            terms: ['1789', 'Versailles'],
          },
        ],
        uncovered: ['Qui était Charlemagne ?', 'Quand a eu lieu la bataille de Waterloo ?'],
      },
      {
        name: 'La prise de la Bastille',
        covered: [
          { question: 'Qu’était la Bastille ?', terms: ['forteresse', 'prison'] },
          { question: 'Quand le 14 juillet devient-il la fête nationale ?', terms: ['1880'] },
        ],
        uncovered: ['Qui a construit la tour Eiffel ?', 'Qu’est-ce que le traité de Verdun ?'],
      },
      {
        name: 'La Terreur',
        covered: [
          { question: 'Qu’est-ce que la loi des suspects ?', terms: ['suspects', '1793'] },
          { question: 'Quand Robespierre tombe-t-il ?', terms: ['1794'] },
        ],
        uncovered: ['Qui était Jeanne d’Arc ?', 'Quand Napoléon est-il couronné empereur ?'],
      },
    ],
  },
  {
    id: 'spanish-es',
    split: 'dev',
    name: 'Español',
    language: 'es',
    shape: 'language course with vocabulary and grammar (Spanish)',
    topics: [
      {
        name: 'Vocabulario de la casa',
        covered: [
          { question: '¿Qué es la cocina?', terms: ['comida'] },
          { question: '¿Dónde se dice recámara?', terms: ['México'] },
        ],
        uncovered: ['¿Cómo se dice coche en Argentina?', '¿Qué significa la palabra jardín?'],
      },
      {
        name: 'Ser y estar',
        covered: [
          { question: '¿Para qué se usa el verbo estar?', terms: ['pasajeros', 'ubicación'] },
          { question: '¿Qué significa estar listo?', terms: ['preparado'] },
        ],
        uncovered: ['¿Cuándo se usa el subjuntivo?', '¿Qué es un verbo reflexivo?'],
      },
      {
        name: 'El pretérito indefinido',
        covered: [
          { question: '¿Qué expresa el pretérito indefinido?', terms: ['terminadas', 'pasado'] },
          { question: '¿Cuál es la raíz de tener en el pretérito?', terms: ['tuv'] },
        ],
        uncovered: ['¿Cómo se forma el futuro simple?', '¿Qué es el gerundio?'],
      },
    ],
  },
  {
    id: 'maths',
    split: 'dev',
    name: 'Mathematics',
    language: 'en',
    shape: 'maths topic with equations and worked examples',
    topics: [
      {
        name: "Pythagoras' theorem",
        covered: [
          { question: 'What is the hypotenuse?', terms: ['longest', 'side'] },
          { question: 'What is a Pythagorean triple?', terms: ['whole numbers'] },
        ],
        uncovered: ['What is the sine rule?', 'How do you find the area of a circle?'],
      },
      {
        name: 'Quadratic equations',
        covered: [
          { question: 'What is the discriminant?', terms: ['square root'] },
          { question: 'What happens when the discriminant is negative?', terms: ['no real roots'] },
        ],
        uncovered: ['What is a logarithm?', 'How do you differentiate a polynomial?'],
      },
      {
        name: 'Probability',
        covered: [
          { question: 'When are two events independent?', terms: ['affect'] },
          { question: 'What is the probability of rolling a six?', terms: ['1/6'] },
        ],
        uncovered: ['What is a standard deviation?', 'What is a prime number?'],
      },
    ],
  },
];
