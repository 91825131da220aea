/**
 * Why a target could not be scanned, in plain words, and the next step: the first line of every
 * report of a target that was not reached (unreachable or not MCP; docs/model/targets.md). Read
 * from what the detection ladder and the stdio launches recorded; a pure function of evidence.
 */
import type { Evidence, NetError, NetErrorCode, Probe, RpcReply, StdioLaunch } from '../types.js';
import { isHttpReply } from '../primitives.js';

export interface Unreached {
  /** A short, stable name of the cause, for machines: `dns`, `connect`, `spawn`, `exited`, `not-mcp` … */
  readonly cause: string;
  /** One line: why the target could not be scanned. */
  readonly why: string;
  /** One line: what to do next. */
  readonly next: string;
  /** The exchanges that show it (HTTP exchange IDs or stdio launch probes). */
  readonly evidence: readonly string[];
}

const NET_WORDS: Readonly<Record<NetErrorCode, { why: string; next: string }>> = {
  dns: {
    why: 'the host name does not resolve',
    next: 'check the host name in the URL, and the DNS or VPN this machine uses',
  },
  connect: {
    why: 'nothing accepts connections there',
    next: 'check that the server is running and listening on that host and port',
  },
  tls: {
    why: 'the TLS handshake failed',
    next: 'a server with a private CA needs --ca-file CA.pem; otherwise fix its certificate',
  },
  timeout: {
    why: 'the server did not answer in time',
    next: 'check the URL points at the MCP endpoint; a slow server needs a larger --timeout',
  },
  deadline: {
    why: 'the scan deadline passed before the server answered',
    next: 'a slow server needs a larger --scan-timeout',
  },
  'stopped-answering': {
    why: 'the server stopped answering: several requests in a row timed out',
    next: 'check the server; a slow server needs a larger --timeout',
  },
  reset: {
    why: 'the connection was closed before an answer',
    next: 'check the server and any proxy in front of it',
  },
  'refused-address': {
    why: 'the address policy refused the destination',
    next: 'name the address you mean to scan in the URL itself',
  },
  'refused-scheme': { why: 'the URL is not http or https', next: 'give an http:// or https:// URL' },
  'too-large': {
    why: 'the answer was over the size limit',
    next: 'check the URL points at the MCP endpoint',
  },
  'header-too-large': {
    why: 'the answer headers were over the size limit',
    next: 'check the URL points at the MCP endpoint',
  },
  decode: {
    why: 'the answer could not be decoded (bad content-encoding)',
    next: 'check the server and any proxy in front of it',
  },
  protocol: { why: 'the answer was not valid HTTP', next: 'check the URL, the port and the scheme' },
  aborted: { why: 'the request was cancelled', next: 'run the scan again' },
};

function ladder(ev: Evidence): Probe<RpcReply>[] {
  return [ev.detection.discover, ...ev.detection.inits.map((a) => a.probe)];
}

function firstFailure(
  probes: readonly Probe<RpcReply>[],
): { error: NetError; ids: readonly string[] } | null {
  for (const p of probes) if (p.kind === 'failed') return { error: p.error, ids: p.exchanges };
  return null;
}

function httpUnreachable(ev: Evidence): Unreached {
  const failure = firstFailure(ladder(ev));
  if (failure === null)
    return {
      cause: 'not-sent',
      why: `cannot scan ${ev.target.url}: no request could be sent`,
      next: 'check the URL and the address policy (--allow-private)',
      evidence: [],
    };
  const words = NET_WORDS[failure.error.code];
  return {
    cause: failure.error.code,
    why: `cannot scan ${ev.target.url}: ${words.why} (${failure.error.message})`,
    next: words.next,
    evidence: failure.ids,
  };
}

function notMcp(ev: Evidence): Unreached {
  const replies = ladder(ev).flatMap((p) => (p.kind === 'ok' && isHttpReply(p.value) ? [p.value] : []));
  const first = replies[0];
  const seen =
    first === undefined
      ? 'no MCP answer'
      : `HTTP ${first.status}${first.mediaType ? ` ${first.mediaType}` : ''} to an MCP request`;
  return {
    cause: 'not-mcp',
    why: `cannot scan ${ev.target.url}: it answers HTTP, but not MCP (${seen})`,
    next: 'check the path of the MCP endpoint (often /mcp, or /sse for the old HTTP+SSE transport)',
    evidence: replies.map((r) => r.exchange),
  };
}

/** The last lines of what the server wrote on stderr, on one line. */
function stderrTail(launch: StdioLaunch): string {
  const lines = launch.stderr.excerpt
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.slice(-3).join(' | ');
}

function stdioUnreached(ev: Evidence, launch: StdioLaunch): Unreached {
  const cmd = ev.stdio?.command ?? 'the command';
  if (launch.spawnError !== null)
    return {
      cause: 'spawn',
      why: `cannot start ${cmd}: ${launch.spawnError}`,
      next: `check that ${cmd} is installed and on PATH (the server gets PATH and a throwaway HOME)`,
      evidence: [launch.probe],
    };
  const refused = launch.refused?.[0];
  if (refused !== undefined) {
    const asked = launch.exchanges.find((x) => x.answer === refused.seq);
    return {
      cause: 'refused-reply',
      why: `cannot scan ${cmd}: the reply to ${asked?.purpose ?? 'a request'} (stdout line ${refused.seq}) was refused at the ${refused.limit} limit: ${refused.detail}`,
      next: 'a server whose replies cross the limits cannot be scanned; check what it writes on stdout',
      evidence: asked ? [asked.id] : [launch.probe],
    };
  }
  const tail = stderrTail(launch);
  const said = tail === '' ? '' : `; it said: ${tail}`;
  const hiddenArgs = ev.stdio?.sandbox.hiddenArgs ?? [];
  if (launch.exit !== null && launch.shutdown.exitedBeforeClose)
    return {
      cause: 'exited',
      why: `${cmd} exited (${launch.exit.code !== null ? `code ${launch.exit.code}` : `signal ${launch.exit.signal}`}) before answering${said}`,
      next: hiddenArgs.length
        ? `the sandbox hides ${hiddenArgs.join(', ')}, named on its command line; to let the server read ${hiddenArgs.length > 1 ? 'them' : 'it'}, add ${hiddenArgs.map((p) => `--sandbox-map ${p}`).join(' ')}`
        : 'run the command by hand to see why; pass the variables it needs with the target config `env`',
      evidence: [launch.probe],
    };
  return {
    cause: 'no-answer',
    why: `${cmd} started but answered no MCP request on stdout${said}`,
    next: 'check that the command starts an MCP server over stdio (not HTTP), and that it writes nothing else on stdout',
    evidence: [launch.probe],
  };
}

/**
 * Nothing MCP answered (unreachable or not MCP): such a target is explained, not judged. A
 * redirected target is judged on its redirect.
 */
export function notReached(ev: Evidence): boolean {
  const cls = ev.detection.targetClass;
  return cls === 'unreachable' || cls === 'not_mcp';
}

/** Null for a target that was reached (or redirected). */
export function unreachedCause(ev: Evidence): Unreached | null {
  if (!notReached(ev)) return null;
  const launch = ev.stdio?.launches[0];
  if (ev.target.kind === 'stdio' && launch !== undefined) return stdioUnreached(ev, launch);
  return ev.detection.targetClass === 'not_mcp' ? notMcp(ev) : httpUnreachable(ev);
}
