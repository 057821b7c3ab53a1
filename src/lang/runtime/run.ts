// Issue collection for one evaluation, shared by the evaluation steps (evaluate.ts, price.ts).

import type { Span } from '../ir';
import type { MessageKey } from './catalog';
import type { CompiledModel } from './compiled-model';
import type { Ctx, Fn } from './context';
import type { Because } from './explain';
import { Fault, type Val } from './fault';
import { format, type Params } from './messages';
import type { Pack } from './pack';
import type { Issue } from './types';

export function issue(
  code: string,
  message: string,
  field: string | undefined,
  rule: string | undefined,
  at?: Span,
  because: Because = {},
): Issue {
  const out: Issue = { code, message, because };
  if (field !== undefined) out.field = field;
  if (rule !== undefined) out.rule = rule;
  if (at !== undefined) {
    out.line = at.line;
    out.column = at.column;
  }
  return out;
}

export class Run {
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];
  /** Errors counted but not listed (unknown keys past MAX_UNKNOWN_KEYS_LISTED). */
  unlisted = 0;
  /** Faults of output items by group (Evaluation.outputErrors); undefined while there is none. */
  outputErrors: Map<string, Issue[]> | undefined;
  /** The issue made of each fault of an output item, so that one fault met in two groups is one issue. */
  private seen: Map<Fault, Issue> | undefined;

  constructor(
    readonly m: CompiledModel,
    readonly c: Ctx,
    readonly pack: Pack,
  ) {}

  error(code: string, key: MessageKey, params: Params, field?: string, rule?: string, at?: Span, because?: Because): void {
    this.errors.push(issue(code, format(this.pack.messages, key, params), field, rule, at, because));
  }

  /** Reports a caught fault (each once: memoized slots re-throw the same one); anything else is a bug. */
  fail(e: unknown, field?: string, rule?: string): void {
    if (!(e instanceof Fault)) throw e;
    this.c.unwind(e);
    if (e.reported) return;
    e.reported = true;
    this.error(e.code, e.code, e.params, field, rule, e.at);
  }

  /**
   * A caught fault of an item of output group `group`, kept out of `errors` in `outputErrors` (each fault once per
   * group): it counts only for a request that returns the group (errorsFor). Left out when it is already in `errors`.
   */
  apart(e: unknown, group: string): void {
    if (!(e instanceof Fault)) throw e;
    this.c.unwind(e);
    if (e.reported) return;
    // Made on the first fault only: most evaluations have none.
    this.seen ??= new Map();
    this.outputErrors ??= new Map();
    let found = this.seen.get(e);
    if (found === undefined) {
      found = issue(e.code, format(this.pack.messages, e.code, e.params), undefined, undefined, e.at);
      this.seen.set(e, found);
    }
    this.outputErrors.set(group, [...(this.outputErrors.get(group) ?? []), found]);
  }

  /** The closure's value, or undefined after reporting its fault. */
  run(fn: Fn, field?: string, rule?: string): Val | undefined {
    try {
      return fn(this.c);
    } catch (e) {
      this.fail(e, field, rule);
      return undefined;
    }
  }
}
