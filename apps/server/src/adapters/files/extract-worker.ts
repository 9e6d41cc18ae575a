import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Runs in a worker thread with its own heap limit and a wall-clock timeout set by the parent,
 * so a hostile or huge file cannot stall or crash the server (T12 of the research).
 */
interface Job {
  kind: 'pdf' | 'docx';
  data: Uint8Array;
}

const MAX_PAGES = 500;

async function run(job: Job): Promise<string> {
  if (job.kind === 'pdf') {
    const pdf = await getDocumentProxy(job.data, { isEvalSupported: false, disableFontFace: true });
    if (pdf.numPages > MAX_PAGES)
      throw new Error(`has ${pdf.numPages} pages; at most ${MAX_PAGES} are read`);
    const { text } = await extractText(pdf, { mergePages: false });
    return (text as string[]).join('\n\n');
  }
  // HTML keeps the document's headings, which become topics; the rest is plain text.
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(job.data) });
  return value
    .replace(
      /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_m, level: string, inner: string) => `\n\n${'#'.repeat(Number(level))} ${inner}\n\n`,
    )
    .replace(/<\/(p|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

run(workerData as Job).then(
  (text) => parentPort?.postMessage({ ok: true, text }),
  (err: unknown) => {
    const name = (err as { name?: string })?.name ?? '';
    const message =
      name === 'PasswordException'
        ? 'is encrypted'
        : (err as Error)?.message || 'could not be read';
    parentPort?.postMessage({ ok: false, error: message.slice(0, 200) });
  },
);
