// README.md and docs/ are the complete reference in a user's clone: no link or named path leads outside the
// repository, to a missing file, or to a missing heading.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, linkProblems } from './links';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docs = [
  'README.md',
  ...readdirSync(`${root}/docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('the docs', () => {
  it.each(docs)('%s links only to files and headings of the repository', (file) => {
    expect(linkProblems(root, file, readFileSync(`${root}/${file}`, 'utf8'))).toEqual([]);
  });
});

describe('the link check', () => {
  it('finds links and paths outside the repository, missing files and missing anchors', () => {
    const markdown = [
      '# Top',
      '## The `cpq` command',
      'See [the spec](../shared/spec/interface.md), `../shared/spec/interface.md`, [cli](docs/cli.md#exit-codes),',
      '[gone](docs/gone.md), [bad anchor](docs/cli.md#nowhere), [here](#the-cpq-command), [there](#elsewhere),',
      '[web](https://no-color.org), [file](file:///etc/passwd), `src/lang/index.ts`, `src/lang/nothing.ts`,',
      '`src/lang/syntax/fast-*.ts`, `src/generated/bundles.ts`, `/api/v1/calculate`.',
      '```sh',
      'cat ../outside.md   # code, not a link: [x](../y.md)',
      '```',
    ].join('\n');
    expect(linkProblems(root, 'README.md', markdown)).toEqual([
      'README.md: ../shared/spec/interface.md: outside the repository',
      'README.md: docs/gone.md: no such file',
      'README.md: docs/cli.md#nowhere: no heading with that anchor',
      'README.md: #elsewhere: no heading with that anchor',
      'README.md: file:///etc/passwd: not a web page or a file of the repository',
      'README.md: ../shared/spec/interface.md: outside the repository',
      'README.md: src/lang/nothing.ts: no such file',
    ]);
  });

  it("names headings as GitHub's anchors do", () => {
    expect([...anchorsOf('# API decisions\n## Form (`GET /v1/products/{id}/form`)\n## Errors\n## Errors\n')]).toEqual([
      'api-decisions',
      'form-get-v1productsidform',
      'errors',
      'errors-1',
    ]);
  });
});
