import { runTask, type WorkTask } from './work-tasks.js';

/** Entry of a work-pool thread (Piscina calls the default export once per task). */
export default function work(task: WorkTask): Promise<unknown> {
  return runTask(task);
}
