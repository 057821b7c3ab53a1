import { SLUG_PATTERN } from '../../api/admin/markets';
import { enc } from '../load';
import type { CustomerGroupJson, StoreJson } from '../types';
import { DataTable, FormError } from './parts';
import { StorePage } from './stores';

// Stores > Customer groups: who buys at which prices (retail, dealers, key accounts). Retail is every buyer
// without a group: it always exists and is not stored, so it has no actions.

function GroupRow({ storeId, group }: { storeId: string; group: CustomerGroupJson }) {
  if (group.builtin) {
    return (
      <tr data-group-id={group.id}>
        <td data-label="Group">
          {group.name} <span class="badge">built in</span>
        </td>
        <td class="mono" data-label="Id">
          {group.id}
        </td>
        <td class="num"></td>
      </tr>
    );
  }
  const action = `/api/admin/stores/${enc(storeId)}/customer-groups/${enc(group.id)}`;
  return (
    <tr data-group-id={group.id}>
      <td data-label="Group">
        <form class="api-form inline-edit" data-method="PUT" data-action={action} data-success="reload" data-flash="Group saved.">
          <FormError />
          <label class="visually-hidden" for={`group-${group.id}-name`}>{`Name of ${group.id}`}</label>
          <input id={`group-${group.id}-name`} name="name" required maxlength={200} value={group.name} autocomplete="off" />
          <button class="btn small" type="submit">
            Rename<span class="visually-hidden">{` group ${group.name}`}</span>
          </button>
        </form>
      </td>
      <td class="mono" data-label="Id">
        {group.id}
      </td>
      <td class="num">
        <form
          class="api-form"
          data-method="DELETE"
          data-action={action}
          data-success="reload"
          data-flash={`Group "${group.name}" deleted.`}
          data-confirm-title={`Delete "${group.name}"?`}
          data-confirm="A group still bound to a key or used by a market cannot be deleted: the answer says which."
          data-confirm-action="Delete group"
        >
          <FormError />
          <button class="btn danger small" type="submit">
            Delete…<span class="visually-hidden">{` group ${group.name}`}</span>
          </button>
        </form>
      </td>
    </tr>
  );
}

export function CustomerGroupsPage(props: { csrf: string; store: StoreJson; groups: CustomerGroupJson[] }) {
  const { csrf, store } = props;
  return (
    <StorePage csrf={csrf} store={store} tab="customer-groups" title="Customer groups">
      <section class="card" aria-labelledby="groups-title">
        <h2 id="groups-title">Customer groups</h2>
        <p class="muted">
          A key bound to a group prices that group's lists (Markets assign a list to each group). Keys without a group, and every
          storefront buyer, are <strong>Retail</strong>.
        </p>
        <DataTable columns={['Group', 'Id', { label: 'Actions', numeric: true, hidden: true }]}>
          {props.groups.map((g) => (
            <GroupRow storeId={store.id} group={g} />
          ))}
        </DataTable>
      </section>
      <section class="card" aria-labelledby="new-group-title">
        <h2 id="new-group-title">Create a group</h2>
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(store.id)}/customer-groups`}
          data-success="reload"
          data-flash="Group created."
        >
          <FormError />
          <div class="pair">
            <div class="field">
              <label for="group-id">Group id</label>
              <input
                id="group-id"
                name="id"
                required
                maxlength={40}
                pattern={SLUG_PATTERN}
                autocomplete="off"
                aria-describedby="group-id-hint"
              />
              <span class="hint" id="group-id-hint">
                e.g. <code>dealer</code>: lowercase letters, digits, - and _
              </span>
            </div>
            <div class="field">
              <label for="group-name">Name</label>
              <input id="group-name" name="name" required maxlength={200} autocomplete="off" />
            </div>
          </div>
          <button class="btn primary" type="submit">
            Create group
          </button>
        </form>
      </section>
    </StorePage>
  );
}
