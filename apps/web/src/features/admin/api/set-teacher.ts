import { type AdminTeacherInput, adminEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/accounts/teacher: let an account make classes, or stop it. */
export function setTeacher(input: AdminTeacherInput) {
  return apiRequest(adminEndpoints.teacher, { body: input });
}

/** The card shows its own errors; the admin log in the overview is fetched again. */
export function useSetTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setTeacher,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.overview() }),
    meta: { handlesOwnErrors: true },
  });
}
