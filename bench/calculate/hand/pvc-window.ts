// examples/pvc-window.cpq written by hand in TypeScript (English texts).
import { roundHalfAway, roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';
import { booleanValue, choiceValue, numberValue, quantityValue, unknownFields } from '../inputs';
import { matrixNext, rangeNext } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set(['width', 'height', 'sashes', 'opening', 'glass', 'colour', 'colour_inside', 'sill', 'sill_depth']);
const SASH_COUNT: Record<string, number> = { single: 1, double: 2 };
const OPENING_PRICE: Record<string, number> = { turn_tilt: 42, turn: 28, fixed: 0 };
const COLOUR_PRICE: Record<string, number> = { white: 0, cream: 8, anthracite: 10, golden_oak: 14 };
const SILL_FACTOR: Record<string, number> = { d150: 1, d225: 1.25 };
const GLASS_PRICE_M2: Record<string, number> = { double: 38, triple: 55.5, triple_sound: 72 };
const GLASS_KG_M2: Record<string, number> = { double: 20, triple: 30, triple_sound: 35 };
const BANDS = [600, 900, 1200, 1500, 1800, 2400];
const BASE_PRICE = [
  [120, 135, 150, 165, 180, 200],
  [135, 150, 170, 190, 210, 235],
  [150, 170, 195, 220, 245, 275],
  [165, 190, 220, 250, 280, 315],
  [180, 210, 245, 280, 315, 355],
  [210, 245, 285, 325, 365, 410],
];
const HEIGHT_BANDS = [600, 900, 1200, 1500, 1800, 2200];
const SILL_PRICE = [30, 38, 46, 55, 64, 80];
const TIERS = [
  { min: 25, rate: 0.08 },
  { min: 10, rate: 0.05 },
  { min: 5, rate: 0.03 },
];

export function pvcWindow(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 50, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const width = numberValue(config.width, 400, 2400, 10, 1000, 'width', errors);
  const height = numberValue(config.height, 400, 2200, 10, 1200, 'height', errors);
  const sashes = choiceValue(config.sashes, ['single', 'double'], 'single', 'sashes', errors);
  const opening = choiceValue(config.opening, ['turn_tilt', 'turn', 'fixed'], 'turn_tilt', 'opening', errors);
  const glass = choiceValue(config.glass, ['double', 'triple', 'triple_sound'], 'triple', 'glass', errors);
  const colour = choiceValue(config.colour, ['white', 'cream', 'anthracite', 'golden_oak'], 'white', 'colour', errors);
  const colourInside = choiceValue(
    config.colour_inside,
    ['white', 'cream', 'anthracite', 'golden_oak'],
    'white',
    'colour_inside',
    errors,
  );
  const sill = booleanValue(config.sill, false, 'sill', errors);
  const sillDepth = sill ? choiceValue(config.sill_depth, ['d150', 'd225'], 'd150', 'sill_depth', errors) : '';

  const count = SASH_COUNT[sashes] as number;
  const areaM2 = (width * height) / 1e6;
  const perimeterM = (2 * (width + height)) / 1000;
  const mullionM = sashes === 'double' ? height / 1000 : 0;
  const glassAreaM2 = ((width - 110 * count) * (height - 110)) / 1000000;
  const weightKg = roundTo(perimeterM * 3 + mullionM * 2.5 + glassAreaM2 * (GLASS_KG_M2[glass] as number), 1);

  if (areaM2 > 4.5)
    errors.push(ruleIssue('too_large', `Windows over 4.5 m² cannot be produced (this one: ${show(areaM2)} m²)`, 'width'));
  if (sashes === 'double' && width < 800) {
    errors.push(
      ruleIssue('narrow_double', `Double-sash windows must be at least 800 mm wide (this one: ${show(width)} mm)`, 'sashes'),
    );
  }
  if (weightKg > 80)
    warnings.push(ruleIssue('heavy', `This window weighs about ${show(weightKg)} kg: two people are needed to fit it`));

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('frame', 'line', 'Window frame', matrixNext(BANDS, HEIGHT_BANDS, BASE_PRICE, width, height));
    if (sashes === 'double') bill.add('mullion', 'line', 'Second sash', 65);
    bill.add('glazing', 'line', 'Glazing', areaM2 * (GLASS_PRICE_M2[glass] as number));
    if (opening === 'turn_tilt' || opening === 'turn')
      bill.add('hardware', 'line', 'Fittings', (OPENING_PRICE[opening] as number) * count);
    if (colour !== 'white') bill.add('colour', 'surcharge', 'Colour foil', perimeterM * (COLOUR_PRICE[colour] as number));
    if (sill) bill.add('sill', 'line', 'Outside sill', rangeNext(BANDS, SILL_PRICE, width) * (SILL_FACTOR[sillDepth] as number));
    price = bill.close('EUR', quantity, TIERS, errors);
  }

  const bom: Record<string, number> = { frame_profile_m: stepTo(perimeterM * 1.08, 0.1, true) };
  if (sashes === 'double') bom.mullion_profile_m = stepTo(mullionM * 1.08, 0.1, true);
  bom.glass_m2 = roundTo(glassAreaM2, 3);
  bom.glass_panes = count;
  if (opening !== 'fixed') bom.hinges = count * (opening === 'turn_tilt' ? 3 : 2);
  if (opening !== 'fixed') bom.handles = 1;
  bom.gasket_m = Math.ceil(snapSelf(2 * perimeterM * 1.05));
  if (colourInside !== 'white') bom.inside_foil_m = stepTo(perimeterM * 1.08, 0.1, true);

  return {
    fields: [
      { id: 'width', visible: true, enabled: true, value: width },
      { id: 'height', visible: true, enabled: true, value: height },
      { id: 'sashes', visible: true, enabled: true, value: sashes },
      { id: 'opening', visible: true, enabled: true, value: opening },
      { id: 'glass', visible: true, enabled: true, value: glass },
      { id: 'colour', visible: true, enabled: true, value: colour },
      { id: 'colour_inside', visible: true, enabled: true, value: colourInside },
      { id: 'sill', visible: true, enabled: true, value: sill },
      { id: 'sill_depth', visible: sill, enabled: true, value: sillDepth },
    ],
    price,
    outputs: {
      bom,
      weight: {
        weight_kg: weightKg,
        area_m2: roundTo(areaM2, 2),
        diagonal_mm: roundHalfAway(Math.sqrt(width * width + height * height)),
      },
    },
    errors,
    warnings,
  };
}
