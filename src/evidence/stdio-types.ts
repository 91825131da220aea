/**
 * Evidence of a local stdio server (docs/stdio.md): the command that was launched (secrets
 * redacted), the environment variable names it was given, whether the network sandbox was
 * applied, and for each launch every line in both directions, stderr, and how the process
 * ended. Lines are classified when read (one message, an empty line, text that is not JSON, a
 * message split over several lines, several messages on one line), so checks judge the framing
 * without re-parsing the byte stream.
 */
import type { ExchangeId, MessageIssue, NetError, Probe, RpcReply } from './primitives.js';

/** How one stdout line was framed. */
export type StdioFraming =
  /** Exactly one JSON-RPC message (or batch) on the line. */
  | 'message'
  /** An empty or whitespace-only line. */
  | 'empty'
  /** Text that is not JSON, or JSON that is not an attempt at JSON-RPC (a banner, a log line). */
  | 'non-json'
  /** One line of a message spread over several lines (pretty-printed, or a raw newline in a string). */
  | 'multiline'
  /** Two or more messages on one line. */
  | 'concatenated'
  /** A line longer than the per-message cap: cut, not parsed. */
  | 'too-long'
  /** JSON nested deeper than the scanner parses: refused, not parsed (see `StdioLaunch.refused`). */
  | 'too-deep';

export interface StdioLine {
  /** Order of the line among every line of the launch, both directions. */
  readonly seq: number;
  /** `in`: written by the scanner to the server's stdin; `out`: read from the server's stdout. */
  readonly dir: 'in' | 'out';
  /** The era of the exchange the line belongs to: before the fallback `initialize` it is `modern`. */
  readonly phase: 'modern' | 'legacy';
  /** Milliseconds since the launch. */
  readonly atMs: number;
  /** The text, redacted and cut to the excerpt limit. */
  readonly text: string;
  readonly bytes: number;
  readonly truncated: boolean;
  /** stdout lines only. */
  readonly framing?: StdioFraming;
  /** For a request the server sent (`method` with `id`): the method. */
  readonly requestMethod?: string;
  /** The line ended with `\r` (tolerated). */
  readonly crlf?: boolean;
}

/** One request the scanner wrote and the line that answered it. */
export interface StdioExchange {
  readonly id: ExchangeId;
  readonly probe: string;
  readonly purpose: string;
  /** `seq` of the request line. */
  readonly sent: number;
  /** `seq` of the answering line; null when nothing answered. */
  readonly answer: number | null;
  readonly error?: NetError;
  /** Malformations of the answering message (TRN14 keys); absent when none, and in older evidence. */
  readonly issues?: readonly MessageIssue[];
  readonly durationMs: number;
}

export interface StdioExit {
  /** Exit code, or null when a signal ended the process. */
  readonly code: number | null;
  readonly signal: string | null;
  /** Milliseconds since the launch. */
  readonly atMs: number;
}

/** How the launch ended: the scanner closes stdin, then signals the process group when it must. */
export interface StdioShutdown {
  /** The process had exited before stdin was closed. */
  readonly exitedBeforeClose: boolean;
  /** What ended it: stdin closing alone (`none`), SIGTERM, or SIGKILL. Null when it had exited before. */
  readonly needed: 'none' | 'sigterm' | 'sigkill' | null;
  /** Milliseconds from closing stdin to the exit; null when it exited before. */
  readonly exitAfterCloseMs: number | null;
  /** Processes of the group still alive after the leader exited, killed by the scanner. */
  readonly groupSurvivors: boolean;
  /** Every process still running after the server exited, ended by the scanner; absent in older evidence. */
  readonly leftBehind?: StdioLeftBehind;
}

/**
 * Processes a launch left running after the server itself exited (docs/stdio.md#every-process-ends):
 * found in the sandbox's PID namespace, or by the per-launch marker in their environment and the
 * server's process group; each ended with SIGTERM, then SIGKILL after a grace period.
 */
export interface StdioLeftBehind {
  /**
   * How they were found. `pid-namespace`: every process of the sandbox (complete);
   * `marker-sweep`: the process group and every process carrying the launch's marker in /proc
   * (a process that cleared its environment escapes it); `process-group`: the group only (macOS,
   * Windows: a process that left the group is not seen, and `count` is 1 for "some").
   */
  readonly method: 'pid-namespace' | 'marker-sweep' | 'process-group';
  readonly count: number;
  /** Their command lines, redacted, cut to 200 characters, at most 20. */
  readonly commands: readonly string[];
  /** How the last of them ended: SIGTERM sufficed, SIGKILL was needed, or the PID namespace ended them. */
  readonly ended: 'sigterm' | 'sigkill' | 'namespace' | null;
}

/** A limit a line of stdout crossed: the line was not parsed, and the request it answered failed at once. */
export type StdioLimit = 'depth' | 'message-bytes' | 'pending-lines' | 'pending-bytes' | 'stdout-bytes';

/** A reply the scanner refused to parse (docs/stdio.md#bounds). */
export interface StdioRefusal {
  /** `seq` of the stdout line (for a multi-line message, its first line). */
  readonly seq: number;
  readonly limit: StdioLimit;
  /** What was crossed, in words: `nested deeper than 64 levels`. */
  readonly detail: string;
  /** The JSON-RPC `id` read from the top level of the refused text, when it could be. */
  readonly id: string | number | null;
}

export interface StdioStderr {
  readonly bytes: number;
  /** Lossy UTF-8 decoding, redacted and cut to the excerpt limit. */
  readonly excerpt: string;
  /** False when the bytes read are not valid UTF-8. */
  readonly utf8Valid: boolean;
  /** Byte offset of the first invalid sequence; null when valid. */
  readonly firstInvalidAt: number | null;
  readonly truncated: boolean;
}

