// Signing in again without leaving the page: when the admin API answers 401, a dialog asks for the admin token
// and posts it to the sign-in endpoint, or lets the author sign in in another tab and continue. Either way the
// page then fetches itself to read the new session's CSRF token. Callers wait on `signedIn()` and retry.
import { csrfToken } from './api';

let waiting: Promise<void> | null = null;
let dialog: HTMLDialogElement | null = null;

/** The dialog is part of the editor page (src/backoffice/views/editor.tsx). */
function theDialog(): HTMLDialogElement {
  const d = document.getElementById('sign-in-again') as HTMLDialogElement;
  // Escape would close the dialog and leave the page signed out: it stays open until the author is signed in.
  d.addEventListener('cancel', (e) => e.preventDefault());
  return d;
}

/** Reads this page again: when it comes back as itself (not the sign-in page), the session is live. */
async function resume(): Promise<boolean> {
  const res = await fetch(location.pathname + location.search, { credentials: 'same-origin', cache: 'no-store' });
  return adopt(res);
}

async function adopt(res: Response): Promise<boolean> {
  if (!res.ok || new URL(res.url).pathname.startsWith('/admin/login')) return false;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const token = doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
  if (!token) return false;
  document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', token);
  return csrfToken() === token;
}

async function signInWith(token: string): Promise<string | null> {
  const form = new URLSearchParams({ token, next: location.pathname + location.search });
  let res: Response;
  try {
    res = await fetch('/admin/login', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    return 'The service cannot be reached; check your connection and try again.';
  }
  if (res.status === 401) return 'That token is not right. Check it and try again.';
  if (res.status === 429) return `Too many wrong tokens; wait ${res.headers.get('retry-after') ?? 'a minute'} seconds.`;
  return (await adopt(res)) ? null : `Signing in failed (${res.status}).`;
}

/** Resolves once the author is signed in again; one dialog however many calls were refused. */
export function signedIn(): Promise<void> {
  if (waiting) return waiting;
  waiting = new Promise<void>((resolve) => {
    dialog ??= theDialog();
    const d = dialog;
    const input = d.querySelector('input') as HTMLInputElement;
    const error = d.querySelector('.field-error') as HTMLElement;
    const done = () => {
      d.removeEventListener('submit', onSubmit);
      d.removeEventListener('click', onClick);
      input.value = '';
      error.textContent = '';
      d.close();
      waiting = null;
      resolve();
    };
    const onSubmit = async (e: Event) => {
      e.preventDefault();
      error.textContent = '';
      const problem = input.value.trim() ? await signInWith(input.value.trim()) : 'Enter the admin token.';
      if (problem) {
        error.textContent = problem;
        input.focus();
      } else done();
    };
    const onClick = async (e: Event) => {
      if (!(e.target as Element).closest('[data-elsewhere]')) return;
      if (await resume()) done();
      else error.textContent = 'You are not signed in yet. Sign in in the other tab first, or enter the token here.';
    };
    d.addEventListener('submit', onSubmit);
    d.addEventListener('click', onClick);
    if (!d.open) d.showModal();
    input.focus();
  });
  return waiting;
}
