import { CLASS_MESSAGES, classEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
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
import type { ClassesService } from './classes.service.js';

const opts = { tags: ['classes'] };

/**
 * Join attempts per student, and per address (several accounts behind one): a class's code has
 * about 40 random bits, and at these rates guessing one would take longer than any school year. A
 * student who mistypes a code a few times is not held up.
 */
export const JOIN_THROTTLE: ThrottleRule = { points: 10, windowSec: 600 };
export const JOIN_THROTTLE_PER_IP: ThrottleRule = { points: 30, windowSec: 600 };

const tooManyJoins = (wait: string) =>
  `You have tried to join classes too often. Please try again in ${wait}.`;

export async function classesRoutes(
  app: FastifyInstance,
  deps: {
    classes: ClassesService;
    store?: ThrottleStore;
    joinThrottle?: ThrottleRule;
  },
): Promise<void> {
  const { classes } = deps;
  const joinsPerStudent = createThrottle(
    'class_join',
    deps.joinThrottle ?? JOIN_THROTTLE,
    deps.store,
  );
  const joinsPerAddress = createThrottle('class_join_ip', JOIN_THROTTLE_PER_IP, deps.store);

  route(app, classEndpoints.list, opts, async (req) => classes.list(currentUser(req).id));
  route(app, classEndpoints.create, { ...opts, status: 201 }, async (req) =>
    classes.create(currentUser(req).id, req.body),
  );
  route(app, classEndpoints.join, opts, async (req, reply) => {
    const user = currentUser(req);
    for (const [throttle, key] of [
      [joinsPerStudent, `user:${user.id}`],
      [joinsPerAddress, `ip:${req.ip}`],
    ] as const) {
      const decision = await throttle.consume(key);
      if (!decision.allowed) throw throttled(reply, decision, tooManyJoins);
    }
    return classes.join(user.id, req.body);
  });
  route(app, classEndpoints.get, opts, async (req) =>
    classes.get(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.standing, opts, async (req) =>
    classes.standing(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.update, opts, async (req) =>
    classes.update(currentUser(req).id, req.params.id, req.body),
  );
  route(app, classEndpoints.remove, opts, async (req) =>
    classes.remove(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.rotateCode, opts, async (req) =>
    classes.rotateCode(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.removeFile, opts, async (req) =>
    classes.removeFile(currentUser(req).id, req.params.id, req.params.fileId),
  );
  route(app, classEndpoints.leave, opts, async (req) =>
    classes.leave(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.accept, opts, async (req) =>
    classes.accept(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.dismiss, opts, async (req) =>
    classes.dismiss(currentUser(req).id, req.params.id),
  );
  route(app, classEndpoints.week, opts, async (req) =>
    classes.setWeek(currentUser(req).id, req.params.id, req.body),
  );
  route(app, classEndpoints.share, opts, async (req) =>
    classes.share(currentUser(req).id, req.params.id, req.body.share),
  );
  await withUploads(app, (uploads) => {
    route(uploads, classEndpoints.addFiles, opts, async (req) => {
      const upload = await readUpload(req);
      if (upload.files.some((f) => f.field !== 'files'))
        throw new AppError(400, 'validation_failed', CLASS_MESSAGES.sendFiles);
      return classes.addFiles(currentUser(req).id, req.params.id, upload.files);
    });
  });
}
