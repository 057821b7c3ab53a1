// Keeps the author's work: every change goes to localStorage at once (debounced a little) and to the server's
// draft (PUT …/draft, debounced) as soon as it can; the local copy is removed once the server has that text. A
// refused save (401: session ended) waits for signing in again, then saves. Nothing here navigates away.
import { call, errorOf } from './api';
import { signedIn } from './session';

const LOCAL_DELAY_MS = 250;
const SERVER_DELAY_MS = 900;

export type DraftState = 'saved' | 'saving' | 'pending' | 'local' | 'signed-out' | 'failed';

interface LocalCopy {
  source: string;
  at: string;
}

export interface DraftOptions {
  store: string;
  /** The product's id; null while a new product has none yet (then only the local copy is kept). */
  product(): string | null;
  /** The editor's text (read when saving, not per keystroke: a long schema is a long string). */
  text(): string;
  /** The version the editor's text came from (0 for a new product): a new draft records it, and publishing checks it. */
  baseVersion(): number;
  /** The text the server already has (the draft, or the current version when there is no draft). */
  serverSource: string;
  /** False for a new product's starter text: the server has nothing yet, so publishing needs it saved first. */
  onServer: boolean;
  onState(state: DraftState, detail?: string): void;
  /** Called after the server stored a text (the preview reloads from it). */
  onSaved(source: string): void;
}

export class DraftKeeper {
  private serverSource: string;
  private onServer: boolean;
  private localTimer = 0;
  private serverTimer = 0;
  private saving: Promise<string | null> | null = null;

  constructor(private readonly o: DraftOptions) {
    this.serverSource = o.serverSource;
    this.onServer = o.onServer;
    addEventListener('pagehide', () => this.saveLocal());
  }

  private key(): string {
    return `cpq-draft:${this.o.store}:${this.o.product() ?? ''}`;
  }

  private path(): string | null {
    const id = this.o.product();
    if (!id) return null;
    return `/api/admin/stores/${encodeURIComponent(this.o.store)}/products/${encodeURIComponent(id)}/draft`;
  }

  /** A copy kept in this browser that the server does not have, if any. */
  localCopy(): LocalCopy | null {
    try {
      const raw = localStorage.getItem(this.key());
      const copy = raw ? (JSON.parse(raw) as LocalCopy) : null;
      return copy && typeof copy.source === 'string' && copy.source !== this.serverSource ? copy : null;
    } catch {
      return null;
    }
  }

  /** True when leaving now would lose text: neither the server nor this browser has it. */
  unsafeToLeave(): boolean {
    if (this.o.text() === this.serverSource) return false;
    return !this.saveLocal();
  }

  changed(): void {
    this.o.onState('pending');
    clearTimeout(this.localTimer);
    clearTimeout(this.serverTimer);
    this.localTimer = window.setTimeout(() => this.saveLocal(), LOCAL_DELAY_MS);
    this.serverTimer = window.setTimeout(() => void this.flush(), SERVER_DELAY_MS);
  }

  private saveLocal(): boolean {
    clearTimeout(this.localTimer);
    try {
      const source = this.o.text();
      if (source === this.serverSource) localStorage.removeItem(this.key());
      else localStorage.setItem(this.key(), JSON.stringify({ source, at: new Date().toISOString() }));
      return true;
    } catch {
      return false;
    }
  }

  /** Saves the current text on the server now; resolves null once the server has it, else why not. */
  async flush(): Promise<string | null> {
    clearTimeout(this.serverTimer);
    while (this.saving) await this.saving;
    if (this.onServer && this.o.text() === this.serverSource) {
      this.o.onState('saved');
      return null;
    }
    const path = this.path();
    if (!path) {
      this.saveLocal();
      this.o.onState('local');
      return 'Give the product an id, e.g. pvc-window.';
    }
    this.saving = this.put(path);
    try {
      return await this.saving;
    } finally {
      this.saving = null;
    }
  }

  private async put(path: string): Promise<string | null> {
    const text = this.o.text();
    this.o.onState('saving');
    let answer = await call('PUT', path, { source: text, base_version: this.o.baseVersion() });
    if (answer.status === 401) {
      this.saveLocal();
      this.o.onState('signed-out');
      await signedIn();
      this.o.onState('saving');
      const again = this.o.text();
      answer = await call('PUT', path, { source: again, base_version: this.o.baseVersion() });
      if (answer.ok) return this.stored(again);
    }
    if (!answer.ok) {
      this.saveLocal();
      this.o.onState('failed', errorOf(answer));
      return errorOf(answer);
    }
    return this.stored(text);
  }

  private stored(text: string): string | null {
    this.serverSource = text;
    this.onServer = true;
    this.saveLocal();
    const current = this.o.text() === text;
    this.o.onState(current ? 'saved' : 'pending');
    this.o.onSaved(text);
    return current ? null : 'The text changed while it was being saved.';
  }

  /**
   * Deletes the server's draft and this browser's copy, after any save under way (a pending one is dropped);
   * resolves null once done (also when the server had none), else why not. The caller then reloads the page.
   */
  async discard(): Promise<string | null> {
    clearTimeout(this.localTimer);
    clearTimeout(this.serverTimer);
    while (this.saving) await this.saving;
    const path = this.path();
    if (path) {
      let answer = await call('DELETE', path);
      if (answer.status === 401) {
        await signedIn();
        answer = await call('DELETE', path);
      }
      if (!answer.ok && answer.status !== 404) return errorOf(answer);
    }
    // The text on screen is given up: leaving or reloading neither asks nor keeps it.
    this.serverSource = this.o.text();
    this.saveLocal();
    return null;
  }

  /** After publishing, the server has no draft and its current version is this text. */
  published(text: string): void {
    this.serverSource = text;
    this.saveLocal();
  }
}
