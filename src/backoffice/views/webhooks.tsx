import { EVENT_TYPES } from '../../api/webhooks';
import { enc } from '../load';
import type { DeliveryJson, StoreJson, WebhookJson } from '../types';
import { DataTable, Empty, FormError, SecretPanel, Time } from './parts';
import { StorePage } from './stores';

// Stores > Webhooks: the store's endpoints (add, send a test event, rotate the secret, disable, delete; a secret
// shown once; why an endpoint disabled itself) and the delivery log with Replay (docs/webhooks.md).

const STATUS_BADGE: Record<DeliveryJson['status'], string> = {
  queued: 'badge',
  retrying: 'badge warn',
  delivered: 'badge ok',
  failed: 'badge danger',
  skipped: 'badge',
};

function EndpointRow({ storeId, hook }: { storeId: string; hook: WebhookJson }) {
  const action = `/api/admin/stores/${enc(storeId)}/webhooks/${enc(hook.id)}`;
  return (
    <tr data-webhook-id={hook.id}>
      <td class="mono" data-label="URL">
        {hook.url}
        {hook.description && <div class="muted">{hook.description}</div>}
      </td>
      <td data-label="Events">
        <div class="tags">
          {hook.events.map((e) => (
            <span class="badge">{e}</span>
          ))}
        </div>
      </td>
      <td class="mono" data-label="Secret">{`${hook.secret_prefix}…`}</td>
      <td data-label="Status">
        {hook.enabled ? (
          <span class="badge ok">Enabled</span>
        ) : (
          <span class={hook.disabled_reason ? 'badge danger' : 'badge'}>Disabled</span>
        )}
        {hook.disabled_reason && (
          <p class="muted disabled-reason">
            {hook.disabled_reason} (<Time iso={hook.disabled_at ?? hook.updated_at} />)
          </p>
        )}
        {hook.enabled && hook.failing_since && (
          <p class="muted">
            Failing since <Time iso={hook.failing_since} />
          </p>
        )}
      </td>
      <td class="num">
        <form class="api-form" data-method="PATCH" data-action={action} data-success="reload">
          <input type="hidden" name="enabled" value={String(!hook.enabled)} data-type="boolean" />
          <button class="btn small" type="submit">
            {hook.enabled ? 'Disable' : 'Enable'}
            <span class="visually-hidden">{` ${hook.url}`}</span>
          </button>
        </form>
        <form class="api-form" data-method="POST" data-action={`${action}/test`} data-success="show-test">
          <button class="btn small" type="submit">
            Send test event<span class="visually-hidden">{` to ${hook.url}`}</span>
          </button>
        </form>
        <form
          class="api-form"
          data-method="POST"
          data-action={`${action}/rotate-secret`}
          data-success="show-key"
          data-secret="secret"
          data-secret-label="url"
          data-refresh="#hooks"
          data-confirm-title="Rotate this endpoint's secret?"
          data-confirm="A new secret signs from now on; the current one keeps signing beside it for 24 hours, so the receiver can switch."
          data-confirm-action="Rotate secret"
        >
          <button class="btn small" type="submit">
            Rotate secret<span class="visually-hidden">{` of ${hook.url}`}</span>
          </button>
        </form>
        <form
          class="api-form"
          data-method="DELETE"
          data-action={action}
          data-success="reload"
          data-flash="Endpoint deleted."
          data-confirm-title="Delete this endpoint?"
          data-confirm={`${hook.url} receives no more events, and its delivery log is removed.`}
          data-confirm-action="Delete endpoint"
        >
          <button class="btn danger small" type="submit">
            Delete…<span class="visually-hidden">{` ${hook.url}`}</span>
          </button>
        </form>
      </td>
    </tr>
  );
}

