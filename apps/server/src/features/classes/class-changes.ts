import type { ClassChange } from '@studybuddy/contracts';

/** A class's exams and topics as the diff compares them (ids are the class's own rows). */
export interface ClassOutline {
  exams: Array<{ id: number; name: string; date: string }>;
  topics: Array<{ id: number; name: string }>;
}

/**
 * What a save changed that a member's copy would follow: exams moved, added or removed, topics
 * added or removed (kept rows are matched by id, so a renamed exam that also moved reads as
 * moved, under its new name). Renames and reorders alone change no copy: a student's subjects
 * and topics are theirs to name, so they are not offered.
 */
export function outlineChanges(before: ClassOutline, after: ClassOutline): ClassChange[] {
  const changes: ClassChange[] = [];
  const examBefore = new Map(before.exams.map((e) => [e.id, e]));
  const examAfter = new Set(after.exams.map((e) => e.id));
  for (const e of after.exams) {
    const old = examBefore.get(e.id);
    if (!old) changes.push({ kind: 'exam-added', exam: e.name, date: e.date });
    else if (old.date !== e.date)
      changes.push({ kind: 'exam-moved', exam: e.name, from: old.date, to: e.date });
  }
  for (const e of before.exams)
    if (!examAfter.has(e.id)) changes.push({ kind: 'exam-removed', exam: e.name, date: e.date });
  const topicBefore = new Set(before.topics.map((t) => t.id));
  const topicAfter = new Set(after.topics.map((t) => t.id));
  for (const t of after.topics)
    if (!topicBefore.has(t.id)) changes.push({ kind: 'topic-added', topic: t.name });
  for (const t of before.topics)
    if (!topicAfter.has(t.id)) changes.push({ kind: 'topic-removed', topic: t.name });
  return changes;
}
