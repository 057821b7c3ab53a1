// Forms that submit to the admin API (form.api-form): the body from the form's fields, the server's problems
// placed next to the fields they name, and what to do on success (data-success).
import type { ClientAnswer } from '../configurator/client';
import { flash, notify, refresh } from '../shared/page';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Body = Record<string, unknown>;

/**
 * A field named `a.b` goes into the object `a` of the body, and `a.0.b` into the first object of the list `a`
 * (each created on first use), as the API nests them.
 */
function slot(body: Body, name: string): [Body, string] {
  const path = name.split('.');
  let at = body;
  path.slice(0, -1).forEach((part, i) => {
    if (typeof at[part] !== 'object' || at[part] === null) at[part] = /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
    at = at[part] as Body;
  });
  return [at, path[path.length - 1] ?? name];
}

/** Text parsed as JSON; text that is not JSON is sent as it is, for the server to name as the field's problem. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A form control still as the page showed it. */
function unchanged(el: Control): boolean {
  if (el instanceof HTMLSelectElement) return Array.from(el.options).every((o) => o.selected === o.defaultSelected);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked === el.defaultChecked;
  return el.value === el.defaultValue;
}

/**
 * The fields of a form marked data-send="changed" that are not sent: those of its rows (data-row) in which nothing
 * was changed, so that a grid of prices sends only the rows edited.
 */
function unchangedRows(form: HTMLFormElement): Set<Element> {
  const skip = new Set<Element>();
  if (form.dataset.send !== 'changed') return skip;
  for (const row of form.querySelectorAll('[data-row]')) {
    const controls = Array.from(row.querySelectorAll<Control>('input, select, textarea'));
    if (controls.every(unchanged)) for (const c of controls) skip.add(c);
  }
  return skip;
}

/**
 * Where each row of a list a form sent came from, when rows were left out (`entries.0` sent for the page's
 * `entries.3`): the API names the rows it refuses by their place in the body, the page's fields by theirs.
 */
const sentRows = new WeakMap<HTMLFormElement, Map<string, string>>();

/**
 * Rows of a list left wholly empty (a table's spare rows, `a.2.b` all blank and optional) are not sent, nor the
 * places of rows left out; the rows after them move up, and sentRows remembers from where.
 */
function dropEmptyRows(form: HTMLFormElement, body: Body): Body {
  const moved = new Map<string, string>();
  for (const [k, v] of Object.entries(body)) {
    if (!Array.isArray(v)) continue;
    // Object.keys skips the holes of rows left out.
    const kept = Object.keys(v).filter((i) => {
      const row: unknown = v[Number(i)];
      return typeof row !== 'object' || row === null || Object.keys(row).length > 0;
    });
    body[k] = kept.map((i) => v[Number(i)]);
    for (const [at, i] of kept.entries()) moved.set(`${k}.${at}`, `${k}.${i}`);
  }
  sentRows.set(form, moved);
  return body;
}

/** The name of the page's field for a field the API named in the body it was sent (see sentRows). */
function fieldOnPage(form: HTMLFormElement, field: string): string {
  const [list, at, ...rest] = field.split('.');
  const row = sentRows.get(form)?.get(`${list}.${at}`);
  return row && rest.length > 0 ? `${row}.${rest.join('.')}` : field;
}

/**
 * The JSON body of a form: checkboxes marked data-type="array" collect into a list; fields marked
 * data-type="number" are numbers (empty: null), data-type="boolean" true when their value is "true" (a checkbox: when ticked); data-type="json" fields are parsed; data-type="list"
 * fields are lists of the words they hold (commas or spaces between); dotted names nest; empty
 * optional fields are left out, and empty data-clear fields are null (the API clears what they name); an empty
 * field whose data-clear names the object holding it (data-clear="tax" on tax.rate) makes that object null: a
 * market's tax left blank is no tax, not a rate of 0.
 */
