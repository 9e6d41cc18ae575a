import { sql } from 'kysely';

export function findSubject(id: string) {
  return sql`select * from subjects where id = ${id}`;
}
