/** Timestamps are stored as Unix milliseconds and served as ISO 8601. */
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
