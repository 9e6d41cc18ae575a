import type { JoinClassResult } from '@studybuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testJoinedClass } from '@/testing/classes';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { JoinClassForm } from './join-class-form';

const joined: JoinClassResult = {
  class: testJoinedClass(),
  planId: 4,
  subjectIds: [40, 41],
  placed: 6,
  notices: [],
};
const plans = [
  { id: 4, name: 'Spring term' },
  { id: 5, name: 'Languages' },
];

function stubJoin(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/classes/join') bodies.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
  return bodies;
}

describe('JoinClassForm', () => {
  beforeEach(() => setXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('takes the code as read out, in any case, into the plan picked, and names that plan', async () => {
    const user = userEvent.setup();
    const bodies = stubJoin(() => jsonResponse(joined));
    const onJoined = vi.fn();
    renderWithProviders(<JoinClassForm plans={plans} onJoined={onJoined} />);
    const plan = screen.getByLabelText(/^Put the class into/) as HTMLSelectElement;
    expect(plan.selectedOptions[0]?.textContent).toBe('A new plan');
    await user.type(screen.getByLabelText(/^Class code/), 'abcd-efgh');
    await user.selectOptions(plan, 'Spring term');
    await user.click(screen.getByRole('button', { name: 'Join the class' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(joined, 'Spring term'));
    expect(bodies).toEqual([{ code: 'ABCDEFGH', planId: 4 }]);
  });

  it('makes a new plan by default, named after the class, and starts from a link’s code', async () => {
    const user = userEvent.setup();
    const bodies = stubJoin(() => jsonResponse({ ...joined, planId: 9 }));
    const onJoined = vi.fn();
    renderWithProviders(<JoinClassForm plans={plans} code="abcdefgh" onJoined={onJoined} />);
    expect((screen.getByLabelText(/^Class code/) as HTMLInputElement).value).toBe('abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Join the class' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(expect.anything(), 'Chemistry 2B'));
    expect(bodies).toEqual([{ code: 'ABCDEFGH' }]);
  });

  it('says why a code is refused, in the student’s language', async () => {
    const user = userEvent.setup();
    stubJoin(() =>
      jsonResponse(
        {
          message: 'This class is not taking new students. Ask your teacher to open it.',
          code: 'class_join_closed',
        },
        400,
      ),
    );
    const { i18n } = renderWithProviders(<JoinClassForm plans={[]} onJoined={vi.fn()} />);
    i18n.addResourceBundle('el', 'translation', {
      errors: { class_join_closed: 'Αυτή η τάξη δεν δέχεται νέους μαθητές.' },
    });
    await i18n.changeLanguage('el');
    await user.type(screen.getByRole('textbox'), 'ABCD-EFGH');
    await user.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Αυτή η τάξη δεν δέχεται νέους μαθητές.',
    );
  });

  it('asks for a code before sending anything', async () => {
    const user = userEvent.setup();
    const bodies = stubJoin(() => jsonResponse(joined));
    renderWithProviders(<JoinClassForm plans={plans} onJoined={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Join the class' }));
    expect(await screen.findByText('Enter the code your teacher gave you.')).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});
