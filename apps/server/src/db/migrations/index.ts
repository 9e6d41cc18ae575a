import type { Migration } from 'kysely';
import * as m0001 from './0001-create-users-and-sessions.js';
import * as m0002 from './0002-create-study-plans.js';
import * as m0003 from './0003-create-subjects-topics-lessons-sessions.js';
import * as m0004 from './0004-add-drafts-and-study-files.js';
import * as m0005 from './0005-create-app-feedback.js';
import * as m0006 from './0006-create-ai-tables.js';
import * as m0007 from './0007-add-subject-exam-and-priority.js';
import * as m0008 from './0008-add-workload-and-check-ins.js';
import * as m0009 from './0009-add-busy-times-and-week-start.js';
import * as m0010 from './0010-create-jobs-and-topic-content-status.js';
import * as m0011 from './0011-add-calendar-feed-token.js';
import * as m0012 from './0012-create-reminders-notifications-and-admin-log.js';
import * as m0013 from './0013-add-plan-versions.js';
import * as m0014 from './0014-add-unsubscribe-version.js';
import * as m0015 from './0015-create-backups.js';
import * as m0016 from './0016-add-study-file-text-version.js';
import * as m0017 from './0017-create-password-resets.js';
import * as m0018 from './0018-add-two-factor.js';
import * as m0019 from './0019-create-external-identities.js';
import * as m0020 from './0020-create-calendars.js';
import * as m0021 from './0021-add-calendar-subscriptions.js';
import * as m0022 from './0022-create-idempotency-keys.js';
import * as m0023 from './0023-create-push-subscriptions.js';
import * as m0024 from './0024-add-card-imports.js';
import * as m0025 from './0025-create-classes.js';

/** Every migration in order; names are stable once released. */
export const migrations: Record<string, Migration> = {
  '0001-create-users-and-sessions': m0001,
  '0002-create-study-plans': m0002,
  '0003-create-subjects-topics-lessons-sessions': m0003,
  '0004-add-drafts-and-study-files': m0004,
  '0005-create-app-feedback': m0005,
  '0006-create-ai-tables': m0006,
  '0007-add-subject-exam-and-priority': m0007,
  '0008-add-workload-and-check-ins': m0008,
  '0009-add-busy-times-and-week-start': m0009,
  '0010-create-jobs-and-topic-content-status': m0010,
  '0011-add-calendar-feed-token': m0011,
  '0012-create-reminders-notifications-and-admin-log': m0012,
  '0013-add-plan-versions': m0013,
  '0014-add-unsubscribe-version': m0014,
  '0015-create-backups': m0015,
  '0016-add-study-file-text-version': m0016,
  '0017-create-password-resets': m0017,
  '0018-add-two-factor': m0018,
  '0019-create-external-identities': m0019,
  '0020-create-calendars': m0020,
  '0021-add-calendar-subscriptions': m0021,
  '0022-create-idempotency-keys': m0022,
  '0023-create-push-subscriptions': m0023,
  '0024-add-card-imports': m0024,
  '0025-create-classes': m0025,
};
