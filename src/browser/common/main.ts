// Loaded on every signed-in page (/admin/assets/common.js): forms that submit to the admin API with the
// session's CSRF token, confirmation dialogs, copy and dismiss buttons, local times and one-shot notices.
import { adminCall } from '../shared/admin-api';
import { confirmDialog } from '../shared/dialog';
import { localTimes, showFlash } from '../shared/page';
import { clearErrors, fileBody, formBody, onSuccess, showErrors } from './forms';

document.addEventListener('submit', async (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches('form.api-form')) return;
  event.preventDefault();
  const { confirm, confirmTitle, confirmAction, method = 'POST', action = '' } = form.dataset;
  if (confirm && !(await confirmDialog(confirmTitle || 'Are you sure?', confirm, confirmAction || 'Confirm'))) return;
  clearErrors(form);
  const button = form.querySelector<HTMLButtonElement>('[type=submit]');
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  const answer =
    form.dataset.body === 'file'
      ? await adminCall(method, action, await fileBody(form), form.dataset.contentType)
      : await adminCall(method, action, method === 'DELETE' ? undefined : formBody(form));
  form.removeAttribute('aria-busy');
  if (button) button.disabled = false;
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok) await (onSuccess[form.dataset.success || 'reload'] ?? onSuccess.reload)?.(form, answer.body);
  else if (answer.status !== 401) showErrors(form, answer);
});

document.addEventListener('click', async (event) => {
  const target = event.target as Element;
  const button = target.closest<HTMLElement>('[data-copy]');
  if (button) {
    const source = document.querySelector(button.dataset.copy ?? '') as HTMLInputElement | null;
    if (!source) return;
    const text = source.value || source.textContent || '';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (or an old browser): select the text and fall back to the legacy command.
      source.select();
      document.execCommand('copy');
    }
    const label = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = label;
    }, 2000);
    return;
  }
  const dismiss = target.closest<HTMLElement>('[data-dismiss]');
  if (dismiss) {
    const panel = document.querySelector<HTMLElement>(dismiss.dataset.dismiss ?? '');
    if (!panel) return;
    panel.hidden = true;
    const input = panel.querySelector('input');
    if (input) input.value = '';
  }
});

localTimes(document);
showFlash();
