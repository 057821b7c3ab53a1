/// <reference types="vite/client" />
// The equivalence property can fail: deliberately wrong exports of the chains fixture are each caught by the
// harness of logic-equivalence.test.ts within a few thousand configurations.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import type { FormForStates } from '../../src/lang/logic-ops';
import chains from '../fixtures/logic/chains.cpq?raw';
import { compareStates, formOf, logicStates, samples } from './logic-harness';

const ir = analyze(chains).ir as ProductIR;
const model = instantiate(ir);

/**
 * 3,000 configurations and the server's answer to each: the same for every export below, so evaluated once for the
 * file, not once a test.
 */
const answered = samples('chains.cpq', ir, 3000, 7).map((sample) => ({
  sample,
  server: model.evaluate({ configuration: sample.configuration, quantity: sample.quantity as number }),
}));

/** How many of the configurations the form's logic gets wrong. */
function disagreements(form: FormForStates): number {
  let wrong = 0;
  for (const { sample, server } of answered) {
    if (compareStates(server, logicStates(form, sample)).length > 0) wrong++;
  }
  return wrong;
}

/** The form with every JSON Logic node that `match` recognises replaced. */
function mutate(form: FormForStates, replace: (node: Record<string, unknown>) => unknown): FormForStates {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) out[k] = walk(v);
    return replace(out) ?? out;
  };
  return walk(form) as FormForStates;
}

describe('the equivalence harness', () => {
  it('agrees with the true export', () => {
    expect(disagreements(formOf(ir))).toBe(0);
  });

  it('catches an export where a hidden field keeps its default (the old semantics)', () => {
    const old: ProductIR = { ...ir, fields: ir.fields.map((f) => ({ ...f, whenHidden: f.fallback })) };
    expect(disagreements(formOf(old))).toBeGreaterThan(0);
  });

  it('catches a comparison off by one', () => {
    const form = mutate(formOf(ir), (n) => ('>' in n ? { '>=': n['>'] } : undefined));
    expect(disagreements(form)).toBeGreaterThan(0);
  });

  it('catches sent values taken without the server’s checks', () => {
    const form = mutate(formOf(ir), (n) =>
      'sent' in n
        ? { if: [{ in: [(n.sent as unknown[])[0], [null, '']] }, (n.sent as unknown[])[1], (n.sent as unknown[])[0]] }
        : undefined,
    );
    expect(disagreements(form)).toBeGreaterThan(0);
  });

  it('catches a lookup that does not fail where the server’s does', () => {
    const form = mutate(formOf(ir), (n) => ('lookup' in n ? { lookup: [...(n.lookup as unknown[]).slice(0, 2), 0] } : undefined));
    expect(disagreements(form)).toBeGreaterThan(0);
  });

  it('catches rounding that is not the server’s', () => {
    const form = mutate(formOf(ir), (n) => ('round' in n ? (n.round as unknown[])[0] : undefined));
    expect(disagreements(form)).toBeGreaterThan(0);
  });
});
