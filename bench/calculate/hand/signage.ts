// examples/signage.cpq written by hand in TypeScript (English texts).
import { charCount } from '../../../src/lang/functions';
import { roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';
import {
  booleanValue,
  choiceValue,
  dateValue,
  listValue,
  numberValue,
  quantityValue,
  requireValue,
  textValue,
  unknownFields,
} from '../inputs';
import { rangeNext } from '../lookup';
import { Bill, type Issue, type Outcome, ruleIssue, show } from '../outcome';

const FIELDS = new Set([
  'sign_text',
  'letter_count',
  'letter_height',
  'material',
  'face_colour',
  'illumination',
  'mounting',
  'rush',
  'extras',
  'installation',
  'installation_date',
]);
const SIGN_TEXT = /^(?:[A-Z0-9&.'-]+)$/;
const FACTOR: Record<string, number> = { acrylic: 1, aluminium: 1.5, stainless: 2.5 };
const COLOUR_PRICE: Record<string, number> = { white: 0, red: 0, blue: 0, gold: 8 };
const LIGHT_PRICE: Record<string, number> = { none: 0, front: 35, halo: 48 };
const LETTER_BANDS = [150, 200, 300, 400, 500, 600];
const LETTER_PRICE = [38, 45, 62, 84, 110, 140];
const TIERS = [
  { min: 5, rate: 0.15 },
  { min: 2, rate: 0.1 },
];

export function signage(config: Record<string, unknown>, quantityIn: number): Outcome {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const quantity = quantityValue(quantityIn, { min: 1, max: 20, step: 1, default: 1 }, errors);
  unknownFields(config, FIELDS, errors);
  const signText = textValue(config.sign_text, 24, SIGN_TEXT, 'CAFE', 'sign_text', errors);
  const letterCount = charCount(signText);
  const letterHeight = numberValue(config.letter_height, 100, 600, 50, 200, 'letter_height', errors);
  const material = choiceValue(config.material, ['acrylic', 'aluminium', 'stainless'], 'acrylic', 'material', errors);
  const acrylic = material === 'acrylic';
  const faceColour = acrylic
    ? choiceValue(config.face_colour, ['white', 'red', 'blue', 'gold'], 'white', 'face_colour', errors)
    : '';
  const illumination = choiceValue(config.illumination, ['none', 'front', 'halo'], 'none', 'illumination', errors);
  const lit = illumination !== 'none';
  const mounting = choiceValue(config.mounting, ['studs', 'rail'], 'studs', 'mounting', errors);
  const rush = booleanValue(config.rush, false, 'rush', errors);
  // Hidden while unlit: no accessory.
  const extras = lit ? listValue(config.extras, ['dimmer', 'timer', 'motion'], { min: 0, max: 2 }, [], 'extras', errors) : [];
  const installation = booleanValue(config.installation, false, 'installation', errors);
  const date = installation ? dateValue(config.installation_date, '2026-01-05', '2027-12-17', 'installation_date', errors) : '';
  if (installation) requireValue(config.installation_date, 'installation_date', 'Preferred date', errors);

  const letterUnit = rangeNext(LETTER_BANDS, LETTER_PRICE, letterHeight) * (FACTOR[material] as number);
  const signLengthMm = letterCount * letterHeight * 0.75;
  const signLengthM = signLengthMm / 1000;
  const ledModules = letterCount * Math.ceil(snapSelf(letterHeight / 100));

  if (lit && letterHeight < 150) {
    errors.push(
      ruleIssue('led_too_small', `Lit letters must be at least 150 mm high (chosen: ${show(letterHeight)} mm)`, 'letter_height'),
    );
  }
  if (illumination === 'halo' && acrylic) {
    errors.push(
      ruleIssue('halo_needs_metal', 'Halo lighting needs metal letters (aluminium or stainless steel)', 'illumination'),
    );
  }
  if (extras.includes('motion') && mounting !== 'rail') {
    errors.push({
      code: 'CONSTRAINT',
      message: 'LED accessories: "Motion sensor" is not available with the other choices',
      field: 'extras',
      rule: 'extras.motion',
    });
  }
  if (signLengthM > 4) {
    const sections = Math.ceil(snapSelf(signLengthM / 2.5));
    warnings.push(ruleIssue('long_sign', `Signs over 4 m are mounted in ${show(sections)} sections; the joints are visible`));
  }
  if (letterCount > 16) {
    warnings.push(
      ruleIssue(
        'many_letters',
        `${show(letterCount)} letters: above 16 a light box is often cheaper (ask for a {light box} quote)`,
      ),
    );
  }
  if (installation && date >= '2026-12-15' && date <= '2026-12-31') {
    warnings.push(
      ruleIssue('december_install', 'Installations in the second half of December may be delayed', 'installation_date'),
    );
  }

  let price = null;
  if (errors.length === 0) {
    const bill = new Bill(2);
    bill.add('letters', 'line', 'Letters', letterCount * letterUnit);
    const colourPrice = COLOUR_PRICE[faceColour] as number;
    if (colourPrice > 0) bill.add('colour', 'surcharge', 'Special colour', letterCount * colourPrice);
    if (lit) bill.add('lighting', 'line', 'LED modules', letterCount * (LIGHT_PRICE[illumination] as number));
    if (lit) bill.add('power_supply', 'line', 'Power supply', 85);
    if (extras.length > 0) bill.add('controls', 'line', 'LED controls', extras.length * 65);
    if (extras.includes('motion')) bill.add('sensor_bracket', 'line', 'Sensor bracket', 25);
    bill.add('mounting', 'line', 'Mounting', mounting === 'studs' ? letterCount * 6 : stepTo(signLengthM, 0.5, true) * 55);
    if (installation) bill.add('installation', 'line', 'Installation', 180 + letterCount * 10);
    if (rush) bill.add('rush', 'surcharge', 'Express surcharge', letterCount * letterUnit * 0.25);
    if (letterCount < 5 && quantity === 1) bill.add('small_order', 'surcharge', 'Small order surcharge', 40);
    price = bill.close('CHF', quantity, TIERS, errors);
  }

  const production: Record<string, number> = { sheet_m2: roundTo(letterCount * (letterHeight / 1000) ** 2 * 0.8, 3) };
  if (lit) production.led_modules = ledModules;
  if (lit) production.psu_w = stepTo(ledModules * 1.25, 50, true);
  if (mounting === 'studs') production.studs = letterCount * 3;
  if (mounting === 'rail') production.rail_m = stepTo(signLengthM, 0.5, true);
  if (extras.length > 0) production.controls = extras.length;

  return {
    fields: [
      { id: 'sign_text', visible: true, enabled: true, value: signText },
      { id: 'letter_count', visible: false, enabled: true, value: letterCount },
      { id: 'letter_height', visible: true, enabled: true, value: letterHeight },
      { id: 'material', visible: true, enabled: true, value: material },
      { id: 'face_colour', visible: acrylic, enabled: true, value: faceColour },
      { id: 'illumination', visible: true, enabled: true, value: illumination },
      { id: 'mounting', visible: true, enabled: true, value: mounting },
      { id: 'rush', visible: true, enabled: true, value: rush },
      { id: 'extras', visible: lit, enabled: true, value: extras },
      { id: 'installation', visible: true, enabled: true, value: installation },
      { id: 'installation_date', visible: installation, enabled: true, value: date },
    ],
    price,
    outputs: {
      dimensions: { sign_length_mm: snapSelf(signLengthMm), letter_height_mm: letterHeight },
      production,
    },
    errors,
    warnings,
  };
}
