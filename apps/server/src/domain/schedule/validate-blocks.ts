/** Checks of hand-edited study blocks against the student's availability; pure. */

export interface BlockRules {
  period: { start: string; end: string };
  availability: {
    day: number;
    enabled: boolean;
    hours: number;
    startTime: string;
    endTime: string;
    slots: boolean[];
  }[];
  deadlines: Map<string, string | undefined>; // subject name -> YYYY-MM-DD
}

export interface EditedBlock {
  id: number;
  subject: string;
  date: string;
  start: string;
  end: string;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** 0 = Monday ... 6 = Sunday, as the wizard numbers days. */
export function wizardDay(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export const MAX_BLOCK_MINUTES = 180;

/** Every rule an edited block breaks, as messages naming the block; empty when all hold. */
export function validateBlocks(blocks: EditedBlock[], rules: BlockRules): string[] {
  const problems: string[] = [];
  const byDate = new Map<string, EditedBlock[]>();
  for (const b of blocks) {
    const label = `${b.subject} on ${b.date} ${b.start}-${b.end}`;
    const start = minutes(b.start);
    const end = minutes(b.end);
    if (end <= start) problems.push(`${label}: the end must be after the start.`);
    else if (end - start > MAX_BLOCK_MINUTES)
      problems.push(`${label}: a block can last at most 3 hours.`);
    if (b.date < rules.period.start || b.date > rules.period.end) {
      problems.push(`${label}: the date is outside the study period.`);
    }
    const deadline = rules.deadlines.get(b.subject);
    if (deadline && b.date >= deadline)
      problems.push(`${label}: the date is on or after the exam day.`);
    const day = rules.availability[wizardDay(b.date)];
    if (!day?.enabled) problems.push(`${label}: that day is not a study day.`);
    else if (start < minutes(day.startTime) || end > minutes(day.endTime)) {
      problems.push(`${label}: the block is outside that day's study hours.`);
    } else {
      for (let h = Math.floor(start / 60); h * 60 < end; h++) {
        if (!day.slots[h]) {
          problems.push(`${label}: the hour ${String(h).padStart(2, '0')}:00 is not free.`);
          break;
        }
      }
    }
    byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  }
  for (const [date, list] of byDate) {
    const sorted = [...list].sort((a, b) => minutes(a.start) - minutes(b.start));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as EditedBlock;
      const cur = sorted[i] as EditedBlock;
      if (minutes(cur.start) < minutes(prev.end)) {
        problems.push(
          `${date}: ${prev.subject} ${prev.start}-${prev.end} overlaps ${cur.subject} ${cur.start}-${cur.end}.`,
        );
      }
    }
    const total =
      sorted.reduce((acc, b) => acc + Math.max(0, minutes(b.end) - minutes(b.start)), 0) / 60;
    const day = rules.availability[wizardDay(date)];
    if (day?.enabled && total > day.hours) {
      problems.push(
        `${date}: ${total} h planned, more than the ${day.hours} h available that day.`,
      );
    }
  }
  return problems;
}
