// What every signed-in backoffice page offers its scripts (common.js and the editor alike): the notice area,
// a notice kept for the next page, local times and refreshing one part of the page from the server.

const FLASH_KEY = 'cpq-flash';

/** Shows a notice in the page's notice area (#flash). */
export function notify(message: string, kind = 'ok'): void {
  const box = document.getElementById('flash');
  if (!box) return;
  box.className = `notice ${kind}`;
  box.textContent = message;
}

/** Keeps a notice for the next page this tab loads (after a reload or redirect). */
export function flash(message: string, kind = 'ok'): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  } catch {
    // Storage may be off; the notice is a courtesy.
  }
}

/** Shows, once, the notice the previous page kept. */
export function showFlash(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const f = JSON.parse(raw) as { message?: unknown; kind?: unknown };
    notify(String(f.message ?? ''), typeof f.kind === 'string' ? f.kind : 'ok');
  } catch {
    // A damaged notice is dropped.
  }
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Turns the server's UTC <time datetime> elements into the reader's local time (the UTC value stays as title). */
export function localTimes(root: ParentNode): void {
  for (const t of root.querySelectorAll('time[datetime]')) {
    const utc = t.getAttribute('datetime') ?? '';
    const d = new Date(utc);
    if (!Number.isNaN(d.getTime())) {
      (t as HTMLElement).title = utc;
      t.textContent = timeFormat.format(d);
    }
  }
}

/** Replaces the element matching `selector` with its fresh copy from the server's page. */
export async function refresh(selector: string): Promise<void> {
  const res = await fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!res.ok) return;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const fresh = doc.querySelector(selector);
  const current = document.querySelector(selector);
  if (fresh && current) {
    current.replaceWith(fresh);
    localTimes(fresh);
  }
}
