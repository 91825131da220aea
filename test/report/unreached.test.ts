/**
 * Why a target could not be scanned leads every human format, and the server's own words in it
 * (its stderr) are escaped like every other server-supplied string.
 */
import { describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';

const HOSTILE = "console.error('bad <script>alert(1)</script> \\u001b[31mred'); process.exit(2)";
const ARGS = [
  '--timeout',
  '1500',
  '--scan-timeout',
  '8000',
  '--stdio',
  '--',
  process.execPath,
  '-e',
  HOSTILE,
];

describe('the cause of a target not reached, in every format', () => {
  it('Markdown: a quoted line before the findings table, the markup escaped', async () => {
    const r = await runCli(['scan', '--format', 'markdown', ...ARGS]);
    const lines = r.stdout.split('\n');
    const quote = lines.findIndex((l) => l.startsWith('> **'));
    expect(quote).toBeGreaterThan(0);
    expect(quote).toBeLessThan(4);
    // Markdown escaping backslashes the punctuation, so `<` never opens a tag.
    expect(lines[quote]).toMatch(/exited \\?\(code 2\\?\) before answering/);
    expect(lines[quote]).not.toMatch(/[^\\]<script>/);
    expect(lines[quote + 1]).toMatch(/^> next: /);
  });

  it('HTML: an alert at the top of the summary, the markup escaped', async () => {
    const r = await runCli(['scan', '--format', 'html', ...ARGS]);
    const alert = /<p class="unreached" role="alert">([\s\S]*?)<\/p>/.exec(r.stdout);
    expect(alert).not.toBeNull();
    expect(alert![1]).toContain('exited (code 2) before answering');
    expect(alert![1]).toContain('&lt;script&gt;');
    expect(alert![1]).not.toContain('<script>');
    expect(r.stdout.indexOf('class="unreached"')).toBeLessThan(r.stdout.indexOf('class="grade"'));
  });

  it('terminal: the escape sequence the server wrote is neutralised', async () => {
    const r = await runCli(['scan', '--no-color', ...ARGS]);
    const first = r.stdout.split('\n')[0]!;
    expect(first).toContain('exited (code 2)');
    expect(first).not.toContain('\u001b');
  });
});
