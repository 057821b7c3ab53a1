// Reading docs/api.md as the tests that hold it to the code do: a `## ` section's text, and its tables' rows.

/** The text under the `## <heading>` line, up to the next `## ` heading; empty when there is no such heading. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}

/** Each table row's cells, trimmed, header separators left out. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The `code` spans of a cell: `` `A`, `B` `` → ['A', 'B']. */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map(([, code]) => code!);
}
