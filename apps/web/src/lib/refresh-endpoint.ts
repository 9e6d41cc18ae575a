/**
 * The refresh endpoint, apart from api-client: the auth contracts (and their validation texts)
 * load only when a session is restored, not with a visitor's first screen.
 */
export { authEndpoints } from '@studybuddy/contracts';
