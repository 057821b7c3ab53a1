/** The most parameters D1 binds in one statement. */
export const D1_MAX_PARAMS = 100;

/**
 * Runs `query` on slices of `values` small enough that each statement, with its `fixed` other parameters, stays
 * within D1's bound (a longer IN list answers an error), and answers the rows of all the slices in order.
 */
export async function inChunks<T, R>(values: readonly T[], fixed: number, query: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const size = D1_MAX_PARAMS - fixed;
  const slices: T[][] = [];
  for (let i = 0; i < values.length; i += size) slices.push(values.slice(i, i + size));
  return (await Promise.all(slices.map(query))).flat();
}
