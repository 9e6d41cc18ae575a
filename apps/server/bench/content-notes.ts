/**
 * The content benchmark's second corpus: notes shaped like the ones students upload, under
 * `content-corpus/notes/<subject>/`. Each subject is several files as a student keeps them:
 * front matter, Obsidian embeds and links, tables, code, LaTeX formula lists, bullet labels,
 * a PDF with hard line breaks and running headers (`<name>.pdf.txt`, laid out as a PDF when
 * the bench runs), a Word file with a table of contents (`<name>.docx.txt`, likewise), files
 * named only by their topic, and notes in Spanish and Greek. All of it was written for the
 * benchmark; none of it is a real student's notes.
 *
 * Subjects are split into a development part, which rules may be tuned on, and a held-out
 * part, which they must not be: the held-out figures say whether a rule generalises.
 */

import type { Language } from '../src/adapters/ai/ai-engine.js';
import type { CoveredQuestion, Split } from './content-corpus.js';

/** Where a topic's material lies: a whole file, or the sections under some of its headings. */
export interface TopicSource {
  file: string;
  /** Headings of the file (as parsed, for a PDF or Word file) whose sections are the topic's. */
  headings?: string[];
}

/** A covered question; `unit` when it names a heading, so a full answer holds that section. */
export interface NotesQuestion extends CoveredQuestion {
  unit?: { file: string; heading: string };
}

export interface NotesTopic {
  /** As the student types it in the wizard's key topics. */
  name: string;
  /** Everything the topic's cards, questions and deep dive may draw on. */
  sources: TopicSource[];
  covered: NotesQuestion[];
  /** Questions the material does not answer. */
  uncovered: string[];
}

export interface NotesFile {
  /** As uploaded; a `.pdf` or `.docx` is built from `<name>.txt` beside it. */
  name: string;
  /** A PDF's running header, printed on every page (with a "Page n of m" footer). */
  runningHeader?: string;
}

export interface NotesSubject {
  /** The folder under `content-corpus/notes/`. */
  id: string;
  name: string;
  language: Language;
  split: Split;
  /** What the subject's files are like, shown in the report. */
  shape: string;
  files: NotesFile[];
  topics: NotesTopic[];
}

