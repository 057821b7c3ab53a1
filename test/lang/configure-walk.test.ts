/// <reference types="vite/client" />
// The no-dead-end promise in process, from 100 random starting points per example: a buyer who keeps choosing
// available options (and numbers within the reported min/max) for the fields not yet set always ends with a
// configuration that prices. test/api/configure.test.ts walks the same way over HTTP, fewer times.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { typedFor, walk } from '../configure-walk';
import { random } from './random';

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const WALKS = 100;

describe.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))('%s', (_, source) => {
  it(`every one of ${WALKS} random walks through available values ends in a configuration that prices`, async () => {
    const ir = analyze(source).ir as ProductIR;
    const model = instantiate(ir);
    const next = random(0x2545f491);
    const quantity = ir.quantity.default;
    const first = model.configure({ configuration: {}, quantity });
    expect(first.complete).toBe(true);
    for (let i = 0; i < WALKS; i++) {
      const configuration = await walk({
        ask: (configuration) => model.configure({ configuration, quantity }),
        first,
        pick: (n) => Math.floor(next() * n),
        typed: typedFor(ir),
        label: `walk ${i}`,
      });
      const done = model.evaluate({ configuration, quantity });
      expect(done.errors, JSON.stringify(configuration)).toEqual([]);
      expect(done.price).not.toBeNull();
    }
  }, 300_000);
});
