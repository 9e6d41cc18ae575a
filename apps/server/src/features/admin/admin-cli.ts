import type { AdminService } from './admin.service.js';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- grant EMAIL        make the account an admin',
  '       npm run admin -- revoke EMAIL       make it a student again',
  '       npm run admin -- teacher EMAIL      let the account make classes',
  '       npm run admin -- no-teacher EMAIL   stop it making classes (its classes stay)',
  '       npm run admin -- reset-link EMAIL   a one-time link to choose a new password (30 min)',
  'Run it on the server machine as the server’s user, with its environment (DATA_DIR or DATABASE_URL).',
].join('\n');

const COMMANDS = ['grant', 'revoke', 'teacher', 'no-teacher', 'reset-link'] as const;
export type AdminCommand = { command: (typeof COMMANDS)[number]; email: string };

/** The command and e-mail of `<command> EMAIL` for one of COMMANDS; else undefined. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | undefined {
  const [command, email, ...rest] = args;
  const known = COMMANDS.find((c) => c === command);
  if (!known || !email?.trim() || rest.length > 0) return undefined;
  return { command: known, email: email.trim() };
}

/** What the command prints and how it exits: 0 done, 1 no such account, 2 wrong usage. */
export interface AdminCommandResult {
  code: number;
  out: string;
  err: string;
}

/**
 * `npm run admin -- grant EMAIL` and `revoke EMAIL`: the only way to give or take the admin
 * role, on the server machine; `teacher EMAIL` and `no-teacher EMAIL`: the teacher role (also
 * given on the admin page and by the school sign-in's group); `reset-link EMAIL`: a student's way back in when no e-mail can
 * reach them. `by` names who ran it in the admin log.
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
  const noAccount = { code: 1, out: '', err: `No account has the e-mail address ${email}.\n` };
  if (command === 'reset-link') {
    // Printed for the admin to give the student by hand; never e-mailed, logged with who made it.
    const made = await deps.admin.resetLink(email, deps.by);
    if (!made) return noAccount;
    const lines = [
      `A one-time link for ${made.email} to choose a new password, until ${made.expiresAt}:`,
      made.link,
      'Give it to the student yourself (it is not e-mailed); it works once.',
    ];
    return { code: 0, out: `${lines.join('\n')}\n`, err: '' };
  }
  if (command === 'teacher' || command === 'no-teacher') {
    const on = command === 'teacher';
    const result = await deps.admin.setTeacher(email, on, deps.by);
    if (result === 'no_account') return noAccount;
    const line = on
      ? result === 'changed'
        ? `${email} is now a teacher: they can make classes.`
        : `${email} is already a teacher; nothing changed.`
      : result === 'changed'
        ? `${email} is no longer a teacher (their classes stay).`
        : `${email} is not a teacher; nothing changed.`;
    return { code: 0, out: `${line}\n`, err: '' };
  }
  const result = await deps.admin[command](email, deps.by);
  if (result === 'no_account') return noAccount;
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
