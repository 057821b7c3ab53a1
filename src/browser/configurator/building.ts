// Building a form's DOM: its groups in their layout (sections, tabs, accordion, inline) and a control per field,
// detached and in slices, then shown in place of the form shown, touching only what differs. The view also owns
// what the layout decides: the selected tab, which groups show, where a field is.
import { type Control, type ControlContext, createControl, shown } from './controls';
import { el, uid } from './dom';
import type { FormDocument, FormField, FormGroup } from './form';
import type { Translate } from './i18n';

/** How long building a form may hold the page before it lets the page's own work (typing) in (ms). */
const SLICE_MS = 8;

interface GroupView {
  group: FormGroup;
  root: HTMLElement;
  fields: HTMLFieldSetElement;
  tab?: HTMLButtonElement;
  /** The group without its fields, as JSON: a view is kept for a new form whose group has the same. */
  signature: string;
}

/** A form built by `build`, detached, for `show`. */
export interface Built {
  form: FormDocument;
  reuse: boolean;
  controls: Map<string, Control>;
  signatures: Map<string, string>;
  groups: GroupView[];
  /** The form area's children, in order. */
  children: Node[];
  /** Each group's fieldset with its controls' roots, in order. */
  fields: [Node, Node[]][];
  /** Each control's group. */
  groupOf: Map<string, string>;
  tabs: HTMLElement | null;
}

/** What a control is built from, as JSON: a control is kept for a new form whose field has the same. */
const signatureOf = (f: FormField) => JSON.stringify(f);

/**
 * Makes `nodes` the children of `parent`, in order, touching only what differs: a node already in place stays,
 * one no longer wanted is removed, a new or moved one is inserted. Unchanged children keep their layout and state.
 */
function place(parent: Node, nodes: readonly Node[]): void {
  const wanted = new Set(nodes);
  let at = parent.firstChild;
  for (const n of nodes) {
    while (at && at !== n && !wanted.has(at)) {
      const next: ChildNode | null = at.nextSibling;
      at.remove();
      at = next;
    }
    if (at === n) at = at.nextSibling;
    else parent.insertBefore(n, at);
  }
  while (at) {
    const next: ChildNode | null = at.nextSibling;
    at.remove();
    at = next;
  }
}

export class FormView {
  readonly area = el('div', { part: 'form', class: 'form' });
  controls = new Map<string, Control>();
  /** Each control's field as it was built (signatureOf). */
  #signatures = new Map<string, string>();
  /** Each control's group. */
  #groupOf = new Map<string, string>();
  #groups: GroupView[] = [];
  #tab = 0;

  groupOf(field: string): string | undefined {
    return this.#groupOf.get(field);
  }

