// The demo shop's stylesheet; the configurator is themed only through its custom properties and ::part().
export const demoCss = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1d2430; background: #f6f4ef; }
.bar { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; padding: .8rem 1.5rem; background: #23412f; color: #fff; }
.bar span { color: #d6e4da; }
.shop { max-width: 1180px; margin: 0 auto; padding: 1.5rem; display: grid; gap: 1.5rem; }
.pick { display: flex; gap: .6rem 1rem; align-items: center; flex-wrap: wrap; }
.pick label { font-weight: 600; }
.markets { display: contents; }
.markets[hidden] { display: none; }
select, button { font: inherit; padding: .45rem .7rem; border-radius: 6px; border: 1px solid #8b948c; background: #fff; color: inherit; }
:focus-visible { outline: 3px solid #2f6b45; outline-offset: 2px; }
cpq-configurator { background: #fff; padding: 1.25rem; border-radius: 10px; --cpq-accent: #2f6b45; --cpq-radius: 8px; --cpq-surface: #fbfaf7; }
cpq-configurator::part(total) { color: #23412f; }
.cart { background: #fff; padding: 1.25rem; border-radius: 10px; }
.buy { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; justify-content: space-between; }
.buy p { margin: 0; font-weight: 600; }
#add { background: #2f6b45; border-color: #2f6b45; color: #fff; font-weight: 600; padding: .6rem 1.2rem; cursor: pointer; }
#add:disabled { background: #c8cec9; border-color: #c8cec9; color: #3d443f; cursor: not-allowed; }
h2 { font-size: 1.1rem; }
#cart { padding-left: 1.2rem; }
`;
