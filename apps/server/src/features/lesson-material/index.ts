export {
  createLessonMaterialRepository,
  type LessonMaterialRepository,
} from './lesson-material.repository.js';
export {
  createLessonMaterialService,
  type LessonContext,
  type LessonMaterial,
  type LessonMaterialService,
} from './lesson-material.service.js';
