import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeDialect = 'openai' | 'gemini' | 'anthropic';

/** What the fake provider does with the next requests. */
export type FakeBehaviour =
  | { kind: 'json'; body: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; retryAfterMs?: number }
  | { kind: 'hang' };

export interface RecordedRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * A fake LLM provider on 127.0.0.1 (port 0) speaking just enough of the OpenAI chat
 * completions, Gemini generateContent and Anthropic messages APIs for the real SDKs.
 */
export async function startFakeProvider(dialect: FakeDialect) {
  let behaviour: FakeBehaviour = { kind: 'text', text: '{}' };
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      respond(req, res, body);
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

  function respond(_req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    const b = behaviour;
    if (b.kind === 'hang') return; // never answers; the client's deadline must end it
    if (b.kind === 'status') {
      res.writeHead(b.status, {
        'content-type': 'application/json',
        ...(b.retryAfterMs !== undefined ? { 'retry-after-ms': String(b.retryAfterMs) } : {}),
      });
      res.end(
        JSON.stringify({ error: { message: `fake ${b.status}`, type: 'fake', code: b.status } }),
      );
      return;
    }
    const text = b.kind === 'json' ? JSON.stringify(b.body) : b.text;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply(text, body)));
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
    requests,
    set(next: FakeBehaviour) {
      behaviour = next;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