export function formBody(form: HTMLFormElement): Body {
  const body: Body = {};
  const skip = unchangedRows(form);
  const cleared: string[] = [];
  for (const el of Array.from(form.elements) as Control[]) {
    if (!el.name || el.name === '_csrf' || el.disabled || skip.has(el)) continue;
    const [at, key] = slot(body, el.name);
    if (el.dataset.type === 'array') {
      // Optional boxes none of which is ticked leave their list out (the API's default), rather than send [].
      if (!(el as HTMLInputElement).checked && el.hasAttribute('data-optional')) continue;
      const list = Array.isArray(at[key]) ? (at[key] as string[]) : [];
      at[key] = list;
      if ((el as HTMLInputElement).checked) list.push(el.value);
    } else if (el.dataset.type === 'boolean' && el instanceof HTMLInputElement && el.type === 'checkbox') {
      // Unticked and optional: left out (the API keeps what it has).
      if (el.checked || !el.hasAttribute('data-optional')) at[key] = el.checked;
    } else if (el.dataset.type === 'boolean') {
      at[key] = el.value === 'true';
    } else if (el.value === '' && el.hasAttribute('data-optional')) {
      // Left out: the API keeps what it has.
    } else if (el.value === '' && el.dataset.clear && el.name.startsWith(`${el.dataset.clear}.`)) {
      cleared.push(el.dataset.clear);
    } else if (el.value === '' && el.hasAttribute('data-clear')) {
      at[key] = null;
    } else if (el.dataset.type === 'number') {
      at[key] = el.value === '' ? null : Number(el.value);
    } else if (el.dataset.type === 'json') {
      at[key] = jsonOf(el.value);
    } else if (el.dataset.type === 'list') {
      at[key] = el.value.split(/[\s,]+/).filter((w) => w !== '');
    } else {
      at[key] = el.value;
    }
  }
  for (const name of cleared) {
    const [at, key] = slot(body, name);
    at[key] = null;
  }
  return dropEmptyRows(form, body);
}

/**
 * The body of a form marked data-body="file": the text of its file input (a CSV), sent as it is with the type the
 * form names (data-content-type), for the API to read and judge whole.
 */
export async function fileBody(form: HTMLFormElement): Promise<string> {
  const file = form.querySelector<HTMLInputElement>('input[type=file]')?.files?.[0];
  return file ? await file.text() : '';
}

