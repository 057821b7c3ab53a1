// An item's customer-facing outputs on the buyer's pages (the public groups a calculation returns by default: a
// weight, the dimensions), each with its label: the schema's, else the id made readable, as the API answers it.
// Internal groups (a bill of materials) are for the store, never shown here.
import { checkedLocale } from '../api/locale';
import { readableId } from '../lang/readable-id';
import type { PricedItem } from '../quotes/shapes';

const own = <T,>(o: Record<string, T> | undefined, k: string): T | undefined => (o && Object.hasOwn(o, k) ? o[k] : undefined);

export function Outputs({ priced }: { priced: PricedItem }) {
  const number = new Intl.NumberFormat(checkedLocale(priced.language, 'en'), { maximumFractionDigits: 6 });
  const groups = Object.entries(priced.output_info).filter(([, info]) => !info.internal);
  return (
    <>
      {groups.map(([id, info]) => {
        const item = (k: string) => own(info.items, k);
        const unit = (k: string) => item(k)?.unit ?? info.unit;
        const rows = [
          ...Object.entries(own(priced.groups, id) ?? {}).map(
            ([k, v]) => [k, `${number.format(v)}${unit(k) ? ` ${unit(k)}` : ''}`] as const,
          ),
          ...Object.entries(own(priced.texts, id) ?? {}),
        ];
        if (rows.length === 0) return null;
        return (
          <div class="outputs">
            <span>{info.label ?? readableId(id)}</span>
            <ul class="summary">
              {rows.map(([k, v]) => (
                <li>
                  {item(k)?.label ?? readableId(k)}: {v}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}
