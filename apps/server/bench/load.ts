/** Students of the server's HTTP benches: their plans, uploads, and the latencies they see. */
import type { client } from './availability.bench.js';

type Student = ReturnType<typeof client>;

export const p99 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.NaN;

export async function time(run: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

/** Latencies of `clients` loops asking `ask` while `going()` says so. */
export async function latenciesWhile(
  ask: () => Promise<unknown>,
  clients: number,
  going: () => boolean,
) {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (going()) out.push(await time(ask));
    }),
  );
  return out;
}

/** Latencies of `clients` loops asking `ask` until `ms` have passed. */
export function latencies(ask: () => Promise<unknown>, clients: number, ms: number) {
  const end = performance.now() + ms;
  return latenciesWhile(ask, clients, () => performance.now() < end);
}

/** A new plan with one subject and one topic of `student`'s: the topic's id. */
export async function newTopic(student: Student): Promise<number> {
  const plan = await student.call('POST', '/api/generic/CreateStudyProgram', undefined, {
    name: 'Bench',
    deadline: '2027-06-01',
    description: '',
  });
  const subject = await student.call('POST', '/subjects', undefined, {
    studyPlanId: (plan.body as { id: number }).id,
    name: 'Physics',
  });
  const topic = await student.call('POST', '/topics', undefined, {
    subjectId: (subject.body as { id: number }).id,
    name: 'Momentum',
  });
  return (topic.body as { id: number }).id;
}

/** A deep dive from one uploaded PDF: its status and the codes of its warnings. */
export async function upload(student: Student, topicId: number, pdf: Buffer) {
  const fd = new FormData();
  fd.append('files', new Blob([new Uint8Array(pdf)]), 'course.pdf');
  const r = await student.call('POST', `/topics/${topicId}/generate-checklist`, fd);
  const warnings = (r.body as { warnings?: { code: string }[] } | null)?.warnings ?? [];
  return { status: r.status, codes: warnings.map((w) => w.code) };
}
