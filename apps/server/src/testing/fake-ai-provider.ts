import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promptText, studyAnswer } from './fake-study-model.js';

export type FakeDialect = 'openai' | 'gemini' | 'anthropic';

/** What the fake provider does with the next requests. */
export type FakeBehaviour =
  | { kind: 'json'; body: unknown }
  | { kind: 'text'; text: string }
  /** `retryAfterMs` sends `retry-after-ms`; `retryAfter` sends `retry-after` verbatim ("1", a date). */
  | { kind: 'status'; status: number; retryAfterMs?: number; retryAfter?: string }
  | { kind: 'hang' }
  /** A made-up, schema-valid study answer for the schema in the request (fake-study-model.ts). */
  | { kind: 'study' };

export interface RecordedRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What a `respondWith` function sees of each request. */
export interface FakeRequest {
  body: Record<string, unknown>;
  /** The joined prompt text of all messages, system included. */
  text: string;
  /** How many times this exact prompt text was seen before (since the last set/respondWith), from 0. */
  attempt: number;
}
export type FakeResponder = (req: FakeRequest) => FakeBehaviour | Promise<FakeBehaviour>;

export interface FakeOptions {
  /** Every answer waits this long before its first byte. */
  delayMs?: number;
  /** Pause between the pieces of a streamed answer (default 20 ms). */
  streamGapMs?: number;
  /** Start with `{ kind: 'study' }` instead of an empty JSON object. */
  study?: boolean;
}

/**
 * A fake LLM provider on 127.0.0.1 (port 0) speaking just enough of the OpenAI chat
 * completions, Gemini generateContent and Anthropic messages APIs for the real SDKs;
 * the OpenAI dialect also streams (`stream: true`) word by word.
 */
export async function startFakeProvider(dialect: FakeDialect, options: FakeOptions = {}) {
  let behaviour: FakeBehaviour | FakeResponder = options.study
    ? { kind: 'study' }
    : { kind: 'text', text: '{}' };
  let delayMs = options.delayMs ?? 0;
  const streamGapMs = options.streamGapMs ?? 20;
  const requests: RecordedRequest[] = [];
  const seen = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;

  const server: Server = createServer((req, res) => {
    calls++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // 'close' comes once the answer is sent or the client has gone (a hung request's abort).
    res.once('close', () => inFlight--);
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      respond(res, body).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error), type: 'fake', code: 500 } }));
      });
    });
  });

  function reply(text: string, body: Record<string, unknown>) {
    if (dialect === 'openai')
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'fake',
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      };
    if (dialect === 'gemini')
      return {
        candidates: [
          { content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      };
    // Anthropic: structured output may come as the forced `json` tool.
    const tools = (body.tools as { name: string }[] | undefined) ?? [];
    const tool = tools.find((t) => t.name === 'json');
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      input = undefined;
    }
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'fake',
      content:
        tool && input !== undefined
          ? [{ type: 'tool_use', id: 'toolu_1', name: 'json', input }]
          : [{ type: 'text', text }],
      stop_reason: tool && input !== undefined ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
  }

  /** OpenAI chat.completion.chunk events, one word (with its trailing space) per delta. */
  async function stream(res: ServerResponse, text: string) {
    const send = (delta: object, finish: string | null = null, usage?: object) =>
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'fake',
          choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
          ...(usage ? { usage } : {}),
        })}\n\n`,
      );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send({ role: 'assistant', content: '' });
    for (const [i, piece] of (text.match(/\s*\S+\s*/g) ?? [text]).entries()) {
      if (i > 0) await sleep(streamGapMs);
      if (res.destroyed) return; // the client gave up
      send({ content: piece });
    }
    send({}, 'stop');
    send({}, null, { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 });
    res.end('data: [DONE]\n\n');
  }

  async function respond(res: ServerResponse, body: Record<string, unknown>) {
    const text = promptText(body);
    const attempt = seen.get(text) ?? 0;
    seen.set(text, attempt + 1);
    const b =
      typeof behaviour === 'function' ? await behaviour({ body, text, attempt }) : behaviour;
    if (delayMs > 0) await sleep(delayMs);
    if (b.kind === 'hang' || res.destroyed) return; // never answers; the client's deadline must end it
    if (b.kind === 'status') {
      res.writeHead(b.status, {
        'content-type': 'application/json',
        ...(b.retryAfterMs !== undefined ? { 'retry-after-ms': String(b.retryAfterMs) } : {}),
        ...(b.retryAfter !== undefined ? { 'retry-after': b.retryAfter } : {}),
      });
      res.end(
        JSON.stringify({ error: { message: `fake ${b.status}`, type: 'fake', code: b.status } }),
      );
      return;
    }
    const answer =
      b.kind === 'json'
        ? JSON.stringify(b.body)
        : b.kind === 'study'
          ? JSON.stringify(studyAnswer(body))
          : b.text;
    if (dialect === 'openai' && body.stream === true) return stream(res, answer);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply(answer, body)));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl =
    dialect === 'openai'
      ? `http://127.0.0.1:${port}/v1`
      : dialect === 'gemini'
        ? `http://127.0.0.1:${port}/v1beta`
        : `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    /** The requests since the last `set` or `respondWith`. */
    requests,
    /** Answer every next request the same way; clears `requests` and the attempt counts. */
    set(next: FakeBehaviour) {
      behaviour = next;
      requests.length = 0;
      seen.clear();
    },
    /** Choose the answer per request; clears `requests` and the attempt counts. */
    respondWith(fn: FakeResponder) {
      behaviour = fn;
      requests.length = 0;
      seen.clear();
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Requests received and not yet answered (or abandoned by the client). */
    get inFlight() {
      return inFlight;
    },
    /** The most requests in flight at once since the last `resetCounters`. */
    get maxInFlight() {
      return maxInFlight;
    },
    /** Requests received since the last `resetCounters`. */
    get calls() {
      return calls;
    },
    resetCounters() {
      maxInFlight = inFlight;
      calls = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
