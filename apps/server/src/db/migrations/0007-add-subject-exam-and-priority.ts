import type { Kysely } from 'kysely';

/**
 * A subject carries its own exam day and priority. Until now a generated plan kept them only
 * in its wizard input (study_plans.source_input, JSON) and everything else read the plan's
 * deadline as the exam. Existing subjects are filled from that input, matched by plan and
 * name; a subject the input does not name (a hand-made plan, one added later, or an input that
 * cannot be read) takes the plan's deadline, the exam date it was given until now.
 *
 * exam_date is a YYYY-MM-DD day in the plan's time zone, kept as text like every date
 * (docs/decisions/0001); priority is the wizard's 0 = low, 1 = medium (default), 2 = high.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subjects').addColumn('exam_date', 'text').execute();
  await db.schema
    .alterTable('subjects')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // One-word aliases: the result keys read the same with or without CamelCasePlugin.
  const plans: { id: number; deadline: string | null; src: string | null }[] = await db
    .selectFrom('study_plans')
    .select(['id', 'deadline', 'source_input as src'])
    .execute();
  const subjects: { id: number; plan: number; name: string }[] = await db
    .selectFrom('subjects')
    .select(['id', 'study_plan_id as plan', 'name'])
    .orderBy('id')
    .execute();
  const byId = new Map(plans.map((p) => [Number(p.id), p]));
  const wizardOf = new Map<number, Map<string, WizardSubject>>();

  for (const s of subjects) {
    const plan = byId.get(Number(s.plan));
    if (!plan) continue;
    let wizard = wizardOf.get(Number(plan.id));
    if (!wizard) {
      wizard = wizardSubjects(plan.src);
      wizardOf.set(Number(plan.id), wizard);
    }
    const own = wizard.get(s.name) ?? wizard.get(nameKey(s.name));
    const examDate = own ? own.examDate : isoDay(plan.deadline);
    const priority = own?.priority ?? 1;
    if (examDate === null && priority === 1) continue;
    await db
      .updateTable('subjects')
      .set({ exam_date: examDate, priority })
      .where('id', '=', s.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subjects').dropColumn('priority').execute();
  await db.schema.alterTable('subjects').dropColumn('exam_date').execute();
}

interface WizardSubject {
  examDate: string | null;
  priority: number;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** A valid YYYY-MM-DD day, or null. */
function isoDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}

/**
 * The wizard's subjects by exact name and by folded name (the first one wins); an input that
 * is missing, not JSON or not shaped like the wizard's gives none.
 */
function wizardSubjects(sourceInput: string | null): Map<string, WizardSubject> {
  const out = new Map<string, WizardSubject>();
  if (!sourceInput) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(sourceInput);
  } catch {
    return out;
  }
  const list = (parsed as { subjects?: unknown } | null)?.subjects;
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, deadline, priority } = item as Record<string, unknown>;
    if (typeof name !== 'string') continue;
    const subject: WizardSubject = {
      examDate: isoDay(deadline),
      priority: priority === 0 || priority === 1 || priority === 2 ? priority : 1,
    };
    for (const key of [name, nameKey(name)]) if (!out.has(key)) out.set(key, subject);
  }
  return out;
}
