// Issue 27, item 6: the configurator shows an option's image only from https: or the page's own origin, and the
// checker refuses (E_VALUE) exactly the images the component would not show.
import { describe, expect, it } from 'vitest';
import { safeImage } from '../../src/browser/configurator/swatch';
import { analyze } from '../../src/lang/index';

const SHOWN = ['https://cdn.example/oak.jpg', 'HTTPS://cdn.example/a%20b.png', '/img/oak.jpg', '/img/eiche-gebürstet.jpg'];
const REFUSED = [
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '\\\\evil.example/x.png',
  '/\t/evil.example/x.png',
  '/\n/evil.example/x.png',
  ' /img/oak.jpg',
  'https:///evil.example/x.png',
  'https:/\\evil.example/x.png',
  'http://shop.example/x.png',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:image/svg+xml,<svg/>',
  'img/oak.jpg',
  '/img/x.png") , url("https://evil.example/y.png',
  "/img/x.png'",
  '/',
  '',
];

/** The schema language's string literal of a value, so the checker sees the same characters. */
const literal = (s: string) =>
  `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n').replaceAll('\t', '\\t')}"`;
const imageErrors = (image: string) =>
  analyze(
    `product "P" { }\nfield s: swatch { label: "S", options { a { label: "A", image: ${literal(image)} } } }`,
  ).diagnostics.filter((d) => d.code === 'E_VALUE');

describe("the configurator's image filter", () => {
  it.each(SHOWN)('shows %j', (url) => expect(safeImage(url)).toBe(url));
  it.each(REFUSED)('never shows %j', (url) => expect(safeImage(url)).toBeNull());
  it('shows no image that is not a string', () => {
    for (const v of [5, null, undefined, {}, ['/x.png']]) expect(safeImage(v)).toBeNull();
  });
});

describe('the checker agrees with the component', () => {
  it.each(SHOWN)('accepts %j', (url) => expect(imageErrors(url)).toEqual([]));
  it.each(REFUSED)('refuses %j with E_VALUE at the value', (url) => {
    const [error] = imageErrors(url);
    expect(error).toMatchObject({ code: 'E_VALUE', line: 2, column: 64, message: expect.stringContaining('https:') });
  });
});
