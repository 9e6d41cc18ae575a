import {
  BUSY_KINDS,
  BUSY_REPEATS,
  BUSY_TIME_MESSAGES,
  type BusyTime,
  type busyTimeInputSchema,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { BusyTimesRepository } from './busy-times.repository.js';

type BusyTimeForm = z.output<typeof busyTimeInputSchema>;
type BusyTimeRow = NonNullable<Awaited<ReturnType<BusyTimesRepository['findBusyTime']>>>;

const busyNotFound = () => AppError.notFound(BUSY_TIME_MESSAGES.notFound);

function toDto(r: BusyTimeRow): BusyTime {
  return {
    id: r.id,
    kind: BUSY_KINDS.find((k) => k === r.kind) ?? 'other',
    title: r.title,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    repeat: BUSY_REPEATS.find((k) => k === r.repeat) ?? 'once',
    until: r.until,
    timeZone: r.timeZone,
  };
}

export interface BusyTimesDeps {
  repo: BusyTimesRepository;
  now?: () => Date;
}

export function createBusyTimesService(deps: BusyTimesDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function read(userId: number, id: number): Promise<BusyTime> {
    const row = await repo.findBusyTime(userId, id);
    if (!row) throw busyNotFound();
    return toDto(row);
  }

  return {
    /** The student's busy time, earliest first; other features plan around it. */
    async listBusyTimes(userId: number): Promise<BusyTime[]> {
      return (await repo.listBusyTimes(userId)).map(toDto);
    },

    async createBusyTime(userId: number, form: BusyTimeForm): Promise<BusyTime> {
      const id = await repo.insertBusyTime(userId, form, now().toISOString());
      return read(userId, id);
    },

    async updateBusyTime(userId: number, id: number, form: BusyTimeForm): Promise<BusyTime> {
      if (!(await repo.updateBusyTime(userId, id, form, now().toISOString()))) throw busyNotFound();
      return read(userId, id);
    },

    async deleteBusyTime(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteBusyTime(userId, id))) throw busyNotFound();
    },
  };
}
export type BusyTimesService = ReturnType<typeof createBusyTimesService>;
