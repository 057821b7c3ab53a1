import { enc } from '../load';
import type { ProductSummaryJson, StoreJson } from '../types';
import { DataTable, Empty, Time } from './parts';
import { StorePage } from './stores';

export function ProductsPage({ csrf, store, products }: { csrf: string; store: StoreJson; products: ProductSummaryJson[] }) {
  const base = `/admin/stores/${enc(store.id)}/products`;
  const create = (
    <a class="btn primary" href={`/admin/stores/${enc(store.id)}/new-product`}>
      New product
    </a>
  );
  return (
    <StorePage csrf={csrf} store={store} tab="products" title="Products" actions={create}>
      <section class="card" aria-labelledby="products-title">
        <h2 id="products-title">Products</h2>
        {products.length === 0 ? (
          <Empty title="No products yet — create one">
            <p>A product is one schema: its configurator form, prices, outputs and rules.</p>
            {create}
          </Empty>
        ) : (
          <DataTable
            columns={[
              'Product',
              { label: 'Version', numeric: true },
              'Updated',
              { label: 'Actions', numeric: true, hidden: true },
            ]}
          >
            {products.map((p) => (
              <tr>
                <td>
                  <a href={`${base}/${enc(p.external_id)}`}>{p.name}</a>
                  <div class="mono muted">{p.external_id}</div>
                </td>
                <td class="num">{`v${p.current_version}`}</td>
                <td>
                  <Time iso={p.updated_at} />
                </td>
                <td class="num">
                  <div class="actions">
                    <a class="btn small" href={`${base}/${enc(p.external_id)}`} aria-label={`Edit the schema of ${p.name}`}>
                      Edit schema
                    </a>
                    <a class="btn small" href={`${base}/${enc(p.external_id)}/preview`} aria-label={`Preview ${p.name}`}>
                      Preview
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </StorePage>
  );
}
