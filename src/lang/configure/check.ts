// The checks a search tests a configuration against (analysis.ts gathers them; evaluation.ts and price-check.ts
// add the evaluation checks). Types only, a leaf module: every stage that reads a check names it from here.
import type { Expr } from '../ir';
import type { Ctx, Fn } from '../runtime/context';
import type { Pack } from '../runtime/pack';
import type { Issue } from '../runtime/types';

/** What a unit reports when it fails on the loaded configuration: its fault, as calculate reports it. */
export type UnitIssue = (c: Ctx, pack: Pack) => Issue | undefined;

/** A condition every complete configuration must pass: a constraint holds, an error rule does not fire. */
export interface Check {
  readonly fn: Fn;
  readonly expr: Expr;
  /** The value that fails it: false for a constraint, true for an error rule. */
  readonly fails: boolean;
  /** Index into the model's constraints, or -1 - index into its rules; unused by an evaluation check. */
  readonly ref: number;
  /** An evaluation check (evaluation.ts): what it reports, the unit's fault, in place of a constraint or rule. */
  readonly issue?: UnitIssue;
  /** An evaluation check's unit, as its issue names it (a field, `price.<line>`, `<output>.<item>`, a warning rule). */
  readonly unit?: string;
  /** The fields it depends on (through lets, computed fields and the visibility of the fields it reads). */
  readonly deps: readonly number[];
  /** Work units of one evaluation, the names it reads aside: its nodes (runtime/cost.ts) and the call itself. */
  readonly cost: number;
}
