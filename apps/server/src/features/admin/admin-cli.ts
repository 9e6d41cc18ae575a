import type { AdminService } from './admin.service.js';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- grant EMAIL    make the account an admin',
  '       npm run admin -- revoke EMAIL   make it a student again',
  'Run it on the server machine as the server’s user, with its environment (DATA_DIR or DATABASE_URL).',
].join('\n');

export type AdminCommand = { command: 'grant' | 'revoke'; email: string };

/** The command and e-mail of `grant EMAIL` or `revoke EMAIL`; undefined for anything else. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | undefined {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email?.trim() || rest.length > 0)
    return undefined;
  return { command, email: email.trim() };
}

/** What the command prints and how it exits: 0 done, 1 no such account, 2 wrong usage. */
export interface AdminCommandResult {
  code: number;
  out: string;
  err: string;
}

/**
 * `npm run admin -- grant EMAIL` and `revoke EMAIL`: the only way to give or take the admin
 * role, on the server machine. `by` names who ran it in the admin log.
 */
export async function runAdminCommand(
  args: readonly string[],
  deps: { admin: AdminService; by: string },
): Promise<AdminCommandResult> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h'))
    return { code: 0, out: `${ADMIN_USAGE}\n`, err: '' };
  const parsed = parseAdminArgs(args);
  if (!parsed) return { code: 2, out: '', err: `${ADMIN_USAGE}\n` };
  const { command, email } = parsed;
  const result = await deps.admin[command](email, deps.by);
  if (result === 'no_account')
    return { code: 1, out: '', err: `No account has the e-mail address ${email}.\n` };
  const line =
    command === 'grant'
      ? result === 'changed'
        ? `${email} is now an admin.`
        : `${email} is already an admin; nothing changed.`
      : result === 'changed'
        ? `${email} is no longer an admin (from its next request on).`
        : `${email} is not an admin; nothing changed.`;
  return { code: 0, out: `${line}\n`, err: '' };
}
