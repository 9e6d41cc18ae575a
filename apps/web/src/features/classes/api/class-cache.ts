import type { Class } from '@studybuddy/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { classKeys } from './keys';

/**
 * An answer that carries the class: the class's screen shows it at once and the list, which
 * shows its name and counts, is fetched again; so is the teacher's standing, whose exams and
 * topics are the class's.
 */
export async function putClass(client: QueryClient, cls: Class): Promise<void> {
  client.setQueryData(classKeys.detail(cls.id), cls);
  await Promise.all([
    client.invalidateQueries({ queryKey: classKeys.mine() }),
    cls.teaching
      ? client.invalidateQueries({ queryKey: classKeys.standing(cls.id) })
      : Promise.resolve(),
  ]);
}
