import { XSRF_COOKIE, XSRF_HEADER } from '@studybuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider } from '../../testing/fake-ai-provider.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const replyText = (r: { json(): { candidates: { content: { parts: { text: string }[] } }[] } }) =>
  r.json().candidates[0]?.content.parts[0]?.text ?? '';

/** The events of a Server-Sent Events body, in order, with their data parsed as JSON. */
function sseEvents(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}
const STREAM = { accept: 'text/event-stream' };

describe.each(dbKinds)('the chat assistant on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const chat = (prompt: unknown, extra: object = {}) =>
    client.post('/ai/AiAssistance', { prompt, ...extra });
  const sessions: { start: number; end: number }[] = [];
  let planId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
    const deadline = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const plan = (
      await client.post('/api/generic/CreateStudyProgram', { name: 'Finals', deadline })
    ).json();
    planId = plan.id;
    const subject = (
      await client.post('/subjects', { studyPlanId: plan.id, name: 'Chemistry' })
    ).json();
    const topicIds: number[] = [];
    for (const name of ['Atoms', 'Bonds', 'Acids', 'Redox'])
      topicIds.push((await client.post('/topics', { subjectId: subject.id, name })).json().id);
    await client.request({
      method: 'PUT',
      url: `/topics/${topicIds[0]}`,
      payload: { completed: true },
    });
    // Two sessions behind, one today (UTC), one in five days.
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const slots = [
      [today - 3 * DAY + 16 * 3_600_000, 90],
      [today - 2 * DAY + 16 * 3_600_000, 90],
      [today + 60_000, 60],
      [today + 5 * DAY + 16 * 3_600_000, 90],
    ] as const;
    for (const [i, [start, minutes]] of slots.entries()) {
      const end = start + minutes * 60_000;
      sessions.push({ start, end });
      const r = await client.post('/api/generic/CreateStudySession', {
        studyPlan: plan.id,
        subject: subject.id,
        topic: topicIds[i],
        title: `Session ${i + 1}`,
        startDateTime: iso(start),
        endDateTime: iso(end),
        reminder: false,
      });
      if (r.statusCode !== 201) throw new Error(r.body);
    }
  });
  afterAll(async () => t.close());

  it('answers “what should I study today?” from the student’s real sessions', async () => {
    const r = await chat('What should I study today?');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      modelVersion: 'builtin',
      candidates: [{ finishReason: 'STOP', index: 0 }],
    });
    const text = replyText(r);
    expect(text).toContain('1 study session, 1 h in all');
    expect(text).toContain('00:01–01:01 **Chemistry**: Acids');
  });

  it('answers “am I on track for Chemistry?” with the exact figures, and a follow-up', async () => {
    const now = Date.now();
    const past = sessions.filter((s) => s.end <= now);
    const hours = (list: typeof sessions) =>
      Math.round((list.reduce((n, s) => n + s.end - s.start, 0) / 3_600_000) * 10) / 10;
    const text = replyText(await chat('Am I on track for Chemistry?'));
    expect(text).toContain('Topics completed: 1 of 4.');
    expect(text).toContain(
      `Sessions: ${past.length} of 4 are behind you (${hours(past)} h of ${hours(sessions)} h planned).`,
    );
    expect(text).toMatch(/Deadline: .*, in 30 days\./);
    // The hours are the readiness card's, read from the same service.
    const [readiness] = (await client.get(`/api/plans/${planId}/readiness`)).json();
    expect(text).toContain(
      `Hours done: ${readiness.hoursDone} h of the ${readiness.hoursNeeded} h needed (as in “Will you be ready?” on your dashboard).`,
    );
    // And so is the verdict, in the card's own words.
    const label = { 'on-track': 'On track', 'at-risk': 'At risk', behind: 'Behind' }[
      readiness.status as 'on-track' | 'at-risk' | 'behind'
    ];
    expect(text).toContain(`“Will you be ready?” on your dashboard says **${label}**`);
    const follow = replyText(await chat('and Physics?'));
    expect(follow).toContain('I can’t find a subject called “Physics”');
    expect(follow).toContain('Chemistry');
  });

  it('names the day’s busy time beside its sessions, from the student’s own busy times', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await client.post('/api/busy-times', {
      kind: 'lab',
      title: 'Organic lab',
      date: today,
      startTime: '22:00',
      endTime: '23:30',
      repeat: 'weekly',
      timeZone: 'UTC',
    });
    expect(r.statusCode, r.body).toBe(201);
    const text = replyText(await chat('What should I study today?'));
    expect(text).toContain('1 study session, 1 h in all');
    expect(text).toContain('- Busy: Organic lab, 22:00–23:30');
  });

  it('gives study and well-being guidance from the knowledge base', async () => {
    expect(replyText(await chat('I am so stressed about my exams'))).toContain(
      'Stress while studying',
    );
    expect(replyText(await chat('I can’t sleep before exams'))).toContain('Sleep and studying');
    expect(replyText(await chat('I think I am burned out'))).toContain('Burnout');
    expect(replyText(await chat('what is spaced repetition?'))).toContain('FSRS');
  });

  it('answers crisis messages with help resources first', async () => {
    const text = replyText(await chat('I want to end my life'));
    expect(text).toMatch(/emergency number/);
    expect(text).toMatch(/crisis line/);
  });

  it('says honestly what it cannot do', async () => {
    const text = replyText(await chat('What is the capital of Australia?'));
    expect(text).toMatch(/not able to answer that/);
    expect(text).toMatch(/won’t guess/);
  });

  it('keeps the conversation, shows it and clears it', async () => {
    const history = (await client.get('/ai/AiAssistance/history')).json().messages;
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history[0]).toMatchObject({ role: 'user', text: 'What should I study today?' });
    expect(history[1].role).toBe('model');
    const cleared = await client.request({ method: 'DELETE', url: '/ai/AiAssistance/history' });
    expect(cleared.statusCode).toBe(200);
    expect((await client.get('/ai/AiAssistance/history')).json().messages).toEqual([]);
  });

  it('refuses empty, whitespace-only and too long prompts (20,000 characters) and keeps nothing', async () => {
    for (const prompt of ['', '   \n\t', 'x'.repeat(20_000), undefined, 7]) {
      const r = await chat(prompt);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('validation_failed');
    }
    expect((await chat('x'.repeat(20_000))).json().message).toMatch(/at most 4000 characters/);
    expect((await chat('hello', { language: 'klingon' })).statusCode).toBe(400);
    expect((await client.get('/ai/AiAssistance/history')).json().messages).toEqual([]);
  });

  it('needs a login', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.post('/ai/AiAssistance', { prompt: 'hi' })).statusCode).toBe(401);
    expect((await anon.get('/ai/AiAssistance/history')).statusCode).toBe(401);
    const streamed = await anon.request({
      method: 'POST',
      url: '/ai/AiAssistance',
      headers: STREAM,
      payload: { prompt: 'hi' },
    });
    expect(streamed.statusCode).toBe(401);
    expect(streamed.json().code).toBe('unauthorized');
  });

  it('streams the reply as Server-Sent Events when asked, and keeps it once', async () => {
    const before = (await client.get('/ai/AiAssistance/history')).json().messages.length;
    const r = await client.request({
      method: 'POST',
      url: '/ai/AiAssistance',
      headers: STREAM,
      payload: { prompt: 'what is spaced repetition?' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = sseEvents(r.body);
    // The builtin engine answers in one go: one delta with the whole text, then done.
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
    const done = events[1]?.data as { candidates: { content: { parts: { text: string }[] } }[] };
    const text = done.candidates[0]?.content.parts[0]?.text;
    expect(text).toContain('FSRS');
    expect(events[0]?.data).toEqual({ text });
    // `done` is exactly the JSON answer of the non-streaming call.
    const json = await chat('what is spaced repetition?');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(done).toEqual(json.json());
    const after = (await client.get('/ai/AiAssistance/history')).json().messages;
    expect(after).toHaveLength(before + 4);
    expect(after.slice(before, before + 2).map((m: { text: string }) => m.text)).toEqual([
      'what is spaced repetition?',
      text,
    ]);
  });

  it('answers JSON to callers that ask for JSON or say nothing', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const r = await client.request({
        method: 'POST',
        url: '/ai/AiAssistance',
        ...(accept ? { headers: { accept } } : {}),
        payload: { prompt: 'I am so stressed about my exams' },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(replyText(r)).toContain('Stress while studying');
    }
  });

  it('refuses a bad prompt with a JSON error even when a stream is asked for', async () => {
    const r = await client.request({
      method: 'POST',
      url: '/ai/AiAssistance',
      headers: STREAM,
      payload: { prompt: '  ' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('validation_failed');
  });
});

describe('the chat assistant with a provider configured', () => {
  it('answers from the builtin engine with a warning when the provider fails, and limits the rate per student', async () => {
    const fake = await startFakeProvider('openai');
    const t = await createTestApp('sqlite', {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '2000',
      AI_CHAT_RATE_LIMIT_MAX: '3',
    });
    try {
      const client = new TestClient(t.app);
      await client.registerAndLogin();
      fake.set({ kind: 'json', body: { reply: 'Hello from the model.' } });
      const good = await client.post('/ai/AiAssistance', { prompt: 'hi', language: 'el' });
      expect(good.json()).toMatchObject({ modelVersion: 'openai/fake-model' });
      expect(replyText(good)).toBe('Hello from the model.');
      expect(good.json().warnings).toBeUndefined();
      fake.set({ kind: 'status', status: 500, retryAfterMs: 5 });
      const failed = await client.post('/ai/AiAssistance', { prompt: 'what is active recall?' });
      expect(failed.statusCode).toBe(200);
      expect(failed.json().modelVersion).toBe('builtin');
      expect(failed.json().warnings).toEqual([
        expect.objectContaining({
          code: 'ai_fallback_http_error',
          params: {},
          message: expect.stringMatching(/built-in study helper/),
        }),
      ]);
      expect(replyText(failed)).toContain('Active recall');
      // The follow-up sees the history on the provider side too.
      fake.set({ kind: 'json', body: { reply: 'ok' } });
      await client.post('/ai/AiAssistance', { prompt: 'and more?' });
      expect(JSON.stringify(fake.requests[0]?.body)).toContain('what is active recall?');
      const limited = await client.post('/ai/AiAssistance', { prompt: 'one more' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('streams the model’s reply word by word, keeps it once complete, and keeps a stopped one as far as it went', async () => {
    const fake = await startFakeProvider('openai', { study: true, streamGapMs: 10 });
    const t = await createTestApp('sqlite', {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '5000',
    });
    try {
      const client = new TestClient(t.app);
      await client.registerAndLogin();
      const r = await client.request({
        method: 'POST',
        url: '/ai/AiAssistance',
        headers: STREAM,
        payload: { prompt: 'How do I revise?' },
      });
      const events = sseEvents(r.body);
      const deltas = events.filter((e) => e.event === 'delta');
      expect(deltas.length).toBeGreaterThan(10);
      expect(events.slice(0, -1).every((e) => e.event === 'delta')).toBe(true);
      expect(events.at(-1)?.event).toBe('done');
      const done = events.at(-1)?.data as {
        modelVersion: string;
        candidates: { content: { parts: { text: string }[] } }[];
      };
      expect(done.modelVersion).toBe('openai/fake-model');
      const text = done.candidates[0]?.content.parts[0]?.text ?? '';
      expect(deltas.map((e) => (e.data as { text: string }).text).join('')).toBe(text);
      expect(
        (await client.get('/ai/AiAssistance/history'))
          .json()
          .messages.map((m: { text: string }) => m.text),
      ).toEqual(['How do I revise?', text]);

      // A real connection, stopped after a few pieces: the model call ends, the part is kept.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stop = new AbortController();
      const response = await fetch(`${address}/ai/AiAssistance`, {
        method: 'POST',
        signal: stop.signal,
        headers: {
          accept: 'text/event-stream',
          'content-type': 'application/json',
          authorization: `Bearer ${client.accessToken}`,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          [XSRF_HEADER.toLowerCase()]: client.cookies.get(XSRF_COOKIE) ?? '',
        },
        body: JSON.stringify({ prompt: 'And then?' }),
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let seen = '';
      while ((seen.match(/event: delta/g) ?? []).length < 3) {
        const chunk = await reader.read();
        if (chunk.done) break;
        seen += new TextDecoder().decode(chunk.value);
      }
      stop.abort();
      await expect.poll(() => fake.inFlight).toBe(0);
      let kept: { role: string; text: string }[] = [];
      await expect
        .poll(async () => {
          kept = (await client.get('/ai/AiAssistance/history')).json().messages;
          return kept.length;
        })
        .toBe(4);
      expect(kept[2]?.text).toBe('And then?');
      const partial = kept[3]?.text ?? '';
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(text.length);
      expect(text.startsWith(partial)).toBe(true);
    } finally {
      // Node counts the aborted socket a while longer; nothing is left to answer on it.
      t.app.server.closeAllConnections();
      await t.close();
      await fake.close();
    }
  });

  it('refuses to start with a provider but no model', async () => {
    await expect(createTestApp('sqlite', { AI_PROVIDER: 'gemini' })).rejects.toThrow(/AI_MODEL/);
  });
});
