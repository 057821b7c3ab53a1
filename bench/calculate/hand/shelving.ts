// examples/shelving.cpq written by hand in TypeScript (English texts).
import { floorMod, snapSelf } from '../../../src/lang/runtime/numeric';
import { booleanValue, choiceValue, numberValue, quantityValue, unknownFields } from '../inputs';
import { matrixInterpolate, matrixNext } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set([
  'bays',
  'bay_width',
  'height',
  'depth',
  'shelves_per_bay',
  'material',
  'wall_anchor',
  'back_panels',
  'drawer_units',
]);
const BAY_MM: Record<string, number> = { w750: 750, w1000: 1000, w1250: 1250 };
const HEIGHT_MM: Record<string, number> = { h1800: 1800, h2000: 2000, h2500: 2500 };
const DEPTH_MM: Record<string, number> = { d300: 300, d400: 400, d500: 500 };
const MATERIAL_PRICE: Record<string, number> = { galvanised: 0, anthracite: 4, beech: 9 };
const FRAME_ROWS = [1800, 2000, 2500];
const FRAME_COLUMNS = [300, 400, 500];
const FRAME_PRICE = [
  [29, 32, 35],
  [32, 35, 39],
  [39, 43, 47],
];
const SHELF_ROWS = [750, 1250];
const SHELF_COLUMNS = [300, 500];
const SHELF_PRICE = [
  [14, 19],
  [21, 28],
];
const BACK_PANEL_M: Record<string, number> = { w750: 24, w1000: 29, w1250: 36 };
const SHELF_LOAD_KG: Record<string, number> = { w750: 200, w1000: 150, w1250: 120 };
const TIERS = [
  { min: 5, rate: 0.1 },
  { min: 3, rate: 0.05 },
];

export function shelving(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 100, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const bays = numberValue(config.bays, 1, 8, 1, 2, 'bays', errors);
  const bayWidth = choiceValue(config.bay_width, ['w750', 'w1000', 'w1250'], 'w1000', 'bay_width', errors);
  const height = choiceValue(config.height, ['h1800', 'h2000', 'h2500'], 'h2000', 'height', errors);
  const depth = choiceValue(config.depth, ['d300', 'd400', 'd500'], 'd400', 'depth', errors);
  const shelvesPerBay = numberValue(config.shelves_per_bay, 3, 10, 1, 5, 'shelves_per_bay', errors);
  const material = choiceValue(config.material, ['galvanised', 'anthracite', 'beech'], 'galvanised', 'material', errors);
  const wallAnchor = booleanValue(config.wall_anchor, false, 'wall_anchor', errors);
  const backPanels = booleanValue(config.back_panels, false, 'back_panels', errors);
  const drawerUnits = numberValue(config.drawer_units, 0, 16, 1, 0, 'drawer_units', errors);

  const frames = bays + 1;
  const shelves = bays * shelvesPerBay;
  const heightMm = HEIGHT_MM[height] as number;
  const depthMm = DEPTH_MM[depth] as number;
  const bayMm = BAY_MM[bayWidth] as number;
  const maxDrawers = bays * 2;
  const shelfLoadKg = SHELF_LOAD_KG[bayWidth] as number;

  if (heightMm / depthMm > 6 && !wallAnchor) {
    errors.push(
      ruleIssue(
        'anchor_required',
        `A run ${show(heightMm)} mm high and ${show(depthMm)} mm deep must be anchored to the wall`,
        'wall_anchor',
      ),
    );
  }
  if (drawerUnits > maxDrawers) {
    errors.push(
      ruleIssue('drawers_too_many', `At most two drawer units fit in a bay (${show(maxDrawers)} for this run)`, 'drawer_units'),
    );
  }
  if (drawerUnits > 0 && depthMm < 400) {
    warnings.push(
      ruleIssue('drawers_depth', `Drawer units are 400 mm deep and will stand out ${show(400 - depthMm)} mm`, 'drawer_units'),
    );
  }

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('frames', 'line', 'End frames', frames * matrixNext(FRAME_ROWS, FRAME_COLUMNS, FRAME_PRICE, heightMm, depthMm));
    bill.add('shelves', 'line', 'Shelves', shelves * matrixInterpolate(SHELF_ROWS, SHELF_COLUMNS, SHELF_PRICE, bayMm, depthMm));
    if (material !== 'galvanised')
      bill.add('finish', 'surcharge', 'Finish', (frames + shelves) * (MATERIAL_PRICE[material] as number));
    if (backPanels) bill.add('back_panels', 'line', 'Back panels', (bays * (BACK_PANEL_M[bayWidth] as number) * heightMm) / 1000);
    if (wallAnchor) bill.add('wall_anchor', 'line', 'Wall anchoring', frames * 4.5);
    if (drawerUnits > 0) bill.add('drawers', 'line', 'Drawer units', drawerUnits * 69);
    price = bill.close('EUR', quantity, TIERS, errors);
  }

  const picking: Record<string, number> = {
    end_frames: frames,
    shelves,
    clip_bags: Math.floor(snapSelf((shelves * 4) / 20)),
    loose_clips: floorMod(shelves * 4, 20),
    cross_braces: bays * 2,
  };
  if (wallAnchor) picking.wall_brackets = frames * Math.floor(snapSelf(heightMm / 1000));
  if (backPanels) picking.back_panels = bays;
  if (drawerUnits > 0) picking.drawer_units = drawerUnits;
  picking.cartons = Math.ceil(snapSelf((frames + shelves) / 10));

  return {
    fields: [
      { id: 'bays', visible: true, enabled: true, value: bays },
      { id: 'bay_width', visible: true, enabled: true, value: bayWidth },
      { id: 'height', visible: true, enabled: true, value: height },
      { id: 'depth', visible: true, enabled: true, value: depth },
      { id: 'shelves_per_bay', visible: true, enabled: true, value: shelvesPerBay },
      { id: 'material', visible: true, enabled: true, value: material },
      { id: 'wall_anchor', visible: true, enabled: true, value: wallAnchor },
      { id: 'back_panels', visible: true, enabled: true, value: backPanels },
      { id: 'drawer_units', visible: true, enabled: true, value: drawerUnits },
    ],
    price,
    outputs: {
      picking,
      dimensions: {
        total_width_mm: bays * bayMm + frames * 40,
        height_mm: heightMm,
        depth_mm: depthMm,
        shelf_load_kg: shelfLoadKg,
        bay_load_kg: Math.min(shelfLoadKg * shelvesPerBay, 900),
      },
    },
    errors,
    warnings,
  };
}
