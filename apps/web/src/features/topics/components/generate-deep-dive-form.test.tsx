import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { GenerateDeepDiveForm } from './generate-deep-dive-form';

describe('the generate checklist form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the checklist in the student’s language', async () => {
    setXsrfCookie();
    const user = userEvent.setup();
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return jsonResponse({
          id: 4,
          subjectId: 5,
          name: 'Όρια',
          topicName: 'Όρια',
          deepDiveContent: '<h2>Λίστα</h2>',
          completed: false,
          lessonId: 9,
          lessons: [],
          contentStatus: 'written',
          contentNote: null,
          warnings: [],
        });
      }),
    );
    const { i18n } = renderWithProviders(<GenerateDeepDiveForm topicId={4} />);
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await user.click(screen.getByRole('button', { name: el.topics.checklist.submit }));
    expect(await screen.findByText(el.topics.checklist.done)).toBeTruthy();
    expect(urls).toEqual(['/topics/4/generate-checklist?language=el']);
  });
});
