// The numeric kind: number, slider and quantity share bounds, a step grid, a unit and a numeric default; a slider
// needs both bounds, a quantity may offer presets.

import type { FieldModel } from '../check/checked-model';
import type { Ctx } from '../check/context';
import type { Props } from '../check/props';
import { onStepGrid } from '../runtime/numeric';
import { numberChecker } from '../runtime/sent-values';
import { rules } from './form-parts';
import { ADJUSTABLE_PROPS, type ControlSpec, type FieldTypeSpec, type Readers } from './spec';
import { type WireKeys, wire } from './wire';

const DECIMAL = /^-?\d{1,30}(?:\.\d{1,30})?$/;

/** A sent number: a JSON number, or a decimal string as HTML inputs give it. */
function _toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && DECIMAL.test(raw)) return Number(raw);
  return undefined;
}

function read(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers, boundsRequired: boolean): void {
  const num = (name: string, what: string) => {
    const p = props.get(name);
    return p ? r.readLiteral(ctx, p.value, 'number', what) : undefined;
  };
  const minP = props.get('min');
  const maxP = props.get('max');
  const min = num('min', `min of ${where}`);
  const max = num('max', `max of ${where}`);
  const stepP = props.get('step');
  let step = num('step', `step of ${where}`);
  if (step !== undefined && step <= 0) {
    ctx.diags.add('E_RANGE', stepP?.value.span ?? f.decl.id.span, `the step of ${where} must be greater than 0, found ${step}`);
    step = undefined;
  }
  if (boundsRequired) {
    if (!minP) ctx.diags.add('E_PROPERTY', f.decl.id.span, `${where} needs a "min"`);
    if (!maxP) ctx.diags.add('E_PROPERTY', f.decl.id.span, `${where} needs a "max"`);
  }
  const boundsOk = !(min !== undefined && max !== undefined && min > max);
  if (!boundsOk) ctx.diags.add('E_RANGE', maxP?.value.span ?? f.decl.id.span, `max ${max} of ${where} is below its min ${min}`);
  if (min !== undefined) f.min = min;
  if (max !== undefined) f.max = max;
  if (step !== undefined) f.step = step;
  const unitP = props.get('unit');
  const unit = unitP ? r.readLiteral(ctx, unitP.value, 'string', `the unit of ${where}`) : undefined;
  if (unit !== undefined) f.unit = unit;

  const defP = props.get('default');
  const def = num('default', `the default of ${where}`);
  if (defP && def !== undefined && boundsOk) {
    if ((min !== undefined && def < min) || (max !== undefined && def > max)) {
      ctx.diags.add('E_DEFAULT', defP.value.span, `the default ${def} of ${where} is outside ${min ?? '…'}..${max ?? '…'}`);
    } else if (step !== undefined && !onStepGrid(def, min ?? 0, step)) {
      ctx.diags.add(
        'E_DEFAULT',
        defP.value.span,
        `the default ${def} of ${where} is not on its step grid (${min ?? 0} plus multiples of ${step})`,
      );
    }
  }
  if (def !== undefined) f.default = def;
  f.fallback = def ?? min ?? (max !== undefined && max < 0 ? max : 0);

  const presetsP = props.get('presets');
  const presets = presetsP ? r.readNumbers(ctx, presetsP.value, `the presets of ${where}`) : undefined;
  if (presetsP && presets) {
    const outside = presets.filter((p) => (min !== undefined && p < min) || (max !== undefined && p > max));
    if (outside.length > 0) {
      ctx.diags.add(
        'E_RANGE',
        presetsP.value.span,
        `presets ${outside.join(', ')} of ${where} are outside ${min ?? '…'}..${max ?? '…'}`,
      );
    }
    f.presets = presets;
  }
}

const NUMERIC_WIRE = {
  unit: wire.optional(wire.string()),
  validation: wire.optional(
    wire.object({ min: wire.optional(wire.number()), max: wire.optional(wire.number()), step: wire.optional(wire.number()) }),
  ),
  default: wire.optional(wire.number()),
};

function numericType<W extends WireKeys, C extends ControlSpec>(own: {
  props: readonly string[];
  boundsRequired: boolean;
  wire: W;
  control: C;
}) {
  return {
    props: [...ADJUSTABLE_PROPS, 'min', 'max', 'step', 'unit', ...own.props],
    choice: false,
    computed: false,
    valueType: 'number',
    read: (ctx, props, f, where, r) => read(ctx, props, f, where, r, own.boundsRequired),
    readValue: null,
    literal: null,
    checker: numberChecker,
    form: (f, r) => ({
      unit: f.unit,
      validation: rules({ min: f.min, max: f.max, step: f.step }),
      presets: f.presets,
      default: r.advertisedDefault(f),
    }),
    wire: { ...NUMERIC_WIRE, ...own.wire },
    control: own.control,
    logic: (f, raw, fallback) => ({ sent: [raw, fallback, 'number', f.min ?? null, f.max ?? null, f.step ?? null] }),
  } satisfies FieldTypeSpec;
}

export const number = numericType({
  props: [],
  boundsRequired: false,
  wire: {},
  control: { control: 'number', rangeHint: true },
});
export const slider = numericType({
  props: [],
  boundsRequired: true,
  wire: {},
  control: { control: 'range', rangeHint: false },
});
export const quantity = numericType({
  props: ['presets'],
  boundsRequired: false,
  wire: { presets: wire.optional(wire.list(wire.number())) },
  control: { control: 'number', rangeHint: true },
});
