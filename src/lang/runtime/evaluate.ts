// One evaluation: quantity and configuration checks, field and group states, rules, price and outputs.
// Faults are caught per top-level unit (a field, a rule, a line, an output item), never per node: the loops
// run inside one try and resume after the unit that failed.

import type { CompiledField, CompiledModel } from './compiled-model';
import { type Ctx, DONE, type Fn } from './context';
import { because } from './explain';
import type { Val } from './fault';
import { cutText, echo, isAbsent, isValidQuantity, type Problem } from './fields';
import { Items } from './items';
import { negotiateLanguage } from './language';
import { format } from './messages';
import { snapSelf } from './numeric';
import { formatValue, makePack, type Pack, type Template } from './pack';
import { price } from './price';
import { issue, Run } from './run';
import type { Evaluation, EvaluationInput, FieldState, Issue } from './types';

/**
 * Unknown keys reported one by one; past these they are only counted (a response shows 100 entries anyway), so
 * a configuration of 50,000 unknown keys costs no message formatting per key.
 */
export const MAX_UNKNOWN_KEYS_LISTED = 100;

const ownKey = Object.prototype.hasOwnProperty;

function readConfiguration(run: Run, config: Record<string, unknown>): void {
  if (config === null || typeof config !== 'object') return;
  const { fieldIndex, fieldKeys } = run.m;
  let unknown = 0;
  let next = 0;
  // for-in walks the enumeration cache without allocating a key array; inherited keys are skipped, by
  // hasOwnProperty, which the optimizer answers from that cache (Object.hasOwn doubles this loop's time).
  for (const key in config) {
    if (!ownKey.call(config, key)) continue;
    // Forms send fields in their order: the field after the last one found is tried before the index.
    const i = fieldKeys[next] === key ? next : fieldIndex.get(key);
    if (i === undefined) {
      if (++unknown > MAX_UNKNOWN_KEYS_LISTED) run.unlisted++;
      else run.error('UNKNOWN_FIELD', 'UNKNOWN_FIELD', { field: key.length > 100 ? `${key.slice(0, 100)}…` : key }, key);
    } else {
      run.c.raw[i] = config[key];
      next = i + 1;
    }
  }
}

/** A condition that is absent holds; one that failed (and was reported) counts as holding too. */
function holds(run: Run, condition: Fn | undefined, field?: string): boolean {
  return condition === undefined || run.run(condition, field) !== false;
}

function hiddenState(f: CompiledField, value: Val): FieldState {
  return { id: f.ir.id, visible: false, enabled: true, required: false, value };
}

/** `run` is given on the slow path, where required_when may fail on its own. */
function fieldState(f: CompiledField, visible: Val, enabled: Val, value: Val, c: Ctx, run?: Run): FieldState {
  const when = f.requiredWhen;
  const required = f.ir.required || (when !== undefined && (run === undefined ? when(c) : run.run(when, f.ir.id)) === true);
  return { id: f.ir.id, visible: visible as boolean, enabled: enabled as boolean, required, value };
}

/** Problems of a field the user can see and change: a disabled field cannot be filled in, so it is never
 * reported as missing. */
function validate(run: Run, i: number, f: CompiledField, required: boolean): void {
  const raw = run.c.raw[i];
  if (run.c.bad[i] === 1) {
    const label = run.pack.fieldLabels[i]!;
    const problems: Problem[] = [];
    f.check!(raw, problems);
    const sent = { [f.ir.id]: sentValue(raw) };
    for (const p of problems) run.error(p.code, p.key, { ...p.params, label }, f.ir.id, f.ir.id, f.ir.at, sent);
  } else if (required && isAbsent(raw) && f.ir.default === undefined) {
    run.error('REQUIRED', 'REQUIRED', { label: run.pack.fieldLabels[i]! }, f.ir.id, f.ir.id, f.ir.at);
  }
}

/** Items of a sent list `because` shows; a longer list (or one holding a non-string) is shown as "array". */
const LIST_ECHOED = 20;

