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

const TIME_STYLE = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** The reader's format, or a page's locale (data-locale, already checked by the server; the reader's if not). */
function timeFormat(locale: string | undefined): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, TIME_STYLE);
  } catch {
    return new Intl.DateTimeFormat(undefined, TIME_STYLE);
  }
}

/**
 * Turns the server's UTC <time datetime> elements into the reader's local time (the UTC value stays as title), in
 * the locale the page wrote them in (the quote desk's data-locale), else the reader's.
 */
export function localTimes(root: ParentNode): void {
  for (const t of root.querySelectorAll<HTMLElement>('time[datetime]')) {
    const utc = t.getAttribute('datetime') ?? '';
    const d = new Date(utc);
    if (!Number.isNaN(d.getTime())) {
      t.title = utc;
      t.textContent = timeFormat(t.dataset.locale).format(d);
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
