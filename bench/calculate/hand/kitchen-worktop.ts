// examples/kitchen-worktop.cpq written by hand in TypeScript (English texts).
import { roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';
import { booleanValue, choiceValue, numberValue, quantityValue, unknownFields } from '../inputs';
import { rangeInterpolate } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set([
  'length',
  'depth',
  'material',
  'decor',
  'edging',
  'sink_cutout',
  'sink_mount',
  'drainer_grooves',
  'hob_cutout',
  'tap_holes',
  'templating',
  'fitting_service',
]);
const DEPTH_MM: Record<string, number> = { d600: 600, d650: 650, d900: 900 };
const SIDES: Record<string, number> = { front: 0, front_left: 1, front_both: 2 };

interface Material {
  price: number;
  maxLength: number;
  kgM2: number;
  edgePriceM: number;
  cutoutPrice: number;
  machiningFactor: number;
  leadDays: number;
}
const MATERIALS: Record<string, Material> = {
  laminate: { price: 95, maxLength: 4100, kgM2: 25, edgePriceM: 12, cutoutPrice: 45, machiningFactor: 1, leadDays: 5 },
  oak: { price: 260, maxLength: 4000, kgM2: 28, edgePriceM: 18, cutoutPrice: 75, machiningFactor: 1.5, leadDays: 10 },
  quartz: { price: 480, maxLength: 3200, kgM2: 48, edgePriceM: 35, cutoutPrice: 140, machiningFactor: 3, leadDays: 15 },
};
const FIT_BANDS = [1000, 4000];
const FIT_PRICE = [180, 330];

export function kitchenWorktop(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 20, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const length = numberValue(config.length, 300, 4100, 1, 2000, 'length', errors);
  const depth = choiceValue(config.depth, ['d600', 'd650', 'd900'], 'd600', 'depth', errors);
  const material = choiceValue(config.material, ['laminate', 'oak', 'quartz'], 'laminate', 'material', errors);
  const laminate = material === 'laminate';
  const decor = laminate
    ? choiceValue(config.decor, ['white_gloss', 'concrete_grey', 'walnut'], 'white_gloss', 'decor', errors)
    : '';
  const edging = choiceValue(config.edging, ['front', 'front_left', 'front_both'], 'front', 'edging', errors);
  const sink = booleanValue(config.sink_cutout, false, 'sink_cutout', errors);
  // Hidden without a sink (no option); shown but disabled on laminate (its default).
  const sinkMount = !sink
    ? ''
    : laminate
      ? 'inset'
      : choiceValue(config.sink_mount, ['inset', 'undermount'], 'inset', 'sink_mount', errors);
  const groovesShown = sink && !laminate;
  const grooves = groovesShown ? booleanValue(config.drainer_grooves, false, 'drainer_grooves', errors) : false;
  const hob = booleanValue(config.hob_cutout, false, 'hob_cutout', errors);
  const tapHoles = numberValue(config.tap_holes, 0, 3, 1, 0, 'tap_holes', errors);
  const templating = laminate ? false : booleanValue(config.templating, false, 'templating', errors);
  const fitting = laminate ? false : booleanValue(config.fitting_service, false, 'fitting_service', errors);

  const m = MATERIALS[material] as Material;
  const depthMm = DEPTH_MM[depth] as number;
  const areaM2 = (length * depthMm) / 1000000;
  const edgeM = (length + (SIDES[edging] as number) * depthMm) / 1000;
  const weightKg = roundTo(areaM2 * m.kgM2, 1);
  const cuttingMin = 10 + Math.ceil(snapSelf(length / 1000)) * 5;
  const edgingMin = Math.ceil(snapSelf(edgeM * 4));
  const cutoutMin = ((sink ? 25 : 0) + (hob ? 20 : 0) + tapHoles * 5 + (grooves ? 30 : 0)) * m.machiningFactor;

  if (length > m.maxLength) {
    errors.push(
      ruleIssue(
        'too_long',
        `Worktops in this material are at most ${show(m.maxLength)} mm long (requested: ${show(length)} mm)`,
        'length',
      ),
    );
  }
  if (sink && hob && length < 1200) {
    errors.push(ruleIssue('hob_and_sink', 'A worktop with a sink and a hob cut-out must be at least 1200 mm long', 'hob_cutout'));
  }
  if (weightKg > 100)
    warnings.push(ruleIssue('heavy_top', `This worktop weighs ${show(weightKg)} kg: plan for three people to lift it`));

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('top', 'line', 'Worktop', Math.max(areaM2, 0.5) * m.price);
    bill.add('edging', 'line', 'Edge finishing', edgeM * m.edgePriceM);
    if (sink) bill.add('sink', 'line', 'Sink cut-out', m.cutoutPrice);
    if (sink && sinkMount === 'undermount') bill.add('undermount', 'surcharge', 'Undermount polishing', 85);
    if (grooves) bill.add('grooves', 'line', 'Drainer grooves', 95);
    if (hob) bill.add('hob', 'line', 'Hob cut-out', m.cutoutPrice);
    if (tapHoles > 0) bill.add('tap_holes', 'line', 'Tap holes', tapHoles * 15);
    if (fitting) bill.add('fitting', 'line', 'Fitting', rangeInterpolate(FIT_BANDS, FIT_PRICE, length));
    if (templating) bill.add('templating', 'line', 'Templating', 150, true);
    price = bill.close('EUR', quantity, [], errors);
  }

  return {
    fields: [
      { id: 'length', visible: true, enabled: true, value: length },
      { id: 'depth', visible: true, enabled: true, value: depth },
      { id: 'material', visible: true, enabled: true, value: material },
      { id: 'decor', visible: laminate, enabled: true, value: decor },
      { id: 'edging', visible: true, enabled: true, value: edging },
      { id: 'sink_cutout', visible: true, enabled: true, value: sink },
      { id: 'sink_mount', visible: sink, enabled: !laminate, value: sinkMount },
      { id: 'drainer_grooves', visible: groovesShown, enabled: true, value: grooves },
      { id: 'hob_cutout', visible: true, enabled: true, value: hob },
      { id: 'tap_holes', visible: true, enabled: true, value: tapHoles },
      { id: 'templating', visible: true, enabled: !laminate, value: templating },
      { id: 'fitting_service', visible: true, enabled: !laminate, value: fitting },
    ],
    price,
    outputs: {
      cutting_list: { board_m2: roundTo(areaM2, 3), edging_m: stepTo(edgeM * 1.1, 0.5, true) },
      production_time: {
        cutting_min: cuttingMin,
        edging_min: edgingMin,
        cutout_min: snapSelf(cutoutMin),
        total_h: roundTo((cuttingMin + edgingMin + cutoutMin) / 60, 2),
      },
      ...(price ? { sales: { order_value: price.total, commission: roundTo(price.total * 0.04, 2) } } : { sales: {} }),
      delivery: { lead_time_days: m.leadDays + (templating ? 5 : 0), weight_kg: weightKg },
    },
    errors,
    warnings,
  };
}
