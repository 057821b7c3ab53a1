// The shadow root's stylesheet, adopted as a constructable stylesheet (no <style> element, nothing a strict CSP
// refuses). Pages theme it through the custom properties on :host and through ::part().
const CSS = `
:host { display: block; container-type: inline-size; font: var(--cpq-font, inherit); color: var(--cpq-text, #1d2430);
  --a: var(--cpq-accent, #1f5fbf); --m: var(--cpq-muted, #5b6472); --b: var(--cpq-border, #c9ced6); --s: var(--cpq-surface, #fff);
  --d: var(--cpq-danger, #b42318); --r: var(--cpq-radius, 6px); --f: var(--cpq-focus, 0 0 0 3px rgba(31, 95, 191, .45)); }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.root { display: grid; gap: 1.25rem; }
@container (min-width: 760px) { .root { grid-template-columns: minmax(0, 1.7fr) minmax(260px, 1fr); align-items: start; } .message { grid-column: 1 / -1; } }
h2 { font-size: 1.25em; margin: 0 0 .25em; } h3 { font-size: 1em; margin: 0 0 .75em; } h4 { font-size: .92em; margin: 0 0 .25em; }
p { margin: 0; }
.head { margin-bottom: .75em; }
.muted, .hint { color: var(--m); font-size: .9em; }
.message { border: 1px solid var(--d); color: var(--d); background: color-mix(in srgb, var(--d) 8%, var(--s)); border-radius: var(--r); padding: .75em 1em; }
.group { padding: 1em 0; border-top: 1px solid var(--b); }
.fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1em 1.4em; border: 0; padding: 0; margin: 0; min-width: 0; }
.inline { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: baseline; } .inline h3 { margin: 0; min-width: 8em; }
.inline .fields { display: flex; flex-wrap: wrap; flex: 1; }
.field { display: flex; flex-direction: column; gap: .35em; min-width: 0; }
.k-radios, .k-swatches { grid-column: 1 / -1; }
.label { font-weight: 600; font-size: .93em; padding: 0; }
.req, .error { color: var(--d); }
.error { font-size: .9em; }
.row { display: flex; align-items: center; gap: .6em; }
.unit { color: var(--m); }
.out { min-width: 5em; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.off { opacity: .6; }
input, select, button { font: inherit; color: inherit; }
input:not([type=radio], [type=checkbox], [type=range]), select { width: 100%; padding: .45em .6em; border: 1px solid var(--b); border-radius: var(--r); background: var(--s); }
.invalid input, .invalid select { border-color: var(--d); }
input[type=range] { width: 100%; accent-color: var(--a); }
input[type=radio], input[type=checkbox] { width: 1.1em; height: 1.1em; margin: 0; accent-color: var(--a); }
:focus-visible { outline: none; box-shadow: var(--f); }
.choices { display: flex; flex-wrap: wrap; gap: .5em; border: 0; padding: 0; margin: 0; min-width: 0; }
.choices > legend { float: left; width: 100%; margin-bottom: .45em; }
.choice { display: inline-flex; gap: .5em; align-items: center; border: 1px solid var(--b); border-radius: var(--r); padding: .45em .8em; cursor: pointer; background: var(--s); }
.choice:has(input:checked) { border-color: var(--a); }
.choice:has(input:focus-visible) { box-shadow: var(--f); }
.choice:has(input:disabled), .sw:has(input:disabled) { opacity: .55; cursor: not-allowed; }
.reason { font-size: .8em; color: var(--m); }
.check { display: inline-flex; gap: .55em; align-items: center; font-weight: 600; font-size: .93em; cursor: pointer; }
.sw { position: relative; display: flex; flex-direction: column; align-items: center; gap: .4em; width: 6em; text-align: center; font-size: .85em; cursor: pointer; }
.sr { position: absolute; opacity: 0; width: 1px; height: 1px; }
.swatch { width: 2.8em; height: 2.8em; border-radius: 50%; border: 1px solid rgba(0,0,0,.25); box-shadow: inset 0 0 0 3px rgba(255,255,255,.85); background: #d9dde4 center / cover no-repeat; }
.sr:checked + .swatch { outline: 3px solid var(--a); outline-offset: 2px; }
.sr:focus-visible + .swatch { box-shadow: var(--f), inset 0 0 0 3px rgba(255,255,255,.85); }
.sr:checked ~ .name { font-weight: 600; }
.presets { display: flex; gap: .35em; flex-wrap: wrap; }
.chip { border: 1px solid var(--b); background: var(--s); border-radius: 999px; padding: .15em .75em; font-size: .85em; cursor: pointer; }
.chip[aria-pressed=true] { background: var(--a); border-color: var(--a); color: var(--cpq-on-accent, #fff); }
.tabs { display: flex; gap: .25em; border-bottom: 1px solid var(--b); overflow-x: auto; }
.tab { background: none; border: 0; border-bottom: 3px solid transparent; padding: .55em .9em; font-weight: 600; color: var(--m); cursor: pointer; }
.tab[aria-selected=true] { color: var(--a); border-bottom-color: var(--a); }
.panel { display: none; border-top: 0; } .panel.active { display: block; }
.acc { border: 1px solid var(--b); border-radius: var(--r); padding: 0; margin-bottom: .75em; }
.acc > summary { padding: .75em 1em; font-weight: 600; cursor: pointer; } .acc > .fields { padding: .25em 1em 1em; }
.side { display: grid; gap: 1em; border: 1px solid var(--b); border-radius: var(--r); padding: 1em; background: var(--s); }
.quote { display: grid; gap: .6em; }
.quote button { padding: .5em 1em; border: 1px solid var(--a); border-radius: var(--r); background: transparent; cursor: pointer; }
.quote button.send { background: var(--a); color: #fff; }
.quote button:disabled { opacity: .5; cursor: not-allowed; }
.quote fieldset { display: grid; gap: .6em; margin: 0; padding: 0; border: 0; }
.quote-status:empty { display: none; }
.summary { transition: opacity .15s; } .busy { opacity: .55; }
.total { display: flex; flex-direction: column; gap: .1em; }
.caps { text-transform: uppercase; font-size: .76em; letter-spacing: .06em; color: var(--m); font-weight: 700; }
.amount { font-size: 1.9em; font-weight: 700; font-variant-numeric: tabular-nums; }
.none .amount { color: var(--m); }
.table { width: 100%; border-collapse: collapse; margin-top: 1em; font-size: .92em; }
.table caption { text-align: left; font-weight: 700; padding-bottom: .3em; }
.table th { text-align: left; font-weight: 400; } .table td { text-align: right; font-variant-numeric: tabular-nums; }
.table th, .table td { padding: .3em .2em; border-top: 1px solid var(--b); }
.issues { margin-top: 1em; } .issues ul { margin: 0; padding-left: 1.1em; } .problems { color: var(--d); }
.link { background: none; border: 0; padding: 0; color: inherit; text-decoration: underline; cursor: pointer; text-align: left; }
`;

let shared: CSSStyleSheet | undefined;

/** One stylesheet object shared by every instance on the page. */
export function sheet(): CSSStyleSheet {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(CSS);
  }
  return shared;
}
