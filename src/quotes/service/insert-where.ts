import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../../db/client';
import { quotes } from '../../db/schema';

// A row inserted only where a condition on the quotes table holds, so that it belongs to the same guarded batch
// as the quote change it is part of: when another change got in first, it writes nothing (store.ts, `write`).

/** INSERT INTO table SELECT <row's values> FROM quotes WHERE <where>: every column given, in the table's order. */
export function insertWhere<T extends SQLiteTable>(
  db: Database,
  table: T,
  row: Required<T['$inferInsert']>,
  where: SQL | undefined,
) {
  const values = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      return [key, sql`${value === null ? null : column.mapToDriverValue(value)}`.as(column.name)];
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the values are the table's columns, which drizzle cannot see through a map.
  return db.insert(table).select(db.select(values).from(quotes).where(where) as any);
}
