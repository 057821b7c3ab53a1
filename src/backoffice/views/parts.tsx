import type { Child } from 'hono/jsx';

/**
 * A timestamp: UTC on the server, turned into the reader's local time by common.js. With a `format` (the quote
 * desk's, quote-format.ts) it is written in that locale, and common.js keeps the locale (data-locale).
 */
export function Time({ iso, format }: { iso: string | null; format?: { locale: string; time: (iso: string) => string } }) {
  if (!iso) return <span class="muted">never</span>;
  if (format) {
    return (
      <time datetime={iso} data-locale={format.locale}>
        {format.time(iso)}
      </time>
    );
  }
  return <time datetime={iso}>{`${iso.slice(0, 16).replace('T', ' ')} UTC`}</time>;
}

export function PlanBadge({ plan }: { plan: string }) {
  return <span class={`badge plan-${plan}`}>{plan}</span>;
}

export function Empty({ title, children }: { title: string; children?: Child }) {
  return (
    <div class="empty">
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function PageHead({ title, children, actions }: { title: Child; children?: Child; actions?: Child }) {
  return (
    <div class="page-head">
      <div>
        <h1>{title}</h1>
        {children}
      </div>
      {actions && <div class="actions">{actions}</div>}
    </div>
  );
}

/** The error region of an API form (filled by common.js), announced as it changes. */
export function FormError() {
  return <div class="notice error form-error" role="alert"></div>;
}

export interface Column {
  label: string;
  /** Right-aligned, for numbers and row actions. */
  numeric?: boolean;
  /** Read by screen readers only (e.g. the actions column). */
  hidden?: boolean;
}

/** The lists' table: a scrolling wrapper, one header row, the caller's rows. */
export function DataTable({ columns, children }: { columns: (string | Column)[]; children: Child }) {
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <th scope="col" class={col.numeric ? 'num' : undefined}>
                  {col.hidden ? <span class="visually-hidden">{col.label}</span> : col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A value shown once (a new key, a share link) in a read-only field with a Copy button (common.js). */
export function CopyField({ id, label }: { id: string; label: string }) {
  return (
    <div class="secret">
      <label class="visually-hidden" for={id}>
        {label}
      </label>
      <input id={id} readonly spellcheck={false} autocomplete="off" />
      <button class="btn" type="button" data-copy={`#${id}`}>
        Copy
      </button>
    </div>
  );
}

/**
 * A secret shown once (an API key, a webhook's signing secret), hidden until the form marked
 * data-success="show-key" fills it (src/browser/common/forms.ts); `title` holds the .new-key-name it names.
 */
export function SecretPanel({ title, label, children }: { title: Child; label: string; children: Child }) {
  return (
    <section id="new-key" class="notice ok" hidden aria-labelledby="new-key-title">
      <h2 id="new-key-title">{title}</h2>
      <p>
        <strong>It will not be shown again.</strong> {children}
      </p>
      <CopyField id="new-key-value" label={label} />
      <button class="btn small" type="button" data-dismiss="#new-key">
        I have stored it
      </button>
    </section>
  );
}
