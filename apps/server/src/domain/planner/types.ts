/** The planner's input and output; the HTTP layer maps the wizard request onto these. */
import type { AiLanguage, Notice, WeekStart, WizardAvailability } from '@studybuddy/contracts';

export interface PlannerInput {
  /** 'YYYY-MM-DD', inclusive, in the student's local calendar. */
  period: { start: string; end: string };
  /** One entry per weekday, in WEEKDAYS order (day 0 = Monday). */
  availability: WizardAvailability;
  subjects: Array<{
    name: string;
    /** 'YYYY-MM-DD' exam day: no session of it on or after that day. */
    deadline?: string | undefined;
    /** Low = 0, Medium = 1, High = 2. */
    priority?: 0 | 1 | 2 | undefined;
    /** size: relative amount of material (> 0). */
    topics: Array<{ name: string; size: number }>;
    /** File names of this subject's uploads. */
    materials: string[];
    /**
     * Hours the subject needs by its exam, taken as is (docs/planner.md, Workload); absent: the
     * planner's own estimate from the topics.
     */
    hoursNeeded?: number | undefined;
    /** Hours a week for a subject without an exam; absent: its need spread evenly. */
    weeklyHours?: number | undefined;
  }>;
  preferences: {
    sessionLength: 1 | 1.5 | 2;
    frontLoad: boolean;
    extraWishes: string;
    /** Most of a 7-day window's free time the plan books (0.5-1, default 0.8). */
    maxLoad?: number | undefined;
  };
  /**
   * The student's busy time (lectures, work shifts...) on dated local days: no block overlaps
   * one. Absent or empty: every allowed slot is free.
   */
  busy?: Array<{ date: string; start: string; end: string }> | undefined;
  /**
   * The first day of the student's calendar week (their profile's choice): the calendar weeks a
   * rule counts (a steady subject's weeks) start on it. Absent: weeks start on the period's
   * first day, as before the planner knew the week start.
   */
  weekStart?: WeekStart | undefined;
  /** The student's language, for the focus points the planner writes (default en). */
  language?: AiLanguage | undefined;
}

export interface PlannedBlock {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM' local. */
  start: string;
  end: string;
  subjectIndex: number;
  kind: 'learn' | 'review' | 'final-review';
  /** Topics covered; review blocks mix 2+ topics when the subject has them. */
  topicIndexes: number[];
  /** Short focus points phrased as study actions. */
  focus: string[];
  /** File names relevant to the block. */
  materials: string[];
}

export interface PlannerOutput {
  /** Sorted by date, then start. */
  blocks: PlannedBlock[];
  /** totalHours equals the sum of that subject's block durations. */
  summary: Array<{ subject: string; totalHours: number }>;
  /** Honest, with numbers. */
  warnings: Notice[];
  /** Wishes applied or not understood, echoed back. */
  notes: Notice[];
}