/** A sent value as `because` shows it: a long text cut, a number JSON cannot carry (1e999 read as Infinity) as
 * "out of range", a short list of strings (a multi-select's) as its items cut, anything else as its JSON type's name. */
function sentValue(raw: unknown): Val {
  if (typeof raw === 'string') return echo(raw);
  if (Array.isArray(raw) && raw.length <= LIST_ECHOED && raw.every((x) => typeof x === 'string')) return raw.map(echo);
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 'out of range';
  if (typeof raw === 'boolean') return raw;
  return raw === null ? 'null' : Array.isArray(raw) ? 'array' : typeof raw;
}

/** A field's state after one of its parts failed: each part on its own, so that the parts that work still count
 * (they are memoized, so a fault already reported is not reported again). A failed condition counts as true:
 * the field is shown rather than hidden. */
function fieldStateAfterFault(run: Run, f: CompiledField): FieldState {
  const id = f.ir.id;
  const value = run.run(f.value, id) ?? f.ir.fallback;
  if (f.check === undefined) return hiddenState(f, value);
  return fieldState(f, holds(run, f.visible, id), holds(run, f.enabled, id), value, run.c, run);
}

function fieldStates(run: Run): FieldState[] {
  const { m, c } = run;
  const fields = m.fields;
  const states: FieldState[] = [];
  let i = 0;
  while (i < fields.length) {
    let f = fields[i]!;
    let state: FieldState;
    try {
      for (; i < fields.length; i++) {
        f = fields[i]!;
        if (f.check === undefined) {
          // Field i's value is slot i (compiled-model.ts): read inline, as the slot readers do.
          states.push(hiddenState(f, c.st[i] === DONE ? (c.v[i] as Val) : c.force(i)));
          continue;
        }
        const visible = f.visible === undefined || f.visible(c);
        const enabled = f.enabled === undefined || f.enabled(c);
        state = fieldState(f, visible, enabled, c.st[i] === DONE ? (c.v[i] as Val) : c.force(i), c);
        // Only a value refused or required can have a problem to report.
        if (visible && enabled && (state.required || c.bad[i] === 1)) validate(run, i, f, state.required);
        states.push(state);
      }
    } catch (e) {
      run.fail(e, f.ir.id);
      state = fieldStateAfterFault(run, f);
      if (state.visible && state.enabled && f.check !== undefined) validate(run, i, f, state.required);
      states.push(state);
      i++;
    }
  }
  return states;
}

/** Each group's conditions; one that fails is reported and counts as holding (`holds`). */
function groupStates(run: Run): Evaluation['groups'] {
  const { m, c } = run;
  const list = m.groups;
  const states: Evaluation['groups'] = [];
  let k = 0;
  while (k < list.length) {
    try {
      for (; k < list.length; k++) {
        const g = list[k]!;
        const visible = g.visible === undefined || g.visible(c) !== false;
        states.push({ id: g.id, visible, enabled: g.enabled === undefined || g.enabled(c) !== false });
      }
    } catch (e) {
      run.fail(e);
      // The conditions are memoized: the one that failed fails again, without a second report.
      const g = list[k++]!;
      states.push({ id: g.id, visible: holds(run, g.visible), enabled: holds(run, g.enabled) });
    }
  }
  return states;
}

/**
 * Characters of a rendered message, at most: a placeholder may print a sent text of any length, and a message
 * printing it many times would be megabytes (issue 27); past it the message ends with "…".
 */
export const MAX_MESSAGE_CHARS = 1_000;

function render(run: Run, t: Template, rule: string): string {
  let s = '';
  for (const part of t) {
    if (s.length > MAX_MESSAGE_CHARS) break;
    if (typeof part === 'string') s += part;
    else {
      const v = run.run(part, undefined, rule);
      s += v === undefined ? '?' : formatValue(v);
    }
  }
  return s.length > MAX_MESSAGE_CHARS ? `${cutText(s, MAX_MESSAGE_CHARS - 1)}…` : s;
}

