export { listSubjects } from './subjects.service.js';
