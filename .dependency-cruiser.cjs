/**
 * The architecture as rules (npm run arch): no import cycles anywhere under src/, and the
 * pipeline's arrows point one way. Every folder under src/ sits in one row of LAYERS, read top
 * down as the data flows back up to the user: tools and benchmarks drive the demo and the CLI,
 * the CLI calls the run loop, the run loop scans targets through the probes and judges them
 * with the checks, and everything rests on the evidence types and the spec. A folder never
 * imports a folder of a row above it, nor another folder of its own row; it may import any row
 * below; the pure judges never import the code that sends (PURE). test/unit/layers.test.ts fails when a folder under src/ is in no row.
 */

/** Top to bottom; folders in one row are peers and do not import each other. */
const LAYERS = [
  // Developer entry points: doc and example generators, benchmarks.
  ['tools', 'bench'],
  // The demo fixtures and `mcp-posture demo`.
  ['demo'],
  // Flags → a run → printed output, nothing else.
  ['cli'],
  // runTargets(): one loop for every run; journal, progress, shards.
  ['run'],
  // The fleet's runner, history store and report; `login` and its pages.
  ['fleet', 'login'],
  // The report model and every renderer.
  ['report'],
  // User configuration: thresholds, suppressions, baselines.
  ['config'],
  // Runs checks on evidence.
  ['engine'],
  // One check per file: pure judges of evidence.
  ['checks'],
  // Channels (HTTP, HTTP+SSE, stdio) and stages: the only code that sends.
  ['probe'],
  // The local listeners (login callback, CIMD variants server).
  ['net'],
  // Pure judges and data beside the checks: locks, client profiles, framework fingerprints, CIMD variants.
  ['lock', 'clients', 'fingerprint', 'cimd'],
  // The tool-surface text judge (lock re-grades definitions with it).
  ['surface'],
  // What mcp-posture is pointed at: target kinds, identity, sources.
  ['targets'],
  // Evidence types, parsers and derivations.
  ['evidence'],
  // The spec's revisions, citations and catalogue; one escaping module.
  ['spec', 'escape'],
];

const layerRules = LAYERS.flatMap((row, i) => {
  const above = LAYERS.slice(0, i).flat();
  return row.map((name) => {
    const forbidden = [...above, ...row.filter((peer) => peer !== name)];
    return {
      name: `${name}-layering`,
      severity: 'error',
      comment: `src/${name} must not import ${forbidden.join(', ')}`,
      from: { path: `^src/${name}/` },
      to: { path: `^src/(${forbidden.join('|')})/` },
    };
  });
});

/**
 * The judges and the report: pure functions of evidence and results, they never reach the code
 * that sends (probes, listeners), whatever their row.
 */
const PURE = ['checks', 'engine', 'report', 'config', 'lock', 'clients', 'fingerprint', 'cimd', 'surface'];

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'import cycles', from: {}, to: { circular: true } },
    {
      name: 'no-own-barrel',
      severity: 'error',
      comment: 'src/index.ts is the package entry for library users; nothing inside src/ imports it',
      from: { path: '^src/', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
    ...layerRules,
    {
      name: 'pure-no-io',
      severity: 'error',
      comment: `src/(${PURE.join('|')}) never import the code that sends (probe, net)`,
      from: { path: `^src/(${PURE.join('|')})/` },
      to: { path: '^src/(probe|net)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
