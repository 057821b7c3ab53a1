import { DEFAULT_PERMISSIONS, PERMISSIONS, type Permission } from '../../api/permissions';
import { enc } from '../load';
import type { ApiKeyJson, CustomerGroupJson, MarketJson, StoreJson } from '../types';
import { DataTable, Empty, FormError, SecretPanel, Time } from './parts';
import { StorePage } from './stores';

const PERMISSION_HELP: Record<Permission, string> = {
  'form:read': 'read product forms',
  calculate: 'calculate prices',
  'production:read': 'see production data (BOM, costs)',
  'schema:validate': 'validate schemas',
  'quote:read': 'read and list every quote of the store (never give it to a storefront)',
  'quote:request': 'create quotes only: what a storefront needs for its buyers',
  'quote:write': 'create, edit, send and decide quotes (a sales tool; never a storefront)',
  'insights:read': "read the store's figures: pipeline, win rate, discounts (a BI tool; never a storefront)",
};

function KeyRow({ storeId, apiKey }: { storeId: string; apiKey: ApiKeyJson }) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <tr class={revoked ? 'revoked' : undefined} data-key-id={apiKey.id}>
      <td data-label="Name">{apiKey.name}</td>
      <td class="mono" data-label="Key">{`${apiKey.prefix}…`}</td>
      <td data-label="Permissions">
        <div class="tags">
          {apiKey.permissions.map((p) => (
            <span class="badge">{p}</span>
          ))}
        </div>
      </td>
      <td data-label="Prices for">
        {apiKey.customer_group}
        <div class="muted">{apiKey.markets === null ? 'every market' : `markets: ${apiKey.markets.join(', ')}`}</div>
      </td>
      <td data-label="Created">
        <Time iso={apiKey.created_at} />
      </td>
      <td data-label="Last used">
        <Time iso={apiKey.last_used_at} />
      </td>
      <td data-label="Status">
        {revoked ? (
          <span class="badge danger">
            Revoked <Time iso={apiKey.revoked_at} />
          </span>
        ) : (
          <span class="badge ok">Active</span>
        )}
      </td>
      <td class="num">
        {!revoked && (
          <form
            class="api-form"
            data-method="DELETE"
            data-action={`/api/admin/stores/${enc(storeId)}/api-keys/${enc(apiKey.id)}`}
            data-success="refresh"
            data-refresh="#keys"
            data-flash={`Key "${apiKey.name}" revoked.`}
            data-confirm-title={`Revoke "${apiKey.name}"?`}
            data-confirm={`Every request made with ${apiKey.prefix}… is refused from now on. This cannot be undone.`}
            data-confirm-action="Revoke key"
          >
            <button class="btn danger small" type="submit">
              Revoke…<span class="visually-hidden">{` key ${apiKey.name}`}</span>
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

/**
 * The keys, refreshed in place after a change. Revoked keys stay in the table but are hidden unless
 * "Show revoked keys" is checked (a stylesheet rule on the checkbox, so no script and no reload).
 */
function KeyList({ storeId, keys }: { storeId: string; keys: ApiKeyJson[] }) {
  const revoked = keys.filter((k) => k.revoked_at !== null).length;
  return (
    <div id="keys">
      {keys.length === 0 ? (
        <Empty title="No API keys yet — create one below">
          <p>A storefront sends its key as X-API-Key with every request.</p>
        </Empty>
      ) : (
        <>
          <DataTable
            columns={[
              'Name',
              'Key',
              'Permissions',
              'Prices for',
              'Created',
              'Last used',
              'Status',
              { label: 'Actions', numeric: true, hidden: true },
            ]}
          >
            {keys.map((k) => (
              <KeyRow storeId={storeId} apiKey={k} />
            ))}
          </DataTable>
          {revoked > 0 && (
            <p class="muted revoked-note">{`${revoked} revoked ${revoked === 1 ? 'key is' : 'keys are'} hidden.`}</p>
          )}
        </>
      )}
    </div>
  );
}

/** A key's customer group and the markets it may use (docs/api.md "Markets and price lists"). */
function Binding({ groups, markets }: { groups: CustomerGroupJson[]; markets: MarketJson[] }) {
  return (
    <>
      <div class="field narrow">
        <label for="key-group">Customer group</label>
        <select id="key-group" name="customer_group" aria-describedby="key-group-hint" data-optional>
          {groups.map((g) => (
            <option value={g.builtin ? '' : g.id}>{g.name}</option>
          ))}
        </select>
        <span class="hint" id="key-group-hint">
          The key prices this group's lists, and may not ask for another group's.
        </span>
      </div>
      {markets.length > 0 && (
        <fieldset class="field" aria-describedby="key-markets-hint">
          <legend>Markets</legend>
          <div class="checks">
            {markets.map((m) => (
              <label>
                <input type="checkbox" name="markets" value={m.id} data-type="array" data-optional />
                <span>
                  {m.name} <span class="muted">{`${m.id}, ${m.currency}`}</span>
                </span>
              </label>
            ))}
          </div>
          <p class="hint" id="key-markets-hint">
            None ticked: every market. Otherwise the key may use only those ticked (403 for any other).
          </p>
        </fieldset>
      )}
    </>
  );
}

export function ApiKeysPage(props: {
  csrf: string;
  store: StoreJson;
  keys: ApiKeyJson[];
  groups: CustomerGroupJson[];
  markets: MarketJson[];
  newRequests: number;
}) {
  const { csrf, store, keys } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="api-keys" title="API keys" newRequests={props.newRequests}>
      <SecretPanel
        title={
          <>
            Copy the new key for "<span class="new-key-name"></span>" now
          </>
        }
        label="New API key"
      >
        Only a hash is stored; if the key is lost, revoke it and create another.
      </SecretPanel>
      <section class="card" aria-labelledby="keys-title">
        <div class="card-head">
          <h2 id="keys-title">Keys</h2>
          {keys.length > 0 && (
            <label class="toggle">
              <input type="checkbox" id="show-revoked" />
              Show revoked keys
            </label>
          )}
        </div>
        <KeyList storeId={store.id} keys={keys} />
      </section>
      <section class="card" aria-labelledby="create-key-title">
        <h2 id="create-key-title">Create a key</h2>
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(store.id)}/api-keys`}
          data-success="show-key"
        >
          <FormError />
          <div class="field narrow">
            <label for="key-name">Name</label>
            <input id="key-name" name="name" required maxlength={200} placeholder="e.g. Shop frontend" autocomplete="off" />
          </div>
          <fieldset class="field" aria-describedby="perm-hint">
            <legend>Permissions</legend>
            <div class="checks">
              {PERMISSIONS.map((p) => (
                <label>
                  <input
                    type="checkbox"
                    name="permissions"
                    value={p}
                    data-type="array"
                    checked={DEFAULT_PERMISSIONS.includes(p)}
                  />
                  <span>
                    <code>{p}</code> <span class="muted">{PERMISSION_HELP[p]}</span>
                  </span>
                </label>
              ))}
            </div>
            <p class="hint" id="perm-hint">
              Keys used from browsers should only read forms and calculate; give production:read to back-office systems only.
            </p>
          </fieldset>
          <Binding groups={props.groups} markets={props.markets} />
          <button class="btn primary" type="submit">
            Create key
          </button>
        </form>
      </section>
    </StorePage>
  );
}
