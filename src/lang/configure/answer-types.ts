// What a configure request asks and answers (configureModel in index.ts): the request, every field's state with its
// options and reasons, and the answer to `want`. Types only, so that every stage of configure/ can name them without
// importing the engine that produces them.
import type { Val } from '../runtime/fault';
import type { Evaluation, EvaluationInput, FieldState } from '../runtime/types';
import type { Truncated } from './answer';

export interface Reason {
  rule: string;
  message: string;
  line: number;
  column: number;
  because: Record<string, Val>;
}

export interface OptionState {
  id: string;
  available: boolean;
  reasons: Reason[];
  /** Asked for (`conflicts`): the fewest fields sent that together exclude it (conflict.ts); [] when nothing has it. */
  conflict?: string[];
}

export interface ConfiguredField extends FieldState {
  source: 'sent' | 'refused' | 'default' | 'adjusted' | 'ignored' | 'derived';
  /** For a refused value: why (the first error calculate reports for it); `value` is then the default. */
  error?: { code: string; message: string };
  /** For an adjusted field (a soft default, soft-defaults/): the default the values sent exclude. */
  replaced_default?: Val;
  options?: OptionState[];
  /** A compact answer's field not explained: the ids of its options reported available, in schema order. */
  available?: string[];
  /** Numbers that checks depend on: the smallest and largest value that can still be completed. */
  min?: number;
  max?: number;
}

export interface Configuration {
  /** The configuration as sent, evaluated like a calculation. */
  evaluation: Evaluation;
  /**
   * false when the budget ran out (availability not proven is then reported available, reasons not found are not
   * listed) or the answer's cap left options or fields out.
   */
  complete: boolean;
  /** Whether the configuration as sent can be completed at all; undefined when the budget ran out first. */
  satisfiable: boolean | undefined;
  fields: ConfiguredField[];
  /** The entries each list of the answer left out (answer.ts); empty when none. */
  truncated: Truncated;
  /** Work units the request spent (budget.ts): for tests and benchmarks, not served. */
  units: number;
  /** The answer to the request's `want` (want.ts). */
  want?: WantAnswer;
}

/**
 * A configure request: a partial configuration, the option the buyer wants if any, whether to list conflicts, and
 * whether to answer compactly (answer-fields.ts): then only the fields in `explain` list their options.
 */
export interface ConfigureInput extends EvaluationInput {
  want?: Want | undefined;
  conflicts?: boolean | undefined;
  compact?: boolean | undefined;
  explain?: readonly string[] | undefined;
}

/** The option wanted: a field's id and one of its option ids as configure lists them (a checkbox's "false", "true"). */
export interface Want {
  field: string;
  option: string;
}

export interface WantAnswer {
  field: string;
  option: string;
  /** Whether it completes with every choice as sent; null when the budget ran out first. */
  available: boolean | null;
  /** Whether some configuration has it at all; null when the budget ran out first. */
  possible: boolean | null;
  /** When it is not available: the fewest choices sent that together exclude it (conflict.ts); [] when impossible. */
  conflict?: string[];
  /** Smallest first: the fields to change and their new values; empty when available, impossible or not found. */
  suggestions: { change: Record<string, Val> }[];
  /** false when the budget or the bounds on tests stopped the search for changes before its end. */
  complete: boolean;
}
