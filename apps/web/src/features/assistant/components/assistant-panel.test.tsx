import type { Notice } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { AssistantLauncher } from './assistant-launcher';
import { replyText } from './reply-text';

const reply = (text: string | null, warnings?: Notice[]) => ({
  candidates:
    text === null
      ? []
      : [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  modelVersion: 'builtin',
  ...(warnings ? { warnings } : {}),
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server for the assistant's three calls; `answer` decides the chat reply. */
function fakeServer(
  answer: (prompt: string) => Response,
  history: { role: 'user' | 'model'; text: string }[] = [],
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/ai/AiAssistance/history' && method === 'GET') {
        return jsonResponse({
          messages: history.map((m, i) => ({ id: i + 1, createdAt: '2030-01-01T10:00:00Z', ...m })),
        });
      }
      if (url === '/ai/AiAssistance/history' && method === 'DELETE') {
        return jsonResponse({ message: 'Conversation cleared.' });
      }
      if (url === '/ai/AiAssistance' && method === 'POST') return answer(body.prompt);
      return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

/**
 * A streamed answer the test writes piece by piece: `send` an event, `end` the body. The fetch's
 * signal errors the body, as the browser does when the Stop button aborts it.
 */
function sseResponse(signal: AbortSignal | null | undefined) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () =>
    controller?.error(new DOMException('The user aborted a request.', 'AbortError')),
  );
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller?.close(),
  };
}

/** The assistant's calls with the chat streamed by the test; `stream()` is the latest one. */
function streamingServer() {
  let latest: ReturnType<typeof sseResponse> | undefined;
  const headers: Headers[] = [];
  fakeServer(() => jsonResponse(reply('unused')));
  const fetchMock = vi.mocked(fetch);
  const original = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (url, init) => {
    if (init?.method === 'POST' && url === '/ai/AiAssistance') {
      headers.push(new Headers(init.headers));
      latest = sseResponse(init.signal);
      return latest.response;
    }
    return original?.(url, init) as Promise<Response>;
  });
  return {
    headers,
    stream: () => {
      if (!latest) throw new Error('no chat call yet');
      return latest;
    },
  };
}

async function openPanel() {
  const user = userEvent.setup();
  renderWithProviders(<AssistantLauncher />);
  await user.click(screen.getByRole('button', { name: 'Open the study assistant' }));
  // The panel is loaded lazily: the first opening waits for its chunk, slow on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'Study assistant' }, { timeout: 5000 });
  return { user, dialog };
}

describe('replyText', () => {
  it('reads the first candidate’s parts and is empty when there is no text', () => {
    expect(replyText(reply('Hello') as never)).toBe('Hello');
    expect(replyText(reply('') as never)).toBe('');
    expect(replyText(reply(null) as never)).toBe('');
  });
});

