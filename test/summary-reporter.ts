/**
 * Prints one plain closing line, "N passed, N failed" (", N skipped" when any), then the failed
 * files and the errors outside tests when there are any, so any CI log reader can tell how many
 * tests ran without parsing vitest's coloured summary, and the line can never read "0 failed" on
 * a failing run: a file that failed to load or whose hooks threw, and an unhandled error, are
 * counted even though no test of theirs failed.
 */
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: readonly TestModule[],
    unhandledErrors: readonly SerializedError[],
    reason: TestRunEndReason,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let failedFiles = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed') failedFiles++;
    }
    const parts = [`${passed} passed`, `${failed} failed`];
    if (skipped) parts.push(`${skipped} skipped`);
    if (failedFiles) parts.push(`${failedFiles} file${failedFiles === 1 ? '' : 's'} failed`);
    if (unhandledErrors.length)
      parts.push(`${unhandledErrors.length} error${unhandledErrors.length === 1 ? '' : 's'} outside tests`);
    if (reason === 'interrupted') parts.push('interrupted');
    process.stdout.write(`\n${parts.join(', ')}\n`);
  }
}
