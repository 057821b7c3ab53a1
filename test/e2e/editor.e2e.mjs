// The schema editor as an author works in it all day: completion, highlighting, find and replace, comment
// toggle, bracket matching, diagnostics with hover and F8; the draft previewed live without publishing; a session
// that ends mid-edit, signing in again in place, and publishing the draft intact; the cost of a keystroke in a
// 5,000-line schema.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  ARTIFACTS,
  adminApi,
  BASE,
  launch,
  selectedText,
  setSource,
  shot,
  signedInPage,
  watchErrors,
} from './browser.mjs';

const STORE = `e2e-editor-${Date.now().toString(36)}`;
const PRODUCT = 'pvc-window';
const full = readFileSync('examples/pvc-window.cpq', 'utf8');
// The product without its test blocks, so that the steps may change its price freely.
const good = full.slice(0, full.indexOf('\ntest "') + 1);
const editorPath = `${BASE}/admin/stores/${STORE}/products/${PRODUCT}`;

let browser;
let context;
let page;
const pageErrors = [];

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E Editor', plan: 'pro' })).status, 201);
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/${PRODUCT}`, { schema: good })).status, 201);
  browser = await launch();
  page = await signedInPage(browser, { width: 1440, height: 1000 });
  context = page.context();
  watchErrors(page, pageErrors);
});

after(async () => {
  await browser?.close();
});

/** The labels of the open completion list. */
/**
 * The labels of the completion list once it offers `first`: the list of an earlier keystroke can still be open when
 * the last key lands (on a loaded machine), so a read right after typing may see it.
 */
async function completions(first) {
  const list = page.locator('.cm-tooltip-autocomplete');
  await list
    .locator('li .cm-completionLabel', { hasText: new RegExp(`^${first}$`) })
    .first()
    .waitFor();
  return list.locator('li .cm-completionLabel').allTextContents();
}

/** Puts the caret on the first occurrence of `text`, through find (the editor draws only the lines in view). */
async function goTo(text) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.locator('.cm-search input[name=search]').fill('');
  // Typed, not filled: the search panel reads its query on key events.
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

/** Types `text` at the end of the document, on a new line; with `typed`, `text` arrives as one input (as an IME gives it), then `typed` key by key. */
async function typeAtEnd(text, typed) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  if (typed === undefined) await page.keyboard.type(text);
  else {
    await page.keyboard.insertText(text);
    await page.keyboard.type(typed);
  }
}

describe('schema editor', () => {
  it('opens the current version in CodeMirror, highlighted, without a CSP violation', async () => {
    await page.goto(editorPath);
    await page.locator('.cm-content').waitFor();
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    const keyword = page
      .locator('.cm-line', { hasText: /^product "PVC window" \{$/ })
      .locator('span')
      .first();
    assert.equal(await keyword.textContent(), 'product');
    assert.equal(await keyword.evaluate((e) => getComputedStyle(e).color), 'rgb(122, 43, 181)', 'keywords are coloured');
    assert.equal(await page.locator('#schema').isHidden(), true, 'the textarea gave way to the editor');
    const label = await page.locator('.cm-content').getAttribute('aria-label');
    assert.equal(label, 'Schema source');
    await shot(page, '30-editor-codemirror');
  });

  it('completes declarations, field types, properties valid at the cursor and their words, declared names and option ids', async () => {
    await typeAtEnd('fie');
    assert.ok((await completions('field')).includes('field'), 'a declaration keyword at the start of a line');
    await page.keyboard.press('Escape');
    await page.keyboard.type('ld frame_colour: ');
    await page.keyboard.press('Control+Space');
    const types = await completions('number');
    for (const t of ['number', 'dropdown', 'swatch', 'checkbox', 'date']) assert.ok(types.includes(t), `field type ${t}`);
    await page.keyboard.press('Escape');
    await page.keyboard.type('dropdown {');
    await page.keyboard.press('Enter');
    await page.keyboard.type('op');
    const props = await completions('options');
    assert.ok(props.includes('options'), 'a dropdown takes options');
    assert.ok(!props.includes('step'), 'but not a number’s step');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('ad');
    assert.ok((await completions('adjust')).includes('adjust'), 'and what soft defaults do with its default');
    await page.keyboard.press('Escape');
    await page.keyboard.type('just: ');
    await page.keyboard.press('Control+Space');
    assert.deepEqual((await completions('ask')).sort(), ['ask', 'auto'], 'the words adjust takes');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('let probe = gla');
    const names = await completions('glass');
    assert.ok(names.includes('glass'), 'a declared field');
    assert.ok(names.includes('glass_area_m2'), 'a declared let');
    assert.ok(names.includes('glass_price_m2'), 'a declared table');
    await page.keyboard.press('Escape');
    await page.keyboard.type('ss == "');
    await page.keyboard.press('Control+Space');
    assert.deepEqual(await completions('double'), ['double', 'triple', 'triple_sound'], "the field's option ids");
    await shot(page, '31-editor-complete-options');
    await page.keyboard.press('Escape');
  });

  it('completes what list_prices may name: tables, choice fields, option sets, their attributes, price lines', async () => {
    await setSource(page, good);
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    await goTo('price.mullion');
    await page.keyboard.type('price.');
    await page.keyboard.press('Control+Space');
    const lines = await completions('mullion');
    assert.deepEqual([...lines].sort(), ['colour', 'frame', 'glazing', 'hardware', 'mullion', 'sill'], 'the price lines');
    await page.keyboard.press('Escape');
    await page.keyboard.type('mullion, frame_colours.');
    await page.keyboard.press('Control+Space');
    const attributes = await completions('price');
    assert.ok(attributes.includes('colour'), "the option set's attributes");
    await page.keyboard.press('Escape');
    await page.keyboard.type('price, ');
    await page.keyboard.press('Control+Space');
    const names = await completions('base_price');
    for (const name of ['base_price', 'frame_colours', 'opening', 'price']) assert.ok(names.includes(name), name);
    for (const name of ['width', 'colour', 'area_m2', 'round']) assert.ok(!names.includes(name), `not ${name}`);
    await page.keyboard.press('Escape');
    await setSource(page, good);
  });

  it('shows a problem on hover, moves to the next one with F8 and the button, and lists it', async () => {
    await setSource(page, good.replace('let area_m2 = width * height', 'let area_m2 = widht * heigth'));
    // The list is fresh once it names the new mistakes; the editor draws only what is in view, so go there first.
    await page.locator('#diag-list .diag-error', { hasText: 'heigth' }).waitFor();
    await page.locator('#diag-list .diag-error', { hasText: 'widht' }).click();
    const first = page.locator('.cm-lintRange-error').first();
    await first.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    assert.match(await tooltip.textContent(), /widht/);
    await shot(page, '32-editor-hover');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('F8');
    assert.equal(await selectedText(page), 'widht');
    await page.click('#next-problem');
    assert.equal(await selectedText(page), 'heigth');
    const names = await page.locator('#diag-list .diag').allTextContents();
    assert.ok(
      names.every((n) => /^error at line \d+:\d+/.test(n)),
      'each entry is named by its visible text',
    );
  });

  it('finds and replaces, toggles comments, matches brackets', async () => {
    await setSource(page, good);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+f');
    const search = page.locator('.cm-search');
    await search.waitFor();
    await search.locator('input[name=search]').fill('sill_depth');
    await search.locator('input[name=replace]').fill('sill_projection');
    await search.locator('button[name=replaceAll]').click();
    await page.keyboard.press('Escape');
    await shot(page, '33-editor-replaced');
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+/');
    assert.match(await page.locator('.cm-line').first().textContent(), /^Made-to-measure/, 'a comment line is uncommented');
    await page.keyboard.press('Control+/');
    assert.match(await page.locator('.cm-line').first().textContent(), /^\/\/ Made-to-measure/, 'and commented again');
    const productLine = page.locator('.cm-line', { hasText: /^product "PVC window" \{$/ });
    await productLine.click();
    await page.keyboard.press('End');
    assert.equal(await page.locator('.cm-matchingBracket').count(), 2, 'the brace and its partner');
  });

  it('keeps the caret visible on a long line', async () => {
    // Most of the line arrives as one input (700 keys one by one took 10-20 s); its end is typed, key by key.
    await typeAtEnd(`let long_line = ${Array.from({ length: 59 }, (_, i) => `width * ${i}`).join(' + ')}`, ' + width * 59');
    const cursor = await page.locator('.cm-cursor-primary').boundingBox();
    const editor = await page.locator('.cm-scroller').boundingBox();
    assert.ok(cursor && editor && cursor.x < editor.x + editor.width, 'the caret stays inside the editor');
    await setSource(page, good);
  });

  it('ran without script errors or CSP violations', () => {
    assert.deepEqual(pageErrors, []);
  });
});

// The preview is the storefront's <cpq-configurator>; playwright's CSS selectors reach into its (open) shadow root.
const TOTAL = 'cpq-configurator output.amount';
const total = () => page.locator(TOTAL).textContent();

describe('drafts: preview without publishing, a session that ends, publishing intact', () => {
  it('previews the draft as the author types; storefronts keep the current version', async () => {
    await page.goto(editorPath);
    await page.locator(TOTAL).waitFor();
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    const before = await total();
    assert.match(before, /€/);
    // Make the frame dearer: every band of the base price table + 100.
    await goTo('line frame: @line_frame = base_price(width, height)');
    await page.keyboard.press('End');
    await page.keyboard.type(' + 100');
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    await page.waitForFunction(
      (old) => document.querySelector('cpq-configurator')?.shadowRoot?.querySelector('output.amount')?.textContent !== old,
      before,
    );
    const after = await total();
    assert.notEqual(after, before, 'the preview prices the draft');
    await shot(page, '35-editor-draft-preview');
    const live = await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}`);
    assert.equal(live.body.current_version, 1, 'nothing was published');
    assert.equal(live.body.source, good, 'storefronts get the unchanged current version');
    const draft = await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}/draft`);
    assert.match(draft.body.source, /base_price\(width, height\) \+ 100/);
  });

  it("lists the draft's output groups with label, unit and an internal/public badge in text", async () => {
    const rows = page.locator('#outputs tbody tr');
    await page.locator('#outputs:not([hidden])').waitFor();
    const text = (await rows.allTextContents()).join('\n');
    assert.match(text, /^bom.*internal$/m);
    assert.match(text, /^weight.*public$/m);
    assert.equal(await page.locator('#outputs th[scope=row]', { hasText: 'bom' }).count(), 1);
  });

  it('keeps the work when the session ends, signs in again in place, then publishes the draft intact', async () => {
    let prompts = 0;
    page.on('dialog', (d) => {
      prompts++;
      d.dismiss();
    });
    await context.clearCookies();
    await typeAtEnd('// typed while signed out');
    await page.keyboard.press('Control+s');
    const dialog = page.locator('dialog#sign-in-again[open]');
    await dialog.waitFor();
    await page.locator('#draft-status', { hasText: 'Signed out' }).waitFor();
    await shot(page, '36-editor-signed-out');
    const kept = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('cpq-draft:'))?.[1]);
    assert.match(JSON.parse(kept).source, /\/\/ typed while signed out/, 'the text is kept in this browser');
    await dialog.locator('input[type=password]').fill('not-the-token');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText('That token is not right.').waitFor();
    await dialog.locator('input[type=password]').fill(ADMIN_TOKEN);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    await page.fill('#publish-note', 'Frame + 100, typed across a sign-in');
    await page.click('#publish');
    await page.getByText('Published as version 2.').waitFor();
    await shot(page, '37-editor-published');
    const live = await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}`);
    assert.equal(live.body.current_version, 2);
    const expected = `${good.replace('base_price(width, height)', 'base_price(width, height) + 100')}\n// typed while signed out`;
    assert.equal(live.body.source, expected, 'the published version is the draft, intact');
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}/draft`)).status, 404);
    assert.equal(prompts, 0, 'no "Leave site?" prompt, no alert');
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cpq-draft:')).length), 0);
  });
});

describe('creating, publishing and discarding', () => {
  it('creates a product from the unchanged starter schema', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/new-product`);
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    await page.fill('#product-id', 'starter');
    await page.click('#publish');
    await page.waitForURL(`${BASE}/admin/stores/${STORE}/products/starter`);
    await page.getByText('Created product starter (version 1).').waitFor();
    const live = await adminApi('GET', `/stores/${STORE}/products/starter`);
    assert.equal(live.body.current_version, 1);
    assert.match(live.body.source, /^product "New product"/);
  });

  it('says the draft was published, not "Draft saved", once it is', async () => {
    await typeAtEnd('// one more line');
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    await page.click('#publish');
    await page.getByText('Published as version 2.').waitFor();
    await page.locator('#draft-status', { hasText: 'Published version 2' }).waitFor();
    assert.equal(await page.locator('#discard-draft').isHidden(), true, 'no draft left to discard');
  });

  it('discards the draft after a confirmation and reloads the editor on the published version', async () => {
    const published = (await adminApi('GET', `/stores/${STORE}/products/starter`)).body.source;
    await typeAtEnd('// to be thrown away');
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    await page.click('#discard-draft');
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('the editor goes back to version 2').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/starter/draft`)).status, 200, 'cancelled: kept');
    await page.click('#discard-draft');
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('Draft discarded: this is version 2.').waitFor();
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/starter/draft`)).status, 404);
    await page.locator('.cm-content').waitFor();
    assert.equal(await page.locator('#schema').inputValue(), published, 'the page opens on the published version');
    assert.equal(await page.locator('.cm-content', { hasText: 'to be thrown away' }).count(), 0);
    assert.equal(await page.locator('#discard-draft').isHidden(), true);
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cpq-draft:')).length), 0);
  });
});

