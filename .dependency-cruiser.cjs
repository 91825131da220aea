/**
 * The architecture as rules (npm run arch): no import cycles anywhere under src/, and the
 * pipeline's arrows point one way — targets name what is scanned, probes gather evidence, checks
 * judge it, the engine runs checks, reports render, the run loop scans every target, the CLI
 * parses flags and prints. A layer never imports one above it.
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
    // What mcp-posture is pointed at: parsed targets, their identity and their sources, below everything that scans.
    layer('targets', [
      'probe',
      'checks',
      'engine',
      'report',
      'run',
      'cli',
      'config',
      'demo',
      'fleet',
      'lock',
      'login',
      'surface',
    ]),
    // The run loop: below the CLI that calls it.
    layer('run', ['cli', 'demo', 'bench', 'tools']),
    // The fleet's runner, journal, shards and history: below the run loop.
    layer('fleet', ['run', 'cli', 'demo', 'bench', 'tools']),
    layer('cli', ['demo', 'bench', 'tools']),
    // The scanner's own loopback listeners (login callback, CIMD variants server): they serve, never probe or judge.
    layer('net', [
      'probe',
      'checks',
      'engine',
      'report',
      'run',
      'cli',
      'config',
      'demo',
      'fleet',
      'lock',
      'login',
      'bench',
      'tools',
    ]),
    {
      name: 'no-own-barrel',
      severity: 'error',
      comment: 'src/index.ts is the package entry for library users; nothing inside src/ imports it',
      from: { path: '^src/', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
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
