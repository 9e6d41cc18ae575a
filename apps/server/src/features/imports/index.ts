export { type AnkiImportService, createAnkiImportService } from './anki-import.service.js';
export { type CsvImportService, createCsvImportService } from './csv-import.service.js';
export { createImportsRepository } from './imports.repository.js';
export { importsRoutes } from './imports.routes.js';
