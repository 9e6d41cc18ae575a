import { exportEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../platform/attachment.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { ExportsService } from './exports.service.js';

const opts = { tags: ['exports'] };
const CSV = 'text/csv; charset=utf-8';

export async function exportsRoutes(
  app: FastifyInstance,
  deps: { exports: ExportsService },
): Promise<void> {
  route(app, exportEndpoints.cardsCsv, { ...opts, contentType: CSV }, async (req, reply) => {
    const { name, csv } = await deps.exports.cardsCsv(currentUser(req).id, req.query.subjectId);
    reply.header('content-disposition', attachment(`${name} cards`, 'csv', 'cards'));
    reply.header('cache-control', 'private, no-store');
    return csv;
  });
  route(
    app,
    exportEndpoints.anki,
    { ...opts, contentType: 'application/octet-stream' },
    async (req, reply) => {
      const { name, data } = await deps.exports.ankiPackage(
        currentUser(req).id,
        req.query.subjectId,
      );
      reply.header('content-disposition', attachment(name, 'apkg', 'cards'));
      reply.header('cache-control', 'private, no-store');
      // Bytes, sent as they are (the contract's string schema describes the document only).
      reply.type('application/octet-stream');
      return reply.send(data);
    },
  );
}
