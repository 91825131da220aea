/**
 * `npm run demo`: starts the bundled fixture server on 127.0.0.1 with a few
 * deliberate weaknesses and scans it, so a new user sees a real report with no
 * network. The weaknesses are the kind real servers ship with.
 */
import { main } from '../cli/main.js';
import { startFixtureServer } from './fixture-server.js';

export const DEMO_WEAKNESSES = {
  originNotValidated: true, // MCPP-ACT01: a web page can drive the server (DNS rebinding)
  terminatedSession400: true, // MCPP-LEG07 / LEG08: 400 instead of 404, clients cannot recover
  acceptUnsupportedVersion: true, // MCPP-ACT05: MCP-Protocol-Version 1900-01-01 is served
  corsWildcard: true, // MCPP-TRN12: Access-Control-Allow-Origin: * on an unauthenticated local server
} as const;

async function run(): Promise<void> {
  const server = await startFixtureServer({ ...DEMO_WEAKNESSES });
  process.stderr.write(
    `demo target: ${server.url} (weaknesses: ${Object.keys(DEMO_WEAKNESSES).join(', ')})\n\n`,
  );
  try {
    const code = await main(['node', 'mcp-posture', 'scan', server.url, ...process.argv.slice(2)]);
    process.stderr.write(
      `\nmcp-posture exited with code ${code}${code === 1 ? ' (findings at or above --fail-on, as expected for this demo target)' : ''}.\n`,
    );
    process.exitCode = code === 1 ? 0 : code;
  } finally {
    await server.close();
  }
}

void run();
