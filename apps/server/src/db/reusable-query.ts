import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.js';

/** Stands where the query takes its arguments, while it is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once, then run with new argument values: Kysely's split of
 * building, compiling and executing (`db.executeQuery(compiled)`). Building and compiling a
 * query (the query tree, the camel-case plugin's pass over it, the SQL text) costs more than
 * SQLite takes to run a small one, so the queries every request makes (the profile, the plan
 * list's version) are compiled here once. The SQL text is the same each time, so the driver's
 * statement cache finds its prepared statement too; results still pass the plugins.
 *
 * `build` gets `arg(i)`, which stands for the i-th argument; use it only as a whole value
 * (`where('id', '=', arg(0))`), never in a list (`in`), which would change the SQL's shape with
 * its length. The compiled query must take each argument it is given: checked once, here.
 */
export function reusableQuery<Args extends readonly unknown[], Row>(
  db: Kysely<Database>,
  arity: Args['length'],
  build: (arg: <I extends number>(index: I) => Args[I]) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  const compile = (): CompiledQuery<Row> => {
    const query = build(<I extends number>(index: I) => new Slot(index) as Args[I]).compile();
    const used = new Set(
      query.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index),
    );
    for (let i = 0; i < arity; i++) {
      if (!used.has(i)) throw new Error(`reusableQuery: argument ${i} is not in the query`);
    }
    return query;
  };
  return async (...args) => {
    compiled ??= compile();
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