/** The issue of the k-th rule, which fired. */
export function ruleIssue(run: Run, k: number, why: Record<string, Val>): Issue {
  const r = run.m.rules[k]!;
  return issue('RULE', render(run, run.pack.ruleMessages[k]!, r.ir.id), r.ir.field, r.ir.id, r.ir.at, why);
}

/** By field index: whether the buyer sent its value (a value adjusted for it does not count: `notSent`). */
type Sent = (field: number) => boolean;

function rules(run: Run, sent: Sent): void {
  const { m, c } = run;
  const list = m.rules;
  let k = 0;
  while (k < list.length) {
    try {
      for (; k < list.length; k++) {
        const r = list[k]!;
        if (r.when(c) !== true) continue;
        (r.ir.severity === 'error' ? run.errors : run.warnings).push(ruleIssue(run, k, because(m, c, r.ir.when, sent)));
      }
    } catch (e) {
      const r = list[k++]!;
      run.fail(e, r.ir.field, r.ir.id);
    }
  }
}

/** Constraints that do not hold: a faulty condition is reported as its fault, not as the constraint. */
function constraints(run: Run, sent: Sent): void {
  const { m, c } = run;
  const list = m.constraints;
  let k = 0;
  while (k < list.length) {
    try {
      for (; k < list.length; k++) {
        const r = list[k]!;
        if (r.holds(c) !== false) continue;
        run.errors.push(constraintIssue(run, k, because(m, c, r.expr, sent)));
      }
    } catch (e) {
      const r = list[k++]!;
      run.fail(e, r.option ? m.fields[r.option.field]!.ir.id : undefined, r.id);
    }
  }
}

/** The error of the k-th constraint (declared or an option's available_when), with the reasons given. */
export function constraintIssue(run: Run, k: number, why: Record<string, Val>): Issue {
  const r = run.m.constraints[k]!;
  if (r.option === undefined)
    return issue('CONSTRAINT', render(run, run.pack.constraintMessages[k]!, r.id), undefined, r.id, r.at, why);
  const field = run.m.fields[r.option.field]!.ir;
  const option = run.pack.optionLabels[r.option.field]?.get(r.option.id) ?? r.option.id;
  const message = format(run.pack.messages, 'OPTION_UNAVAILABLE', { label: run.pack.fieldLabels[r.option.field]!, option });
  return issue('CONSTRAINT', message, field.id, r.id, r.at, why);
}

/** Shared by the evaluations that use every default. */
const NONE_ADJUSTED: Evaluation['adjusted'] = Object.freeze([]);

/** Shared by the evaluations of products without text items: no Map allocated per evaluation for nothing. */
const NO_TEXTS: Evaluation['texts'] = new Map();

/** Shared by the evaluations whose output items did not fault, the most. */
const NO_OUTPUT_ERRORS: Evaluation['outputErrors'] = new Map();

/** Number items by group (every group); text items by group (only groups that have any) go into `texts`. */
function outputs(run: Run, texts: Map<string, Map<string, string>>): Evaluation['outputs'] {
  const { c, m } = run;
  // Sized once: every group's items go into these two arrays, which are never resized.
  const ids = new Array<string>(m.outputItems);
  const values = new Array<number>(m.outputItems);
  let n = 0;
  const groups = new Array<Items<number>>(m.outputs.length);
  for (let g = 0; g < m.outputs.length; g++) {
    const o = m.outputs[g]!;
    const from = n;
    const list = o.items;
    let k = 0;
    while (k < list.length) {
      try {
        for (; k < list.length; k++) {
          const it = list[k]!;
          if (it.readsPrice && c.price === null) continue;
          if (it.when !== undefined && it.when(c) !== true) continue;
          const v = it.value(c);
          // Outputs are served as data: drop binary float noise such as 4.800000000000001.
          if (typeof v === 'number') {
            ids[n] = it.id;
            values[n++] = snapSelf(v);
          } else {
            let group = texts.get(o.id);
            if (group === undefined) {
              group = new Map();
              texts.set(o.id, group);
            }
            group.set(it.id, v as string);
          }
        }
      } catch (e) {
        k++;
        run.apart(e, o.id);
      }
    }
    groups[g] = new Items(ids, values, from, n);
  }
  return new Items(m.outputIds, groups, 0, groups.length);
}