const DEV: NotesSubject[] = [
  {
    id: 'physics',
    name: 'Physics',
    language: 'en',
    split: 'dev',
    shape: 'Markdown, a file per topic, front matter, embeds, tables, LaTeX and a formula sheet',
    files: [{ name: 'kinematics.md' }, { name: 'dynamics.md' }, { name: 'formula-sheet.md' }],
    topics: [
      {
        name: 'Kinematics',
        sources: [
          { file: 'kinematics.md' },
          { file: 'formula-sheet.md', headings: ['Formulas — Kinematics'] },
        ],
        covered: [
          { question: 'What is displacement?', terms: ['straight-line', 'direction'] },
          { question: 'When do the suvat equations work?', terms: ['acceleration is constant'] },
          { question: 'What are the suvat variables?', terms: ['initial velocity', 'time'] },
        ],
        uncovered: ['What is the photoelectric effect?', 'How does a transistor amplify a signal?'],
      },
      {
        name: 'Dynamics',
        sources: [
          { file: 'dynamics.md' },
          { file: 'formula-sheet.md', headings: ['Formulas — Dynamics'] },
        ],
        covered: [
          { question: 'What is momentum?', terms: ['mass', 'velocity'] },
          {
            question: 'What is impulse?',
            terms: ['change in momentum'],
            unit: { file: 'dynamics.md', heading: 'Impulse' },
          },
          { question: 'When is terminal velocity reached?', terms: ['drag equals weight'] },
        ],
        uncovered: [
          'What is the speed of sound in air?',
          'How does a nuclear reactor work?',
          'When did Newton publish the Principia?',
        ],
      },
      {
        name: 'Circular motion',
        sources: [
          {
            file: 'formula-sheet.md',
            headings: ['Formulas — Circular motion', 'Circular motion'],
          },
        ],
        covered: [
          {
            question: 'Why is an object moving in a circle accelerating?',
            terms: ['direction', 'changing'],
          },
          { question: 'Where does the centripetal force point?', terms: ['centre'] },
        ],
        uncovered: [
          'What is simple harmonic motion?',
          'How do you calculate gravitational potential?',
        ],
      },
    ],
  },
  {
    id: 'operating-systems',
    name: 'Operating systems',
    language: 'en',
    split: 'dev',
    shape: 'Markdown with C code, tables and numbered lists, and a PDF handout',
    files: [
      { name: 'processes.md' },
      { name: 'synchronisation.md' },
      { name: 'memory.md' },
      {
        name: 'scheduling-handout.pdf',
        runningHeader: 'COMP 2310 Operating Systems · Handout 4',
      },
    ],
    topics: [
      {
        name: 'Processes and threads',
        sources: [{ file: 'processes.md' }],
        covered: [
          { question: 'What is a process?', terms: ['program in execution'] },
          { question: 'What does fork do?', terms: ['copies', 'parent'] },
          {
            question: 'What are the process states?',
            terms: ['ready', 'blocked'],
            unit: { file: 'processes.md', heading: 'Process states' },
          },
        ],
        uncovered: [
          'What is a file system journal?',
          'How does virtual machine migration work?',
          'When did Unix appear?',
        ],
      },
      {
        name: 'Synchronisation and deadlock',
        sources: [{ file: 'synchronisation.md' }],
        covered: [
          { question: 'What is a race condition?', terms: ['order', 'shared data'] },
          {
            question: 'What are the conditions for deadlock?',
            terms: ['mutual exclusion', 'hold and wait', 'no preemption', 'circular wait'],
          },
          {
            question: 'What is deadlock?',
            terms: ['waiting', 'resource'],
            unit: { file: 'synchronisation.md', heading: 'Deadlock' },
          },
        ],
        uncovered: ['What is a monitor in Java?', 'How do the dining philosophers eat?'],
      },
      {
        name: 'Memory management',
        sources: [{ file: 'memory.md' }],
        covered: [
          { question: 'What does the page table do?', terms: ['page number', 'frame number'] },
          { question: 'What is thrashing?', terms: ['swapping pages'] },
          { question: 'Which page does LRU evict?', terms: ['least recently used'] },
        ],
        uncovered: ['What is a B-tree?', 'How does garbage collection work?'],
      },
      {
        name: 'CPU scheduling',
        sources: [{ file: 'scheduling-handout.pdf' }],
        covered: [
          { question: 'What is the convoy effect?', terms: ['long process', 'wait'] },
          { question: 'What is round robin?', terms: ['time quantum'] },
          { question: 'What is turnaround time?', terms: ['submission', 'completion'] },
        ],
        uncovered: [
          'What is a real-time operating system?',
          'How does the Linux CFS scheduler work?',
        ],
      },
    ],
  },
  {
    id: 'biologia',
    name: 'Biología',
    language: 'es',
    split: 'dev',
    shape:
      'Spanish Markdown with front matter, embeds and a table, and a Word file with a table of contents',
    files: [
      { name: 'fotosintesis.md' },
      { name: 'respiracion-celular.md' },
      { name: 'apuntes-tema-6.docx' },
    ],
    topics: [
      {
        name: 'Fotosíntesis',
        sources: [{ file: 'fotosintesis.md' }],
        covered: [
          { question: '¿Dónde ocurre la fotosíntesis?', terms: ['cloroplastos'] },
          {
            question: '¿Qué pasa en la fase luminosa?',
            terms: ['ATP', 'NADPH'],
            unit: { file: 'fotosintesis.md', heading: 'Fase luminosa' },
          },
          { question: '¿Qué hace la RuBisCO?', terms: ['fija'] },
        ],
        uncovered: ['¿Qué es la transpiración de las hojas?', '¿Cómo se forma el néctar?'],
      },
      {
        name: 'Respiración celular',
        sources: [{ file: 'respiracion-celular.md' }],
        covered: [
          { question: '¿Dónde ocurre la glucólisis?', terms: ['citoplasma'] },
          {
            question: '¿Qué es la fermentación?',
            terms: ['falta oxígeno'],
            unit: { file: 'respiracion-celular.md', heading: 'Fermentación' },
          },
          { question: '¿Cuál es el aceptor final de electrones?', terms: ['oxígeno'] },
        ],
        uncovered: ['¿Qué es la fotorrespiración?', '¿Cómo funciona la bomba de sodio y potasio?'],
      },
      {
        name: 'Genética mendeliana',
        sources: [
          {
            file: 'apuntes-tema-6.docx',
            headings: ['Genética mendeliana', 'Conceptos básicos', 'Leyes de Mendel'],
          },
        ],
        covered: [
          { question: '¿Qué son los alelos?', terms: ['formas', 'gen'] },
          {
            question: '¿Cuáles son las leyes de Mendel?',
            terms: ['primera ley', 'segunda ley', 'tercera ley'],
            unit: { file: 'apuntes-tema-6.docx', heading: 'Leyes de Mendel' },
          },
          { question: '¿Qué es el fenotipo?', terms: ['observa'] },
        ],
        uncovered: ['¿Qué es la epigenética?', '¿Cómo se clona una oveja?'],
      },
      {
        name: 'División celular',
        sources: [
          { file: 'apuntes-tema-6.docx', headings: ['División celular', 'Mitosis', 'Meiosis'] },
        ],
        covered: [
          { question: '¿Qué produce la meiosis?', terms: ['cuatro células haploides'] },
          { question: '¿Cuáles son las fases de la mitosis?', terms: ['profase', 'anafase'] },
        ],
        uncovered: ['¿Qué es la apoptosis?', '¿Cómo se replican los virus?'],
      },
    ],
  },
  {
    id: 'archaia-athina',
    name: 'Αρχαία Ιστορία',
    language: 'el',
    split: 'dev',
    shape: 'Greek Markdown with a table, an embed and an inline list',
    files: [{ name: 'kleisthenis.md' }, { name: 'periklis.md' }],
    topics: [
      {
        name: 'Οι μεταρρυθμίσεις του Κλεισθένη',
        sources: [{ file: 'kleisthenis.md' }],
        covered: [
          {
            question: 'Τι ήταν ο οστρακισμός;',
            terms: ['εξορία', 'δέκα χρόνια'],
            unit: { file: 'kleisthenis.md', heading: 'Ο οστρακισμός' },
          },
          { question: 'Πόσους βουλευτές έστελνε κάθε φυλή;', terms: ['50'] },
        ],
        uncovered: ['Ποιος ήταν ο Σόλων;', 'Πότε έγινε η μάχη του Μαραθώνα;'],
      },
      {
        name: 'Ο χρυσός αιώνας του Περικλή',
        sources: [{ file: 'periklis.md' }],
        covered: [
          { question: 'Τι ήταν η μισθοφορά;', terms: ['αποζημίωση'] },
          { question: 'Ποιος ήταν ο γλύπτης του Παρθενώνα;', terms: ['Φειδία'] },
          {
            question: 'Ποιοι αποκλείονταν από την πολιτική ζωή;',
            terms: ['γυναίκες', 'μέτοικοι', 'δούλοι'],
          },
        ],
        uncovered: ['Τι ήταν ο Πελοποννησιακός πόλεμος;', 'Ποιος έγραψε την Ιλιάδα;'],
      },
    ],
  },
];

