/// <reference types="vite/client" />
// analyze() never throws, whatever it is given, and its diagnostics stay well formed: random text, every
// example cut short or with tokens dropped, deep nesting, oversized sources.
import { describe, expect, it } from 'vitest';
import { analyze, type Diagnostic } from '../../src/lang/index';
import { MAX_SOURCE_BYTES, MAX_SOURCE_TOKENS } from '../../src/lang/syntax/split';
import { random } from './random';

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const examples = Object.values(sources);

function checked(source: string): Diagnostic[] {
  let diagnostics: Diagnostic[] = [];
  expect(() => ({ diagnostics } = analyze(source))).not.toThrow();
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i];
    const prev = diagnostics[i - 1];
    if (!d) continue;
    expect(Number.isInteger(d.line) && Number.isInteger(d.column) && d.line >= 1 && d.column >= 1).toBe(true);
    if (prev) expect(prev.line < d.line || (prev.line === d.line && prev.column <= d.column)).toBe(true);
  }
  return diagnostics;
}

const codes = (source: string) => checked(source).map((d) => d.code);

describe('random input', () => {
  const PIECES = [
    ...['product "P" {', '}', '{', '(', ')', '[', ']', ':', ',', '=', '==', '"', '\\', '@', '%', '.', '-', '*', '/*', '//'],
    ...['\n', ' ', 'field', 'let', 'table', 'map', 'range', 'in', 'not', 'if', 'then', 'else', 'when', 'line', 'label'],
    ...['x', '__proto__', '1', '1e999', '0.5', '€', '😀', '\u0000', '\r', 'options', 'price', 'output', 'error', 'translations'],
  ];

  it('survives random characters', () => {
    const next = random(1);
    for (let n = 0; n < 150; n++) {
      let s = '';
      const length = Math.floor(next() * 300);
      for (let i = 0; i < length; i++) s += String.fromCharCode(Math.floor(next() * 0x3000));
      checked(s);
    }
  });

  it('survives random sequences of tokens', () => {
    const next = random(2);
    for (let n = 0; n < 300; n++) {
      let s = '';
      const length = Math.floor(next() * 80);
      for (let i = 0; i < length; i++) s += PIECES[Math.floor(next() * PIECES.length)] ?? '';
      checked(s);
    }
  });
});

describe('damaged examples', () => {
  it('has examples to damage', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  // Each analysis of a whole example takes a while on a slow machine: a dozen samples of each.
  it('survives every example cut short', { timeout: 30_000 }, () => {
    const next = random(4);
    for (const source of examples) {
      for (let n = 0; n < 12; n++) checked(source.slice(0, Math.floor(next() * source.length)));
    }
  });

  it('survives examples with a token dropped or doubled', { timeout: 30_000 }, () => {
    const next = random(3);
    for (const source of examples) {
      const tokens = source.split(/(\s+)/);
      for (let n = 0; n < 12; n++) {
        const copy = [...tokens];
        const i = Math.floor(next() * copy.length);
        if (next() < 0.5) copy.splice(i, 1);
        else copy.splice(i, 0, copy[i] ?? '');
        checked(copy.join(''));
      }
    }
  });
});

describe('limits', () => {
  it('refuses sources over 4 MiB, counted in UTF-8 bytes', () => {
    expect(codes('/'.repeat(MAX_SOURCE_BYTES + 1))).toEqual(['E_LIMIT']);
    expect(codes(`// ${'é'.repeat(MAX_SOURCE_BYTES / 2 - 1)}`)).toEqual(['E_LIMIT']);
    expect(codes(`// ${'é'.repeat(MAX_SOURCE_BYTES / 2 - 2)}`)).toEqual(['E_NO_PRODUCT']);
  });

  it('refuses sources of more than 500,000 tokens at the first one past the limit, before parsing them', () => {
    const past = analyze(`product "P" {}\n${', '.repeat(MAX_SOURCE_TOKENS)}`);
    expect(past.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['E_LIMIT', 2, 2 * (MAX_SOURCE_TOKENS - 4) + 1]]);
    expect(past.diagnostics[0]!.message).toContain('more than 500000 tokens');
    expect(codes(`product "P" {}\n${', '.repeat(MAX_SOURCE_TOKENS - 4)}`)).not.toContain('E_LIMIT');
  });

  it('refuses brackets nested deeper than 64, even when unbalanced', () => {
    expect(codes(`product "P" {}\nlet a = ${'('.repeat(100000)}`)).toEqual(['E_LIMIT']);
    expect(codes(`product "P" {}\nlet a = ${'['.repeat(65)}`)).toEqual(['E_LIMIT']);
  });

  it('refuses expressions nested too deeply without brackets', { timeout: 30_000 }, () => {
    expect(codes(`product "P" {}\nlet a = ${'if true then 1 else '.repeat(3000)}1`)).toContain('E_LIMIT');
    expect(codes(`product "P" {}\nlet a = ${'- '.repeat(20000)}1`)).toContain('E_LIMIT');
    expect(codes(`product "P" {}\nlet a = 1${' + 1'.repeat(2000)}`)).toContain('E_LIMIT');
  });

  it('accepts long but reasonable expressions', () => {
    expect(codes(`product "P" {}\nlet a = 1${' + 1'.repeat(400)}\noutput o internal { a = a }`)).toEqual([]);
    expect(codes(`product "P" {}\nlet a = ${'if true then 1 else '.repeat(100)}1\noutput o internal { a = a }`)).toEqual([]);
  });

  it('accepts a long chain of lets, each reading the one before', { timeout: 30_000 }, () => {
    const lets = Array.from({ length: 3000 }, (_, i) => (i === 0 ? 'let a0 = 1' : `let a${i} = a${i - 1} + 1`));
    const { ir, diagnostics } = analyze(`product "P" {}\n${lets.join('\n')}\noutput o internal { x = a2999 }`);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(ir?.lets ?? {})).toHaveLength(3000);
  });

  it('takes anything as source', () => {
    expect(analyze(undefined as unknown as string).diagnostics.map((d) => d.code)).toEqual(['E_NO_PRODUCT']);
  });
});
