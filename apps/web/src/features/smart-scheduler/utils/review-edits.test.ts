import { acceptPlanInputSchema, type FieldIssue, type Proposal } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import {
  acceptPayload,
  editedSummary,
  hasChanges,
  initialEdits,
  messagesForBlock,
} from './review-edits';

const block = (sessionId: number, subject: string, start: string, end: string) => ({
  sessionId,
  subject,
  topic: 'Topic',
  start,
  end,
  duration: 1,
  focus: [],
  materials: [],
});

const proposal: Proposal = {
  planId: 7,
  status: 'draft',
  timeZone: 'UTC',
  schedule: [
    {
      date: '2026-03-02',
      day: 'Monday',
      blocks: [block(1, 'Biology', '17:00', '18:00'), block(2, 'Chemistry', '18:00', '19:00')],
    },
    { date: '2026-03-03', day: 'Tuesday', blocks: [block(3, 'Biology', '17:00', '18:00')] },
  ],
  summary: [
    { subject: 'Biology', totalHours: 2 },
    { subject: 'Chemistry', totalHours: 1 },
  ],
  aiWarnings: [],
  content: { topics: [], written: 0, total: 0 },
};

describe('acceptPayload', () => {
  it('accepts as proposed with {} when nothing was edited', () => {
    expect(acceptPayload(proposal, null)).toEqual({});
    expect(acceptPayload(proposal, initialEdits(proposal))).toEqual({});
    expect(hasChanges(proposal, initialEdits(proposal))).toBe(false);
  });

  it('sends the full list: moved and resized blocks with new times, deleted ones left out', () => {
    const edits = initialEdits(proposal);
    edits[1] = { date: '2026-03-04', start: '17:30', end: '18:30', deleted: false };
    edits[2] = { ...edits[2], end: '19:30', deleted: false } as (typeof edits)[number];
    edits[3] = { ...edits[3], deleted: true } as (typeof edits)[number];
    const payload = acceptPayload(proposal, edits);
    expect(payload).toEqual({
      blocks: [
        { sessionId: 1, date: '2026-03-04', start: '17:30', end: '18:30' },
        { sessionId: 2, date: '2026-03-02', start: '18:00', end: '19:30' },
      ],
    });
    expect(acceptPlanInputSchema.safeParse(payload).success).toBe(true);
    expect(editedSummary(proposal, edits)).toEqual([
      { subject: 'Biology', totalHours: 1 },
      { subject: 'Chemistry', totalHours: 1.5 },
    ]);
  });

  it('finds the server problems about one block by the block its notice names', () => {
    const named = { subject: 'Biology', blockDate: '2026-03-04', startTime: '17:30' };
    const problems: FieldIssue[] = [
      {
        path: 'blocks',
        message: 'Biology on 2026-03-04 17:30-18:30: that day is not a study day.',
        notice: {
          code: 'block_not_study_day',
          params: { ...named, endTime: '18:30' },
          message: 'Biology on 2026-03-04 17:30-18:30: that day is not a study day.',
        },
      },
      {
        path: 'blocks',
        message: 'Another block.',
        notice: {
          code: 'block_not_study_day',
          params: { ...named, endTime: '19:00' },
          message: 'Another block.',
        },
      },
      {
        path: 'blocks',
        message: '2026-03-04: Biology 17:30-18:30 overlaps Chemistry 18:00-19:00.',
        notice: {
          code: 'block_overlap',
          params: {
            ...named,
            endTime: '18:30',
            otherSubject: 'Chemistry',
            otherStartTime: '18:00',
            otherEndTime: '19:00',
          },
          message: '2026-03-04: Biology 17:30-18:30 overlaps Chemistry 18:00-19:00.',
        },
      },
      // A problem without a notice is found by its English label.
      { path: 'blocks', message: 'Biology on 2026-03-04 17:30-18:30: the hour 17:00 is not free.' },
    ];
    const edit = { date: '2026-03-04', start: '17:30', end: '18:30', deleted: false };
    expect(messagesForBlock(problems, 'Biology', edit)).toEqual([problems[0], problems[3]]);
  });
});
