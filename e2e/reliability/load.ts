/**
 * Mixed reads and writes from many connections at once, as a class would make them: each
 * connection is one student's browser that reads their profile and plan list and creates
 * plans. Every create the server acknowledged (2xx with an id) is remembered, so that what the
 * server said it saved can be checked afterwards, after a crash or a database restart too.
 */
import { ApiClient } from '../support/api.js';
import { newStudent } from '../support/browser.js';

export interface Student {
  api: ApiClient;
  email: string;
  password: string;
  /** Plans the server acknowledged creating. */
  acknowledged: number[];
}

export interface LoadFigures {
  requests: number;
  /** Answers that were not 2xx, by status ("network" for no answer). */
  failures: Map<string, number>;
  writes: number;
  seconds: number;
}

export async function signUpStudents(base: string, count: number): Promise<Student[]> {
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const api = new ApiClient(base);
    const s = newStudent(`load${i}`);
    await api.signUp(s);
    students.push({ api, email: s.email, password: s.password, acknowledged: [] });
  }
  return students;
}

/**
 * `connections` loops share the students round-robin until `seconds` have passed or `stop`
 * resolves; every third request is a write.
 */
export async function runLoad(
  students: Student[],
  opts: { connections: number; seconds: number; stop?: Promise<unknown> },
): Promise<LoadFigures> {
  const figures: LoadFigures = { requests: 0, failures: new Map(), writes: 0, seconds: 0 };
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  let stopped = false;
  opts.stop?.then(() => {
    stopped = true;
  });
  const fail = (why: string) => figures.failures.set(why, (figures.failures.get(why) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, c) => {
      const student = students[c % students.length] as Student;
      for (let n = 0; !stopped && performance.now() < end; n++) {
        figures.requests += 1;
        try {
          if (n % 3 === 2) {
            const plan = await student.api.post<{ id: number }>('/api/generic/CreateStudyProgram', {
              name: `Load ${c}-${n}`,
              deadline: '2027-06-01',
              description: 'written under load',
            });
            student.acknowledged.push(plan.id);
            figures.writes += 1;
          } else if (n % 3 === 1) {
            await student.api.get('/api/generic/GetStudyProgramOfUser');
          } else {
            await student.api.get('/user/profile');
          }
        } catch (err) {
          const status = /-> (\d{3})/.exec(String(err))?.[1];
          fail(status ?? 'network');
          // A server that is down is not hammered: the next try waits a moment.
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

/** Signs every student in again on another server (after a restart it has a new port). */
export async function reconnect(students: Student[], base: string): Promise<void> {
  for (const s of students) {
    s.api = new ApiClient(base);
    await s.api.logIn(s.email, s.password);
  }
}

/** Acknowledged plans that the server no longer has, over every student. */
export async function lostWrites(students: Student[]): Promise<number> {
  let lost = 0;
  for (const s of students) {
    const plans = await s.api.get<{ id: number }[]>('/api/generic/GetStudyProgramOfUser');
    const have = new Set(plans.map((p) => p.id));
    lost += s.acknowledged.filter((id) => !have.has(id)).length;
  }
  return lost;
}

export const describeFailures = (f: Map<string, number>) =>
  f.size === 0 ? 'none' : [...f].map(([k, v]) => `${v} x ${k}`).join(', ');
