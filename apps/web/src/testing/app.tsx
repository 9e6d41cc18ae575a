import type { SiteConfig } from '@studybuddy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n } from './i18n';

/** What GET /api/site answers in the tests: a server with passwords and e-mail, no school sign-in. */
export const testSite: SiteConfig = {
  supportEmail: 'help@school.example',
  passwordResetByEmail: true,
  passwordLogin: true,
  schoolSignIn: null,
  socialUrl: 'https://social.example/@studybuddy',
  codeUrl: 'https://code.example/studybuddy',
  communityUrl: 'https://chat.example/#/room',
};

/** The real route table in memory, as a fresh page load of `path`. */
export function loadAppAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}