/**
 * The first request of a launch and what became of it within the era-probe window
 * (docs/stdio.md#detection): the window runs from the child's first output, or from the end of a
 * start allowance when that comes first.
 */
export interface StdioOpening {
  readonly method: string;
  /**
   * `response`: a JSON-RPC response within the window; `late`: a JSON-RPC response after the window
   * closed, during the launch (the fallback `initialize` had been sent); `timeout`: no answer
   * during the launch; `exit`: the process ended; `non-json`: only non-JSON output.
   */
  readonly outcome: 'response' | 'late' | 'timeout' | 'exit' | 'non-json' | 'not-sent';
  /** Milliseconds from the request to its answer (or to the end of the wait). */
  readonly ms: number;
  /** What the window was measured from; absent in older evidence and for `initialize` openings. */
  readonly windowFrom?: 'first-output' | 'start-allowance';
}

export interface StdioLaunch {
  /** `x.launch` (the era probe) or `x.launch.legacy` (a second process for the handshake era). */
  readonly probe: string;
  readonly spawnError: string | null;
  readonly opening: StdioOpening;
  /** Recorded lines, both directions, up to the line cap. */
  readonly lines: readonly StdioLine[];
  /** Lines read or written beyond the line cap (counted, classified, not recorded). */
  readonly linesDropped: number;
  /** stdout lines per framing, over every line (recorded or not). */
  readonly framingCounts: Readonly<Partial<Record<StdioFraming, number>>>;
  /** Requests the server wrote, by phase: method names (up to 20 each). */
  readonly serverRequests: { readonly modern: readonly string[]; readonly legacy: readonly string[] };
  readonly stdout: {
    readonly bytes: number;
    /** The total output cap stopped reading. */
    readonly capped: boolean;
    /** Text after the last newline when stdout ended (a message without its final newline). */
    readonly unterminated: string | null;
    /** The unterminated text parses as a JSON-RPC message. */
    readonly unterminatedIsMessage: boolean;
  };
  readonly stderr: StdioStderr;
  readonly exchanges: readonly StdioExchange[];
  readonly exit: StdioExit | null;
  readonly shutdown: StdioShutdown;
  readonly durationMs: number;
  /** Replies over a limit (at most 20), in order; absent in older evidence. */
  readonly refused?: readonly StdioRefusal[];
}

/** What `--sandbox` did (docs/stdio.md#sandbox); the optional members are absent in older evidence. */
export interface StdioSandbox {
  readonly requested: boolean;
  /** Everything `--sandbox` promises was applied (false in best-effort mode when it could not be). */
  readonly applied: boolean;
  readonly detail: string;
  /** `strict` (`--sandbox`: refuse to run without it), `best-effort` (`--sandbox=best-effort`), `off`. */
  readonly mode?: 'strict' | 'best-effort' | 'off';
  /** The tool that built it: `bwrap`, `unshare`, or `unshare-net` (the network only, best effort). */
  readonly method?: 'bwrap' | 'unshare' | 'unshare-net' | null;
  /** Directories the server saw as empty and read-only. */
  readonly hidden?: readonly string[];
  /** Paths inside hidden directories mapped back read-only (the runtime, the package, `--sandbox-map`). */
  readonly mapped?: readonly string[];
  /** Existing paths named on the command line (data, such as a directory to serve) that the server could not see. */
  readonly hiddenArgs?: readonly string[];
  /** The only writable places: the throwaway HOME and working directory (per launch, so named generically). */
  readonly writable?: readonly string[];
  /** The user the server ran as, when not the scanner's (root scans run it as `nobody`). */
  readonly user?: string | null;
}

/**
 * A package installed into a throwaway prefix and then launched (`scan --npm`, `scan --pypi`;
 * docs/stdio.md#audit-a-package-before-installing-it): what exactly was scanned.
 */
export interface StdioPackage {
  readonly ecosystem: 'npm' | 'pypi';
  readonly name: string;
  /** The version installed (resolved from the lock, not the spec the user typed). */
  readonly version: string;
  /** The artefact's hash as the registry gave it (npm: the lock's `integrity`, sha512-…); null when unknown. */
  readonly integrity: string | null;
  /** The package's command that was launched (its `bin` or console script). */
  readonly bin: string;
  /**
   * Install scripts declared by the package or a dependency (npm: preinstall, install, postinstall,
   * `hasInstallScript` in the lock). They were not run: the install switches them off.
   */
  readonly installScripts: { readonly declared: boolean; readonly by: readonly string[] };
}

export interface StdioEvidence {
  /** The command and its arguments, values that look like secrets redacted. */
  readonly command: string;
  readonly args: readonly string[];
  /** Names of the environment variables the child received (PATH, HOME and the declared ones). */
  readonly envNames: readonly string[];
  /** The working directory was the throwaway one (true) or one the config declared (false). */
  readonly throwawayCwd: boolean;
  readonly sandbox: StdioSandbox;
  /** The first launch is the era probe; a second one runs the handshake era when the first did not. */
  readonly launches: readonly StdioLaunch[];
  /** The server answered both the modern wire and `initialize` (on separate launches). */
  readonly dualEra: boolean;
  /**
   * `s.init.bogus` (LEG02): `initialize` with protocolVersion 1900-01-01 on a launch of its own
   * (`x.launch.bogus`), or why it was not sent; absent in older evidence.
   */
  readonly initBogus?: Probe<RpcReply>;
  /** `scan --npm` / `--pypi`: the package installed and launched; absent for a plain command. */
  readonly package?: StdioPackage;
}
