// The `price` block: price lines and surcharges, and the quantity discount.
import type { LineEntry, PriceDecl, Value } from '../syntax/ast';
import type { LineModel, Model } from './checked-model';
import type { Ctx } from './context';
import { readLiteral } from './props';
import { readText } from './texts';

/** The price block's properties; its other entries are lines and surcharges. */
export const PRICE_PROPS = ['quantity_discount', 'per_order'];
/** What `price.<name>` reads besides the lines: the totals of docs/api.md "Money". */
export const PRICE_TOTALS: ReadonlySet<string> = new Set(['unit', 'subtotal', 'discount', 'charges', 'total']);

export function readPrice(ctx: Ctx, decl: PriceDecl | undefined): Model['price'] {
  const price: Model['price'] = { lines: [], quantityDiscount: [] };
  if (!decl) return price;
  const ids = new Set<string>();
  let discount = false;
  let perOrder = false;
  const readLine = (entry: LineEntry, once: boolean) => {
    const id = entry.id.name;
    if (ids.has(id)) {
      ctx.diags.add('E_DUPLICATE', entry.id.span, `the price line "${id}" is declared twice`);
      return;
    }
    ids.add(id);
    ctx.priceLines.add(id);
    if (PRICE_TOTALS.has(id)) {
      ctx.diags.add('E_RESERVED', entry.id.span, `"${id}" names a total (price.${id}); choose another name for the price line`);
    }
    const label = readText(ctx, entry.label, `the label of price line "${id}"`);
    const line: LineModel = {
      id,
      kind: entry.lineKind,
      label: label ?? Object.create(null),
      amount: entry.amount,
      perOrder: once,
    };
    if (entry.when) line.when = entry.when;
    price.lines.push(line);
  };
  for (const entry of decl.entries) {
    if (entry.kind === 'line') {
      readLine(entry, false);
    } else if (entry.kind === 'prop' && entry.key.kind === 'name' && entry.key.text === 'per_order') {
      if (perOrder) ctx.diags.add('E_DUPLICATE', entry.key.span, 'the per_order block is given twice');
      else if (entry.value.kind !== 'block') {
        ctx.diags.add('E_TYPE', entry.value.span, 'per_order must be a block of price lines like { line setup: "Setup" = 36 }');
      } else {
        for (const inner of entry.value.entries) {
          if (inner.kind === 'line') readLine(inner, true);
          else
            ctx.diags.add(
              'E_PROPERTY',
              inner.span,
              'a per_order block holds price lines (line id: "Label" = amount) and surcharges',
            );
        }
      }
      perOrder = true;
    } else if (entry.kind === 'prop' && entry.key.kind === 'name' && entry.key.text === 'quantity_discount') {
      if (discount) ctx.diags.add('E_DUPLICATE', entry.key.span, 'the quantity_discount is given twice');
      else price.quantityDiscount = readDiscount(ctx, entry.value);
      discount = true;
    } else {
      ctx.diags.add(
        'E_PROPERTY',
        entry.span,
        'a price block holds price lines (line id: "Label" = amount), surcharges, one per_order { … } and one quantity_discount { … }',
      );
    }
  }
  return price;
}

function readDiscount(ctx: Ctx, v: Value): Model['price']['quantityDiscount'] {
  if (v.kind !== 'block') {
    ctx.diags.add('E_TYPE', v.span, 'the quantity_discount must be a block like { 10: 5%, 25: 8% }');
    return [];
  }
  const tiers: Model['price']['quantityDiscount'] = [];
  const seen = new Set<number>();
  for (const entry of v.entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'number') {
      ctx.diags.add('E_PROPERTY', entry.span, 'each quantity_discount entry maps a minimum quantity to a rate, like 10: 5%');
      continue;
    }
    const min = entry.key.value;
    if (!Number.isInteger(min) || min < 1) {
      ctx.diags.add(
        'E_RANGE',
        entry.key.span,
        `a quantity_discount threshold must be a whole number of at least 1, found ${entry.key.text}`,
      );
      continue;
    }
    if (seen.has(min)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the quantity_discount threshold ${min} is given twice`);
      continue;
    }
    seen.add(min);
    const rate = readLiteral(ctx, entry.value, 'number', `the quantity_discount rate for ${min}`);
    if (rate === undefined) continue;
    if (rate < 0 || rate > 1) {
      ctx.diags.add('E_RANGE', entry.value.span, `a quantity_discount rate must be between 0% and 100%, found ${rate * 100}%`);
      continue;
    }
    tiers.push({ min, rate });
  }
  return tiers.sort((a, b) => a.min - b.min);
}
