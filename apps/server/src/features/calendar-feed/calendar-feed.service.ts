import { randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_MESSAGES,
  type CalendarFeed,
  calendarTokenSchema,
} from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { CalendarFeedRepository } from './calendar-feed.repository.js';
import { type CalendarSite, mainZone, writeCalendar } from './calendar-ics.js';

/** 256 random bits as base64url: 43 characters, no padding. */
export const newCalendarToken = (): string => randomBytes(32).toString('base64url');

/** Calendar apps read a feed again every hour or so; this asks them not to wait longer. */
const FEED_REFRESH_SECONDS = 3600;

const unknownLink = () => AppError.notFound(CALENDAR_FEED_MESSAGES.unknownLink);
const planNotFound = () => AppError.notFound('Study plan not found.');

export interface CalendarFeedDeps {
  repo: CalendarFeedRepository;
  /** Tests may pass their own; 256 random bits from node:crypto otherwise. */
  newToken?: () => string;
}

export function createCalendarFeedService(deps: CalendarFeedDeps) {
  const { repo } = deps;
  const newToken = deps.newToken ?? newCalendarToken;

  const feedOf = (site: CalendarSite, token: string | null): CalendarFeed =>
    token
      ? { enabled: true, url: `${site.origin}/api/calendar/${token}.ics` }
      : { enabled: false, url: null };

  return {
    /** The feed's address, or that it is off. */
    async getFeed(userId: number, site: CalendarSite): Promise<CalendarFeed> {
      return feedOf(site, await repo.getToken(userId));
    },

    /** Turns the feed on with a new address; the old address opens nothing from now on. */
    async renewFeed(userId: number, site: CalendarSite): Promise<CalendarFeed> {
      const token = newToken();
      await repo.setToken(userId, token);
      return feedOf(site, token);
    },

    /** Turns the feed off: its address opens nothing. */
    async turnOffFeed(userId: number): Promise<CalendarFeed> {
      await repo.clearToken(userId);
      return { enabled: false, url: null };
    },

    /**
     * The calendar behind a feed address: the sessions and exam days of the student's accepted
     * plans. Any token that opens nothing (malformed, unknown, replaced, turned off) is the same
     * 404.
     */
    async feedCalendar(token: string, site: CalendarSite): Promise<string> {
      if (!calendarTokenSchema.safeParse(token).success) throw unknownLink();
      const userId = await repo.findUserIdByToken(token);
      if (userId === undefined) throw unknownLink();
      const sessions = await repo.listActiveSessions(userId);
      return writeCalendar(
        site,
        sessions,
        { name: 'StudyBuddy', timeZone: mainZone(sessions), refreshSeconds: FEED_REFRESH_SECONDS },
        await repo.listActiveExams(userId),
      );
    },

    /** One of the student's plans as an .ics file, with the plan's name for the file. */
    async planCalendar(
      userId: number,
      planId: number,
      site: CalendarSite,
    ): Promise<{ planName: string; ics: string }> {
      const plan = await repo.findPlan(userId, planId);
      if (!plan) throw planNotFound();
      const sessions = await repo.listPlanSessions(userId, plan.id);
      const ics = writeCalendar(
        site,
        sessions,
        { name: `StudyBuddy: ${plan.name}`, timeZone: plan.timeZone ?? mainZone(sessions) },
        await repo.listPlanExams(userId, plan.id),
      );
      return { planName: plan.name, ics };
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
