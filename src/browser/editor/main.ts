// The schema editor page (src/backoffice/views/editor.tsx): CodeMirror on the schema, diagnostics from the admin
// validate endpoint (debounced, never per keystroke), the draft kept in this browser and on the server, a live
// preview of the draft, and Publish. A read-only page (an old version) gets the same view without the rest.
import { nextDiagnostic, setDiagnostics } from '@codemirror/lint';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { confirmDialog } from '../shared/dialog';
import { flash, notify, refresh } from '../shared/page';
import { call, errorOf } from './api';
import { type ApiDiagnostic, type Problem, problemsOf, rangeOf, toEditor } from './diagnostics';
import { DraftKeeper, type DraftState } from './draft';
import { showOutputs } from './outputs';
import { refreshPreview } from './preview';
import { ProblemList } from './problems';
import { signedIn } from './session';
import { newValueEdit, showTests, type TestSummary } from './tests';
import { createView } from './view';

const VALIDATE_DELAY_MS = 400;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

interface Validation {
  errors: ApiDiagnostic[];
  warnings: ApiDiagnostic[];
  notes?: ApiDiagnostic[];
  tests?: TestSummary;
}

function start(form: HTMLFormElement): void {
  const textarea = form.querySelector('textarea') as HTMLTextAreaElement;
  const host = form.querySelector('.editor-host') as HTMLElement;
  const readonly = textarea.readOnly;
  const store = form.dataset.store ?? '';
  const nonce = document.querySelector('meta[name="cpq-style-nonce"]')?.getAttribute('content') ?? '';
  const idInput = $<HTMLInputElement>('product-id');
  const productId = () => (idInput ? idInput.value.trim() : form.dataset.product) || null;
  const preview = document.querySelector('cpq-configurator');
  /** Whether the server holds a draft (else the preview shows the current version, which the editor shows too). */
  let hasDraft = form.dataset.draft === 'true';
  const outputs = $('outputs');
  const showPreview = () =>
    refreshPreview(preview, store, form.dataset.product || null, hasDraft, (body) => showOutputs(outputs, body));

  let view: EditorView;
  const text = () => view.state.doc.toString();
  const problems = new ProblemList(
    $('diag-summary') ?? document.createElement('p'),
    $('diag-list') ?? document.createElement('ul'),
    $('caret-status'),
    (p) => jump(p),
  );

  function jump(p: ApiDiagnostic): void {
    const r = rangeOf(view.state.doc, p);
    view.dispatch({
      selection: EditorSelection.single(r.from, r.to),
      effects: EditorView.scrollIntoView(r.from, { y: 'center' }),
    });
    view.focus();
  }

  function showCaret(): void {
    // The start of a selection (a diagnostic selected from the list is reported where it starts).
    const head = view.state.selection.main.from;
    const line = view.state.doc.lineAt(head);
    problems.caretAt(line.number, [...line.text.slice(0, head - line.from)].length + 1);
  }

  function show(p: Problem[]): void {
    view.dispatch(setDiagnostics(view.state, toEditor(view.state.doc, p)));
    problems.show(p);
    showCaret();
  }

  // Validation: debounced; an answer for a text that has changed since is dropped (the next one is coming).
  let validateTimer = 0;
  async function validate(): Promise<void> {
    const doc = view.state.doc;
    let answer = await call<Validation>('POST', '/api/admin/validate', { schema: doc.toString() });
    if (answer.status === 401) {
      await signedIn();
      answer = await call<Validation>('POST', '/api/admin/validate', { schema: doc.toString() });
    }
    if (view.state.doc !== doc) return;
    if (!answer.ok) {
      problems.failed(errorOf(answer));
      return;
    }
    show(problemsOf(answer.body.errors, answer.body.warnings, answer.body.notes));
    showTests(answer.body.tests, answer.body.errors, useNewValue);
  }

  /** Writes a failing expectation's actual value into the schema (then saved, validated and previewed as typed). */
  function useNewValue(e: ApiDiagnostic, expected: string, actual: string): void {
    const edit = newValueEdit(view.state.doc, e, expected, actual);
    if (!edit) {
      notify(`Line ${e.line} no longer expects ${expected}; wait for the tests to run again.`, 'warn');
      return;
    }
    view.dispatch({ changes: edit, selection: EditorSelection.single(edit.from, edit.from + edit.insert.length) });
  }

  const status = $('draft-status');
  const STATES: Record<DraftState, string> = {
    saved: 'Draft saved',
    saving: 'Saving draft…',
    pending: 'Changes not saved yet',
    local: 'Kept in this browser until the product has an id',
    'signed-out': 'Signed out: your draft is kept in this browser',
    failed: 'Draft not saved',
  };
  /** `state` is a DraftState, or 'published' once the draft became the current version. */
  const showStatus = (state: string, message: string) => {
    if (!status) return;
    status.dataset.state = state;
    status.textContent = message;
  };
  const keeper = new DraftKeeper({
    store,
    product: productId,
    text,
    serverSource: textarea.value,
    baseVersion: () => Number(form.dataset.current ?? 0),
    onServer: Boolean(form.dataset.current) || hasDraft,
    onState(state, detail) {
      if (state === status?.dataset.state && !detail) return;
      showStatus(state, detail ? `${STATES[state]}: ${detail}` : STATES[state]);
    },
    onSaved: () => {
      hasDraft = true;
      showDiscard();
      showPreview();
    },
  });

  async function publish(): Promise<void> {
    const id = productId();
    const idError = $('product-id-error');
    idInput?.setAttribute('aria-invalid', 'false');
    if (idError) idError.textContent = '';
    if (!id) {
      idInput?.setAttribute('aria-invalid', 'true');
      if (idError) idError.textContent = 'Give the product an id, e.g. pvc-window.';
      idInput?.focus();
      return;
    }
    const button = $<HTMLButtonElement>('publish');
    if (button) button.disabled = true;
    try {
      const unsaved = await keeper.flush();
      if (unsaved) {
        if (idInput && idError) {
          idInput.setAttribute('aria-invalid', 'true');
          idError.textContent = unsaved;
          idInput.focus();
        } else notify(`Not published: ${unsaved}`, 'error');
        return;
      }
      const published = text();
      const note = $<HTMLInputElement>('publish-note')?.value.trim();
      const path = `/api/admin/stores/${encodeURIComponent(store)}/products/${encodeURIComponent(id)}/draft/publish`;
      const post = async (force: boolean) => {
        const body = { ...(note ? { note } : {}), ...(force ? { force } : {}) };
        const first = await call<Record<string, unknown> & Validation>('POST', path, body);
        if (first.status !== 401) return first;
        await signedIn();
        return call<Record<string, unknown> & Validation>('POST', path, body);
      };
      let answer = await post(false);
      if (answer.status === 412 && (await replaceNewerVersion(answer.body.details))) answer = await post(true);
      const body = answer.body;
      if (answer.status === 201 || answer.ok) {
        keeper.published(published);
        hasDraft = false;
        showDiscard();
        const version = body.version as number;
        // A product that had no version (new, or a draft only) gets its full page now that it has one.
        if (!form.dataset.current) {
          flash(`Created product ${id} (version ${version}).`);
          location.assign(`/admin/stores/${encodeURIComponent(store)}/products/${encodeURIComponent(id)}`);
          return;
        }
        form.dataset.current = String(version);
        notify(body.unchanged ? `No changes: version ${version} stays current.` : `Published as version ${version}.`);
        showStatus(
          'published',
          body.unchanged ? `No changes to publish: version ${version} is current` : `Published version ${version}`,
        );
        const noteInput = $<HTMLInputElement>('publish-note');
        if (noteInput) noteInput.value = '';
        await refresh('#versions');
        await refresh('#product-head');
      } else if (answer.status === 422) {
        show(problemsOf(body.errors ?? [], body.warnings ?? []));
        const n = (body.errors ?? []).length;
        notify(`Not published: ${n} error${n === 1 ? '' : 's'} in the schema. Fix them and publish again.`, 'error');
      } else if (answer.status === 404 && answer.body.code === 'NOT_FOUND' && form.dataset.current) {
        // No draft: the editor shows what is already published.
        notify(`No changes: version ${form.dataset.current} stays current.`);
      } else {
        notify(`Not published: ${errorOf(answer)}`, 'error');
      }
    } finally {
      if (button) button.disabled = false;
    }
  }

  /**
   * Whether the author means to publish over a version published since the draft began (by `cpq push`, the API or
   * another tab): publishing replaces it, and its changes are lost unless merged into the draft first.
   */
  function replaceNewerVersion(details: unknown): Promise<boolean> {
    const newer = (details as { version?: unknown } | undefined)?.version;
    const what = typeof newer === 'number' ? `Version ${newer} was published` : 'The product changed';
    return confirmDialog(
      'A newer version exists',
      `${what} after this draft began. Publishing the draft replaces it: its changes are lost unless you merge them into the draft first.`,
      'Publish anyway',
    );
  }

  const discardButton = $<HTMLButtonElement>('discard-draft');
  const showDiscard = () => {
    if (discardButton) discardButton.hidden = !hasDraft;
  };
  async function discard(): Promise<void> {
    const current = form.dataset.current;
    const back = current ? `the editor goes back to version ${current}` : 'the product, never published, is gone';
    if (!(await confirmDialog('Discard the draft?', `Your unpublished changes are deleted and ${back}.`, 'Discard draft'))) {
      return;
    }
    if (discardButton) discardButton.disabled = true;
    const refused = await keeper.discard();
    if (discardButton) discardButton.disabled = false;
    if (refused) {
      notify(`Draft not discarded: ${refused}`, 'error');
      return;
    }
    flash(current ? `Draft discarded: this is version ${current}.` : `Draft discarded: ${productId()} was never published.`);
    if (current) location.reload();
    else location.assign(`/admin/stores/${encodeURIComponent(store)}/products`);
  }

  const saveNow = () => {
    if (!readonly) void keeper.flush();
    return true;
  };
  view = createView(host, {
    source: textarea.value,
    readonly,
    label: readonly ? 'Schema source (read only)' : 'Schema source',
    nonce,
    keys: [{ key: 'Mod-s', run: saveNow, preventDefault: true }],
    onChange(u) {
      if (u.docChanged && !readonly) {
        keeper.changed();
        problems.busy();
        clearTimeout(validateTimer);
        validateTimer = window.setTimeout(() => void validate(), VALIDATE_DELAY_MS);
      }
      showCaret();
    },
  });
  textarea.hidden = true;
  textarea.disabled = true;
  form.classList.add('is-live');

  discardButton?.addEventListener('click', () => void discard());
  $('next-problem')?.addEventListener('click', () => {
    nextDiagnostic(view);
    view.focus();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!readonly) void publish();
  });
  addEventListener('beforeunload', (e) => {
    if (!readonly && keeper.unsafeToLeave()) e.preventDefault();
  });

  if (readonly) {
    showCaret();
    return;
  }
  // Work this browser kept that the server never got (the session ended, the tab closed): take it back.
  const local = keeper.localCopy();
  if (local) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: local.source } });
    notify('Restored changes kept in this browser; they are being saved as the draft.', 'warn');
  } else if (form.dataset.dirty === 'true') {
    keeper.changed();
  }
  void validate();
  showPreview();
  idInput?.addEventListener('change', () => {
    keeper.changed();
  });
}

const form = document.getElementById('schema-form') as HTMLFormElement | null;
if (form) start(form);