function DeliveryRow({ storeId, delivery }: { storeId: string; delivery: DeliveryJson }) {
  const last = delivery.log.at(-1);
  return (
    <tr data-delivery-id={delivery.id}>
      <td data-label="Created">
        <Time iso={delivery.created_at} />
      </td>
      <td data-label="Event">
        <code>{delivery.event_type}</code>
        <div class="muted mono">{delivery.event_id}</div>
      </td>
      <td class="mono" data-label="Endpoint">
        {delivery.url}
      </td>
      <td data-label="Status">
        <span class={STATUS_BADGE[delivery.status]}>{delivery.status}</span>
      </td>
      <td class="num" data-label="Attempts">
        {delivery.attempts}
      </td>
      <td data-label="Last answer">
        {last ? `${last.status_code ?? '—'} in ${last.duration_ms} ms${last.error ? ` · ${last.error}` : ''}` : '—'}
      </td>
      <td data-label="Next retry">{delivery.next_retry_at ? <Time iso={delivery.next_retry_at} /> : '—'}</td>
      <td class="num">
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(storeId)}/webhook-deliveries/${enc(delivery.id)}/replay`}
          data-success="reload"
          data-flash="Delivery queued again."
        >
          <button class="btn small" type="submit">
            Replay<span class="visually-hidden">{` ${delivery.event_type} to ${delivery.url}`}</span>
          </button>
        </form>
      </td>
    </tr>
  );
}

export function WebhooksPage(props: {
  csrf: string;
  store: StoreJson;
  hooks: WebhookJson[];
  deliveries: DeliveryJson[];
  newRequests: number;
}) {
  const { csrf, store, hooks, deliveries } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="webhooks" title="Webhooks" newRequests={props.newRequests}>
      <SecretPanel
        title={
          <>
            Copy the signing secret for <span class="new-key-name"></span> now
          </>
        }
        label="Signing secret"
      >
        The receiver checks each event's Cpq-Signature with it.
      </SecretPanel>
      <section class="card" aria-labelledby="hooks-title">
        <h2 id="hooks-title">Endpoints</h2>
        <div id="hooks">
          {hooks.length === 0 ? (
            <Empty title="No endpoints yet — add one below">
              <p>Each event the store's systems subscribe to is POSTed to their URL, signed.</p>
            </Empty>
          ) : (
            <DataTable columns={['URL', 'Events', 'Secret', 'Status', { label: 'Actions', numeric: true, hidden: true }]}>
              {hooks.map((h) => (
                <EndpointRow storeId={store.id} hook={h} />
              ))}
            </DataTable>
          )}
        </div>
      </section>
      <section class="card" aria-labelledby="add-hook-title">
        <h2 id="add-hook-title">Add an endpoint</h2>
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(store.id)}/webhooks`}
          data-success="show-key"
          data-secret="secret"
          data-secret-label="url"
          data-refresh="#hooks"
        >
          <FormError />
          <div class="field">
            <label for="hook-url">URL</label>
            <input id="hook-url" name="url" required maxlength={2048} placeholder="https://erp.example.com/cpq" />
          </div>
          <div class="field narrow">
            <label for="hook-description">Description</label>
            <input id="hook-description" name="description" maxlength={200} data-optional autocomplete="off" />
          </div>
          <fieldset class="field">
            <legend>Events</legend>
            <div class="checks">
              {EVENT_TYPES.map((e) => (
                <label>
                  <input type="checkbox" name="events" value={e} data-type="array" checked={e === 'quote.accepted'} />
                  <code>{e}</code>
                </label>
              ))}
            </div>
          </fieldset>
          <button class="btn primary" type="submit">
            Add endpoint
          </button>
        </form>
      </section>
      <section class="card" aria-labelledby="log-title">
        <h2 id="log-title">Delivery log</h2>
        {deliveries.length === 0 ? (
          <Empty title="Nothing delivered yet" />
        ) : (
          <DataTable
            columns={[
              'Created',
              'Event',
              'Endpoint',
              'Status',
              { label: 'Attempts', numeric: true },
              'Last answer',
              'Next retry',
              { label: 'Actions', numeric: true, hidden: true },
            ]}
          >
            {deliveries.map((d) => (
              <DeliveryRow storeId={store.id} delivery={d} />
            ))}
          </DataTable>
        )}
      </section>
    </StorePage>
  );
}
