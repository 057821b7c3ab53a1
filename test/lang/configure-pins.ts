/// <reference types="vite/client" />
// The digest of a product's configure answers along walks (test/configure-walk.ts), shared by the pinned walks
// (configure-digest.test.ts) and those sending values none of their fields' (configure-invalid.test.ts): each
// configuration asked plain, with `conflicts` and with a `want` of an option reported unavailable, work units aside.
import { createHash } from 'node:crypto';
import type { Configuration, ConfigureInput } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { errorsFor, instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { type WalkAnswer, walkTree } from '../configure-walk';
import { SHELF } from '../fixtures/shelf';

/** Every example and test product, by path: the products whose answers are pinned. */
export const sources: Record<string, string> = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/**/*.cpq', { query: '?raw', import: 'default', eager: true }),
  'test/fixtures/shelf.ts': SHELF,
};

/** The answer as served in tests: everything but the work units, which measure the engine rather than answer. */
function text(a: Configuration): string {
  const { units: _units, ...rest } = a;
  return JSON.stringify(rest);
}

type Model = ReturnType<typeof instantiate>;

/**
 * The digest of every answer `ask` records along `walks` walks from `seed`: `ask` is given, for each configuration of
 * the walks, a function recording the three answers for a configuration (and returning the plain one).
 */
export async function walkDigest(
  name: string,
  source: string,
  walks: number,
  seed: number,
  ask: (
    configuration: Record<string, unknown>,
    record: (sent: Record<string, unknown>) => Configuration,
    model: Model,
  ) => WalkAnswer,
): Promise<{ states: number; sha256: string }> {
  const ir = analyze(source).ir as ProductIR;
  const model = instantiate(ir);
  const quantity = ir.quantity.default;
  const groups = new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id));
  const answers = new Map<string, string>();
  const record = (configuration: Record<string, unknown>): Configuration => {
    const input: ConfigureInput = { configuration, quantity };
    const a = model.configure(input);
    const key = JSON.stringify(configuration);
    answers.set(key, text(a));
    answers.set(`${key} conflicts`, text(model.configure({ ...input, conflicts: true })));
    const wanted = a.fields.find((f) => f.options?.some((o) => !o.available));
    const option = wanted?.options?.find((o) => !o.available);
    if (wanted !== undefined && option !== undefined) {
      answers.set(`${key} want`, text(model.configure({ ...input, want: { field: wanted.id, option: option.id } })));
    }
    return a;
  };
  await walkTree(
    {
      ir,
      label: name,
      ask: async (configuration) => ask(configuration, record, model),
      price: async (configuration) => {
        const done = model.calculate({ configuration, quantity });
        const errors = errorsFor(done, groups);
        return { status: errors.length === 0 && done.price !== null ? 200 : 422, body: errors };
      },
    },
    walks,
    seed,
  );
  const hash = createHash('sha256');
  for (const key of [...answers.keys()].sort()) hash.update(`${key}\n${answers.get(key)}\n`);
  return { states: answers.size, sha256: hash.digest('hex') };
}
