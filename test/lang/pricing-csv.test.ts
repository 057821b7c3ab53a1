// A price list's entries as CSV (src/pricing/csv.ts) and the diff of two lists (src/pricing/diff.ts): RFC 4180,
// bounded, every bad row rejecting the whole file with its line and column; hostile files included.
import { describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS, MAX_CSV_ERRORS, MAX_CSV_ROWS, parseEntriesCsv, serializeEntriesCsv } from '../../src/pricing/csv';
import { diffEntries } from '../../src/pricing/diff';

const rows = (text: string, currency = 'EUR') => {
  const r = parseEntriesCsv(text, currency);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.rows.map(({ line, product, price, value }) => [line, product, price, value]);
};
const errors = (text: string, currency = 'EUR') => {
  const r = parseEntriesCsv(text, currency);
  if (r.ok) throw new Error('parsed');
  return r.errors.map(({ line, column, code }) => [line, column, code]);
};

describe('CSV import', () => {
  it('reads product, price and value; an empty value removes the entry; model and effective are ignored', () => {
    const text = [
      'product,price,value,model,effective',
      'pvc-window,base_price[900,1200],170.00,170,170.00',
      'pvc-window,glass_price_m2[triple],55.5,55.5,55.50',
      'pvc-window,line.mullion,,65,65.00',
      '',
    ].join('\n');
    // base_price[900,1200] holds a comma: a spreadsheet quotes it. Unquoted, it makes a sixth cell.
    expect(errors(text)).toEqual([[2, 6, 'CSV_COLUMNS']]);
    const quoted = text.replace('base_price[900,1200]', '"base_price[900,1200]"');
    expect(rows(quoted)).toEqual([
      [2, 'pvc-window', 'base_price[900,1200]', 17000],
      [3, 'pvc-window', 'glass_price_m2[triple]', 5550],
      [4, 'pvc-window', 'line.mullion', null],
    ]);
  });

  it('takes the columns in any order, the header in any case, CRLF line ends, a byte order mark, blank lines', () => {
    const text = '\ufeffValue, PRICE ,product\r\n1250,colour.cream.price,p1\r\n\r\n"-3",line.x,"p 2"\r\n';
    expect(rows(text, 'JPY')).toEqual([
      [2, 'p1', 'colour.cream.price', 1250],
      [4, 'p 2', 'line.x', -3],
    ]);
    expect(rows('product,price,value', 'EUR')).toEqual([]);
    // Old Mac line ends (a lone CR), inside a quoted cell too.
    expect(rows('product,price,value\rp,"a\rb",1\rq,k,2', 'EUR')).toEqual([
      [2, 'p', 'a\rb', 100],
      [4, 'q', 'k', 200],
    ]);
  });

  it('quoted cells hold commas, quotes and line breaks; lines are counted as the file has them', () => {
    const text = 'product,price,value\n"a,b","m[""x""]",1\n"multi\nline\r\nproduct",p,2\nlast,p,3.000\n';
    expect(rows(text, 'BHD')).toEqual([
      [2, 'a,b', 'm["x"]', 1000],
      [3, 'multi\nline\r\nproduct', 'p', 2000],
      [6, 'last', 'p', 3000],
    ]);
  });

  it('keys such as __proto__ are ordinary cells', () => {
    expect(rows('product,price,value\n__proto__,__proto__,1\nconstructor,m[__proto__],2\n')).toEqual([
      [2, '__proto__', '__proto__', 100],
      [3, 'constructor', 'm[__proto__]', 200],
    ]);
  });

  it('a value that is no amount of the currency is an error at its line and column', () => {
    const bad = ['NaN', 'Infinity', '-Infinity', '1e400', '1e2', '12,5', '0x1F', '1.234', '1000000000000', '+5'];
    const text = ['product,price,value', ...bad.map((v, i) => `p,k${i},"${v}"`)].join('\n');
    expect(errors(text)).toEqual(bad.map((_, i) => [i + 2, 3, 'CSV_VALUE']));
    const r = parseEntriesCsv('price,value,product\nk,12.345,p\n', 'EUR');
    expect(r.ok === false && r.errors[0]).toEqual({
      line: 2,
      column: 2,
      code: 'CSV_VALUE',
      message: '"12.345" has 3 decimals; EUR amounts have at most 2 decimals',
    });
    expect(errors('product,price,value\np,k,12.5\n', 'JPY')).toEqual([[2, 3, 'CSV_VALUE']]);
    expect(rows('product,price,value\np,k,12.50\n', 'GBP')).toEqual([[2, 'p', 'k', 1250]]);
  });

  it('one bad row rejects the whole file, every bad row reported', () => {
    const text = [
      'product,price,value',
      'p,a,1',
      ',b,2',
      'p,,3',
      'p,c,x',
      'p,a,4',
      `p,${'k'.repeat(MAX_CELL_CHARS + 1)},5`,
      'p,d',
      'p,e,6',
    ].join('\n');
    expect(errors(text)).toEqual([
      [3, 1, 'CSV_EMPTY'],
      [4, 2, 'CSV_EMPTY'],
      [5, 3, 'CSV_VALUE'],
      [6, 2, 'CSV_DUPLICATE'],
      [7, 2, 'CSV_TOO_LONG'],
      [8, 3, 'CSV_COLUMNS'],
    ]);
    const r = parseEntriesCsv(text, 'EUR');
    expect(r.ok === false && r.errors.find((e) => e.code === 'CSV_DUPLICATE')?.message).toBe(
      'the price "a" of "p" is given again (first on line 2)',
    );
  });

  it('broken quoting stops at the first break, with its line and column', () => {
    expect(errors('product,price,value\np,"k,1\nq,k,2\n')).toEqual([[2, 2, 'CSV_SYNTAX']]);
    expect(errors('product,price,value\np,k"x,1\n')).toEqual([[2, 2, 'CSV_SYNTAX']]);
    expect(errors('product,price,value\np,"k"x,1\n')).toEqual([[2, 2, 'CSV_SYNTAX']]);
    expect(errors('product,price,value\n"a\nb",c,1\nq,"k" ,2\n')).toEqual([[4, 2, 'CSV_SYNTAX']]);
  });

  it('the header: required columns, no unknown or repeated ones, not empty', () => {
    expect(errors('')).toEqual([[1, 1, 'CSV_HEADER']]);
    expect(errors('\ufeff')).toEqual([[1, 1, 'CSV_HEADER']]);
    expect(errors('product,value\np,1\n')).toEqual([[1, 3, 'CSV_HEADER']]);
    expect(errors('product,price,value,amount\n')).toEqual([[1, 4, 'CSV_HEADER']]);
    expect(errors('product,price,value,price\n')).toEqual([[1, 4, 'CSV_HEADER']]);
    expect(errors('__proto__,price,value\n')).toEqual([
      [1, 1, 'CSV_HEADER'],
      [1, 4, 'CSV_HEADER'],
    ]);
  });

  it(`at most ${MAX_CSV_ROWS} rows: the next one is an error at its line, read no further`, () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `p,k${i},${i}.5`).join('\n');
    const within = parseEntriesCsv(`product,price,value\n${body(MAX_CSV_ROWS)}\n`, 'EUR');
    expect(within.ok && within.rows.length).toBe(MAX_CSV_ROWS);
    expect(errors(`product,price,value\n${body(MAX_CSV_ROWS + 5)}\n`)).toEqual([[MAX_CSV_ROWS + 2, 1, 'CSV_TOO_MANY_ROWS']]);
  });

  it(`reports at most ${MAX_CSV_ERRORS} errors`, () => {
    const text = `product,price,value\n${Array.from({ length: 500 }, (_, i) => `p,k${i},NaN`).join('\n')}`;
    const found = errors(text);
    expect(found).toHaveLength(MAX_CSV_ERRORS);
    expect(found[0]).toEqual([2, 3, 'CSV_VALUE']);
  });
});

