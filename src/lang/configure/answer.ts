// The caps on configure's answer (issue 27: an answer of 342 MB): its fields, options and reasons are added
// while they fit a byte budget and a count of reasons; what does not fit is counted, as `truncated`, never sent.
import { utf8Length } from '../utf8';
import { MAX_FIELDS_BYTES } from './budget';

/** Reasons listed in one answer, at most (each option lists at most MAX_REASONS_PER_OPTION). */
export const MAX_REASONS = 1_000;

/** Bytes of an option id's JSON (UTF-8), as fitsOption counts it. */
export const idBytes = (id: string): number => utf8Length(JSON.stringify(id));

export type Truncated = Partial<Record<'fields' | 'options' | 'reasons' | 'conflicts', number>>;

export class AnswerSize {
  private bytes = 0;
  private reasons = 0;
  /** Set once an entry did not fit: everything after it, in schema order, is left out too. */
  private full = false;
  readonly truncated: Truncated = {};
  /** Bytes of JSON of each reason measured in this answer. */
  private readonly reasonSizes = new WeakMap<object, number>();

  /** Whether an entry of the answer fits; if so its size is counted. */
  fits(entry: unknown): boolean {
    return !this.full && this.add(utf8Length(JSON.stringify(entry)) + 1);
  }

  private add(size: number): boolean {
    if (this.full) return false;
    if (this.bytes + size > MAX_FIELDS_BYTES) {
      this.full = true;
      return false;
    }
    this.bytes += size;
    return true;
  }

  /**
   * `fits` for an option as first added (no reasons yet), its size counted without serializing it: an answer
   * holds thousands of options (issue 25), and serializing each was a third of a large model's answer time.
   * `id`: the bytes of its id's JSON (idBytes), when already known.
   */
  fitsOption(o: { id: string; available: boolean; reasons: readonly unknown[] }, id = idBytes(o.id)): boolean {
    if (o.reasons.length > 0) return this.fits(o);
    // {"id":…,"available":…,"reasons":[]} and the comma after it.
    return this.add(id + (o.available ? 4 : 5) + 34);
  }

  /** Whether an option id of a compact answer's `available` fits (`id`: its bytes of JSON, idBytes); if so it is counted. */
  fitsId(id: number): boolean {
    return this.add(id + 1);
  }

  /**
   * Whether a reason fits (in bytes and in number); if so it is counted. A reason shared by many options (a check
   * not reading their field) is serialized once.
   */
  fitsReason(entry: object): boolean {
    if (this.reasons >= MAX_REASONS || this.full) return false;
    let size = this.reasonSizes.get(entry);
    if (size === undefined) {
      size = utf8Length(JSON.stringify(entry)) + 1;
      this.reasonSizes.set(entry, size);
    }
    if (!this.add(size)) return false;
    this.reasons++;
    return true;
  }

  /** Whether no further reason can be listed: past MAX_REASONS (or the byte budget), reasons are not looked for. */
  get reasonsFull(): boolean {
    return this.full || this.reasons >= MAX_REASONS;
  }

  leaveOut(list: keyof Truncated, n: number): void {
    if (n > 0) this.truncated[list] = (this.truncated[list] ?? 0) + n;
  }

  /** Whether options or fields were left out (reasons past their caps leave the answer complete). */
  get cut(): boolean {
    return this.truncated.fields !== undefined || this.truncated.options !== undefined;
  }
}