describe('a version published meanwhile', () => {
  it('asks before publishing a draft over a version `cpq push` published since the draft began', async () => {
    await typeAtEnd('// edited in the backoffice');
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    const pushed = `${(await adminApi('GET', `/stores/${STORE}/products/starter`)).body.source}\n// pushed from a laptop`;
    assert.equal((await adminApi('PUT', `/stores/${STORE}/products/starter`, { schema: pushed })).status, 200);

    await page.click('#publish');
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('Version 3 was published after this draft began').waitFor();
    await shot(page, '38-editor-newer-version');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/Not published: .*is at version 3/).waitFor();
    let live = await adminApi('GET', `/stores/${STORE}/products/starter`);
    assert.equal(live.body.current_version, 3, 'the pushed version stays');
    assert.equal(live.body.source, pushed);
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/starter/draft`)).status, 200, 'the draft is kept');

    await page.click('#publish');
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByText('Published as version 4.').waitFor();
    live = await adminApi('GET', `/stores/${STORE}/products/starter`);
    assert.match(live.body.source, /\/\/ edited in the backoffice$/);
  });
});

describe('tests in the schema', () => {
  it("shows the schema's test blocks passing and failing beside the problems", async () => {
    await setSource(page, full);
    const summary = page.locator('#tests-summary');
    await summary.waitFor();
    const passing = await summary.textContent();
    assert.match(passing, /^[1-9]\d* passed, 0 failed$/);
    await setSource(page, full.replace('expect price == 303.6', 'expect price == 303.7'));
    await page.locator('#tests-summary', { hasText: '1 failed' }).waitFor();
    const failure = page.locator('#tests-list li').first();
    assert.match(await failure.textContent(), /defaults.*303\.7.*303\.6/);
    assert.ok(await page.locator('#diag-list .diag-error', { hasText: 'E_TEST_FAILED' }).count(), 'and among the problems');
    await page.locator('#tests').scrollIntoViewIfNeeded();
    await shot(page, '38-editor-tests');
    await setSource(page, good);
    await page.locator('#tests').waitFor({ state: 'hidden' });
  });
  it('previews a draft whose tests fail beside the failures, and takes a new value into its expectation', async () => {
    await page.goto(editorPath);
    await page.locator(TOTAL).waitFor();
    const before = await total();
    // The frame dearer by 200: the schema's own price expectations no longer hold.
    await setSource(page, full.replace('base_price(width, height)', 'base_price(width, height) + 200'));
    await page.locator('#tests-summary', { hasText: /[1-9]\d* failed$/ }).waitFor();
    await page.waitForFunction(
      (old) => document.querySelector('cpq-configurator')?.shadowRoot?.querySelector('output.amount')?.textContent !== old,
      before,
    );
    assert.match(await total(), /€/, 'the preview prices the draft although its tests fail');
    const failure = page.locator('#tests-list li', { hasText: 'test "defaults": expected price == 303.6,' });
    const values = await failure.locator('.test-values').textContent();
    const actual = /^price: expected 303\.6, actual (\d+(?:\.\d+)?)$/.exec(values)?.[1];
    assert.ok(actual && actual !== '303.6', values);
    await page.locator('#tests').scrollIntoViewIfNeeded();
    await shot(page, '39-editor-tests-failing-preview');
    await failure.getByRole('button', { name: /^Use new value/ }).click();
    await failure.waitFor({ state: 'detached' });
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    const draft = await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}/draft`);
    assert.match(
      draft.body.source,
      new RegExp(`test "defaults" \\{\\n  given \\{  \\}\\n  quantity: 1\\n  expect price == ${actual.replace('.', '\\.')}\\n`),
    );
    await setSource(page, good);
    await page.locator('#tests').waitFor({ state: 'hidden' });
  });
});

