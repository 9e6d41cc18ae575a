import {
  type AcceptPlanInput,
  type FieldIssue,
  type Proposal,
  parseClock,
} from '@studybuddy/contracts';

/** The student's version of one proposed block in Modify mode. */
export interface BlockEdit {
  date: string;
  start: string;
  end: string;
  deleted: boolean;
}

/** Edits by session id. */
export type BlockEdits = Record<number, BlockEdit>;

type Block = Proposal['schedule'][number]['blocks'][number];

/** Every block of a proposal with its date, in schedule order. */
export function proposalBlocks(proposal: Proposal): (Block & { date: string })[] {
  return proposal.schedule.flatMap((day) => day.blocks.map((b) => ({ ...b, date: day.date })));
}

/** Modify mode starts from the blocks as proposed. */
export function initialEdits(proposal: Proposal): BlockEdits {
  const edits: BlockEdits = {};
  for (const b of proposalBlocks(proposal)) {
    edits[b.sessionId] = { date: b.date, start: b.start, end: b.end, deleted: false };
  }
  return edits;
}

/** Whether any block was moved, resized or deleted. */
export function hasChanges(proposal: Proposal, edits: BlockEdits): boolean {
  return proposalBlocks(proposal).some((b) => {
    const e = edits[b.sessionId];
    return !!e && (e.deleted || e.date !== b.date || e.start !== b.start || e.end !== b.end);
  });
}

/**
 * The body of POST /api/ai/AcceptStudyPlan: {} to accept as proposed; after edits, the full
 * list of the blocks kept, each with its (possibly new) date and times. Deleted blocks are left
 * out, which is how the server knows to drop them.
 */
export function acceptPayload(proposal: Proposal, edits: BlockEdits | null): AcceptPlanInput {
  if (!edits || !hasChanges(proposal, edits)) return {};
  const blocks = proposalBlocks(proposal).flatMap((b) => {
    const e = edits[b.sessionId] ?? { date: b.date, start: b.start, end: b.end, deleted: false };
    if (e.deleted) return [];
    return [{ sessionId: b.sessionId, date: e.date, start: e.start, end: e.end }];
  });
  return { blocks };
}

/** Hours per subject of the edited blocks (the summary follows the student's changes). */
export function editedSummary(proposal: Proposal, edits: BlockEdits): Proposal['summary'] {
  const totals = new Map(proposal.summary.map((s) => [s.subject, 0]));
  for (const b of proposalBlocks(proposal)) {
    const e = edits[b.sessionId];
    if (!e || e.deleted) continue;
    const minutes = Math.max(0, parseClock(e.end) - parseClock(e.start));
    totals.set(
      b.subject,
      (totals.get(b.subject) ?? 0) + (Number.isNaN(minutes) ? 0 : minutes / 60),
    );
  }
  return [...totals].map(([subject, hours]) => ({
    subject,
    totalHours: Math.round(hours * 100) / 100,
  }));
}

/**
 * The server's problems about one edited block, to show beside it: a problem's notice names
 * the block by subject, date, start and end (older servers: a message "<label>: ...").
 */
export function messagesForBlock(
  problems: readonly FieldIssue[],
  subject: string,
  edit: BlockEdit,
): FieldIssue[] {
  const label = `${subject} on ${edit.date} ${edit.start}-${edit.end}:`;
  return problems.filter((p) => {
    const params = p.notice?.params;
    if (!params) return p.message.startsWith(label);
    return (
      p.notice?.code !== 'block_overlap' &&
      p.notice?.code !== 'block_day_over_hours' &&
      params.subject === subject &&
      params.blockDate === edit.date &&
      params.startTime === edit.start &&
      params.endTime === edit.end
    );
  });
}
