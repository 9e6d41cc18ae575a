import { IMPORT_MESSAGES, importEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { readUpload, withUploads } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import {
  createThrottle,
  type ThrottleRule,
  type ThrottleStore,
  throttled,
} from '../../platform/throttle.js';
import type { AnkiImportService } from './anki-import.service.js';
import type { CsvImportService } from './csv-import.service.js';

const opts = { tags: ['imports'] };

/**
 * Package reads a student may ask for (each preview and each import reads the package in the
 * shared, memory-capped readers): 20 in 10 minutes is far more than moving one's decks needs,
 * and one student cannot keep the readers from everyone else's files.
 */
export const IMPORT_READ_THROTTLE: ThrottleRule = { points: 20, windowSec: 600 };

/** A spreadsheet of cards, at most: 50,000 rows of two short sides are far less. */
const CSV_MAX_BYTES = 5 * 1024 * 1024;
const CSV_TOO_LARGE = 'This file is larger than 5 MB. Split it and import the parts.';

export async function importsRoutes(
  app: FastifyInstance,
  deps: {
    anki: AnkiImportService;
    csv: CsvImportService;
    store?: ThrottleStore;
    readThrottle?: ThrottleRule;
  },
): Promise<void> {
  const { anki, csv } = deps;
  const reads = createThrottle(
    'card_import',
    deps.readThrottle ?? IMPORT_READ_THROTTLE,
    deps.store,
  );
  const spendRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await reads.consume(`user:${currentUser(request).id}`);
    if (!decision.allowed)
      throw throttled(
        reply,
        decision,
        (wait) => `You have imported too often. Please try again in ${wait}.`,
      );
  };
  await withUploads(app, (uploads) => {
    route(uploads, importEndpoints.ankiPreview, opts, async (req, reply) => {
      const user = currentUser(req);
      await spendRead(req, reply);
      const upload = await readUpload(req);
      const [file, ...more] = upload.files;
      if (!file || more.length > 0 || file.field !== 'file')
        throw new AppError(400, 'validation_failed', IMPORT_MESSAGES.sendOneFile);
      return anki.preview(user.id, file);
    });
    route(uploads, importEndpoints.csvPreview, opts, async (req, reply) => {
      const user = currentUser(req);
      await spendRead(req, reply);
      const upload = await readUpload(req);
      const [file, ...more] = upload.files;
      if (!file || more.length > 0 || file.field !== 'file')
        throw new AppError(400, 'validation_failed', IMPORT_MESSAGES.sendOneCsv);
      if (file.data.length > CSV_MAX_BYTES)
        throw new AppError(413, 'payload_too_large', CSV_TOO_LARGE);
      return csv.preview(user.id, file);
    });
  });
  route(app, importEndpoints.csvImport, opts, async (req, reply) => {
    await spendRead(req, reply);
    return csv.import(currentUser(req).id, req.body);
  });
  route(app, importEndpoints.ankiImport, opts, async (req, reply) => {
    await spendRead(req, reply);
    return anki.import(currentUser(req).id, req.body);
  });
}
