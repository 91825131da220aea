/**
 * Detect, judged: what the ladder (and the HTTP+SSE stream) showed, as the detection section,
 * the endpoint section and the request the later stages reopen the endpoint with. Sends nothing;
 * the judgements are pure functions in ../../evidence/derive/.
 */
import { judgeDetection } from '../../evidence/derive/detection.js';
import { deriveRevision } from '../../evidence/derive/revision.js';
import type { HttpReply, Probe } from '../../evidence/types.js';
import type { ReplayShape } from '../auth/replay.js';
import { handshakeMain } from '../detect.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import type { Detected, HttpSofar } from './state.js';

const NOT_NEEDED: Probe<HttpReply> = { kind: 'skipped', reason: 'not_needed' };

function detect(ctx: StageContext, sofar: Readonly<Partial<HttpSofar>>): Detected {
  const ladder = need(sofar, 'ladder');
  const sseGet = sofar.sseOutcome?.get ?? NOT_NEEDED;
  const sse = sofar.sseOutcome?.result?.evidence.endpoint ? sofar.sseOutcome.result : null;
  const main = handshakeMain(ladder.inits);
  const judged = judgeDetection({
    targetOrigin: ctx.target.origin,
    url: ctx.target.href,
    posts: [ladder.discover, ...ladder.inits.map((i) => i.probe)],
    sseGet,
    sseSpoken: sse !== null,
    modern: ladder.modern.modern,
    handshake: main !== null,
    headersOf: (r) => ctx.client.exchanges().find((x) => x.id === r.exchange)?.response?.headers,
  });
  const revision = deriveRevision({
    pinned: ctx.opts.spec ?? null,
    modern: ladder.modern,
    inits: ladder.inits,
    sseOnly: sse !== null,
    sseVersions: sse?.version ? [sse.version] : [],
    oauthSeen: judged.challenge,
    modernOnlyInit: ladder.modern.modern && !main,
  });
  const openShape: ReplayShape | null = main
    ? { kind: 'initialize', version: main.offered ?? main.requested }
    : ladder.modern.modern && ladder.discover.kind === 'ok' && ladder.discover.value.status < 300
      ? { kind: 'discover' }
      : null;
  return {
    detection: {
      discover: ladder.discover,
      inits: ladder.inits,
      transport: judged.transport,
      targetClass: judged.targetClass,
      revision,
      authWall: judged.authWall,
    },
    endpoint: {
      origin: ctx.target.origin,
      scheme: ctx.target.scheme,
      hostname: ctx.target.hostname,
      address: ctx.address,
      sseGet,
      redirect: judged.redirect,
    },
    main,
    openShape,
    ladderReplies: [ladder.discover, ...ladder.inits.map((i) => i.probe), sseGet].flatMap((p) =>
      p.kind === 'ok' ? [p.value] : [],
    ),
    authSignals: judged.authSignals,
    sse,
  };
}

export const DETECTION_STAGE: Stage<StageContext, HttpSofar, 'detected'> = {
  id: 'detection',
  plan: [],
  needs: ['ladder', 'sseOutcome'],
  produces: ['detected'],
  run: (ctx, sofar) => ({ detected: detect(ctx, sofar) }),
};

/** The era stages run only on a reachable MCP endpoint. */
export function reachable(sofar: Readonly<Partial<HttpSofar>>): boolean {
  return need(sofar, 'detected').detection.targetClass === 'reachable';
}
