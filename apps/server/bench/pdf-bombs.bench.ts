/**
 * Three students upload a PDF that inflates to 216 MB at once, on the production server in a
 * process of its own whose readers are warm, while 20 other clients read their profile: the
 * peak growth of the server's process tree (the server, its threads and its parser processes,
 * sampled every 10 ms) against 600 MB, with the others' p99 beside it, before and meanwhile.
 * With the default PARSE_MEMORY_MB (512) the parsers together may add 512 MB over their idle
 * sizes; what is left of the 600 is for the server's own process.
 */
import { makePdfBomb } from '../src/testing/files.js';
import { client } from './availability.bench.js';
import { latencies, latenciesWhile, newTopic, p99, upload } from './load.js';
import { sampleTreeRss } from './process-tree.js';
import { startServerProcess } from './server-process.js';

const BOMB_MB = 216;
const TARGET_TREE_GROWTH_MB = 600;
const LOAD_CLIENTS = 20;
const LOAD_MS = 5_000;

/** `ordinary`: a PDF of course text, read twice at once first so that both readers are warm. */
export async function pdfBombsBench(ordinary: Buffer): Promise<boolean> {
  const bomb = await makePdfBomb(BOMB_MB);
  const server = await startServerProcess();
  try {
    const students = await Promise.all(
      ['pdfbomber1', 'pdfbomber2', 'pdfbomber3'].map(async (name) => {
        const student = client(server.address);
        await student.login(name);
        return { student, topicId: await newTopic(student) };
      }),
    );
    // Warm, as a server that has read files before: both readers started.
    await Promise.all(students.slice(0, 2).map((s) => upload(s.student, s.topicId, ordinary)));
    const other = client(server.address);
    await other.login('pdfbystander');
    const ask = () => other.call('GET', '/user/profile');
    const before = p99(await latencies(ask, LOAD_CLIENTS, LOAD_MS));

    const tree = await sampleTreeRss(10, server.pid);
    let bombing = true;
    const t0 = performance.now();
    const bombed = Promise.all(students.map((s) => upload(s.student, s.topicId, bomb))).finally(
      () => {
        bombing = false;
      },
    );
    const during = p99(await latenciesWhile(ask, LOAD_CLIENTS, () => bombing));
    const answers = await bombed;
    const tookS = (performance.now() - t0) / 1000;
    const peak = await tree.stop();
    const growthMb = (peak.total - tree.base.total) / 1024;
    const parsersMb = (peak.below - tree.base.below) / 1024;
    const ok = growthMb < TARGET_TREE_GROWTH_MB && answers.every((a) => a.status === 200);
    const answered = answers.map((a) => `${a.status} ${a.codes.join(',') || 'read'}`).join('; ');
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  three ${(bomb.length / 1024).toFixed(0)} KB PDFs inflating to ${BOMB_MB} MB at once: the server's process tree +${growthMb.toFixed(0)} MB at its peak over ${(tree.base.total / 1024).toFixed(0)} MB (target < ${TARGET_TREE_GROWTH_MB}; its parser processes +${parsersMb.toFixed(0)} MB at theirs)\n      other requests' p99 ${during.toFixed(1)} ms meanwhile, ${before.toFixed(1)} ms before; answered in ${tookS.toFixed(1)} s: ${answered}`,
    );
    return ok;
  } finally {
    await server.stop();
  }
}
