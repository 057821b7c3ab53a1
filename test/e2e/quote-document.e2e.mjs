// The buyer's quote document in Chromium (docs/quotes.md, "The document"): the store's profile and tax set in the
// backoffice's Settings form, the document in each language the component speaks on a 390 px phone with nothing
// scrolling sideways, Accept with the signer's name and consent, the dead link page, and the A4 PDF print makes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { adminApi, BASE, launch, quoteStore, seriousViolations, shot, signedInPage, watchErrors } from './browser.mjs';

const STORE = 'e2e-quote-document';
const PHONE = { width: 390, height: 844 };
let api;
let browser;

before(async () => {
  api = await quoteStore(STORE, 'Document Joinery');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** A quote sent now, and the path of its share link. */
async function sentQuote(language, items = 1) {
  const created = await api('POST', '', {
    items: Array.from({ length: items }, (_, i) => ({ product_id: 'shelving', configuration: {}, quantity: i + 1 })),
    customer: {
      name: 'Ada Lovelace',
      company: 'Analytical Engines Manufacturing Company of Greater London Ltd',
      email: 'ada.lovelace@analytical-engines.example.com',
      reference: 'PO-2026-000000000000000000004711',
    },
    notes: 'Delivery to the back entrance; call https://example.com/a-very-long-address-without-any-spaces-at-all first.',
    language,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const sent = await api('POST', `/${created.body.id}/send`, {});
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  return { quote: sent.body, path: new URL(sent.body.share_url).pathname, status: new URL(created.body.status_url).pathname };
}

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the store profile in the backoffice', () => {
  it('refuses an http logo next to the field, then saves the profile and tax', async () => {
    const page = await signedInPage(browser);
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${BASE}/admin/stores/${STORE}/settings`);
    await page.fill('#profile-legal-name', 'Document Joinery GmbH');
    await page.fill('#profile-address', 'Hauptstraße 1\n10115 Berlin');
    await page.fill('#profile-logo', 'http://cdn.example.com/logo.png');
    await page.fill('#profile-tax-id', 'DE123456789');
    await page.fill('#profile-tax-rate', '19');
    await page.fill('#profile-payment-terms', '30 days net');
    await page.fill('#profile-terms', 'Prices valid for the items as configured. Delivery within 4 weeks of acceptance.');
    await page.fill('#profile-locale', 'de-de');
    const form = page.locator('#profile-title ~ form');
    await form.locator('button[type=submit]').click();
    await page.waitForSelector('#profile-logo[aria-invalid="true"]');
    assert.match(await form.locator('.field-error').innerText(), /https/);
    await page.fill('#profile-logo', '');
    await form.locator('button[type=submit]').click();
    await page.waitForFunction(() => document.querySelector('#profile-tax-rate')?.getAttribute('value') === '19');
    await shot(page, 'quote-document-01-settings');
    assert.deepEqual((await adminApi('GET', `/stores/${STORE}/profile`)).body, {
      legal_name: 'Document Joinery GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      logo_url: null,
      tax_id: 'DE123456789',
      terms: 'Prices valid for the items as configured. Delivery within 4 weeks of acceptance.',
      payment_terms: '30 days net',
      tax_rate_percent: 19,
      prices: 'net',
      locale: 'de-DE',
    });
    assert.deepEqual(errors, []);
  });
});

const LANGUAGES = [
  ['en', 'Quote', 'Total including tax', 'Accept quote'],
  ['de', 'Angebot', 'Gesamt brutto', 'Angebot annehmen'],
  ['fr', 'Devis', 'Total TTC', 'Accepter le devis'],
  ['es', 'Presupuesto', 'Total con IVA', 'Aceptar el presupuesto'],
  ['it', 'Preventivo', 'Totale IVA inclusa', 'Accetta il preventivo'],
  ['nl', 'Offerte', 'Totaal incl. btw', 'Offerte aannemen'],
];

describe('the document on a 390 px phone', () => {
  for (const [language, title, gross, accept] of LANGUAGES) {
    it(`in ${language}: its own words, the seller and the tax, nothing wider than the screen`, async () => {
      const { quote, path } = await sentQuote(language);
      const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
      const errors = [];
      watchErrors(page, errors);
      await page.goto(`${BASE}${path}`);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      assert.equal(await page.locator('h1').innerText(), `${title} ${quote.number}`);
      const text = await page.locator('main').innerText();
      assert.match(text, /Document Joinery GmbH/);
      assert.match(text, /DE123456789/);
      assert.ok(text.includes(gross), `"${gross}" in ${language}`);
      assert.ok(await page.locator('button.accept').isVisible());
      assert.equal((await page.locator('button.accept').innerText()).trim(), accept);
      const width = await overflow(page);
      assert.ok(width <= PHONE.width, `scrollWidth ${width} > ${PHONE.width} in ${language}`);
      if (language === 'de') await shot(page, 'quote-document-02-phone-de');
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(errors, []);
    });
  }

  it('accepts with the name and the consent, recorded in the history; the page says who accepted', async () => {
    const { quote, path } = await sentQuote('en');
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`${BASE}${path}`);
    // The browser holds back an Accept without a name or without the tick.
    await page.click('button.accept');
    assert.equal(await page.evaluate(() => document.querySelector('#signer').validity.valueMissing), true);
    await page.fill('#signer', 'Ada Lovelace');
    await page.click('button.accept');
    assert.equal(await page.evaluate(() => document.querySelector('input[name=consent]').validity.valueMissing), true);
    assert.equal((await api('GET', `/${quote.id}?tenant_id=${STORE}`)).body.status, 'sent');
    await page.check('input[name=consent]');
    await page.click('button.accept');
    await page.waitForSelector('.status[data-status="accepted"]');
    assert.match(await page.locator('.signed').innerText(), /Accepted by Ada Lovelace/);
    assert.ok((await overflow(page)) <= PHONE.width);
    const entry = (await api('GET', `/${quote.id}?tenant_id=${STORE}`)).body.history.at(-1);
    assert.equal(entry.action, 'accepted');
    assert.equal(entry.details.signer, 'Ada Lovelace');
    assert.equal(entry.details.consent, true);
    assert.equal(typeof entry.details.address, 'string');
  });

  it("fits the request's status page too", async () => {
    const { status } = await sentQuote('fr');
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`${BASE}${status}`);
    assert.match(await page.locator('h1').innerText(), /^Demande de devis Q-/);
    assert.ok((await overflow(page)) <= PHONE.width);
  });

  it("shows a dead link as a page in the browser's language", async () => {
    const page = await (await browser.newContext({ viewport: PHONE, locale: 'es-ES' })).newPage();
    const res = await page.goto(`${BASE}/q/q_${'x'.repeat(43)}`);
    assert.equal(res.status(), 404);
    assert.equal(await page.getAttribute('html', 'lang'), 'es');
    assert.equal(await page.locator('h1').innerText(), 'Este enlace no funciona');
    assert.ok((await overflow(page)) <= PHONE.width);
  });
});

/** The pages of a PDF and their sizes in points, read from its page objects (compressed object streams included). */
function pdfPages(pdf) {
  const chunks = [pdf.toString('latin1')];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = pdf.indexOf('endstream', start);
    try {
      chunks.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {}
  }
  const text = chunks.join('\n');
  const pages = text.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((b) => [Number(b[1]), Number(b[2])]);
  return { pages, boxes };
}

describe('printing', () => {
  it('prints to A4: the forms left out, a long quote over several pages', async () => {
    const { path } = await sentQuote('de', 25);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${BASE}${path}`);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.actions').isVisible(), false);
    assert.ok(await page.locator('tr.total').isVisible());
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const { pages, boxes } = pdfPages(pdf);
    assert.ok(pages >= 2, `${pages} pages for 25 items`);
    // A4 is 595.28 × 841.89 points.
    assert.ok(
      boxes.length > 0 && boxes.every(([w, h]) => Math.abs(w - 595.28) < 1 && Math.abs(h - 841.89) < 1),
      JSON.stringify(boxes),
    );
    console.log(`quote document e2e: 25 items print to ${pages} A4 pages, ${pdf.length} bytes`);
  });
});
