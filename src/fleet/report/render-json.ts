/** `fleet report --format json` and `history --format json`: the models as they are, versioned. */
import type { FleetReport, TargetHistory } from './model.js';

export const FLEET_REPORT_VERSION = '1.0.0';

export function renderFleetJson(r: FleetReport): string {
  return `${JSON.stringify({ schemaVersion: FLEET_REPORT_VERSION, kind: 'fleet-report', ...r }, null, 2)}\n`;
}

export function renderHistoryJson(h: TargetHistory): string {
  return `${JSON.stringify({ schemaVersion: FLEET_REPORT_VERSION, kind: 'target-history', ...h }, null, 2)}\n`;
}
