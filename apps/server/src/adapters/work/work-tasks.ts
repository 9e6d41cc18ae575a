import { createHash } from 'node:crypto';
import { topicMaterial, topicsWithMaterial } from '../../domain/text/topic-material.js';
import type { AiEngine } from '../ai/ai-engine.js';
import { createBuiltinEngine } from '../ai/builtin-engine.js';

/**
 * The CPU-heavy text work of a request, run on the work pool's threads so the event loop
 * stays free for everyone else: reading text files, deriving topics from material, and every
 * answer of the builtin (offline) AI engine.
 */
export type AiMethod = keyof AiEngine;

export type WorkTask =
  | { kind: 'text'; data: Uint8Array; maxChars: number }
  | { kind: 'sha256'; data: Uint8Array }
  | { kind: 'topics'; args: Parameters<typeof topicsWithMaterial> }
  | {
      kind: 'material';
      topicName: string;
      files: { name: string; text: string }[];
      maxChars: number;
    }
  | { kind: 'ai'; method: AiMethod; request: unknown };

let engine: AiEngine | undefined;

/** Runs one task; what it returns crosses back to the main thread by structured clone. */
export async function runTask(task: WorkTask): Promise<unknown> {
  switch (task.kind) {
    case 'text':
      return normaliseText(Buffer.from(task.data).toString('utf8'), task.maxChars);
    case 'sha256':
      return createHash('sha256').update(task.data).digest('hex');
    case 'topics':
      return topicsWithMaterial(...task.args);
    case 'material': {
      const share = Math.floor(task.maxChars / Math.max(1, task.files.length));
      return task.files.map((f) => ({
        name: f.name,
        text: topicMaterial(task.topicName, f.text, share),
      }));
    }
    case 'ai': {
      engine ??= createBuiltinEngine();
      const method = engine[task.method] as (r: unknown) => Promise<unknown>;
      return method.call(engine, task.request);
    }
  }
}

/** Unix line ends, no runs of blank lines, trimmed and capped. */
export function normaliseText(text: string, maxChars: number): string {
  return text
    .replaceAll('\r\n', '\n')
    .replaceAll('\r', '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, maxChars);
}
