import type { CurrentUser } from '@studybuddy/contracts';

/**
 * A signed-in student as the login, refresh and register answers carry one. Tests override
 * only what they are about, so a field added to the contract is added here once.
 */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'ana',
    email: 'ana@example.com',
    name: 'Ana K',
    role: 'Student',
    language: 'en',
    timeZone: 'UTC',
    ...overrides,
  };
}
