import { listSubjects } from '../subjects/index.js';
// breaks server-feature-through-index
import { findSubject } from '../subjects/subjects.repository.js';

export function createPlansService() {
  return { listSubjects, findSubject };
}
