/**
 * The architecture as rules (npm run arch): no import cycles anywhere under src/, and the
 * pipeline's arrows point one way — probes gather evidence, checks judge it, the engine runs
 * checks, reports render, the CLI wires them. A layer never imports one above it.
 */
const layer = (name, forbidden) => ({
  name: `${name}-layering`,
  severity: 'error',
  comment: `src/${name} must not import ${forbidden.join(', ')}`,
  from: { path: `^src/${name}/` },
  to: { path: `^src/(${forbidden.join('|')})/` },
});

/** What a pure judge of evidence (client profiles, framework fingerprints) may not import. */
const JUDGE = ['probe', 'checks', 'engine', 'report', 'cli', 'config', 'demo', 'fleet', 'lock', 'login'];

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'import cycles', from: {}, to: { circular: true } },
    layer('targets', [
      'probe',
      'checks',
      'engine',
      'report',
      'cli',
      'config',
      'demo',
      'fleet',
      'lock',
      'login',
      'surface',
    ]),
    layer('escape', ['evidence', 'spec', 'probe', 'checks', 'engine', 'report', 'cli', 'config', 'demo']),
    layer('spec', ['evidence', 'probe', 'checks', 'engine', 'report', 'cli', 'config', 'demo']),
    layer('evidence', ['probe', 'checks', 'engine', 'report', 'cli', 'config', 'demo']),
    layer('probe', ['checks', 'engine', 'report', 'cli', 'config', 'demo']),
    layer('checks', ['probe', 'report', 'cli', 'config', 'demo']),
    layer('engine', ['probe', 'report', 'cli', 'config', 'demo']),
    layer('report', ['probe', 'cli', 'demo']),
    layer('config', ['probe', 'report', 'cli', 'demo']),
    // Client profiles and framework fingerprints are pure judges of evidence (docs/clients.md).
    layer('clients', [...JUDGE, 'fingerprint']),
    layer('fingerprint', [...JUDGE, 'clients']),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
