import type { LoadedQuote } from '../quotes/service/store';
import { Outputs } from './outputs';

/** An item's name, its configuration and its outputs as the buyer reads them, on the quote page and the request's status page. */
export function ItemHeading({ item, position }: { item: LoadedQuote['items'][number]; position: number }) {
  return (
    <>
      <strong>
        {position}. {item.priced.product_name}
      </strong>
      <ul class="summary">
        {item.priced.summary.map((s) => (
          <li>
            {s.label}: {s.value_label}
          </li>
        ))}
      </ul>
      <Outputs priced={item.priced} />
    </>
  );
}
