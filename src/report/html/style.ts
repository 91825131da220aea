/** The report's only stylesheet, inlined and allowed by its hash in the CSP. */
export const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --bg: #fff; --panel: #f6f8fa; --line: #d0d7de;
  --critical: #8b0000; --high: #cf222e; --medium: #9a6700; --low: #0969da; --info: #57606a; --pass: #1a7f37; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #161b22; --line: #30363d;
    --critical: #ff7b72; --high: #f85149; --medium: #d29922; --low: #58a6ff; --info: #9198a1; --pass: #3fb950; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; font: 15px/1.5 system-ui, sans-serif; color: var(--fg);
  background: var(--bg); overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0; }
h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
h4 { font-size: .95rem; margin: 1rem 0 .25rem; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem;
  white-space: pre-wrap; word-break: break-all; max-height: 24rem; overflow: auto; }
a { color: var(--low); }
.target, .package { color: var(--muted); margin: .25rem 0 0; }
.outcome { font-size: 1.1rem; font-weight: 600; }
.unreached { border-left: 4px solid #b42318; padding: .5rem .75rem; background: #fef3f2; }
.grade { font-size: 1.1rem; margin: .5rem 0; }
.grade-value { display: inline-block; min-width: 4.5rem; text-align: center; font-size: 3.5rem; line-height: 1.1;
  font-weight: 800; vertical-align: middle; color: #fff; background: var(--g, var(--info)); border-radius: 10px;
  padding: .1rem .6rem; margin: 0 .5rem; }
.grade-a-plus, .grade-a { --g: var(--pass); }
.grade-b { --g: #4d7c0f; }
.grade-c { --g: var(--medium); }
.grade-d { --g: #bc4c00; }
.grade-f { --g: var(--high); }
.grade-ng { --g: var(--info); }
.sev-critical { --sev: var(--critical); }
.sev-high { --sev: var(--high); }
.sev-medium { --sev: var(--medium); }
.sev-low { --sev: var(--low); }
.sev-info { --sev: var(--info); }
.counts { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; padding: 0; list-style: none; }
.counts li { border: 1px solid var(--line); border-left: 6px solid var(--sev, var(--line)); border-radius: 6px;
  padding: .25rem .75rem; min-width: 6rem; background: var(--panel); }
.counts li.zero { opacity: .6; }
.counts .n { font-size: 1.4rem; font-weight: 700; display: block; }
.finding { border: 1px solid var(--line); border-left: 6px solid var(--sev, var(--line)); border-radius: 6px;
  padding: .75rem 1rem; margin: 1rem 0; }
.badge { display: inline-block; border-radius: 1rem; padding: 0 .6rem; font-size: .8rem; font-weight: 600;
  color: #fff; background: var(--sev, var(--info)); vertical-align: middle; text-transform: uppercase; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.message { margin: .25rem 0; }
.muted { color: var(--muted); }
details { margin: .35rem 0; }
details > summary { cursor: pointer; }
details.exchange { border: 1px solid var(--line); border-radius: 6px; padding: .25rem .75rem; }
html { scroll-padding-top: var(--bar-h, 4rem); }
.finding, details.exchange, section { scroll-margin-top: var(--bar-h, 4rem); }
table.findings-table { border-collapse: collapse; width: 100%; margin: .75rem 0 1.25rem; }
.findings-table th, .findings-table td { border-bottom: 1px solid var(--line); padding: .3rem .6rem; text-align: left;
  vertical-align: top; }
.findings-table th { color: var(--muted); font-weight: 600; }
.findings-table td.n { text-align: right; }
ol.places { padding-left: 1.5rem; }
ol.places > li { margin: .5rem 0 .75rem; }
details.reason-group { border-bottom: 1px solid var(--line); padding: .25rem 0; }
.filters { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); padding: .5rem 0;
  display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; z-index: 1; }
.filters fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: .25rem; flex-wrap: wrap; align-items: center; }
.filters legend { float: left; margin-right: .25rem; color: var(--muted); }
.filters button { font: inherit; font-size: .85rem; border: 1px solid var(--line); border-radius: 1rem;
  background: var(--panel); color: var(--fg); padding: .05rem .7rem; cursor: pointer; }
.filters button[aria-pressed="true"] { background: var(--fg); color: var(--bg); }
.filtered-out { display: none !important; }
ul.plain { list-style: none; padding: 0; }
#passed ul.plain { columns: 24rem; column-gap: 2rem; }
ul.plain > li { margin: .2rem 0; }
.suppressed { color: var(--muted); }
.unsettled { border-bottom: 1px solid var(--line); padding-bottom: .5rem; }
.chain-wrap { overflow-x: auto; }
svg.chain { display: block; max-width: 100%; height: auto; font: 14px system-ui, sans-serif; }
.chain .o-pass { --o: var(--pass); }
.chain .o-fail { --o: var(--high); }
.chain .o-error { --o: var(--critical); }
.chain .o-inconclusive { --o: var(--medium); }
.chain .o-not_applicable, .chain .o-none { --o: var(--info); }
.chain .box { fill: var(--panel); stroke: var(--o); stroke-width: 2; }
.chain .s-not-reached .box, .chain .s-not-requested .box { stroke-dasharray: 6 4; }
.chain .s-not-reached { opacity: .55; }
.chain .stopped .box { stroke: var(--high); stroke-width: 5; }
.chain .stopped .label { fill: var(--high); }
.chain text { fill: var(--fg); }
.chain .label { font-weight: 600; }
.chain .status, .chain .detail, .chain .nochecks, .chain .url.none { fill: var(--muted); }
.chain .url { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.chain .chip rect { fill: var(--o); }
.chain .chip text { fill: #fff; font: 600 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.chain .arrow line { stroke: var(--muted); stroke-width: 2; }
.chain .arrow polygon { fill: var(--muted); }
.client-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: .5rem;
  align-items: start; }
.client { border: 1px solid var(--line); border-left: 6px solid var(--v); border-radius: 6px; padding: .4rem .75rem;
  margin: 0; background: var(--panel); }
.client[open] { grid-column: 1 / -1; }
.client .badge { background: var(--v); }
.client .why { display: block; color: var(--muted); font-size: .9rem; }
.v-connects { --v: var(--pass); }
.v-blocked { --v: var(--high); }
.v-degraded { --v: var(--medium); }
.v-unknown { --v: var(--info); }
footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
`;
