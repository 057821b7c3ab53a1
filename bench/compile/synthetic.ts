// Synthetic but realistic schemas of a chosen size: a product made of repeated sections, each with a group, six
// fields of different types (options with attributes, conditions), lets, map/range/matrix tables, price lines,
// an output group and rules, as a large configurable product (a fitted kitchen, a building kit) would have.

const HEADER = `// Synthetic product for the compile benchmark
product "Modular cabinet" {
  language: en
  currency: EUR
  layout: sections
  quantity { min: 1, max: 100, step: 1, default: 1 }
}
`;

function section(i: number): string {
  return `
group g_${i} { label: { en: "Section ${i}", de: "Abschnitt ${i}" }, order: ${i} }

field w_${i}: number in g_${i} {
  label: { en: "Width ${i}", de: "Breite ${i}" }
  unit: "mm"
  min: 300, max: 3000, step: 10, default: 1000
}

field h_${i}: slider in g_${i} {
  label: { en: "Height ${i}", de: "Höhe ${i}" }
  min: 300, max: 2400, step: 50, default: 1200
}

field mat_${i}: dropdown in g_${i} {
  label: { en: "Material ${i}", de: "Werkstoff ${i}" }
  options {
    pine { label: "Pine", price: 12, kg: 0.5 }
    oak { label: "Oak", price: 28, kg: 0.7 }
    steel { label: "Steel", price: 35, kg: 1.2 }
  }
}

field finish_${i}: radio in g_${i} {
  label: "Finish ${i}"
  visible_when: mat_${i} != "steel"
  options {
    raw { label: "Raw" }
    oiled { label: "Oiled" }
    lacquered { label: "Lacquered" }
  }
}

field extra_${i}: checkbox in g_${i} { label: "Edge banding ${i}" }

field n_${i}: quantity in g_${i} {
  label: "Pieces ${i}"
  min: 0, max: 20, step: 1, default: 1
}

let area_${i} = w_${i} * h_${i} / 1000000
let perim_${i} = 2 * (w_${i} + h_${i}) / 1000
let weight_${i} = round(area_${i} * mat_${i}.kg * 10, 1)

table fin_${i}: map { raw: 0, oiled: 6, lacquered: 9 }

table edge_${i}: range {
  lookup: next
  bands: [1000, 2000, 3000]
  values: [10, 18, 25]
}

table base_${i}: matrix {
  lookup: interpolate
  rows: [300, 1500, 3000]
  columns: [300, 2400]
  values: [[20, 40], [35, 70], [60, 110]]
}

output bom_${i} internal {
  label: "Parts of section ${i}"
  board_m2 = round(area_${i}, 3)
  edge_m = ceil_to(perim_${i} * 1.1, 0.5)
  pieces = n_${i} when n_${i} > 0
}

error big_${i} {
  when: area_${i} > 6 and mat_${i} == "steel"
  message: "Section ${i} is too large ({area_${i}} m²)"
  field: w_${i}
}

warning heavy_${i} { when: weight_${i} > 50, message: "Section ${i} weighs {weight_${i}} kg" }
`;
}

function priceLines(i: number): string {
  return `  line base_${i}: "Carcass ${i}" = base_${i}(w_${i}, h_${i}) + area_${i} * mat_${i}.price
  line finish_${i}: "Finish ${i}" = area_${i} * fin_${i}[finish_${i}] when mat_${i} != "steel"
  surcharge edge_${i}: "Edge banding ${i}" = edge_${i}(w_${i}) when extra_${i}
  line pieces_${i}: "Pieces ${i}" = n_${i} * 4.5 when n_${i} > 0
`;
}

function schema(sections: number): string {
  const parts = [HEADER];
  for (let i = 1; i <= sections; i++) parts.push(section(i));
  parts.push('\nprice {\n');
  for (let i = 1; i <= sections; i++) parts.push(priceLines(i));
  parts.push('  quantity_discount { 10: 5%, 50: 10% }\n}\n');
  return parts.join('');
}

export const lineCount = (text: string): number => text.split('\n').length;

/** A schema of about `lines` lines (whole sections: at least one). */
export function syntheticSchema(lines: number): string {
  const perSection = lineCount(schema(2)) - lineCount(schema(1));
  const fixed = lineCount(schema(1)) - perSection;
  return schema(Math.max(1, Math.round((lines - fixed) / perSection)));
}