/**
 * The errors of a calculation that returns the output groups `groups` (null: every group, as a schema's tests see
 * them): the configuration's, and each fault of an item of a returned group, once.
 */
export function errorsFor(ev: Evaluation, groups: ReadonlySet<string> | null): Issue[] {
  if (ev.outputErrors.size === 0) return ev.errors;
  const out = new Set(ev.errors);
  for (const [group, list] of ev.outputErrors) if (groups === null || groups.has(group)) for (const i of list) out.add(i);
  return [...out];
}

/** The language-dependent part of a model for a requested language, made once per language. */
export function packFor(m: CompiledModel, packs: Map<string, Pack>, lang: string | undefined): Pack {
  const language = negotiateLanguage(lang, m.ir);
  let pack = packs.get(language);
  if (pack === undefined) {
    pack = makePack(m, language);
    packs.set(language, pack);
  }
  return pack;
}

/** The evaluation's first part: the quantity and the configuration read, every field's state and its value's problems. */
function begin(m: CompiledModel, c: Ctx, packs: Map<string, Pack>, input: EvaluationInput) {
  const { ir } = m;
  const language = negotiateLanguage(input.lang, ir);
  const pack = packFor(m, packs, language);
  const quantityOk = isValidQuantity(input.quantity, ir.quantity);
  c.reset(quantityOk ? input.quantity : ir.quantity.default);
  const run = new Run(m, c, pack);
  if (!quantityOk) {
    const { min, max, step } = ir.quantity;
    const params = { min: String(min), max: String(max), step: String(step) };
    run.error('INVALID_QUANTITY', 'INVALID_QUANTITY', params, 'quantity', undefined, undefined, {
      quantity: sentValue(input.quantity),
    });
  }
  readConfiguration(run, input.configuration);
  return { language, run, fields: fieldStates(run) };
}

/**
 * Whether evaluating `input` reports an error that is not a check's (a constraint, an error rule, a fault): an
 * invalid quantity, an unknown key, a value refused or required. Those are all reported before the checks run,
 * which this leaves out.
 */
export function refusedBeforeChecks(m: CompiledModel, c: Ctx, packs: Map<string, Pack>, input: EvaluationInput): boolean {
  const { run } = begin(m, c, packs, input);
  return run.unlisted > 0 || run.errors.some((e) => !e.code.startsWith('R_'));
}

/** How soft defaults (configure/index.ts) evaluate a configuration they adjusted. */
export interface Adjusting {
  /**
   * The model's tables hold every constraint and the configuration is one of their solutions (a completion the
   * exact engine found, configure/exact), so that no constraint fails or faults: they are not evaluated again.
   */
  vouched?: boolean;
  /** The fields of the configuration given values the buyer did not send, by index (`because` names them last). */
  notSent?: ReadonlySet<number>;
}

export function evaluateModel(
  m: CompiledModel,
  c: Ctx,
  packs: Map<string, Pack>,
  input: EvaluationInput,
  adjusting: Adjusting = {},
): Evaluation {
  const { language, run, fields } = begin(m, c, packs, input);
  const groups = groupStates(run);
  const { notSent } = adjusting;
  const sent: Sent = (i) => !isAbsent(c.raw[i]) && notSent?.has(i) !== true;
  rules(run, sent);
  if (!adjusting.vouched) constraints(run, sent);
  // Pricing a configuration that has errors would quote something the customer did not ask for.
  const priced = run.errors.length === 0 ? price(run) : null;
  c.price = priced;
  const texts = m.hasTexts ? new Map<string, Map<string, string>>() : (NO_TEXTS as Map<string, Map<string, string>>);
  return {
    language,
    fields,
    groups,
    price: priced,
    outputs: outputs(run, texts),
    texts,
    errors: run.errors,
    outputErrors: run.outputErrors ?? NO_OUTPUT_ERRORS,
    unlistedErrors: run.unlisted,
    warnings: run.warnings,
    adjusted: NONE_ADJUSTED,
  };
}
