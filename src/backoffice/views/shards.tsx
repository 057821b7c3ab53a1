import { enc } from '../load';
import type { MoveStatusJson, ShardListJson, StoreJson } from '../types';
import { Layout } from './layout';
import { DataTable, FormError, PageHead, Time } from './parts';

// The shards (docs/scale.md): each D1 database's size against its capacity, with the warning from 70 % fill, and
// a store's database with the control that moves it to another.

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** Bytes as an author reads them: GB to two decimals from a tenth of one, MB below. */
export function bytes(n: number): string {
  return n >= GB / 10 ? `${(n / GB).toFixed(2)} GB` : `${(n / MB).toFixed(1)} MB`;
}

const percent = (fill: number) => `${(fill * 100).toFixed(1)} %`;

export function ShardsPage({ csrf, list }: { csrf: string; list: ShardListJson }) {
  const tables = Object.keys(list.shards[0]?.rows ?? {});
  const warned = list.shards.filter((s) => s.warning);
  return (
    <Layout title="Shards" csrf={csrf} crumbs={[{ label: 'Stores', href: '/admin/stores' }, { label: 'Shards' }]}>
      <PageHead title="Shards">
        <p>
          {`The D1 databases stores live in, each of ${bytes(list.capacity_bytes)}. Past ${list.warn_at * 100} % full, create a shard and move stores to it (docs/scale.md).`}
        </p>
      </PageHead>
      {warned.length > 0 && (
        <div class="notice warn" role="status">
          {`${warned.map((s) => `Shard ${s.shard}`).join(', ')} ${warned.length > 1 ? 'are' : 'is'} over ${list.warn_at * 100} % full: new stores go elsewhere, and its stores need room to grow.`}
        </div>
      )}
      <section class="card" aria-labelledby="capacity-title">
        <h2 id="capacity-title">Capacity</h2>
        <DataTable
          columns={[
            'Shard',
            { label: 'Size', numeric: true },
            { label: 'Fill', numeric: true },
            { label: 'Stores', numeric: true },
            'State',
          ]}
        >
          {list.shards.map((s) => (
            <tr>
              <td data-label="Shard">
                {`Shard ${s.shard}`}
                <div class="mono muted">{s.binding}</div>
              </td>
              <td data-label="Size" class="num">
                {bytes(s.size_bytes)}
              </td>
              <td data-label="Fill" class="num">
                <meter
                  min={0}
                  max={1}
                  low={list.warn_at}
                  high={list.warn_at}
                  optimum={0}
                  value={s.fill}
                  aria-label={`Shard ${s.shard} fill`}
                >
                  {percent(s.fill)}
                </meter>{' '}
                {percent(s.fill)}
              </td>
              <td data-label="Stores" class="num">
                {s.stores}
              </td>
              <td data-label="State">
                {s.warning ? <span class="badge warn">over {list.warn_at * 100} %</span> : <span class="badge ok">room</span>}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section class="card" aria-labelledby="rows-title">
        <h2 id="rows-title">Rows per table</h2>
        <DataTable columns={['Table', ...list.shards.map((s) => ({ label: `Shard ${s.shard}`, numeric: true }))]}>
          {tables.map((table) => (
            <tr>
              <td data-label="Table" class="mono">
                {table}
              </td>
              {list.shards.map((s) => (
                <td data-label={`Shard ${s.shard}`} class="num">
                  {(s.rows[table] ?? 0).toLocaleString('en-GB')}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </section>
    </Layout>
  );
}

const PHASES: Record<string, string> = {
  clearing: 'Preparing the new shard',
  copying: 'Copying',
  verifying: 'Verifying the copy',
  switching: 'Switching',
  waiting: 'Moved; old rows kept a while',
  cleaning: 'Deleting the old rows',
  done: 'Done',
  failed: 'Failed',
};

/** On the store's settings: where its rows live, its last move, and the control that moves it. */
export function StoreShardCard({ store, status, shards }: { store: StoreJson; status: MoveStatusJson; shards: ShardListJson }) {
  const { move } = status;
  const others = shards.shards.filter((s) => s.shard !== status.shard);
  const busy = move !== null && move.phase !== 'done' && move.phase !== 'failed';
  return (
    <section class="card" aria-labelledby="shard-title">
      <h2 id="shard-title">Database</h2>
      <dl class="facts">
        <dt>Shard</dt>
        <dd>
          <a href="/admin/shards">{`Shard ${status.shard}`}</a>
        </dd>
        {move && (
          <>
            <dt>Last move</dt>
            <dd data-move-phase={move.phase}>
              {`${PHASES[move.phase]}: shard ${move.from} to ${move.to}`}
              {move.table && <span class="muted">{` (${move.table})`}</span>}
            </dd>
            <dt>Started</dt>
            <dd>
              <Time iso={move.started_at} />
            </dd>
            {move.finished_at && (
              <>
                <dt>Finished</dt>
                <dd>
                  <Time iso={move.finished_at} />
                </dd>
              </>
            )}
            {move.error && (
              <>
                <dt>Error</dt>
                <dd>{move.error}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {busy ? (
        <p class="hint">
          {move.writes_fenced
            ? 'Writes answer 503 with Retry-After until the copy is verified and switched; reads go on. Reload to follow.'
            : 'The store is served from its new shard. Reload to follow.'}
        </p>
      ) : others.length === 0 ? (
        <p class="hint">This Worker binds no other shard to move the store to (docs/scale.md, "Create a shard").</p>
      ) : (
        <form
          class="api-form"
          data-method="POST"
          data-action={`/api/admin/stores/${enc(store.id)}/move`}
          data-success="reload"
          data-flash="Move started."
          data-confirm="The store's writes answer 503 with Retry-After while its rows are copied; reads go on. Move it?"
          data-confirm-title="Move this store?"
          data-confirm-action="Move"
        >
          <FormError />
          <div class="field">
            <label for="move-to">Move to</label>
            <select id="move-to" name="to" data-type="number" aria-describedby="move-to-hint">
              {others.map((s) => (
                <option value={String(s.shard)}>{`Shard ${s.shard} (${percent(s.fill)} full)`}</option>
              ))}
            </select>
            <span class="hint" id="move-to-hint">
              Copied table by table, verified by counts and hashes, then switched; the old rows are deleted after.
            </span>
          </div>
          <button class="btn" type="submit">
            Move store
          </button>
        </form>
      )}
    </section>
  );
}
