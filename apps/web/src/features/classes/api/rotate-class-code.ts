import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes/:id/code: a new join code; the old one stops working. */
export function rotateClassCode(id: number) {
  return apiRequest(classEndpoints.rotateCode, { params: { id } });
}

export function useRotateClassCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateClassCode,
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
