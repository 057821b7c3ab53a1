// A schema's source against another's, as `cpq diff` and a refused `cpq push` print it: the counts, then the
// unified-diff hunks of src/products/diff.ts (the version history's diff).
import { lineDiff } from '../products/diff';
import { cyan, dim, green, red } from './style';

export function printSourceDiff(before: string, after: string): void {
  const changes = lineDiff(before, after);
  if (changes.hunks.length === 0) console.log(dim('source: unchanged'));
  else console.log(`source: ${green(`+${changes.added}`)} ${red(`-${changes.removed}`)}`);
  for (const h of changes.hunks) {
    console.log(cyan(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`));
    for (const line of h.lines) console.log(line.startsWith('+') ? green(line) : line.startsWith('-') ? red(line) : line);
  }
}
