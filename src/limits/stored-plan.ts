import { PLANS, type Plan } from '../api/permissions';
import { isTier, type Tier } from './budgets';

// The plan part of a store's object (src/access/object.ts): the plan the admin API stored, which outranks the plan
// a key's KV record was written with.

export const PLAN_SCHEMA = 'CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);';

export function storedPlan(sql: SqlStorage): Plan | null {
  const row = sql.exec<{ value: string }>("SELECT value FROM settings WHERE name = 'plan'").toArray()[0];
  return row ? (row.value as Plan) : null;
}

export function storePlan(sql: SqlStorage, plan: Plan): void {
  if (!PLANS.includes(plan)) throw new TypeError(`Unknown plan '${String(plan)}'`);
  sql.exec("INSERT INTO settings (name, value) VALUES ('plan', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", plan);
}

/** The budget that applies: the stored plan, or else the caller's hint (the KV record's plan, or 'anonymous'). */
export function effectiveTier(sql: SqlStorage, hint: Tier): Tier {
  const tier = storedPlan(sql) ?? hint;
  if (!isTier(tier)) throw new TypeError(`Unknown plan '${String(tier)}'`);
  return tier;
}
