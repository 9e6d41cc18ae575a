import { acceptPlanInputSchema, type Proposal } from '@studybuddy/contracts';
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

  it('finds the server messages about one block by its label', () => {
    const messages = [
      'Biology on 2026-03-04 17:30-18:30: the block is outside that day\u2019s study hours.',
      '2026-03-02: Biology 17:00-18:00 overlaps Chemistry 17:30-18:30.',
    ];
    expect(
      messagesForBlock(messages, 'Biology', {
        date: '2026-03-04',
        start: '17:30',
        end: '18:30',
        deleted: false,
      }),
    ).toEqual([messages[0]]);
  });
});
