import type { CheckInInput, StudySession } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/lib/offline-queue';
import { getSession } from '@/lib/session';
import { livingPlanKeys } from './keys';

/**
 * POST /api/sessions/{id}/check-in: how a past session went; answers the session checked in.
 * With no signal the check-in is kept on the device and sent when the signal returns; the
 * session is then answered as checked in here, for the screens to show it so meanwhile.
 */
export async function checkIn({
  session,
  input,
  what,
}: {
  session: StudySession;
  input: CheckInInput;
  /** The session in words ("Genetics · Sat 5 Dec, 09:00"), for a conflict shown later. */
  what: string;
}): Promise<StudySession> {
  const userId = getSession().user?.id ?? null;
  const answer = await sendOrQueue({ kind: 'check-in', id: session.id, body: input, what, userId });
  return (
    answer ?? {
      ...session,
      checkIn: {
        status: input.status,
        minutesDone: input.minutesDone ?? null,
        rating: input.rating ?? null,
        at: new Date().toISOString(),
      },
    }
  );
}

/**
 * Checks a session in; readiness refetches here, the sessions through `onDone` with the session
 * as checked in (a page refreshes the other features' queries). The dialog shows the server's
 * problems itself.
 */
export function useCheckIn(onDone?: (session: StudySession) => void) {
  const client = useQueryClient();
  return useMutation({
    // Run with no signal too: the function keeps the action itself (TanStack would pause it).
    networkMode: 'always',
    mutationFn: checkIn,
    onSuccess: async (session) => {
      onDone?.(session);
      await client.invalidateQueries({ queryKey: livingPlanKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}
