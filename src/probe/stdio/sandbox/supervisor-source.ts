/**
 * The supervisor: the first process of the sandbox's PID namespace (docs/stdio.md#sandbox), run
 * by the scanner's own Node runtime as `node -e SUPERVISOR_SOURCE`. When it ends, the kernel ends
 * every other process of the namespace, so nothing the server starts outlives it.
 *
 * It talks to the scanner over fd 3, one JSON object per line. In: the launch (command, arguments,
 * environment, working directory; sent there, not on the command line, so declared values never
 * show in `ps`), then `TERM` or `KILL` for the server's process group. Out: `spawned` or
 * `spawn-error`, the server's exact `exit` (code and signal: a PID 1 cannot pass a signal on), the
 * processes it `left` running, and how they `ended`. When fd 3 closes (the scanner is gone) it exits.
 *
 * With `probe` instead of a launch it reports what the server would see (its pid, network
 * interfaces, the hidden directories' entries, where it can write) and exits: ./preflight.ts
 * checks that against what was asked before anything is launched.
 *
 * Plain CommonJS in a string, because it runs as a `-e` script inside the sandbox, where no file
 * of the scanner need be visible.
 */
export const SUPERVISOR_SOURCE = String.raw`'use strict';
const cp = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const ctl = new net.Socket({ fd: 3, readable: true, writable: true });
let child = null;
let started = false;
let finished = false;
let buf = '';
const send = (m) => { try { ctl.write(JSON.stringify(m) + '\n'); } catch {} };
const quit = (code) => {
  if (finished) return;
  finished = true;
  ctl.end(() => process.exit(code));
  setTimeout(() => process.exit(code), 500);
};
const running = () => child !== null && child.exitCode === null && child.signalCode === null;
const signal = (sig) => { if (running()) try { process.kill(-child.pid, sig); } catch {} };
ctl.setEncoding('utf8');
ctl.on('data', (d) => {
  buf += d;
  if (buf.length > 16 * 1024 * 1024) process.exit(70);
  for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
    const line = buf.slice(0, i);
    buf = buf.slice(i + 1);
    onLine(line);
  }
});
ctl.on('end', () => process.exit(0));
ctl.on('error', () => process.exit(0));
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => signal('SIGTERM'));

function onLine(line) {
  if (line === 'TERM') return signal('SIGTERM');
  if (line === 'KILL') return signal('SIGKILL');
  if (started) return;
  started = true;
  let cfg;
  try { cfg = JSON.parse(line); } catch { return quit(70); }
  if (cfg.probe) return probe(cfg.probe);
  run(cfg);
}

function run(cfg) {
  try {
    child = cp.spawn(cfg.command, cfg.args, { cwd: cfg.cwd, env: cfg.env, stdio: 'inherit', detached: true });
  } catch (e) {
    send({ t: 'spawn-error', message: String(e && e.message) });
    return quit(127);
  }
  child.once('error', (e) => {
    if (child.pid !== undefined) return;
    send({ t: 'spawn-error', message: String(e && e.message) });
    quit(127);
  });
  child.once('spawn', () => {
    send({ t: 'spawned' });
    // The server holds stdin and stdout now; the supervisor keeps neither open.
    for (const fd of [0, 1]) try { fs.closeSync(fd); } catch {}
  });
  child.once('exit', (code, sig) => {
    send({ t: 'exit', code, signal: sig });
    reap(child.pid, cfg.graceMs);
  });
}

function others() {
  const out = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    let stat;
    try { stat = fs.readFileSync('/proc/' + e + '/stat', 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (f[0] === 'Z' || f[0] === 'X') continue;
    out.push({ pid: Number(e), pgid: Number(f[2]) });
    if (out.length >= 4096) break;
  }
  return out;
}

function commandOf(pid) {
  try {
    const raw = fs.readFileSync('/proc/' + pid + '/cmdline').subarray(0, 1024);
    return raw.toString('utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch { return ''; }
}

async function reap(serverPid, graceMs) {
  const left = others();
  send({
    t: 'left',
    count: left.length,
    group: left.filter((p) => p.pgid === serverPid).length,
    commands: left.slice(0, 20).map((p) => commandOf(p.pid)),
  });
  if (left.length === 0) return quit(0);
  for (const p of left) try { process.kill(p.pid, 'SIGTERM'); } catch {}
  for (const until = Date.now() + graceMs; Date.now() < until && others().length > 0; )
    await new Promise((r) => setTimeout(r, 50));
  // Whatever still runs ends with the namespace when this process exits.
  send({ t: 'ended', how: others().length > 0 ? 'namespace' : 'sigterm' });
  quit(0);
}

function probe(p) {
  const entries = {};
  for (const d of p.hidden) { try { entries[d] = fs.readdirSync(d).slice(0, 64); } catch { entries[d] = null; } }
  const writable = [];
  for (const d of [...p.readOnly, p.home]) {
    const f = d + '/.mcp-posture-probe-' + process.pid;
    try { fs.writeFileSync(f, ''); fs.unlinkSync(f); writable.push(d); } catch {}
  }
  const sock = net.connect({ host: '127.0.0.1', port: p.port });
  let connected = false;
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    sock.destroy();
    let proc = null;
    try { proc = fs.readlinkSync('/proc/self'); } catch {}
    send({ t: 'probe', pid: process.pid, proc, ifaces: Object.keys(os.networkInterfaces()), entries, writable, connected });
    quit(0);
  };
  sock.once('connect', () => { connected = true; report(); });
  sock.once('error', report);
  setTimeout(report, 2000);
}
`;
