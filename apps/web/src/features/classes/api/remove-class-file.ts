import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** DELETE /api/classes/:id/files/:fileId: the teacher removes a file (students keep theirs). */
export function removeClassFile(id: number, fileId: number) {
  return apiRequest(classEndpoints.removeFile, { params: { id, fileId } });
}

export function useRemoveClassFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: number; fileId: number }) => removeClassFile(id, fileId),
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
