import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** PUT /api/classes/:id/share: the teacher may see my own progress in this class, or no more. */
export function shareClassProgress(id: number, share: boolean) {
  return apiRequest(classEndpoints.share, { params: { id }, body: { share } });
}

export function useShareClassProgress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, share }: { id: number; share: boolean }) => shareClassProgress(id, share),
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