// Keys are typed at 10 a second, a fast typist's pace (120 words a minute), and each is timed from its keydown
// to the frame after it. Sent back to back instead (one every 10-20 ms, faster than anyone types), the renderer
// puts input before frames, so a key's frame waits behind the keys after it and the figure measures the flood,
// not the key (300-800 ms chains that shrink key by key, with 9 ms of CPU per key: /work/notes/h16perf.md).
const KEY_INTERVAL_MS = 100;

describe('a 5,000-line schema', () => {
  it('costs under 50 ms per keystroke (median; the 95th percentile is recorded)', async () => {
    const fields = [];
    for (let i = 0; fields.length * 6 < 5000; i++) {
      fields.push(
        `field f${i}: number {\n  label: "Field ${i}"\n  unit: "mm"\n  min: 0, max: 1000, step: 1, default: ${i % 1000}\n  help: "A field of the long schema"\n}\n`,
      );
    }
    const long = `${good}\n${fields.join('')}`;
    const lines = long.split('\n').length;
    assert.ok(lines >= 5000, `${lines} lines`);
    await page.goto(editorPath);
    await page.locator('.cm-content').waitFor();
    await setSource(page, long);
    await page.locator('#diag-summary:not(.is-busy)').waitFor({ timeout: 30_000 });
    await goTo('field f400:');
    await page.keyboard.press('End');
    // Each keystroke: from the moment its keydown is handled to the frame after it (the browser has laid out and
    // painted the change). Time the event waited before it was handled is left out: on a shared, loaded machine
    // that is other programs' time, not the editor's.
    await page.evaluate(() => {
      window.__keyTimes = [];
      window.addEventListener(
        'keydown',
        () => {
          const t0 = performance.now();
          requestAnimationFrame(() => setTimeout(() => window.__keyTimes.push(performance.now() - t0), 0));
        },
        true,
      );
    });
    const typed = [' // a comment typed in the middle of a long schema', 'let typed = width * 2'];
    await page.keyboard.type(typed[0], { delay: KEY_INTERVAL_MS });
    await page.keyboard.press('Enter');
    await page.keyboard.type(typed[1], { delay: KEY_INTERVAL_MS });
    // Until the frame after the last keystroke has been timed: one time a keydown, a character or Enter each.
    const keystrokes = typed.join('').length + 1;
    await page.waitForFunction((n) => window.__keyTimes.length >= n, keystrokes);
    const times = (await page.evaluate(() => window.__keyTimes)).sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    const report = { lines, keystrokes: times.length, median_ms: pct(0.5), p95_ms: pct(0.95), max_ms: times[times.length - 1] };
    writeFileSync(join(ARTIFACTS, 'editor-keystroke-timing.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`keystroke timing, ${lines}-line schema:`, report);
    await shot(page, '34-editor-5000-lines');
    // The median, not the tail: on a shared machine the tail is other programs' (docs/backoffice.md, Tests).
    assert.ok(report.median_ms < 50, `median ${report.median_ms} ms`);
  });
});
