// breaks server-no-fastify-in-business-code
import type { FastifyRequest } from 'fastify';
import { findSubject } from './subjects.repository.js';

export function listSubjects(request: FastifyRequest) {
  return findSubject(request.id);
}