describe('the study assistant', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the conversation from the server when opened, marking who said what', async () => {
    fakeServer(
      () => jsonResponse(reply('x')),
      [
        { role: 'user', text: 'How do I plan?' },
        { role: 'model', text: 'Start with your deadlines.' },
      ],
    );
    const { dialog } = await openPanel();
    const log = within(dialog).getByRole('log', { name: 'Conversation with the study assistant' });
    expect(await within(log).findByText('Start with your deadlines.')).toBeTruthy();
    const items = within(log).getAllByRole('listitem');
    expect(items[0]?.textContent).toBe('You said:How do I plan?');
    expect(items[1]?.textContent).toBe('The assistant said:Start with your deadlines.');
  });

  it('ignores an empty or whitespace-only prompt', async () => {
    const calls = fakeServer(() => jsonResponse(reply('x')));
    const { user, dialog } = await openPanel();
    await within(dialog).findByText('Try asking:');
    const input = within(dialog).getByRole('textbox', { name: 'Your message' });
    await user.type(input, '   {Enter}');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(within(dialog).queryByText('You said:')).toBeNull();
  });

  it('sends the prompt with the language and shows the text of the first candidate', async () => {
    setXsrfCookie();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeServer(() => jsonResponse(reply('Revise **Chemistry** first.')));
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST' && url === '/ai/AiAssistance') await gate;
      return original?.(url, init) as Promise<Response>;
    });
    const { user, dialog } = await openPanel();
    await within(dialog).findByText('Try asking:');
    const input = within(dialog).getByRole('textbox', { name: 'Your message' });
    await user.type(input, '  What should I study today?  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The assistant is typing…')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('The assistant is typing…');
    expect((input as HTMLTextAreaElement).value).toBe('');
    release();
    const bold = await within(dialog).findByText('Chemistry');
    expect(bold.tagName).toBe('STRONG');
    expect(within(dialog).queryByText('The assistant is typing…')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      prompt: 'What should I study today?',
      language: 'en',
    });
  });

  it('shows the reply growing as it is written, with a Stop button, then the final reply', async () => {
    setXsrfCookie('xsrf-7');
    const server = streamingServer();
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'How do I revise?{Enter}');
    await waitFor(() => expect(server.headers).toHaveLength(1));
    // Asked for the stream, with the XSRF header as every other call.
    expect(server.headers[0]?.get('accept')).toBe('text/event-stream');
    expect(server.headers[0]?.get('x-xsrf-token')).toBe('xsrf-7');
    expect(await within(dialog).findByText('The assistant is typing…')).toBeTruthy();
    const log = within(dialog).getByRole('log');
    server.stream().send('delta', { text: 'Start with' });
    await waitFor(() => expect(log.textContent).toContain('Start with'));
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).queryByText('The assistant is typing…')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    server.stream().send('delta', { text: ' the **key terms**' });
    expect(await within(dialog).findByText('key terms')).toBeTruthy();
    expect(log.textContent).toContain('Start with the key terms');
    // `done` is authoritative: it replaces what was written.
    server.stream().send('done', reply('Start with the **key terms**, then test yourself.'));
    server.stream().end();
    await waitFor(() => expect(log.textContent).toContain('then test yourself.'));
    expect(within(dialog).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(log.getAttribute('aria-busy')).toBe('false');
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
  });

  it('stops the reply with the Stop button and keeps what was written', async () => {
    setXsrfCookie();
    const server = streamingServer();
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'How do I revise?{Enter}');
    await waitFor(() => expect(server.headers).toHaveLength(1));
    server.stream().send('delta', { text: 'Start with the key' });
    await user.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    expect(await within(dialog).findByText('You stopped this reply.')).toBeTruthy();
    const log = within(dialog).getByRole('log');
    expect(log.textContent).toContain('Start with the key');
    expect(
      within(dialog).queryByText('Sorry, there was a problem contacting the AI agent.'),
    ).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it('keeps what was written and says so when the stream fails', async () => {
    setXsrfCookie();
    const server = streamingServer();
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'How do I revise?{Enter}');
    await waitFor(() => expect(server.headers).toHaveLength(1));
    server.stream().send('delta', { text: 'Start with' });
    server.stream().send('error', { message: 'Boom', code: 'internal_error' });
    server.stream().end();
    expect(
      await within(dialog).findByText('Sorry, there was a problem contacting the AI agent.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('log').textContent).toContain('Start with');
  });

  it('shows the warnings that come with a reply', async () => {
    setXsrfCookie();
    fakeServer(() =>
      jsonResponse(
        reply('Take a break.', [
          { code: 'ai_fallback_rate_limited', params: {}, message: 'Server text.' },
        ]),
      ),
    );
    const { user, dialog } = await openPanel();
    await user.click(
      await within(dialog).findByRole('button', { name: 'I feel stressed about exams' }),
    );
    expect(await within(dialog).findByText('Take a break.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'The AI provider is busy (rate limit reached), so this answer comes from the built-in study helper.',
      ),
    ).toBeTruthy();
  });

  it('says it did not understand when the reply has no text', async () => {
    setXsrfCookie();
    fakeServer(() => jsonResponse(reply('')));
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'Hello{Enter}');
    expect(await within(dialog).findByText('Sorry, I did not understand that.')).toBeTruthy();
  });

  it('says it did not understand when the reply has no candidate', async () => {
    setXsrfCookie();
    fakeServer(() => jsonResponse(reply(null)));
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'Hello{Enter}');
    expect(await within(dialog).findByText('Sorry, I did not understand that.')).toBeTruthy();
  });

  it('shows the agent message of docs/product.md when the call fails', async () => {
    setXsrfCookie();
    fakeServer(() => jsonResponse({ message: 'Boom', code: 'internal_error' }, 500));
    const { user, dialog } = await openPanel();
    const input = await within(dialog).findByRole('textbox', { name: 'Your message' });
    await user.type(input, 'Hello{Enter}');
    const message = await within(dialog).findByText(
      'Sorry, there was a problem contacting the AI agent.',
    );
    expect(message.closest('li')?.textContent).toContain('The assistant said:');
    expect(within(dialog).getByText('Hello')).toBeTruthy();
  });

  it('shows the character limit and stops at 4000 characters', async () => {
    fakeServer(() => jsonResponse(reply('x')));
    const { user, dialog } = await openPanel();
    const input = (await within(dialog).findByRole('textbox', {
      name: 'Your message',
    })) as HTMLTextAreaElement;
    expect(input.maxLength).toBe(4000);
    expect(within(dialog).getByText('0 of 4000 characters')).toBeTruthy();
    await user.type(input, 'abc');
    expect(within(dialog).getByText('3 of 4000 characters')).toBeTruthy();
  });

  it('clears the conversation only after confirmation', async () => {
    setXsrfCookie();
    const calls = fakeServer(
      () => jsonResponse(reply('x')),
      [{ role: 'user', text: 'Old question' }],
    );
    const { user, dialog } = await openPanel();
    await within(dialog).findByText('Old question');
    await user.click(within(dialog).getByRole('button', { name: 'Clear conversation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(within(dialog).getByText('Old question')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Clear conversation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, clear it' }));
    await waitFor(() => expect(within(dialog).queryByText('Old question')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('closes on Escape and gives focus back to the button', async () => {
    fakeServer(() => jsonResponse(reply('x')));
    const { user, dialog } = await openPanel();
    await within(dialog).findByText('Try asking:');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('textbox', { name: 'Your message' }),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Open the study assistant' }),
    );
  });
});
