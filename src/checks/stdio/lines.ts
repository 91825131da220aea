/** Shared reading of stdio evidence for the STDIO checks: the launches' stdout lines by framing. */
import type { StdioEvidence, StdioFraming, StdioLaunch, StdioLine } from '../../evidence/types.js';

/** Launches that started (a command that could not start has no output to judge). */
export function startedLaunches(stdio: StdioEvidence): StdioLaunch[] {
  return stdio.launches.filter((l) => l.spawnError === null);
}

export function countOf(stdio: StdioEvidence, framing: StdioFraming): number {
  return startedLaunches(stdio).reduce((n, l) => n + (l.framingCounts[framing] ?? 0), 0);
}

/** The first `max` recorded stdout lines with this framing, across launches. */
export function linesOf(stdio: StdioEvidence, framing: StdioFraming, max = 5): StdioLine[] {
  const out: StdioLine[] = [];
  for (const l of startedLaunches(stdio))
    for (const line of l.lines) {
      if (out.length >= max) return out;
      if (line.dir === 'out' && line.framing === framing) out.push(line);
    }
  return out;
}

/** `x.launch: line 3 "Server starting…"`, the text cut short for a message. */
export function describeLines(stdio: StdioEvidence, lines: readonly StdioLine[]): string {
  const probeOf = (line: StdioLine) =>
    startedLaunches(stdio).find((l) => l.lines.includes(line))?.probe ?? 'x.launch';
  return lines
    .map(
      (l) =>
        `${probeOf(l)} line ${l.seq} ${JSON.stringify(l.text.length > 80 ? `${l.text.slice(0, 80)}…` : l.text)}`,
    )
    .join('; ');
}

export function stdoutLines(stdio: StdioEvidence): number {
  return startedLaunches(stdio).reduce(
    (n, l) => n + Object.values(l.framingCounts).reduce((a, b) => a + (b ?? 0), 0),
    0,
  );
}