// Held out: no rule of the engine may be written or tuned while reading these files.
const HELD_OUT: NotesSubject[] = [
  {
    id: 'history-japan',
    name: 'Modern Japan',
    language: 'en',
    split: 'held-out',
    shape: 'Markdown with front matter, bullet labels and a timeline table, and a text PDF',
    files: [
      { name: 'taisho-democracy.md' },
      {
        name: 'manchurian-incident.pdf',
        runningHeader: 'HIST 212 Modern Japan · Reading pack 5',
      },
      { name: 'road-to-war.md' },
    ],
    topics: [
      {
        name: 'Taisho democracy',
        sources: [{ file: 'taisho-democracy.md' }],
        covered: [
          { question: 'Who was the first commoner prime minister?', terms: ['Hara Takashi'] },
          { question: 'What did the General Election Law do?', terms: ['all men aged 25'] },
          {
            question: 'Why did Taisho democracy weaken?',
            terms: ['earthquake', 'financial crisis'],
            unit: { file: 'taisho-democracy.md', heading: 'Why it weakened' },
          },
        ],
        uncovered: ['Who was the shogun in 1600?', 'What was the Meiji constitution?'],
      },
      {
        name: 'The Manchurian Incident',
        sources: [{ file: 'manchurian-incident.pdf' }],
        covered: [
          { question: 'What happened near Mukden in 1931?', terms: ['blew up', 'railway'] },
          {
            question: 'What did the Lytton Commission conclude?',
            terms: ['not the result of a genuine independence movement'],
          },
          { question: 'Who was the head of Manchukuo?', terms: ['Puyi'] },
        ],
        uncovered: ['What was the Boxer Rebellion?', 'Who won the Russo-Japanese War?'],
      },
      {
        name: 'The road to the Pacific War',
        sources: [{ file: 'road-to-war.md' }],
        covered: [
          { question: 'Why did the US cut off oil exports?', terms: ['southern Indochina'] },
          { question: 'When did Japan leave the League of Nations?', terms: ['1933'] },
          {
            question: 'What were the causes of the war with the US?',
            terms: ['oil', 'Pacific Fleet', 'Hull note'],
            unit: { file: 'road-to-war.md', heading: 'Causes of the war with the US' },
          },
        ],
        uncovered: ['What happened at the Battle of Midway?', 'When did Japan surrender?'],
      },
    ],
  },
  {
    id: 'public-policy',
    name: 'Public policy',
    language: 'en',
    split: 'held-out',
    shape: 'one Word file with a table of contents, headings and bullet lists',
    files: [{ name: 'public-policy.docx' }],
    topics: [
      {
        name: 'Agenda setting',
        sources: [{ file: 'public-policy.docx', headings: ['Agenda setting'] }],
        covered: [
          { question: 'What is agenda setting?', terms: ['attention of government'] },
          {
            question: 'What are the three streams?',
            terms: ['problem stream', 'policy stream', 'politics stream'],
          },
          { question: 'What is a focusing event?', terms: ['disaster', 'scandal'] },
        ],
        uncovered: ['What is the median voter theorem?', 'How is a bill passed in parliament?'],
      },
      {
        name: 'Policy instruments',
        sources: [
          {
            file: 'public-policy.docx',
            headings: ['Policy instruments', 'Regulation', 'Economic instruments', 'Information'],
          },
        ],
        covered: [
          { question: 'What is regulation?', terms: ['rules backed by sanctions'] },
          { question: 'How does a carbon tax work?', terms: ['polluting more expensive'] },
          {
            question: 'What are economic instruments?',
            terms: ['taxes', 'subsidies'],
            unit: { file: 'public-policy.docx', heading: 'Economic instruments' },
          },
        ],
        uncovered: ['What is nudge theory?', 'What is a public-private partnership?'],
      },
      {
        name: 'Implementation',
        sources: [{ file: 'public-policy.docx', headings: ['Implementation'] }],
        covered: [
          { question: 'Who are street-level bureaucrats?', terms: ['teachers', 'police officers'] },
          { question: 'Why does implementation fail?', terms: ['goals are vague'] },
        ],
        uncovered: ['What is the principal-agent problem?', 'What is new public management?'],
      },
      {
        name: 'Evaluation',
        sources: [{ file: 'public-policy.docx', headings: ['Evaluation'] }],
        covered: [
          { question: 'What is a process evaluation?', terms: ['how the policy was delivered'] },
          { question: 'What do randomised controlled trials compare?', terms: ['control group'] },
        ],
        uncovered: ['What is cost-benefit discounting?', 'Who audits government spending?'],
      },
    ],
  },
  {
    id: 'oikonomia',
    name: 'Οικονομία',
    language: 'el',
    split: 'held-out',
    shape: 'Greek Markdown with front matter, lead-ins with lists, formulas and a table',
    files: [{ name: 'prosfora-zitisi.md' }, { name: 'plithorismos.md' }],
    topics: [
      {
        name: 'Προσφορά και ζήτηση',
        sources: [{ file: 'prosfora-zitisi.md' }],
        covered: [
          {
            question: 'Τι λέει ο νόμος της ζήτησης;',
            terms: ['ζητούμενη ποσότητα μειώνεται'],
            unit: { file: 'prosfora-zitisi.md', heading: 'Ο νόμος της ζήτησης' },
          },
          {
            question: 'Ποιοι είναι οι προσδιοριστικοί παράγοντες της ζήτησης;',
            terms: ['εισόδημα', 'προτιμήσεις'],
          },
          { question: 'Τι είναι η τιμή ισορροπίας;', terms: ['ισούται'] },
        ],
        uncovered: ['Τι είναι το μονοπώλιο;', 'Πώς υπολογίζεται το ΑΕΠ;'],
      },
      {
        name: 'Πληθωρισμός',
        sources: [{ file: 'plithorismos.md' }],
        covered: [
          { question: 'Πώς μετριέται ο πληθωρισμός;', terms: ['Δείκτη Τιμών Καταναλωτή'] },
          { question: 'Ποιοι ζημιώνονται από τον πληθωρισμό;', terms: ['συνταξιούχοι'] },
          {
            question: 'Ποια είναι τα αίτια του πληθωρισμού;',
            terms: ['ζήτηση', 'κόστος'],
            unit: { file: 'plithorismos.md', heading: 'Αίτια' },
          },
        ],
        uncovered: ['Τι είναι η ανεργία;', 'Τι κάνει η Ευρωπαϊκή Κεντρική Τράπεζα;'],
      },
    ],
  },
];

export const NOTES_CORPUS: NotesSubject[] = [...DEV, ...HELD_OUT];
