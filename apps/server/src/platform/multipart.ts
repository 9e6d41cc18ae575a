import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const UPLOAD_LIMITS = {
  fileSize: 20 * 1024 * 1024,
  filesPerRequest: 200,
  totalBytes: 50 * 1024 * 1024,
  fieldSize: 200 * 1024,
  fields: 20,
} as const;

export interface UploadedFile {
  field: string;
  /** As the client named it: shown to the student, never used as a path. */
  filename: string;
  data: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Registers the routes that take files in a scope of their own, with the multipart parser.
 * The plugin hooks every request of its scope (a listener on the socket's close and an async
 * onResponse that cleans saved files): at the root they cost every request of the API, most of
 * which never take a file. Elsewhere a multipart body gets 415.
 */
export async function withUploads(
  app: FastifyInstance,
  routes: (uploads: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (uploads) => {
    await registerMultipart(uploads);
    routes(uploads);
  });
}

async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.fileSize,
      files: UPLOAD_LIMITS.filesPerRequest,
      fields: UPLOAD_LIMITS.fields,
      fieldSize: UPLOAD_LIMITS.fieldSize,
      parts: UPLOAD_LIMITS.filesPerRequest + UPLOAD_LIMITS.fields,
      headerPairs: 200,
    },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads a whole multipart request into memory. The plugin's bodyLimit is no aggregate cap
 * (GHSA-3pm6-wjfr-3v47), so the total is counted here: past 50 MB the request is refused.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'validation_failed', 'Send the form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        total += data.length;
        if (total > UPLOAD_LIMITS.totalBytes)
          throw tooLarge('The files are larger than 50 MB in all.');
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        total += value.length;
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('A file is larger than 20 MB.');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw tooLarge('Too many files or fields in one request.');
    }
    throw new AppError(400, 'validation_failed', 'The upload could not be read.');
  }
  return { fields, files };
}

function tooLarge(message: string): AppError {
  return new AppError(413, 'payload_too_large', message);
}
