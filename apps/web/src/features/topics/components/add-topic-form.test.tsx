import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { AddTopicForm } from './add-topic-form';

describe('the add topic form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the first lesson in the student’s language', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          id: 3,
          subjectId: 5,
          name: 'Όρια',
          topicName: 'Όρια',
          deepDiveContent: null,
          completed: false,
          lessonId: 9,
          lessons: [{ id: 9, title: 'Όρια' }],
          contentStatus: 'written',
          contentNote: null,
        });
      }),
    );
    const onAdded = vi.fn();
    const { i18n } = renderWithProviders(<AddTopicForm subjectId={5} onAdded={onAdded} />);
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await user.type(screen.getByRole('textbox', { name: el.topics.add.name }), 'Όρια');
    await user.click(screen.getByRole('button', { name: el.topics.add.submit }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(bodies).toEqual([{ subjectId: 5, name: 'Όρια', deepDiveContent: null, language: 'el' }]);
  });
});
