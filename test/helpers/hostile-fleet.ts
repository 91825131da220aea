/**
 * A fleet report as the database would give it, with server-supplied strings that carry markup,
 * bidi and terminal control characters (./hostile-report.ts), three targets (one graded F with a
 * hostile name, one unreachable, one graded A), a previous run and a three-run trend.
 */
import type { FleetReport, TargetRow } from '../../src/fleet/report/model.js';
import { HOSTILE_TEXT, XSS } from './hostile-report.js';

export const evilUrl = `https://evil.example/mcp?x=${XSS.attr}`;

const zero = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };

export const HOSTILE_ROWS: readonly TargetRow[] = [
  {
    target: 'http://127.0.0.1:9/mcp',
    name: `${XSS.img} ${XSS.ansi}`,
    source: 'discovered',
    client: 'claude-code',
    configFile: `/home/u/.claude.json ${XSS.table}`,
    outcome: 'unreachable',
    cause: `nothing accepts connections there (connect ECONNREFUSED 127.0.0.1:9) ${XSS.bidi}`,
    grade: null,
    failing: zero,
    drift: { previous: 'B', newFindings: 0, fixedFindings: 0, surfaceChanges: 0 },
    report: 'img-src-x-onerror-window.__xss-1',
  },
  {
    target: evilUrl,
    name: XSS.script,
    source: 'discovered',
    client: 'cursor',
    configFile: '/home/u/.cursor/mcp.json',
    outcome: 'graded',
    cause: null,
    grade: 'F',
    failing: { critical: 1, high: 3, medium: 2, low: 0, info: 0 },
    drift: { previous: 'B', newFindings: 2, fixedFindings: 1, surfaceChanges: 1 },
    report: 'script-window.__xss-1-script',
  },
  {
    target: 'https://alpha.example/mcp',
    name: 'alpha',
    source: 'discovered',
    client: null,
    configFile: null,
    outcome: 'graded',
    cause: null,
    grade: 'A',
    failing: { ...zero, low: 1 },
    drift: { previous: 'A', newFindings: 0, fixedFindings: 0, surfaceChanges: 0 },
    report: 'alpha',
  },
];

export function hostileFleetReport(): FleetReport {
  const finding = {
    url: evilUrl,
    checkId: 'MCPP-ACT01',
    severity: 'high',
    location: XSS.closePre,
    message: HOSTILE_TEXT,
  };
  const grades = (a: number, f: number, ng: number) =>
    ['A+', 'A', 'B', 'C', 'D', 'F', 'N/G'].map((grade) => ({
      grade,
      count: grade === 'A' ? a : grade === 'F' ? f : grade === 'N/G' ? ng : 0,
    }));
  return {
    generatedAt: '2025-01-02T00:00:00.000Z',
    run: {
      id: 'run-2',
      startedAt: '2025-01-02T00:00:00Z',
      source: `targets ${XSS.img}`,
      mode: 'safe',
      shardCount: 4,
      scans: 3,
    },
    previous: {
      id: 'run-1',
      startedAt: '2025-01-01T00:00:00Z',
      source: 'targets',
      mode: 'safe',
      shardCount: 1,
      scans: 2,
    },
    outcomes: { graded: 2, unreachable: 1 },
    grades: grades(1, 1, 1),
    topFailing: [{ checkId: 'MCPP-ACT01', title: 'Foreign `Origin` rejected', severity: 'high', targets: 2 }],
    newFindings: { items: [finding], total: 5 },
    fixedFindings: { items: [{ ...finding, checkId: 'MCPP-LEG08' }], total: 1 },
    drift: {
      items: [
        {
          url: evilUrl,
          added: 1,
          removed: 0,
          changed: 1,
          items: [{ kind: 'tool', name: XSS.script, change: 'changed' }],
        },
      ],
      total: 1,
    },
    notGraded: {
      items: [{ url: 'http://127.0.0.1:9/mcp', outcome: 'unreachable', detail: `${XSS.img} ${XSS.bidi}` }],
      total: 1,
    },
    targets: { items: HOSTILE_ROWS, total: 3 },
    trend: [
      { id: 'run-0', startedAt: '2024-12-31T00:00:00Z', grades: grades(2, 0, 0) },
      { id: 'run-1', startedAt: '2025-01-01T00:00:00Z', grades: grades(1, 0, 0) },
      { id: 'run-2', startedAt: '2025-01-02T00:00:00Z', grades: grades(1, 1, 1) },
    ],
  };
}
