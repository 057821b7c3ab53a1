// Why an option is not available, as the answer lists it (answer-fields.ts): the checks that exclude it
// (failing.ts), each explained with the values it read. Charged to the request's budget.
import type { FieldIR } from '../ir';
import { dependencies } from '../ir-checks';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { constraintIssue, ruleIssue } from '../runtime/evaluate';
import { because, MAX_BECAUSE_VALUES } from '../runtime/explain';
import type { Val } from '../runtime/fault';
import { format } from '../runtime/messages';
import type { Run } from '../runtime/run';
import type { Evaluation } from '../runtime/types';
import type { Analysis } from './analysis';
import type { Reason } from './answer-types';
import type { Budget } from './budget';
import type { Check } from './check';
import type { FailingChecks } from './failing';

/** Largest selection of a multi-select field. */
export const maxSelected = (f: FieldIR) => (typeof f.max === 'number' ? f.max : (f.options?.length ?? 0));

/**
 * A multi-select's selection with option `id` ticked: the one shown (or its fallback) plus the option, or the option
 * alone when that would exceed max_selected.
 */
function ticked(f: FieldIR, shown: unknown, id: Val): readonly string[] {
  const base = Array.isArray(shown) ? (shown as string[]) : Array.isArray(f.fallback) ? (f.fallback as readonly string[]) : [];
  if (base.includes(id as string)) return base;
  return base.length < maxSelected(f) ? [...base, id as string] : [id as string];
}

/** What explaining an option needs: the model, its context and run, the request, and its budget. */
export interface Why {
  m: CompiledModel;
  c: Ctx;
  run: Run;
  a: Analysis;
  quantity: number;
  sent: readonly unknown[];
  /** By field index, the value shown: the one sent, else the adjusted value (soft defaults), else undefined. */
  shown: readonly unknown[];
  budget: Budget;
  failing: FailingChecks;
  /** Reasons of checks already explained for an option of a field they do not read, by check. */
  explained: Map<Check, Reason>;
}

/** An option's reasons: at most MAX_REASONS_PER_OPTION, and how many more checks exclude it. */
export interface Found {
  listed: Reason[];
  more: number;
}

/**
 * Why an option cannot be completed: the checks that fail when it is chosen with the other values as shown (those
 * sent, and every other field at its default or adjusted value), preferring those that read only values the buyer
 * has set (those exclude it whatever else is chosen), the first MAX_REASONS_PER_OPTION of them. `because` names
 * the values shown, the buyer's first, and leaves the option's own field out.
 * Every check evaluated and every reason explained is charged to the budget; undefined once it is spent.
 */
export function reasons(w: Why, field: number, option: Val, leaveOutField = true): Found | undefined {
  const { m, budget } = w;
  if (budget.spent) return undefined;
  const excluding = w.failing.of(field, option);
  if (excluding === undefined) return undefined;
  const { shown, total } = excluding;
  const id = leaveOutField ? m.ir.fields[field]!.id : undefined;
  const listed: Reason[] = [];
  for (const check of shown) {
    // A check that does not read the option's field gives every option the same reason: explained once.
    const same = !check.deps.includes(field);
    const known = same ? w.explained.get(check) : undefined;
    if (known !== undefined) {
      listed.push(known);
      continue;
    }
    // Explaining walks the check again, reading what it read.
    if (!budget.spend(check.cost)) return undefined;
    const r = reason(w, check, id);
    if (same) w.explained.set(check, r);
    listed.push(r);
  }
  return { listed, more: total - shown.length };
}

/**
 * Why an option of a multi-select cannot be ticked: the sent selection is full (max_selected, reported as the
 * field's own TOO_MANY_SELECTED), or the checks that fail with it ticked besides the options shown (sent, adjusted
 * or the default).
 * `because` keeps the field: its selection says which other ticked options take part.
 */
export function selectionReasons(w: Why, field: number, option: string): Found | undefined {
  const { m, run, sent } = w;
  const f = m.ir.fields[field]!;
  const raw = sent[field];
  if (Array.isArray(raw) && !raw.includes(option) && raw.length >= maxSelected(f)) {
    const params = { label: run.pack.fieldLabels[field]!, max: String(maxSelected(f)) };
    const at = f.at ?? { line: 1, column: 1 };
    const because = { [f.id]: raw.filter((x): x is string => typeof x === 'string') };
    const message = format(run.pack.messages, 'TOO_MANY_SELECTED', params);
    return { listed: [{ rule: f.id, message, line: at.line, column: at.column, because }], more: 0 };
  }
  return reasons(w, field, ticked(f, w.shown[field], option), false);
}

function reason(w: Why, check: Check, leaveOut: string | undefined): Reason {
  const { m, c, run } = w;
  if (check.issue) {
    // A unit that faults: its fault, with no values named (as calculate reports an evaluation fault).
    const found = check.issue(c, run.pack);
    return {
      rule: found?.rule ?? '',
      message: found?.message ?? '',
      line: found?.line ?? 1,
      column: found?.column ?? 1,
      because: {},
    };
  }
  const why = because(m, c, check.expr, (i) => w.sent[i] !== undefined, leaveOut);
  const issue = check.ref >= 0 ? constraintIssue(run, check.ref, why) : ruleIssue(run, -1 - check.ref, why);
  return { rule: issue.rule ?? '', message: issue.message, line: issue.line ?? 1, column: issue.column ?? 1, because: why };
}

/**
 * Why an option of a field the configuration shown hides or disables is not available when no check excludes it
 * there (issue 44): choosing it keeps its field active (kept-active.ts), which the values shown do not. `rule` the
 * field, `because` the values its conditions (and its group's) read as shown, the buyer's first.
 */
export function inactiveReason(w: Why, evaluation: Evaluation, field: number): Reason {
  const { m, run } = w;
  const f = m.ir.fields[field]!;
  const g = m.ir.groups.find((x) => x.id === f.group);
  const depsOf = dependencies(m.ir);
  const read = new Set([g?.visibleWhen, f.visibleWhen, g?.enabledWhen, f.enabledWhen].flatMap((x) => (x ? depsOf(x.expr) : [])));
  const order = [...read].sort((x, y) => Number(w.sent[x] === undefined) - Number(w.sent[y] === undefined) || x - y);
  const why: Record<string, Val> = {};
  for (const i of order.slice(0, MAX_BECAUSE_VALUES)) why[m.ir.fields[i]!.id] = evaluation.fields[i]!.value;
  const at = f.at ?? { line: 1, column: 1 };
  const message = format(run.pack.messages, 'FIELD_INACTIVE', { label: run.pack.fieldLabels[field]! });
  return { rule: f.id, message, line: at.line, column: at.column, because: why };
}
