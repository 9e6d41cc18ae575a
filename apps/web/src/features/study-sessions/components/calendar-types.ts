import type { BusyKind } from '@studybuddy/contracts';

/** One subject's exam day on the calendar. */
export interface CalendarExam {
  /** Unique within the list, e.g. the subject's id. */
  key: string | number;
  /** YYYY-MM-DD. */
  date: string;
  subjectName: string;
  colour?: string;
}

/** One occurrence of the student's busy time on a local day. */
export interface CalendarBusy {
  /** Unique within the list: the busy time's id and the date. */
  key: string;
  busyId: number;
  kind: BusyKind;
  title: string;
  /** YYYY-MM-DD, HH:MM, HH:MM local. */
  date: string;
  startTime: string;
  endTime: string;
  /** The imported calendar it comes from (read-only); undefined for typed busy time. */
  calendar?: string;
  /** That calendar's colour (lib/calendar-colours.ts). */
  calendarColour?: string;
}