describe('CSV export', () => {
  it('writes RFC 4180 with CRLF, quoting what needs it, and parses back to the same entries', () => {
    const out = serializeEntriesCsv(
      [
        { product: 'pvc-window', price: 'base_price[900,1200]', value: 17000, model: 170, effective: 17000 },
        { product: 'pvc-window', price: 'line.mullion', value: null, model: 65, effective: 6500 },
        { product: 'say "hi"', price: ' k', value: -5 },
      ],
      'EUR',
      true,
    );
    expect(out).toBe(
      'product,price,value,model,effective\r\n' +
        'pvc-window,"base_price[900,1200]",170.00,170,170.00\r\n' +
        'pvc-window,line.mullion,,65,65.00\r\n' +
        '"say ""hi"""," k",-0.05,,\r\n',
    );
    // Spaces around a cell are trimmed on import: a quoted leading space is kept on export only.
    expect(rows(out)).toEqual([
      [2, 'pvc-window', 'base_price[900,1200]', 17000],
      [3, 'pvc-window', 'line.mullion', null],
      [4, 'say "hi"', 'k', -5],
    ]);
    expect(serializeEntriesCsv([{ product: 'p', price: 'k', value: 1250 }], 'JPY')).toBe('product,price,value\r\np,k,1250\r\n');
    expect(serializeEntriesCsv([{ product: 'p', price: 'k', value: 1250 }], 'BHD')).toBe('product,price,value\r\np,k,1.250\r\n');
  });
});

describe('diff', () => {
  it('added, removed and changed rows, sorted by product and price', () => {
    const from = new Map([
      [
        'window',
        new Map([
          ['a', 100],
          ['b', 200],
          ['c', 300],
        ]),
      ],
      ['door', new Map([['x', 1]])],
    ]);
    const to = new Map([
      [
        'window',
        new Map([
          ['a', 100],
          ['b', 250],
          ['d', 400],
        ]),
      ],
      ['__proto__', new Map([['y', 2]])],
    ]);
    expect(diffEntries(from, to)).toEqual([
      { product: '__proto__', price: 'y', change: 'added', from: null, to: 2 },
      { product: 'door', price: 'x', change: 'removed', from: 1, to: null },
      { product: 'window', price: 'b', change: 'changed', from: 200, to: 250 },
      { product: 'window', price: 'c', change: 'removed', from: 300, to: null },
      { product: 'window', price: 'd', change: 'added', from: null, to: 400 },
    ]);
    expect(diffEntries(to, to)).toEqual([]);
  });
});
