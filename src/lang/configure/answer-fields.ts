// The answer's fields (index.ts, configureModel): each field's state and source, a number's completable range, and
// its options' availability, with reasons for those not available (reasons.ts), added while the answer's caps allow
// (answer.ts). A compact answer (issue 25) lists a field's available option ids instead, and explains only the
// fields asked for: reasons are most of a large model's answer, in bytes and in time.
import { fieldType } from '../fields/registry';
import type { FieldIR, ProductIR } from '../ir';
import type { Val } from '../runtime/fault';
import type { Evaluation, FieldState, Issue } from '../runtime/types';
import { type AnswerSize, idBytes } from './answer';
import type { ConfiguredField, OptionState } from './answer-types';
import type { ExactAnswer } from './exact/index';
import { inactiveReason, reasons, selectionReasons, type Why } from './reasons';

/**
 * Which fields list their options: undefined for every one (the full answer); else the ids of those explained, the
 * others listing only their available options' ids (`available`), no reasons looked for.
 */
export type Explained = ReadonlySet<string> | undefined;

/**
 * The answer's fields, in schema order, each counted in `answer` (those past its cap left out); `explained`: false
 * when some option asked to be explained was left without its reasons (the budget ran out).
 */
export function answerFields(
  w: Why,
  evaluation: Evaluation,
  engine: ExactAnswer,
  answer: AnswerSize,
  only: Explained,
): { fields: ConfiguredField[]; explained: boolean } {
  const { ir } = w.m;
  const { verdicts } = engine;
  const adjusted = new Map(evaluation.adjusted.map((x) => [x.field, x.replaced]));
  let explained = true;
  const fields: ConfiguredField[] = [];
  for (let i = 0; i < evaluation.fields.length; i++) {
    const state = evaluation.fields[i]!;
    const f = ir.fields[i]!;
    // Written out, not spread: a spread's copy of a field's state was a tenth of a large model's answer time.
    const { id, visible, enabled, required, value } = state;
    const out: ConfiguredField = { id, visible, enabled, required, value, source: sourceOf(f, w.sent[i], state) };
    if (adjusted.has(f.id)) {
      out.source = 'adjusted';
      out.replaced_default = adjusted.get(f.id)!;
    }
    const refusal = out.source === 'sent' ? refusalOf(evaluation, f.id) : undefined;
    if (refusal !== undefined) {
      out.source = 'refused';
      out.error = { code: refusal.code, message: refusal.message };
    }
    const v = verdicts[i];
    if (f.valueType === 'number' && v !== undefined && typeof f.min === 'number' && typeof f.max === 'number') {
      const feasible = [...v].filter(([, ok]) => ok !== false).map(([p]) => p as number);
      if (feasible.length > 0) {
        out.min = Math.min(...feasible);
        out.max = Math.max(...feasible);
      }
    }
    const choice = choicesOf(f);
    const values = choice?.values;
    const listed = values !== undefined && (only === undefined || only.has(f.id));
    // Its list is counted with the field (empty): each entry is counted as it is added.
    if (listed) out.options = [];
    else if (values !== undefined) out.available = [];
    if (!answer.fits(out)) {
      answer.leaveOut('fields', evaluation.fields.length - i);
      break;
    }
    fields.push(out);
    if (values === undefined) continue;
    // A field no check depends on: any value completes exactly when the configuration can be completed at all.
    const known = (x: Val) => (v === undefined ? engine.satisfiable : v.get(x));
    const { ids, bytes } = choice!;
    if (out.available !== undefined) {
      for (let k = 0; k < values.length; k++) {
        if (known(values[k]!) === false) continue;
        if (!answer.fitsId(bytes[k]!)) {
          answer.leaveOut('options', values.length - k);
          break;
        }
        out.available.push(ids[k]!);
      }
      continue;
    }
    for (let k = 0; k < values.length; k++) {
      const x = values[k]!;
      const ok = known(x);
      const option: OptionState = { id: ids[k]!, available: ok !== false, reasons: [] };
      if (!answer.fitsOption(option, bytes[k])) {
        answer.leaveOut('options', values.length - k);
        break;
      }
      out.options!.push(option);
      if (ok !== false) continue;
      // Past the answer's reasons cap an option is not explained: it counts as one reason left out (at least).
      if (answer.reasonsFull) {
        answer.leaveOut('reasons', 1);
        continue;
      }
      const found = f.valueType === 'list' ? selectionReasons(w, i, x as string) : reasons(w, i, x);
      if (found === undefined) {
        explained = false;
        continue;
      }
      // An option of a field not active as shown that no check excludes there: its field is why.
      const listed =
        found.listed.length === 0 && found.more === 0 && !(visible && enabled)
          ? [inactiveReason(w, evaluation, i)]
          : found.listed;
      for (const r of listed) {
        if (answer.fitsReason(r)) option.reasons.push(r);
        else answer.leaveOut('reasons', 1);
      }
      answer.leaveOut('reasons', found.more);
    }
  }
  return { fields, explained };
}

/**
 * Why a request's `explain` cannot be answered (it asks for no compact answer, or names a field without options),
 * with the ids of the fields with options it may name; undefined when it can.
 */
export function explainProblem(
  ir: ProductIR,
  explain: readonly string[],
  compact: boolean,
): { message: string; available: string[] } | undefined {
  const withOptions = ir.fields.filter((f) => choicesOf(f) !== undefined).map((f) => f.id);
  if (!compact)
    return { message: "'explain' needs 'compact': true (a full answer explains every field)", available: withOptions };
  const known = new Set(withOptions);
  const unknown = explain.find((id) => !known.has(id));
  if (unknown === undefined) return undefined;
  return { message: `'${unknown}' is not a field with options of this product`, available: withOptions };
}

function sourceOf(f: FieldIR, sent: unknown, state: FieldState): ConfiguredField['source'] {
  if (fieldType(f.type).computed) return 'derived';
  if (sent === undefined) return 'default';
  return state.visible && state.enabled ? 'sent' : 'ignored';
}

/** The first error for a sent value calculate refused: the sent-value checks report under the field's own id as rule. */
function refusalOf(evaluation: Evaluation, id: string): Issue | undefined {
  return evaluation.errors.find((e) => e.field === id && e.rule === id);
}

/** A field's choices as the answer lists them: the values, their ids, and each id's bytes of JSON. */
interface Choices {
  values: readonly Val[];
  ids: readonly string[];
  bytes: Int32Array;
}

/** By field, its choices (undefined: none); the IR is shared by every request, so they are worked out once. */
const choicesKept = new WeakMap<FieldIR, Choices | null>();

function choicesOf(f: FieldIR): Choices | undefined {
  let kept = choicesKept.get(f);
  if (kept === undefined) {
    const values = choices(f);
    const ids = values?.map(String);
    kept = values === undefined ? null : { values, ids: ids!, bytes: Int32Array.from(ids!, idBytes) };
    choicesKept.set(f, kept);
  }
  return kept ?? undefined;
}

/**
 * The values a buyer picks from: a choice field's options, a multi-select's options (each one ticked), a
 * checkbox's false and true (ids "false", "true").
 */
function choices(f: FieldIR): Val[] | undefined {
  if (fieldType(f.type).computed) return undefined;
  if (f.options && (f.valueType === 'string' || f.valueType === 'list')) return f.options.map((o) => o.id);
  return f.valueType === 'boolean' ? [false, true] : undefined;
}
