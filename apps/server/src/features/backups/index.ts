export { createBackupClock } from './backup-clock.js';
export { createBackupsRepository, DATABASE_BACKUP_JOB } from './backups.repository.js';
export { type BackupsService, createBackupsService } from './backups.service.js';
