import type { Child } from 'hono/jsx';
import { PLANS } from '../../api/permissions';
import { enc } from '../load';
import type { MoveStatusJson, ShardListJson, StoreJson, StoreProfileJson } from '../types';
import { type Crumb, Layout } from './layout';
import { DataTable, Empty, FormError, PageHead, PlanBadge, Time } from './parts';
import { StoreShardCard } from './shards';
import { StoreProfileCard } from './store-profile';

// docs/rate-limits.md; shown so the author picks a plan knowing what it allows.
const PLAN_LIMITS = 'Free: 60 requests a minute, 1,000 a day. Pro: 300 a minute, 10,000 a day. Enterprise: no limits.';

function PlanSelect({ id, value }: { id: string; value: string }) {
  return (
    <select id={id} name="plan" aria-describedby={`${id}-hint`}>
      {PLANS.map((p) => (
        <option value={p} selected={p === value}>
          {`${p[0]!.toUpperCase()}${p.slice(1)}`}
        </option>
      ))}
    </select>
  );
}

export function StoresPage({ csrf, stores }: { csrf: string; stores: StoreJson[] }) {
  return (
    <Layout title="Stores" csrf={csrf} crumbs={[{ label: 'Stores' }]}>
      <PageHead title="Stores">
        <p>Each store is a tenant: its own products, API keys and plan.</p>
      </PageHead>
      <p>
        <a href="/admin/shards">Shards and capacity</a>
      </p>
      <div class="grid-2">
        <section class="card" aria-labelledby="stores-title">
          <h2 id="stores-title">All stores</h2>
          {stores.length === 0 ? (
            <Empty title="No stores yet — create one">
              <p>Use the form beside this list; the store id becomes the storefront's tenant_id.</p>
            </Empty>
          ) : (
            <DataTable columns={['Store', 'Plan', 'Created']}>
              {stores.map((s) => (
                <tr>
                  <td data-label="Store">
                    <a href={`/admin/stores/${enc(s.id)}/overview`}>{s.name}</a>
                    <div class="mono muted">{s.id}</div>
                  </td>
                  <td data-label="Plan">
                    <PlanBadge plan={s.plan} />
                  </td>
                  <td data-label="Created">
                    <Time iso={s.created_at} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
        <section class="card" aria-labelledby="new-store-title">
          <h2 id="new-store-title">Create a store</h2>
          <form
            class="api-form"
            data-method="POST"
            data-action="/api/admin/stores"
            data-success="redirect"
            data-redirect="/admin/stores/{id}/products"
            data-flash="Store created."
          >
            <FormError />
            <div class="field">
              <label for="store-id">Store id</label>
              <input
                id="store-id"
                name="id"
                required
                maxlength={63}
                pattern="[a-z0-9][a-z0-9_\-]{0,62}"
                autocomplete="off"
                aria-describedby="store-id-hint"
              />
              <span class="hint" id="store-id-hint">
                The storefront's <code>tenant_id</code>: lowercase letters, digits, - and _. It cannot change later.
              </span>
            </div>
            <div class="field">
              <label for="store-name">Name</label>
              <input id="store-name" name="name" required maxlength={200} autocomplete="off" />
            </div>
            <div class="field">
              <label for="store-plan">Plan</label>
              <PlanSelect id="store-plan" value="free" />
              <span class="hint" id="store-plan-hint">
                {PLAN_LIMITS}
              </span>
            </div>
            <button class="btn primary" type="submit">
              Create store
            </button>
          </form>
        </section>
      </div>
    </Layout>
  );
}

export type StoreTab =
  | 'overview'
  | 'products'
  | 'markets'
  | 'price-lists'
  | 'customer-groups'
  | 'api-keys'
  | 'quotes'
  | 'webhooks'
  | 'settings';

const TABS: [StoreTab, string][] = [
  ['overview', 'Overview'],
  ['products', 'Products'],
  ['markets', 'Markets'],
  ['price-lists', 'Price lists'],
  ['customer-groups', 'Customer groups'],
  ['api-keys', 'API keys'],
  ['quotes', 'Quotes'],
  ['webhooks', 'Webhooks'],
  ['settings', 'Settings'],
];

export function storeCrumbs(store: StoreJson, ...more: Crumb[]): Crumb[] {
  return [
    { href: '/admin/stores', label: 'Stores' },
    { href: `/admin/stores/${enc(store.id)}/overview`, label: store.name },
    ...more,
  ];
}

/** The frame of every page about one store: its name, id, plan and the tabs between its pages. */
export function StorePage(props: {
  csrf: string;
  store: StoreJson;
  tab: StoreTab;
  title: string;
  actions?: Child;
  /** Scripts the page needs beyond common.js (Layout's modules). */
  modules?: string[] | undefined;
  /** The store's buyers' requests nobody has opened yet, counted beside Quotes. */
  newRequests?: number | undefined;
  /** The breadcrumbs after the store's name, for a page within a tab (a price list); else the title. */
  crumbs?: Crumb[] | undefined;
  children: Child;
}) {
  const { csrf, store, tab, title, actions, modules, newRequests = 0, children } = props;
  const crumbs = storeCrumbs(store, ...(props.crumbs ?? [{ label: title }]));
  return (
    <Layout title={`${title} · ${store.name}`} csrf={csrf} crumbs={crumbs} modules={modules}>
      <PageHead title={store.name} actions={actions}>
        <p>
          <span class="mono">{store.id}</span> · <PlanBadge plan={store.plan} />
        </p>
      </PageHead>
      <nav class="tabs-nav" aria-label="Store">
        {TABS.map(([t, label]) => (
          <a href={`/admin/stores/${enc(store.id)}/${t}`} aria-current={t === tab ? 'page' : undefined}>
            {label}
          </a>
        ))}
        {newRequests > 0 && (
          <a class="new-requests" href={`/admin/stores/${enc(store.id)}/quotes?request=new`}>
            {newRequests === 1 ? '1 new request' : `${newRequests} new requests`}
          </a>
        )}
      </nav>
      {children}
    </Layout>
  );
}

export function SettingsPage(props: {
  csrf: string;
  store: StoreJson;
  profile: StoreProfileJson;
  newRequests: number;
  move: MoveStatusJson;
  shards: ShardListJson;
}) {
  const { csrf, store, profile } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="settings" title="Settings" newRequests={props.newRequests}>
      <div class="grid-2">
        <section class="card" aria-labelledby="settings-title">
          <h2 id="settings-title">Name and plan</h2>
          <form
            class="api-form"
            data-method="PATCH"
            data-action={`/api/admin/stores/${enc(store.id)}`}
            data-success="reload"
            data-flash="Store saved."
          >
            <FormError />
            <div class="field">
              <label for="settings-name">Name</label>
              <input id="settings-name" name="name" required maxlength={200} value={store.name} autocomplete="off" />
            </div>
            <div class="field">
              <label for="settings-plan">Plan</label>
              <PlanSelect id="settings-plan" value={store.plan} />
              <span class="hint" id="settings-plan-hint">
                {`${PLAN_LIMITS} A new plan applies from the next request on.`}
              </span>
            </div>
            <button class="btn primary" type="submit">
              Save changes
            </button>
          </form>
        </section>
        <section class="card" aria-labelledby="facts-title">
          <h2 id="facts-title">About this store</h2>
          <dl class="facts">
            <dt>Store id</dt>
            <dd class="mono">{store.id}</dd>
            <dt>Created</dt>
            <dd>
              <Time iso={store.created_at} />
            </dd>
            <dt>Updated</dt>
            <dd>
              <Time iso={store.updated_at} />
            </dd>
          </dl>
        </section>
      </div>
      <StoreProfileCard store={store} profile={profile} />
      <StoreShardCard store={store} status={props.move} shards={props.shards} />
    </StorePage>
  );
}
