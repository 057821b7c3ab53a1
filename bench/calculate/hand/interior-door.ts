// examples/interior-door.cpq written by hand in TypeScript (English texts).
import { roundTo, stepTo } from '../../../src/lang/runtime/numeric';
import { booleanValue, choiceValue, numberValue, quantityValue, requireValue, textValue, unknownFields } from '../inputs';
import { rangeNext } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set([
  'door_width',
  'door_height',
  'wall_thickness',
  'surface',
  'glass_cutout',
  'glass_type',
  'lock',
  'handle',
  'third_hinge',
  'installation',
  'old_door_removal',
  'postcode',
  'collect',
]);
const WIDTH_MM: Record<string, number> = { w610: 610, w735: 735, w860: 860, w985: 985 };
const HEIGHT_MM: Record<string, number> = { h1985: 1985, h2110: 2110 };
const SURFACES = ['weisslack', 'cpl_eiche', 'eiche_furnier', 'anthrazit'];
const SURFACE_PRICE: Record<string, number> = { weisslack: 189, cpl_eiche: 229, eiche_furnier: 319, anthrazit: 249 };
const FRAME_EXTRA: Record<string, number> = { weisslack: 0, cpl_eiche: 20, eiche_furnier: 45, anthrazit: 25 };
const GLASS_PRICE: Record<string, number> = { satinato: 65, klar: 55, ornament: 75 };
const LOCK_PRICE: Record<string, number> = { bb: 0, pz: 19, wc: 29 };
const HANDLE_PRICE: Record<string, number> = { basic_alu: 39, steel_round: 69, steel_square: 79 };
const FRAME_BANDS = [100, 140, 180, 220, 260, 300, 340, 400];
const FRAME_PRICE = [129, 139, 149, 159, 179, 199, 219, 249];
const POSTCODE = /^(?:[0-9]{5})$/;
const MIN_CUTOUT_WIDTH = 735;
const TIERS = [
  { min: 10, rate: 0.07 },
  { min: 5, rate: 0.04 },
];

export function interiorDoor(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 30, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const doorWidth = choiceValue(config.door_width, ['w610', 'w735', 'w860', 'w985'], 'w860', 'door_width', errors);
  const doorHeight = choiceValue(config.door_height, ['h1985', 'h2110'], 'h1985', 'door_height', errors);
  const wallThickness = numberValue(config.wall_thickness, 60, 400, 5, 100, 'wall_thickness', errors);
  const surface = choiceValue(config.surface, SURFACES, 'weisslack', 'surface', errors);
  const glassCutout = booleanValue(config.glass_cutout, false, 'glass_cutout', errors);
  const glassType = glassCutout
    ? choiceValue(config.glass_type, ['satinato', 'klar', 'ornament'], 'satinato', 'glass_type', errors)
    : '';
  const lock = choiceValue(config.lock, ['bb', 'pz', 'wc'], 'bb', 'lock', errors);
  const handle = choiceValue(config.handle, ['basic_alu', 'steel_round', 'steel_square'], 'basic_alu', 'handle', errors);
  const thirdHingeEnabled = doorHeight === 'h1985' && surface !== 'eiche_furnier';
  const thirdHinge = thirdHingeEnabled ? booleanValue(config.third_hinge, false, 'third_hinge', errors) : false;
  const installation = booleanValue(config.installation, false, 'installation', errors);
  const removal = installation ? booleanValue(config.old_door_removal, false, 'old_door_removal', errors) : false;
  const postcode = installation ? textValue(config.postcode, 5, POSTCODE, '', 'postcode', errors) : '';
  if (installation) requireValue(config.postcode, 'postcode', 'Postcode of the site', errors);
  const collect = installation ? false : booleanValue(config.collect, false, 'collect', errors);

  const widthMm = WIDTH_MM[doorWidth] as number;
  const hingeCount = doorHeight === 'h2110' || surface === 'eiche_furnier' || thirdHinge ? 3 : 2;
  const frameDepthMm = Math.max(stepTo(wallThickness, 20, true), 80);

  if (glassCutout && widthMm < MIN_CUTOUT_WIDTH) {
    errors.push(
      ruleIssue('cutout_narrow', `Glass panels need a door width of at least ${show(MIN_CUTOUT_WIDTH)} mm`, 'glass_cutout'),
    );
  }
  if (lock === 'wc' && glassCutout && glassType === 'klar') {
    warnings.push(ruleIssue('wc_clear_glass', 'Clear glass in a bathroom door: consider privacy', 'glass_type'));
  }

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('leaf', 'line', 'Door leaf', (SURFACE_PRICE[surface] as number) + (doorWidth === 'w985' ? 35 : 0));
    if (doorHeight === 'h2110') bill.add('tall', 'surcharge', 'Height 2110 mm', 40);
    bill.add('frame', 'line', 'Frame', rangeNext(FRAME_BANDS, FRAME_PRICE, wallThickness) + (FRAME_EXTRA[surface] as number));
    if (glassCutout) bill.add('cutout', 'line', 'Glass panel', 89 + (GLASS_PRICE[glassType] as number));
    if (lock !== 'bb') bill.add('lock', 'line', 'Lock', LOCK_PRICE[lock] as number);
    bill.add('handle', 'line', 'Handle set', HANDLE_PRICE[handle] as number);
    if (hingeCount === 3) bill.add('hinge', 'surcharge', 'Third hinge', 12);
    if (installation) bill.add('installation', 'line', 'Fitting', 149);
    if (removal) bill.add('removal', 'line', 'Old door disposal', 39);
    if (collect) bill.add('collect', 'line', 'Collection discount', -10);
    price = bill.close('EUR', quantity, TIERS, errors);
  }

  const production: Record<string, number> = { leaf: 1, frame_sets: 1, hinges: hingeCount };
  if (glassCutout) production.glass_m2 = roundTo(((widthMm - 340) * 1600) / 1000000, 3);
  production.lock_case = 1;
  if (lock === 'pz') production.cylinder = 1;
  production.frame_depth_mm = frameDepthMm;
  production.frame_play_mm = Math.abs(frameDepthMm - wallThickness);

  return {
    fields: [
      { id: 'door_width', visible: true, enabled: true, value: doorWidth },
      { id: 'door_height', visible: true, enabled: true, value: doorHeight },
      { id: 'wall_thickness', visible: true, enabled: true, value: wallThickness },
      { id: 'surface', visible: true, enabled: true, value: surface },
      { id: 'glass_cutout', visible: true, enabled: true, value: glassCutout },
      { id: 'glass_type', visible: glassCutout, enabled: true, value: glassType },
      { id: 'lock', visible: true, enabled: true, value: lock },
      { id: 'handle', visible: true, enabled: true, value: handle },
      { id: 'third_hinge', visible: true, enabled: thirdHingeEnabled, value: thirdHinge },
      { id: 'installation', visible: true, enabled: true, value: installation },
      { id: 'old_door_removal', visible: true, enabled: installation, value: removal },
      { id: 'postcode', visible: installation, enabled: true, value: postcode },
      { id: 'collect', visible: true, enabled: !installation, value: collect },
    ],
    price,
    outputs: {
      opening: { rough_width_mm: widthMm + 25, rough_height_mm: (HEIGHT_MM[doorHeight] as number) + 20 },
      production,
    },
    errors,
    warnings,
  };
}
