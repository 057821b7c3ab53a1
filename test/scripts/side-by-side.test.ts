import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { sideBySide } from '../../scripts/test.mjs';

// `npm test` runs vitest and the e2e suites at once (scripts/test.mjs): it must fail when either fails, and keep
// their outputs apart.

function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { out, text: () => Buffer.concat(chunks).toString() };
}

/** A node -e script that prints `lines` a few milliseconds apart, then exits with `code`. */
const script = (name: string, lines: string[], code: number) => ({
  name,
  args: [
    '-e',
    `const l=${JSON.stringify(lines)};let i=0;const t=setInterval(()=>{if(i<l.length)console.log(l[i++]);else{clearInterval(t);process.exit(${code})}},20)`,
  ],
});

describe('sideBySide (npm test)', () => {
  it('passes when both pass, and prints the held output whole after the live one', async () => {
    const { out, text } = collector();
    const code = await sideBySide(script('live', ['a1', 'a2', 'a3'], 0), script('held', ['b1', 'b2', 'b3'], 0), out);
    expect(code).toBe(0);
    expect(text()).toMatch(/^a1\na2\na3\nb1\nb2\nb3\nlive passed in \d+ s; held passed in \d+ s \(side by side\)\.\n$/);
  });

  it.each([
    [1, 0],
    [0, 3],
  ])('fails when one fails (live exits %i, held %i)', async (live, held) => {
    const { out, text } = collector();
    const code = await sideBySide(script('live', ['a'], live), script('held', ['b'], held), out);
    expect(code).not.toBe(0);
    expect(text()).toContain('FAILED');
  });
});
