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

async function openPanel() {
  const user = userEvent.setup();
  renderWithProviders(<AssistantLauncher />);
  await user.click(screen.getByRole('button', { name: 'Open the study assistant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Study assistant' });
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
