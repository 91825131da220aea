/**
 * The peak RSS of this process since it started. `process.resourceUsage().maxRSS` is not that
 * on Linux: a child inherits its parent's high-water mark across fork and exec, so a scan run
 * from a parent holding 300 MB reports at least 300 MB whatever it used itself. `VmHWM` in
 * /proc/self/status is the peak of the current address space, which exec replaces. Elsewhere
 * the `maxRSS` figure is all there is.
 */
import { readFileSync } from 'node:fs';

/** Peak resident set size in KiB, and where the figure came from. */
export function peakRssKb(): { kb: number; source: 'VmHWM' | 'maxRSS' } {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return { kb: Number(m[1]), source: 'VmHWM' };
  } catch {
    // Not Linux: fall through.
  }
  return { kb: process.resourceUsage().maxRSS, source: 'maxRSS' };
}

/**
 * The same, as source text for a preloaded hook of a child process (`node --import data:…`),
 * which writes the figure (KiB) to the file named by MCPP_BENCH_RSS_FILE when the child exits.
 * A scanning command runs in a second Node process (../run/heap.ts) that inherits the hook and
 * exits first: each process keeps the larger of the file's figure and its own, so the scanner's
 * peak is not overwritten by its launcher's (which made every CLI figure read ~43 MB).
 */
export const PEAK_RSS_HOOK_SOURCE =
  "import { readFileSync, writeFileSync } from 'node:fs';" +
  "process.on('exit', () => { let kb = process.resourceUsage().maxRSS;" +
  " try { const m = /^VmHWM:\\s+(\\d+)\\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8')); if (m) kb = Number(m[1]); } catch {}" +
  " let before = 0; try { before = Number(readFileSync(process.env.MCPP_BENCH_RSS_FILE, 'utf8')) || 0; } catch {}" +
  ' writeFileSync(process.env.MCPP_BENCH_RSS_FILE, String(Math.max(kb, before))); });';
