import type { BusyClash } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, formatWeekdayDate } from '@/lib/format-date';
import { useClashes } from '../api/get-clashes';
import { ReplanPanel } from './replan-panel';
import './living-plan.css';

export interface ClashesPanelProps {
  /** Changes when the busy time shown was read again: the clashes are asked for again (null:
   * not yet loaded, nothing asked). */
  stamp: string | null;
  /** After a re-plan: the page refreshes the sessions. */
  onReplanned?: () => void;
}

interface PlanGroup {
  planId: number;
  planName: string;
  canReplan: boolean;
  items: BusyClash[];
}

function groupByPlan(clashes: readonly BusyClash[]): PlanGroup[] {
  const groups = new Map<number, PlanGroup>();
  for (const c of clashes) {
    const g = groups.get(c.planId) ?? {
      planId: c.planId,
      planName: c.planName,
      canReplan: c.canReplan,
      items: [],
    };
    g.items.push(c);
    groups.set(c.planId, g);
  }
  return [...groups.values()];
}

/**
 * Sessions that busy time now covers (busy time added or changed after the plan, typed or from
 * an imported calendar), by plan, each with the busy time over it; a plan from the wizard offers
 * its re-plan, which moves them. Nothing moves until the student says so. After a re-plan its
 * plan stays in the panel with what moved, until the student closes it.
 */
export function ClashesPanel({ stamp, onReplanned }: ClashesPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const clashes = useClashes(stamp);
  // Plans shown since the panel last opened: one whose clashes a re-plan settled keeps its
  // answer on screen. Closing hides the panel until a clash it has not shown comes.
  const [kept, setKept] = useState<PlanGroup[]>([]);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const current = groupByPlan(clashes.data ?? []);
  const ids = (clashes.data ?? []).map((c) => c.sessionId).join(',');
  // In the order the plans first came, so a settled plan keeps its place.
  const fresh = current.filter((g) => !kept.some((k) => k.planId === g.planId));
  const groups = [...kept, ...fresh].map(
    (k) => current.find((g) => g.planId === k.planId) ?? { ...k, items: [] },
  );
  if (fresh.length > 0) setKept([...kept, ...fresh]);
  if (groups.length === 0 || (closedFor !== null && closedFor === ids)) return null;
  const count = current.reduce((n, g) => n + g.items.length, 0);

  return (
    <section className="clashes" aria-labelledby={headingId}>
      <div className="clashes__header">
        <h2 id={headingId} className="clashes__title">
          {count > 0 ? t('livingPlan.clashes.title', { count }) : t('livingPlan.clashes.settled')}
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setClosedFor(ids);
            setKept([]);
          }}
        >
          {count > 0 ? t('livingPlan.clashes.leave') : t('livingPlan.clashes.close')}
        </button>
      </div>
      {groups.map((g) => (
        <div key={g.planId} className="clashes__plan">
          <h3 id={`${headingId}-${g.planId}`} className="clashes__plan-name">
            {g.planName}
          </h3>
          {g.items.length > 0 ? (
            <ul className="clashes__list">
              {g.items.map((c) => (
                <li key={c.sessionId}>
                  {t(c.busyTitle ? 'livingPlan.clashes.item' : 'livingPlan.clashes.itemUntitled', {
                    when: `${formatWeekdayDate(c.startAt, language)}, ${formatTime(c.startAt, language)}`,
                    subject: c.subject,
                    title: c.title,
                    busy: c.busyTitle,
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          {g.canReplan ? (
            <ReplanPanel
              planId={g.planId}
              planHeadingId={`${headingId}-${g.planId}`}
              onReplanned={onReplanned}
              intro={t('livingPlan.clashes.intro')}
              buttonLabel={t('livingPlan.clashes.move')}
            />
          ) : (
            <p className="clashes__hint">{t('livingPlan.clashes.byHand')}</p>
          )}
        </div>
      ))}
    </section>
  );
}
