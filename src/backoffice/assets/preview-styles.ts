// Styles of the live preview: the configurator as a storefront could render it, and the result panel.
export const previewCss = String.raw`
.pv-layout { display: grid; grid-template-columns: minmax(0, 1.7fr) minmax(300px, 1fr); gap: 1.25rem; align-items: start; }
@media (max-width: 960px) { .pv-layout { grid-template-columns: minmax(0, 1fr); } .pv-result { position: static; } }
.pv-toolbar { display: flex; gap: 1rem; align-items: flex-end; flex-wrap: wrap; padding-bottom: 1.1rem; margin-bottom: 1.1rem; border-bottom: 1px solid var(--border); }
.pv-toolbar .field { margin: 0; min-width: 180px; }
.pv-toolbar .field input { max-width: 140px; }
.pv-head h2 { font-size: 1.3rem; margin-bottom: .25rem; }
.pv-group { padding: 1.1rem 0; border-top: 1px solid var(--border); }
.pv-head + .pv-group, .pv-tabs + .pv-group { border-top: 0; }
.pv-group h2 { font-size: 1.02rem; margin-bottom: .8rem; }
.pv-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 1.1rem 1.4rem; }
.pv-inline { display: flex; flex-wrap: wrap; align-items: baseline; gap: .5rem 1.5rem; }
.pv-inline h2 { margin: 0; min-width: 8rem; }
.pv-inline .pv-fields { display: flex; flex-wrap: wrap; gap: 1rem; flex: 1; }
.pf { display: flex; flex-direction: column; gap: .35rem; min-width: 0; }
.pf p { margin: 0; }
.pf-radio, .pf-swatch { grid-column: 1 / -1; }
.pf-label { font-weight: 600; font-size: .93rem; }
.req { color: var(--danger); }
.pf-row { display: flex; align-items: center; gap: .6rem; }
.pf-unit { color: var(--muted); min-width: 2rem; }
.pf-output { min-width: 5.5rem; text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
.pf.is-disabled { opacity: .62; }
.pf.has-error input, .pf.has-error select { border-color: var(--danger); }
.pf-choices { display: flex; flex-wrap: wrap; gap: .5rem; }
.pf-choices > legend { float: left; width: 100%; margin-bottom: .45rem; }
.choice { display: inline-flex; gap: .5rem; align-items: center; border: 1px solid var(--border-strong); border-radius: 6px; padding: .45rem .8rem; cursor: pointer; background: var(--surface); }
.choice:has(input:checked) { border-color: var(--accent); background: var(--accent-soft); }
.choice:has(input:focus-visible) { box-shadow: var(--focus); }
input[type=checkbox], input[type=radio] { width: 1.1rem; height: 1.1rem; margin: 0; accent-color: var(--accent); }
input[type=range] { width: 100%; accent-color: var(--accent); }
.check { display: inline-flex; align-items: center; gap: .55rem; font-weight: 600; font-size: .93rem; cursor: pointer; padding-top: .3rem; }
.swatches { gap: .75rem; }
.swatch { position: relative; display: flex; flex-direction: column; align-items: center; gap: .4rem; width: 6rem; text-align: center; font-size: .85rem; cursor: pointer; }
.swatch-input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.swatch-chip { width: 2.8rem; height: 2.8rem; border-radius: 50%; border: 1px solid rgba(0, 0, 0, .25); box-shadow: inset 0 0 0 3px rgba(255, 255, 255, .85); background: #d9dde4 center / cover no-repeat; }
.swatch-input:checked + .swatch-chip { outline: 3px solid var(--accent); outline-offset: 2px; }
.swatch-input:focus-visible + .swatch-chip { box-shadow: var(--focus), inset 0 0 0 3px rgba(255, 255, 255, .85); }
.swatch-input:checked ~ .choice-label { font-weight: 600; }
.pf-presets { display: flex; gap: .35rem; flex-wrap: wrap; }
.chip-btn { border: 1px solid var(--border-strong); background: var(--surface); border-radius: 999px; padding: .15rem .75rem; font: inherit; font-size: .85rem; cursor: pointer; color: var(--text); }
.chip-btn[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.pv-tabs { display: flex; gap: .25rem; border-bottom: 1px solid var(--border); margin: .5rem 0 .25rem; overflow-x: auto; }
.pv-tab { background: none; border: 0; border-bottom: 3px solid transparent; padding: .55rem .9rem; font: inherit; font-weight: 600; color: var(--muted); cursor: pointer; white-space: nowrap; }
.pv-tab[aria-selected="true"] { color: var(--accent); border-bottom-color: var(--accent); }
.pv-panel { display: none; border-top: 0; }
.pv-panel.is-active { display: block; }
.pv-acc { border: 1px solid var(--border); border-radius: var(--radius); padding: 0; margin-bottom: .75rem; }
.pv-acc > summary { padding: .75rem 1rem; font-weight: 600; cursor: pointer; }
.pv-acc > .pv-fields { padding: .25rem 1rem 1rem; }
.pv-result { position: sticky; top: 1rem; transition: opacity .15s; }
.pv-result.is-busy { opacity: .55; }
.pv-total { display: flex; flex-direction: column; gap: .1rem; padding-bottom: 1rem; margin-bottom: 1rem; border-bottom: 1px solid var(--border); }
.pv-total-label { text-transform: uppercase; font-size: .76rem; letter-spacing: .06em; color: var(--muted); font-weight: 700; }
.pv-total-amount { font-size: 2rem; font-weight: 700; font-variant-numeric: tabular-nums; line-height: 1.2; }
.pv-total.is-invalid .pv-total-amount { color: var(--muted); }
.pv-table { margin-bottom: 1.1rem; }
.pv-table caption { text-align: left; font-weight: 700; padding: 0 0 .35rem; font-size: .92rem; }
.pv-table th { text-transform: none; letter-spacing: 0; font-size: .9rem; color: var(--text); font-weight: 400; }
.pv-table th, .pv-table td { padding: .35rem .2rem; }
.pv-issues h3 { font-size: .92rem; margin-bottom: .25rem; }
.pv-issues ul { margin: 0; padding-left: 1.1rem; }
.pv-loading { color: var(--muted); padding: 2rem 0; }
`;
