import type { Class } from '@studybuddy/contracts';

/**
 * A class as GET /api/classes/:id answers it, to its teacher by default. Tests override only what
 * they are about, so a field added to the contract is added here once.
 */
export function testClass(overrides: Partial<Class> = {}): Class {
  return {
    id: 7,
    name: 'Chemistry 2B',
    subjectName: 'Chemistry',
    teacherName: 'Maria Pappa',
    teaching: true,
    joinCode: 'ABCDEFGH',
    joinOpen: true,
    version: 3,
    exams: [
      { id: 11, name: 'Midterm', date: '2030-03-10' },
      { id: 12, name: 'Finals', date: '2030-06-20' },
    ],
    topics: [
      { id: 21, name: 'Atoms', hours: 2, examId: 11 },
      { id: 22, name: 'Bonds', hours: null, examId: null },
      { id: 23, name: 'Reactions', hours: 3.5, examId: 12 },
    ],
    files: [
      {
        id: 31,
        name: 'syllabus.pdf',
        kind: 'pdf',
        sizeBytes: 250_000,
        createdAt: '2030-01-05T09:00:00.000Z',
      },
    ],
    members: 12,
    membership: null,
    updatedAt: '2030-01-05T09:00:00.000Z',
    ...overrides,
  };
}

/** The same class as one of its students sees it. */
export function testJoinedClass(overrides: Partial<Class> = {}): Class {
  return testClass({
    teaching: false,
    joinCode: null,
    members: null,
    membership: { planId: 4, planHasWeek: true, share: false, pending: [] },
    ...overrides,
  });
}
