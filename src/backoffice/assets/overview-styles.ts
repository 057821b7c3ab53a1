// Stores > Overview: the figures and the server-drawn charts (src/backoffice/views/overview.tsx, charts.tsx).
export const overviewCss = String.raw`
.period-line { margin: -.25rem 0 1rem; }
form.period select { width: auto; }
dl.kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 1rem 1.25rem; margin: 0; }
.kpi dt { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
.kpi dd { margin: .15rem 0 0; display: flex; flex-direction: column; gap: .15rem; }
.kpi-value { font-size: 1.25rem; font-weight: 700; text-decoration: none; }
.kpi-value:hover { text-decoration: underline; }
.kpi-note { font-size: .85rem; color: var(--muted); }
.overview-charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1.25rem; align-items: start; }
@media (max-width: 900px) { .overview-charts { grid-template-columns: minmax(0, 1fr); } }
figure.chart { margin: 0; }
figure.chart figcaption { font-size: .85rem; color: var(--muted); margin: .5rem 0; }
.chart-svg { display: block; width: 100%; height: auto; }
.chart-svg .bar { fill: var(--accent); }
.chart-svg .axis { stroke: var(--border-strong); stroke-width: 1; }
.chart-svg text { fill: var(--text); font: 14px system-ui, sans-serif; }
.chart-svg.bars { max-width: 480px; }
.chart-svg .tick { fill: var(--muted); font-size: 13px; }
.chart-table summary { cursor: pointer; color: var(--accent); font-size: .9rem; }
.chart-table table th[scope="row"] { font-size: .9rem; text-transform: none; letter-spacing: 0; color: var(--text); font-weight: 500; white-space: normal; }
@media print { .topbar, .tabs-nav, form.period, .skip { display: none; } .chart-table { display: block; } .card { break-inside: avoid; box-shadow: none; } }
`;
