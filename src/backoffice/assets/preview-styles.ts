// Styles around the configurator (the preview page, the quote desk's item panels); the configurator styles itself (src/browser/configurator).
export const previewCss = String.raw`
.pv-toolbar { display: flex; gap: 1rem; align-items: flex-end; flex-wrap: wrap; padding-bottom: 1.1rem; margin-bottom: 1.1rem; border-bottom: 1px solid var(--border); }
.pv-toolbar .field { margin: 0; min-width: 180px; }
cpq-configurator { --cpq-accent: var(--accent); --cpq-border: var(--border-strong); --cpq-muted: var(--muted); --cpq-danger: var(--danger); --cpq-radius: var(--radius); }
.item-configurator { margin: .75rem 0; }
.item-configurator .ic-slot { margin: .75rem 0; }
.item-json { margin-top: .75rem; }
`;
