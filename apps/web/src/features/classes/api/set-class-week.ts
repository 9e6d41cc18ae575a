import { type ClassWeekInput, classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/**
 * PUT /api/classes/:id/week: my study week for the plan made by hand that holds the class, and
 * the class's subjects placed in it.
 */
export function setClassWeek({ id, week }: { id: number; week: ClassWeekInput }) {
  return apiRequest(classEndpoints.week, { params: { id }, body: week });
}

export function useSetClassWeek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setClassWeek,
    onSuccess: (result) => putClass(client, result.class),
    meta: { handlesOwnErrors: true },
  });
}
