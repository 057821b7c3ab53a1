import { enc } from '../load';
import type { ProductListJson, StoreJson } from '../types';
import { DataTable, Empty, Time } from './parts';
import { StorePage } from './stores';

/** A link or button label that says which product it acts on to a screen reader, and starts with what it shows. */
function ForProduct({ label, name }: { label: string; name: string }) {
  return (
    <>
      {label}
      <span class="visually-hidden">{` ${name}`}</span>
    </>
  );
}

function DeleteProduct({ store, id, name }: { store: StoreJson; id: string; name: string }) {
  return (
    <form
      class="api-form"
      data-method="DELETE"
      data-action={`/api/admin/stores/${enc(store.id)}/products/${enc(id)}`}
      data-success="refresh"
      data-refresh="#products"
      data-flash={`Product "${name}" deleted.`}
      data-confirm-title={`Delete "${name}"?`}
      data-confirm={`Every version of ${id} and its draft are deleted, and storefronts asking for it get "not found" from now on. This cannot be undone.`}
      data-confirm-action="Delete product"
    >
      <button class="btn danger small" type="submit">
        <ForProduct label="Delete…" name={name} />
      </button>
    </form>
  );
}

export function ProductsPage(props: { csrf: string; store: StoreJson; list: ProductListJson; newRequests: number }) {
  const { csrf, store, list } = props;
  const base = `/admin/stores/${enc(store.id)}/products`;
  const create = (
    <a class="btn primary" href={`/admin/stores/${enc(store.id)}/new-product`}>
      New product
    </a>
  );
  const { products, drafts } = list;
  return (
    <StorePage csrf={csrf} store={store} tab="products" title="Products" actions={create} newRequests={props.newRequests}>
      <section class="card" id="products" aria-labelledby="products-title">
        <h2 id="products-title">Products</h2>
        {products.length === 0 && drafts.length === 0 ? (
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
            {products.map((p) => {
              const at = `${base}/${enc(p.external_id)}`;
              return (
                <tr data-product={p.external_id}>
                  <td data-label="Product">
                    <a href={at}>{p.name}</a>
                    <div class="mono muted">{p.external_id}</div>
                    {p.draft_updated_at && (
                      <span class="badge warn">
                        Unpublished draft, <Time iso={p.draft_updated_at} />
                      </span>
                    )}
                  </td>
                  <td class="num" data-label="Version">{`v${p.current_version}`}</td>
                  <td data-label="Updated">
                    <Time iso={p.updated_at} />
                  </td>
                  <td class="num">
                    <div class="actions">
                      <a class="btn small" href={at}>
                        <ForProduct label="Edit schema" name={p.name} />
                      </a>
                      <a class="btn small" href={`${at}/preview`}>
                        <ForProduct label="Preview" name={p.name} />
                      </a>
                      <a class="btn small" href={`${at}/versions`}>
                        <ForProduct label="History" name={p.name} />
                      </a>
                      <a class="btn small" href={`${at}/duplicate`}>
                        <ForProduct label="Duplicate…" name={p.name} />
                      </a>
                      <DeleteProduct store={store} id={p.external_id} name={p.name} />
                    </div>
                  </td>
                </tr>
              );
            })}
            {drafts.map((d) => (
              <tr data-product={d.external_id}>
                <td data-label="Product">
                  <a href={`${base}/${enc(d.external_id)}`}>{d.external_id}</a>
                  <div>
                    <span class="badge warn">New, not published</span>
                  </div>
                </td>
                <td class="num" data-label="Version">
                  <span class="muted">none</span>
                </td>
                <td data-label="Updated">
                  <Time iso={d.updated_at} />
                </td>
                <td class="num">
                  <div class="actions">
                    <a class="btn small" href={`${base}/${enc(d.external_id)}`}>
                      <ForProduct label="Edit draft" name={d.external_id} />
                    </a>
                    <DeleteProduct store={store} id={d.external_id} name={d.external_id} />
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