export function clearErrors(form: HTMLFormElement): void {
  for (const e of form.querySelectorAll('.field-error[data-generated]')) e.remove();
  for (const e of form.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid');
  const box = form.querySelector('.form-error');
  if (box) box.textContent = '';
}

interface Problem {
  field?: unknown;
  message?: unknown;
}

interface LineProblem {
  line?: unknown;
  column?: unknown;
  message?: unknown;
}

/** The problems of an uploaded file (line, column, message), listed under the form's error. */
function showLineErrors(box: Element, problems: LineProblem[]): void {
  const list = document.createElement('ul');
  list.className = 'line-errors';
  for (const p of problems) {
    const item = list.appendChild(document.createElement('li'));
    const where = item.appendChild(document.createElement('strong'));
    where.textContent = `Line ${String(p.line ?? '?')}${p.column ? `, column ${String(p.column)}` : ''}: `;
    item.append(String(p.message ?? ''));
  }
  box.appendChild(list);
}

export function showErrors(form: HTMLFormElement, answer: ClientAnswer): void {
  const body = (answer.body ?? {}) as { error?: unknown; errors?: unknown; details?: { errors?: unknown } };
  // A 400 lists each problem with a field in errors: {field, code, message, location}.
  const problems: Problem[] = Array.isArray(body.errors) ? body.errors : [];
  let placed = false;
  for (const d of problems) {
    const name = d?.field ? fieldOnPage(form, String(d.field)).replace(/"/g, '') : '';
    const el = name ? form.querySelector<HTMLElement & { name: string }>(`[name="${name}"]`) : null;
    if (!el) continue;
    placed = true;
    const msg = document.createElement('p');
    msg.className = 'field-error';
    msg.dataset.generated = '';
    msg.id = `err-${el.name}`;
    msg.textContent = String(d.message ?? '');
    el.setAttribute('aria-invalid', 'true');
    el.setAttribute('aria-describedby', msg.id);
    (el.closest('.field') ?? el.parentNode)?.appendChild(msg);
  }
  const box = form.querySelector('.form-error');
  if (box) box.textContent = placed ? 'Please correct the marked field.' : failure(answer, body.error);
  // A file's problems carry their line, in `details.errors` or among `errors`.
  const lines = [...(Array.isArray(body.details?.errors) ? body.details.errors : []), ...problems].filter(
    (p): p is LineProblem => typeof (p as LineProblem | null)?.line === 'number',
  );
  if (box && lines.length > 0) {
    box.textContent = `Nothing was imported: ${lines.length === 1 ? 'a problem' : `${lines.length} problems`} in the file.`;
    showLineErrors(box, lines);
  }
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function failure(answer: ClientAnswer, error: unknown): string {
  if (answer.status === 0) return 'The service cannot be reached; check your connection and try again.';
  if (typeof error === 'string' && error) return error;
  return `Something went wrong (${answer.status}).`;
}

/** A redirect target with {key} placeholders filled from the answer's body. */
function fill(template: string, data: unknown): string {
  const values = (data ?? {}) as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(values[k] == null ? '' : String(values[k])));
}

type Success = (form: HTMLFormElement, body: unknown) => void | Promise<void>;

export const onSuccess: Record<string, Success> = {
  reload(form) {
    if (form.dataset.flash) flash(form.dataset.flash);
    location.reload();
  },
  redirect(form, body) {
    if (form.dataset.flash) flash(form.dataset.flash);
    location.assign(fill(form.dataset.redirect ?? '', body));
  },
  async refresh(form) {
    await refresh(form.dataset.refresh ?? '');
    if (form.dataset.flash) notify(form.dataset.flash);
  },
  /** A secret shown once (an API key, a webhook's signing secret): data-secret and data-secret-label name its fields. */
  async 'show-key'(form, body) {
    const made = body as Record<string, string>;
    const panel = document.getElementById('new-key') as HTMLElement;
    const input = panel.querySelector('#new-key-value') as HTMLInputElement;
    input.value = made[form.dataset.secret ?? 'key'] ?? '';
    (panel.querySelector('.new-key-name') as HTMLElement).textContent = made[form.dataset.secretLabel ?? 'name'] ?? '';
    panel.hidden = false;
    form.reset();
    await refresh(form.dataset.refresh ?? '#keys');
    input.focus();
    input.select();
  },
  /** A test event's outcome (POST …/webhooks/{id}/test), told in the status line. */
  'show-test'(_form, body) {
    const r = body as { ok: boolean; status_code: number | null; duration_ms: number; error: string | null };
    if (r.ok) notify(`Test event delivered: ${r.status_code} in ${r.duration_ms} ms.`);
    else notify(`Test event failed: ${r.error ?? r.status_code} (${r.duration_ms} ms).`, 'error');
  },
  /** A quote just sent or given a new share link: the link (shown only in this answer) beside a Copy button. */
  async 'show-link'(form, body) {
    const panel = document.getElementById('share-link') as HTMLElement;
    (panel.querySelector('#share-link-value') as HTMLInputElement).value = (body as { share_url: string }).share_url;
    panel.hidden = false;
    await refresh('#quote-body');
    if (form.dataset.flash) notify(form.dataset.flash);
  },
  /** A re-priced quote: each item's old and new price (or why it no longer prices) in the report table. */
  async 'show-reprice'(form, body) {
    const { items } = body as { items: RepricedItem[] };
    const panel = document.getElementById('reprice-report') as HTMLElement;
    // The quote's locale and currency, as the server formats the page's money (data-locale, data-currency).
    const money = new Intl.NumberFormat(panel.dataset.locale, { style: 'currency', currency: panel.dataset.currency });
    const rows = items.map((i) => {
      const row = document.createElement('tr');
      const news =
        i.new_price === null ? i.errors.map((e) => e.message).join('; ') : `${money.format(i.new_price)} (v${i.new_version})`;
      for (const text of [i.product_id, `${money.format(i.old_price)} (v${i.old_version})`, news]) {
        row.appendChild(document.createElement('td')).textContent = text;
      }
      return row;
    });
    panel.querySelector('tbody')?.replaceChildren(...rows);
    panel.hidden = false;
    await refresh('#quote-body');
    if (form.dataset.flash) notify(form.dataset.flash);
  },
};

interface RepricedItem {
  product_id: string;
  old_version: number;
  new_version: number | null;
  old_price: number;
  new_price: number | null;
  errors: { message: string }[];
}