  /**
   * Builds a form's groups and controls, detached, in slices of SLICE_MS with the page's own work (typing in a host
   * page) in between, so that a form of a thousand fields never blocks the page for long. With `reuse`, keeps the
   * group views and controls of the form shown whose definition is unchanged. Null when `current` turned false
   * meanwhile (a later load, or the element left the page). The form shown stays as it is until `show`.
   */
  async build(
    form: FormDocument,
    reuse: boolean,
    t: Translate,
    context: ControlContext,
    current: () => boolean,
  ): Promise<Built | null> {
    const oldControls = reuse ? this.controls : new Map<string, Control>();
    const oldSignatures = reuse ? this.#signatures : new Map<string, string>();
    // Tabs are bound to their places in the tab list, so a tabbed form keeps only its controls.
    const oldGroups = new Map(reuse && form.layout !== 'tabs' ? this.#groups.map((v) => [v.group.id, v]) : []);
    const built: Built = {
      form,
      reuse,
      controls: new Map(),
      signatures: new Map(),
      groups: [],
      children: [],
      fields: [],
      groupOf: new Map(),
      tabs: null,
    };
    const head = el('div', { class: 'head' }, [el('h2', { part: 'title', text: form.name ?? form.product_id })]);
    if (form.description) head.append(el('p', { part: 'description', class: 'muted', text: form.description }));
    built.children.push(head);
    if (form.layout === 'tabs') {
      built.tabs = el('div', { part: 'tabs', class: 'tabs', role: 'tablist', 'aria-label': t('sections') });
      built.tabs.addEventListener('keydown', (e) => this.#tabKey(e));
      built.children.push(built.tabs);
    }
    let until = performance.now() + SLICE_MS;
    for (const [i, g] of form.groups.entries()) {
      const inputs = g.fields.filter(shown);
      if (!inputs.length) continue;
      const signature = JSON.stringify({ ...g, fields: undefined });
      const old = oldGroups.get(g.id);
      const kept = old !== undefined && old.signature === signature;
      const view = kept ? { ...old, group: g } : this.#groupView(g, built.groups.length, form.layout, built.tabs, signature);
      const roots: Node[] = [];
      for (const f of inputs) {
        if (performance.now() > until) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (!current()) return null;
          until = performance.now() + SLICE_MS;
        }
        const fieldSignature = signatureOf(f);
        const same = oldControls.get(f.id);
        const c = same && oldSignatures.get(f.id) === fieldSignature ? same : createControl(f, context);
        built.controls.set(f.id, c);
        built.signatures.set(f.id, fieldSignature);
        built.groupOf.set(f.id, g.id);
        roots.push(c.root);
      }
      built.fields.push([view.fields, roots]);
      built.groups.push(view);
      built.children.push(view.root);
      if (form.layout === 'accordion' && i === 0 && !kept) view.root.setAttribute('open', '');
    }
    if (!built.controls.size) built.children.push(el('p', { class: 'muted', text: t('noFields') }));
    return built;
  }

  /** Shows a built form in place of the one shown, touching only what differs. */
  show(built: Built): void {
    const { form, reuse } = built;
    const area = this.area;
    if (!reuse) area.replaceChildren();
    area.className = `form layout-${form.layout}`;
    area.lang = form.language;
    for (const [parent, nodes] of built.fields) place(parent, nodes);
    place(area, built.children);
    this.controls = built.controls;
    this.#signatures = built.signatures;
    this.#groupOf = built.groupOf;
    this.#groups = built.groups;
    if (built.tabs) this.#selectTab(reuse && this.#tab < this.#groups.length ? this.#tab : 0, false);
  }

  /** Each group shown or hidden, enabled or not (`false` only when a state says so). */
  showGroups(visible: (group: string) => boolean | undefined, enabled: (group: string) => boolean | undefined): void {
    for (const v of this.#groups) {
      const shown = visible(v.group.id) !== false;
      v.root.hidden = !shown;
      if (v.tab) v.tab.hidden = !shown;
      v.fields.disabled = enabled(v.group.id) === false;
    }
    if (this.#groups[this.#tab]?.tab?.hidden) {
      const first = this.#groups.findIndex((v) => !v.tab?.hidden);
      if (first >= 0) this.#selectTab(first, false);
    }
  }

  /** Brings a field into view (its tab selected, its accordion open) and focuses it. */
  focus(id: string): void {
    const c = this.controls.get(id);
    if (!c) return;
    const index = this.#groups.findIndex((v) => v.root.contains(c.root));
    const view = this.#groups[index];
    if (view?.tab) this.#selectTab(index, false);
    if (view?.root instanceof HTMLDetailsElement) view.root.open = true;
    c.focus();
  }

  #groupView(g: FormGroup, i: number, layout: FormDocument['layout'], tabs: HTMLElement | null, signature: string): GroupView {
    const fields = el('fieldset', { class: 'fields' });
    const headingId = uid('g');
    if (layout === 'accordion') {
      const root = el('details', { part: 'group', class: 'group acc' }, [
        el('summary', { id: headingId, text: g.label ?? g.id }),
        fields,
      ]);
      return { group: g, root, fields, signature };
    }
    if (layout === 'tabs' && tabs) {
      const panelId = uid('p');
      const tab = el('button', {
        type: 'button',
        role: 'tab',
        id: headingId,
        part: 'tab',
        'aria-controls': panelId,
        class: 'tab',
        text: g.label ?? g.id,
      });
      tab.addEventListener('click', () => this.#selectTab(i, false));
      tabs.append(tab);
      const root = el(
        'div',
        { part: 'group', class: 'group panel', role: 'tabpanel', id: panelId, 'aria-labelledby': headingId },
        [fields],
      );
      return { group: g, root, fields, tab, signature };
    }
    const root = el(
      'section',
      { part: 'group', class: `group${layout === 'inline' ? ' inline' : ''}`, 'aria-labelledby': headingId },
      [el('h3', { id: headingId, part: 'group-title', text: g.label ?? g.id }), fields],
    );
    return { group: g, root, fields, signature };
  }

  #selectTab(index: number, focus: boolean): void {
    this.#tab = index;
    this.#groups.forEach((v, i) => {
      v.tab?.setAttribute('aria-selected', String(i === index));
      if (v.tab) v.tab.tabIndex = i === index ? 0 : -1;
      v.root.classList.toggle('active', i === index);
    });
    if (focus) this.#groups[index]?.tab?.focus();
  }

  #tabKey(e: KeyboardEvent): void {
    const shown = this.#groups.flatMap((v, i) => (v.tab?.hidden ? [] : [i]));
    const at = shown.indexOf(this.#tab);
    const next = {
      ArrowRight: shown[(at + 1) % shown.length],
      ArrowLeft: shown[(at - 1 + shown.length) % shown.length],
      Home: shown[0],
      End: shown.at(-1),
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.#selectTab(next, true);
  }
}
