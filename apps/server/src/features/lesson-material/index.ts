export {
  createLessonMaterialRepository,
  type LessonMaterialRepository,
} from './lesson-material.repository.js';
export {
  createLessonMaterialService,
  focusedMaterial,
  type LessonMaterial,
  type LessonMaterialService,
} from './lesson-material.service.js';
