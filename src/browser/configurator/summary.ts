// The price side: total (announced politely to screen readers), price lines, outputs, warnings and problems.
import { readableId } from '../../lang/readable-id';
import { el } from './dom';
import type { Issue } from './form';
import type { Translate } from './i18n';

export interface Totals {
  price: number;
  unit_price: number;
  /** Per-order lines, charged once whatever the quantity (servers that have them). */
  charges?: number;
  subtotal: number;
  discount: number;
  currency: string;
}

/** A group's and its items' labels and units (`result.output_info`, servers that have it; an id made readable else). */
interface OutputInfo {
  label?: string;
  unit?: string;
  /** Production data, shown only to keys that may read it (the backoffice preview asks for every group). */
  internal?: boolean;
  items?: Record<string, { label?: string; unit?: string }>;
}

/** What cpq-price carries: the configuration sent and the server's answer to it. */
export interface Priced {
  configuration: Record<string, unknown>;
  quantity: number;
  result: {
    totals: Totals;
    lines: { id: string; kind: string; per?: string; label: string; amount: number }[];
    groups?: Record<string, Record<string, number>>;
    texts?: Record<string, Record<string, string>>;
    output_info?: Record<string, OutputInfo>;
  } | null;
  warnings: Issue[];
  errors: Issue[];
}

interface SummaryContext {
  t: Translate;
  lang: string;
  currency: string;
  number(n: number): string;
  focus(field: string): void;
}

/** An entry of a map from the server, never one inherited from Object.prototype (an item may be called "constructor"). */
const own = <T>(o: Record<string, T> | undefined, k: string): T | undefined => (o && Object.hasOwn(o, k) ? o[k] : undefined);

function table(caption: string, rows: [string, string][], part: string) {
  return el('table', { part, class: 'table' }, [
    el('caption', { text: caption }),
    el(
      'tbody',
      {},
      rows.map(([k, v]) => el('tr', {}, [el('th', { scope: 'row', text: k }), el('td', { text: v })])),
    ),
  ]);
}

function issues(title: string, list: Issue[], kind: string, pick?: (field: string) => void) {
  if (!list.length) return null;
  return el('div', { part: kind, class: `issues ${kind}` }, [
    el('h4', { text: title }),
    el(
      'ul',
      {},
      list.map((i) => {
        if (!i.field || !pick) return el('li', { text: i.message });
        const b = el('button', { type: 'button', class: 'link', text: i.message });
        b.addEventListener('click', () => pick(i.field!));
        return el('li', {}, [b]);
      }),
    ),
  ]);
}

/** Renders the panel; returns the sentence a screen reader should hear about the total. */
export function renderSummary(box: HTMLElement, p: Priced, c: SummaryContext): string {
  const { t } = c;
  const currency = p.result?.totals.currency ?? c.currency;
  let money: (n: number) => string;
  try {
    const f = new Intl.NumberFormat(c.lang, { style: 'currency', currency });
    money = (n) => f.format(n);
  } catch {
    money = (n) => `${c.number(n)} ${currency}`;
  }
  const r = p.result;
  const total = el('output', { part: 'total', class: 'amount', text: r ? money(r.totals.price) : '—' });
  const note = r
    ? p.quantity === 1
      ? t('each', { price: money(r.totals.unit_price) })
      : `${t('pieces', { n: c.number(p.quantity) })}, ${t('each', { price: money(r.totals.unit_price) })}`
    : t('noPrice');
  const parts: (HTMLElement | null)[] = [
    el('div', { part: 'totals', class: r ? 'total' : 'total none' }, [
      el('span', { class: 'caps', text: t('total') }),
      total,
      el('span', { class: 'muted', text: note }),
    ]),
  ];
  if (r) {
    const rows: [string, string][] = r.lines.map((l) => {
      const notes = [
        l.kind === 'surcharge' && t('surcharge'),
        l.per === 'order' && l.kind !== 'discount' && t('perOrder'),
      ].filter(Boolean);
      return [notes.length ? `${l.label} (${notes.join(', ')})` : l.label, money(l.amount)];
    });
    if (p.quantity !== 1 || r.totals.charges) rows.push([t('subtotal'), money(r.totals.subtotal)]);
    if (r.totals.discount) rows.push([t('discount'), `− ${money(r.totals.discount)}`]);
    if (rows.length) parts.push(table(t('lines'), rows, 'lines'));
    for (const group of new Set([...Object.keys(r.groups ?? {}), ...Object.keys(r.texts ?? {})])) {
      const info: OutputInfo = own(r.output_info, group) ?? {};
      const item = (k: string): { label?: string; unit?: string } => own(info.items, k) ?? {};
      const unit = (k: string) => item(k).unit ?? info.unit;
      const list: [string, string][] = [
        ...Object.entries(own(r.groups, group) ?? {}).map(([k, v]): [string, string] => [
          item(k).label ?? readableId(k),
          c.number(v) + (unit(k) ? ` ${unit(k)}` : ''),
        ]),
        ...Object.entries(own(r.texts, group) ?? {}).map(([k, v]): [string, string] => [
          item(k).label ?? readableId(k),
          String(v),
        ]),
      ];
      const caption = (info.label ?? readableId(group)) + (info.internal ? ` · ${t('internal')}` : '');
      if (list.length) parts.push(table(caption, list, 'outputs'));
    }
  }
  parts.push(issues(t('problems'), p.errors, 'problems', c.focus), issues(t('warnings'), p.warnings, 'warnings'));
  box.replaceChildren(...parts.filter((x): x is HTMLElement => x !== null));
  return `${t('total')}: ${total.textContent}. ${note}`;
}
