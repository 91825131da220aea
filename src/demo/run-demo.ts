/**
 * `npm run demo`: starts the bundled fixture server on 127.0.0.1 with a few
 * deliberate weaknesses and scans it, so a new user sees a real report with no
 * network. The weaknesses are the kind real servers ship with.
 * `npm run demo -- --serve` keeps the server running instead, so every other
 * command of the README can be tried against it.
 */
import { main } from '../cli/main.js';
import { startFixtureServer } from './fixture-server.js';

export const DEMO_WEAKNESSES = {
  originNotValidated: true, // MCPP-ACT01: a web page can drive the server (DNS rebinding)
  terminatedSession400: true, // MCPP-LEG07 / LEG08: 400 instead of 404, clients cannot recover
  acceptUnsupportedVersion: true, // MCPP-ACT05: MCP-Protocol-Version 1900-01-01 is served
  corsWildcard: true, // MCPP-TRN12: Access-Control-Allow-Origin: * on an unauthenticated local server
} as const;

async function scanOnce(url: string, args: readonly string[]): Promise<void> {
  const code = await main(['node', 'mcp-posture', 'scan', url, ...args]);
  process.stderr.write(
    `\nmcp-posture exited with code ${code}${code === 1 ? ' (findings at or above --fail-on, as expected for this demo target)' : ''}.\n`,
  );
  process.exitCode = code === 1 ? 0 : code;
}

/** Serves until Ctrl-C (SIGINT) or SIGTERM, then closes the server and exits 0. */
function serveUntilStopped(url: string, close: () => Promise<void>): Promise<void> {
  process.stdout.write(
    `${url}\n` +
      `the demo MCP server is running on loopback; try, in another terminal:\n` +
      `  node dist/bin/mcp-posture.js scan ${url} --plan\n` +
      `  node dist/bin/mcp-posture.js scan ${url} --format html --output demo.html\n` +
      `stop it with Ctrl-C.\n`,
  );
  return new Promise((done) => {
    const stop = (): void => void close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  const serve = args.includes('--serve');
  const server = await startFixtureServer({ ...DEMO_WEAKNESSES });
  process.stderr.write(
    `demo target: ${server.url} (weaknesses: ${Object.keys(DEMO_WEAKNESSES).join(', ')})\n\n`,
  );
  if (serve) return serveUntilStopped(server.url, () => server.close());
  try {
    await scanOnce(server.url, args);
  } finally {
    await server.close();
  }
}

void run();
