// Realistic configurations per example (taken from the golden cases that price), and the hand-written
// implementation of each example. Every evaluation is in English.
import { interiorDoor } from './hand/interior-door';
import { kitchenWorktop } from './hand/kitchen-worktop';
import { pvcWindow } from './hand/pvc-window';
import { rollerBlind } from './hand/roller-blind';
import { shelving } from './hand/shelving';
import { signage } from './hand/signage';
import type { Outcome } from './outcome';

export interface Order {
  configuration: Record<string, unknown>;
  quantity: number;
}

export interface Workload {
  hand: (configuration: Record<string, unknown>, quantity: number) => Outcome;
  orders: Order[];
}

export const WORKLOADS: Readonly<Record<string, Workload>> = {
  'interior-door': {
    hand: interiorDoor,
    orders: [
      {
        configuration: {
          door_width: 'w860',
          door_height: 'h2110',
          wall_thickness: 175,
          surface: 'cpl_eiche',
          glass_cutout: true,
          glass_type: 'satinato',
          lock: 'wc',
          handle: 'steel_round',
          installation: true,
          postcode: '80331',
          old_door_removal: true,
        },
        quantity: 3,
      },
      {
        configuration: {
          door_width: 'w985',
          door_height: 'h1985',
          wall_thickness: 240,
          surface: 'eiche_furnier',
          glass_cutout: false,
          lock: 'pz',
          handle: 'steel_square',
          third_hinge: true,
          installation: false,
          old_door_removal: true,
        },
        quantity: 10,
      },
      {
        configuration: {
          door_height: 'h2110',
          wall_thickness: 60,
          surface: 'anthrazit',
          installation: true,
          postcode: '10115',
          collect: true,
        },
        quantity: 5,
      },
    ],
  },
  'kitchen-worktop': {
    hand: kitchenWorktop,
    orders: [
      {
        configuration: {
          length: 3000,
          depth: 'd650',
          material: 'oak',
          edging: 'front_left',
          sink_cutout: true,
          sink_mount: 'undermount',
          drainer_grooves: true,
          hob_cutout: true,
          tap_holes: 1,
          templating: true,
          fitting_service: true,
        },
        quantity: 1,
      },
      {
        configuration: {
          length: 2400,
          material: 'laminate',
          edging: 'front_both',
          sink_cutout: true,
          sink_mount: 'undermount',
          drainer_grooves: true,
          hob_cutout: true,
          tap_holes: 2,
          templating: true,
          fitting_service: true,
        },
        quantity: 2,
      },
      {
        configuration: {
          length: 1800,
          depth: 'd600',
          material: 'quartz',
          sink_cutout: true,
          tap_holes: 1,
          fitting_service: true,
        },
        quantity: 1,
      },
    ],
  },
  'pvc-window': {
    hand: pvcWindow,
    orders: [
      {
        configuration: {
          width: 1600,
          height: 1400,
          sashes: 'double',
          opening: 'turn_tilt',
          glass: 'triple',
          colour: 'anthracite',
          sill: true,
          sill_depth: 'd225',
        },
        quantity: 2,
      },
      {
        configuration: { width: 1200, height: 1500, sashes: 'single', opening: 'turn', glass: 'double', colour: 'golden_oak' },
        quantity: 12,
      },
      { configuration: { width: 1250, height: 600, opening: 'turn_tilt', glass: 'double', sill: true }, quantity: 25 },
    ],
  },
  'roller-blind': {
    hand: rollerBlind,
    orders: [
      {
        configuration: {
          width: 180,
          drop: 200,
          mount: 'outside',
          fabric: 'graphite_blackout',
          operation: 'motor',
          remotes: 2,
          smart_hub: true,
          cassette: true,
          bottom_bar: 'oval_alu',
        },
        quantity: 1,
      },
      {
        configuration: {
          width: 95,
          drop: 140,
          fabric: 'sand',
          operation: 'spring',
          smart_hub: true,
          remotes: 3,
          cassette: true,
          bottom_bar: 'wooden',
        },
        quantity: 6,
      },
      { configuration: { width: 220, drop: 130, operation: 'chain', chain_side: 'left' }, quantity: 1 },
    ],
  },
  shelving: {
    hand: shelving,
    orders: [
      {
        configuration: {
          bays: 4,
          bay_width: 'w1250',
          height: 'h2500',
          depth: 'd500',
          shelves_per_bay: 6,
          material: 'anthracite',
          wall_anchor: true,
          back_panels: true,
          drawer_units: 2,
        },
        quantity: 1,
      },
      {
        configuration: { bays: 1, bay_width: 'w750', height: 'h1800', depth: 'd300', shelves_per_bay: 4, material: 'beech' },
        quantity: 5,
      },
      {
        configuration: {
          bays: 3,
          bay_width: 'w1250',
          height: 'h1800',
          depth: 'd400',
          shelves_per_bay: 4,
          material: 'anthracite',
          wall_anchor: true,
        },
        quantity: 3,
      },
    ],
  },
  signage: {
    hand: signage,
    orders: [
      {
        configuration: {
          sign_text: 'HAIRSTUDIO',
          letter_height: 300,
          material: 'aluminium',
          illumination: 'front',
          mounting: 'rail',
          extras: ['dimmer', 'motion'],
          installation: true,
          installation_date: '2026-05-12',
        },
        quantity: 1,
      },
      {
        configuration: {
          sign_text: 'GOLD&CO',
          letter_height: 400,
          material: 'acrylic',
          face_colour: 'gold',
          illumination: 'front',
          mounting: 'studs',
          extras: ['timer'],
          rush: true,
        },
        quantity: 5,
      },
      {
        configuration: { sign_text: 'SUPERMARKET-CENTRAL', letter_height: 300, material: 'aluminium', mounting: 'rail' },
        quantity: 2,
      },
    ],
  },
};
