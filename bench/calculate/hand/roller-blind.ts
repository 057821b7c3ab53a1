// examples/roller-blind.cpq written by hand in TypeScript (English texts).
import { roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';
import { booleanValue, choiceValue, numberValue, quantityValue, unknownFields } from '../inputs';
import { matrixInterpolate, rangeInterpolate, rangeNext } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set([
  'width',
  'drop',
  'mount',
  'fabric',
  'operation',
  'chain_side',
  'remotes',
  'smart_hub',
  'cassette',
  'bottom_bar',
]);
const FABRICS = ['linen_white', 'sand', 'graphite_blackout', 'ocean_blackout'];
const FABRIC_PRICE: Record<string, number> = { linen_white: 24, sand: 24, graphite_blackout: 36, ocean_blackout: 36 };
const BLACKOUT: Record<string, boolean> = { linen_white: false, sand: false, graphite_blackout: true, ocean_blackout: true };
const BOTTOM_BAR_PRICE: Record<string, number> = { standard: 0, oval_alu: 12, wooden: 18 };
const MAKE_UP_ROWS = [50, 150, 300];
const MAKE_UP_COLUMNS = [50, 300];
const MAKE_UP = [
  [20, 30],
  [30, 45],
  [45, 70],
];
const MOTOR_BANDS = [120, 200, 300];
const MOTOR_PRICE = [149, 179, 219];
const CASSETTE_BANDS = [60, 300];
const CASSETTE_PRICE = [45, 105];
const TIERS = [
  { min: 10, rate: 0.15 },
  { min: 6, rate: 0.1 },
  { min: 3, rate: 0.05 },
];

export function rollerBlind(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 40, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const width = numberValue(config.width, 40, 300, 1, 120, 'width', errors);
  const drop = numberValue(config.drop, 50, 300, 1, 160, 'drop', errors);
  const mount = choiceValue(config.mount, ['recess', 'outside'], 'recess', 'mount', errors);
  const fabric = choiceValue(config.fabric, FABRICS, 'linen_white', 'fabric', errors);
  const operation = choiceValue(config.operation, ['chain', 'spring', 'motor'], 'chain', 'operation', errors);
  const chain = operation === 'chain';
  const motor = operation === 'motor';
  const chainSide = chain ? choiceValue(config.chain_side, ['right', 'left'], 'right', 'chain_side', errors) : '';
  const remotes = motor ? numberValue(config.remotes, 0, 10, 1, 1, 'remotes', errors) : 0;
  const smartHub = motor ? booleanValue(config.smart_hub, false, 'smart_hub', errors) : false;
  const cassette = booleanValue(config.cassette, false, 'cassette', errors);
  const bottomBar = choiceValue(config.bottom_bar, ['standard', 'oval_alu', 'wooden'], 'standard', 'bottom_bar', errors);

  const fabricAreaM2 = (width * (drop + 20)) / 10000;
  const areaM2 = roundTo((width * drop) / 10000, 2);
  const weightKg = roundTo(width * 9e-3 + fabricAreaM2 * (BLACKOUT[fabric] ? 0.5 : 0.3) + (motor ? 1.2 : 0), 1);

  if (operation === 'spring' && width * drop > 40000) {
    errors.push(ruleIssue('spring_size', `Spring operation is limited to 4 m² (this blind: ${show(areaM2)} m²)`, 'operation'));
  }
  if (chain && width > 200) {
    warnings.push(
      ruleIssue(
        'wide_chain',
        `Blinds wider than 2 m (${show(width)} cm) are heavy to raise by chain: we recommend a motor`,
        'operation',
      ),
    );
  }

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('fabric', 'line', 'Fabric', Math.max(fabricAreaM2, 1) * (FABRIC_PRICE[fabric] as number));
    bill.add('make_up', 'line', 'Make-up', matrixInterpolate(MAKE_UP_ROWS, MAKE_UP_COLUMNS, MAKE_UP, width, drop));
    if (operation === 'spring') bill.add('spring', 'line', 'Spring mechanism', 15);
    if (motor) bill.add('motor', 'line', 'Motor', rangeNext(MOTOR_BANDS, MOTOR_PRICE, width));
    if (motor && remotes > 0) bill.add('remotes', 'line', 'Remote controls', remotes * 29);
    if (smartHub) bill.add('hub', 'line', 'Smart hub', 89);
    if (cassette) bill.add('cassette', 'surcharge', 'Cassette', rangeInterpolate(CASSETTE_BANDS, CASSETTE_PRICE, width));
    if (bottomBar !== 'standard') bill.add('bottom_bar', 'line', 'Bottom bar', BOTTOM_BAR_PRICE[bottomBar] as number);
    price = bill.close('GBP', quantity, TIERS, errors);
  }

  const cutting: Record<string, number> = {
    fabric_width_cm: stepTo(width - 3.3, 0.5, false),
    fabric_length_cm: drop + 20,
    tube_length_cm: width - 3,
    bottom_bar_cm: width - 4,
    brackets: Math.min(Math.max(Math.ceil(snapSelf(width / 100)), 2), 3),
  };
  if (chain) cutting.chain_loop_cm = stepTo(drop * 1.3, 25, true);

  return {
    fields: [
      { id: 'width', visible: true, enabled: true, value: width },
      { id: 'drop', visible: true, enabled: true, value: drop },
      { id: 'mount', visible: true, enabled: true, value: mount },
      { id: 'fabric', visible: true, enabled: true, value: fabric },
      { id: 'operation', visible: true, enabled: true, value: operation },
      { id: 'chain_side', visible: chain, enabled: true, value: chainSide },
      { id: 'remotes', visible: motor, enabled: true, value: remotes },
      { id: 'smart_hub', visible: motor, enabled: true, value: smartHub },
      { id: 'cassette', visible: true, enabled: true, value: cassette },
      { id: 'bottom_bar', visible: true, enabled: true, value: bottomBar },
    ],
    price,
    outputs: { cutting, shipping: { parcel_length_cm: width + 10, weight_kg: weightKg } },
    errors,
    warnings,
  };
}
