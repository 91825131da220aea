/** `fleet report --format json` and `history --format json`: the models as they are, versioned. */
import type { FleetReport, TargetHistory } from './model.js';

/** 1.1.0: the per-target rows (`targets`), the `trend`, and `N/G` in `grades` counting the targets not graded. */
export const FLEET_REPORT_VERSION = '1.1.0';

export function renderFleetJson(r: FleetReport): string {
  return `${JSON.stringify({ schemaVersion: FLEET_REPORT_VERSION, kind: 'fleet-report', ...r }, null, 2)}\n`;
}

export function renderHistoryJson(h: TargetHistory): string {
  return `${JSON.stringify({ schemaVersion: FLEET_REPORT_VERSION, kind: 'target-history', ...h }, null, 2)}\n`;
}
