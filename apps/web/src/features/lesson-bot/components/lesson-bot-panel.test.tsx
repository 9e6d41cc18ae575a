import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { LessonBotPanel } from './lesson-bot-panel';

function fakeServer(answer: Record<string, unknown>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse({ modelVersion: 'builtin', warnings: [], covered: true, ...answer });
    }),
  );
  return calls;
}

/** A streamed answer the test writes piece by piece; the fetch's signal errors the body. */
function streamingServer() {
  const headers: Headers[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      headers.push(new Headers(init?.headers));
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      init?.signal?.addEventListener('abort', () =>
        controller?.error(new DOMException('The user aborted a request.', 'AbortError')),
      );
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  const encoder = new TextEncoder();
  return {
    headers,
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller?.close(),
  };
}

describe('the lesson helper', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an overview with the help button and shows the answer with its passages', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer({
      answer: 'Osmosis is the **diffusion of water** through a membrane.',
      passages: [
        { source: 'Cells', text: 'Osmosis is the diffusion of water through a membrane.' },
        { source: 'notes.pdf', text: 'Water boils at 100 °C at sea level.' },
      ],
      warnings: [{ code: 'ai_fallback_timeout', params: {}, message: 'The provider timed out.' }],
    });
    renderWithProviders(<LessonBotPanel lessonId={7} />);
    await user.click(screen.getByRole('button', { name: 'Help me with this lesson' }));
    expect(await screen.findByRole('heading', { name: 'Answer' })).toBeTruthy();
    expect(calls).toEqual([
      {
        url: '/lessons/7/ai-bot',
        body: { question: 'Help me with this lesson', kind: 'overview', language: 'en' },
      },
    ]);
    expect(screen.getByText('diffusion of water').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'Passages used' })).toBeTruthy();
    const quote = screen.getByText('Osmosis is the diffusion of water through a membrane.');
    expect(quote.tagName).toBe('BLOCKQUOTE');
    expect(screen.getByText('notes.pdf').tagName).toBe('CITE');
    expect(
      screen.getByText(
        'The AI provider did not answer in time, so this answer comes from the built-in study helper.',
      ),
    ).toBeTruthy();
  });

  it('shows and sends the help button in the student’s language, marked as an overview', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const calls = fakeServer({ answer: 'Βασικά σημεία', passages: [] });
    const { i18n } = renderWithProviders(<LessonBotPanel lessonId={7} />);
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await user.click(screen.getByRole('button', { name: el.lessonBot.helpMe }));
    await screen.findByRole('heading', { name: el.lessonBot.answerTitle });
    expect(calls).toEqual([
      {
        url: '/lessons/7/ai-bot',
        body: { question: el.lessonBot.helpMe, kind: 'overview', language: 'el' },
      },
    ]);
    expect(screen.getByText(el.lessonBot.helpMe, { selector: 'p' })).toBeTruthy();
  });

  it('shows the answer growing as it is written, with a Stop button, then the final answer', async () => {
    setXsrfCookie('xsrf-9');
    const user = userEvent.setup();
    const server = streamingServer();
    renderWithProviders(<LessonBotPanel lessonId={7} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Your question about this lesson' }),
      'What is osmosis?',
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Looking through the lesson…')).toBeTruthy();
    expect(server.headers[0]?.get('accept')).toBe('text/event-stream');
    expect(server.headers[0]?.get('x-xsrf-token')).toBe('xsrf-9');
    server.send('delta', { text: 'Osmosis is' });
    expect(await screen.findByText('Osmosis is')).toBeTruthy();
    expect(screen.queryByText('Looking through the lesson…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    server.send('delta', { text: ' the diffusion' });
    expect(await screen.findByText('Osmosis is the diffusion')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Passages used' })).toBeNull();
    server.send('done', {
      answer: 'Osmosis is the diffusion of water.',
      covered: true,
      passages: [{ source: 'Cells', text: 'Osmosis is the diffusion of water.' }],
      modelVersion: 'builtin',
      warnings: [],
    });
    server.end();
    expect(await screen.findByRole('heading', { name: 'Passages used' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('stops the answer with the Stop button and keeps what was written', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const server = streamingServer();
    renderWithProviders(<LessonBotPanel lessonId={7} />);
    await user.click(screen.getByRole('button', { name: 'Help me with this lesson' }));
    await screen.findByRole('button', { name: 'Stop' });
    server.send('delta', { text: 'The key points are' });
    expect(await screen.findByText('The key points are')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('You stopped this answer.')).toBeTruthy();
    expect(screen.getByText('The key points are')).toBeTruthy();
    expect(screen.queryByText('The helper could not answer. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('never interprets HTML in the answer or the passages', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    fakeServer({
      answer: 'Before <img src=x onerror="alert(1)"><script>alert(2)</script><b>bold?</b> after',
      passages: [{ source: '<i>file</i>', text: '<img src=y onerror="alert(3)">Cells divide.' }],
    });
    const { container } = renderWithProviders(<LessonBotPanel lessonId={7} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Your question about this lesson' }),
      'What do cells do?',
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('heading', { name: 'Answer' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(screen.getByText('<img src=y onerror="alert(3)">Cells divide.')).toBeTruthy();
    expect(screen.getByText('<i>file</i>')).toBeTruthy();
    expect(screen.getByText('What do cells do?').textContent).toBe('You asked: What do cells do?');
    expect(screen.getByText(/^Before/).textContent).toMatch(/^Before .*after$/);
  });

  it('ignores an empty question and says so when the helper fails', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Boom', code: 'internal_error' }, 500),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LessonBotPanel lessonId={7} />);
    const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    await user.type(
      screen.getByRole('textbox', { name: 'Your question about this lesson' }),
      '   ',
    );
    expect(ask.disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Help me with this lesson' }));
    expect(await screen.findByText('The helper could not answer. Please try again.')).toBeTruthy();
  });
});
