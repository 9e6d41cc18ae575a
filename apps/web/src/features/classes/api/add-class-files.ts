import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes/:id/files as multipart (`files`): the teacher adds study files. */
export function addClassFiles(id: number, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return apiRequest(classEndpoints.addFiles, { params: { id }, formData: form });
}

/** The answer's warnings name each file that could not be read. */
export function useAddClassFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: readonly File[] }) => addClassFiles(id, files),
    onSuccess: (result) => putClass(client, result.class),
    meta: { handlesOwnErrors: true },
  });
}
