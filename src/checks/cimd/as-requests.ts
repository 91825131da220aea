/**
 * Shared reading of the intrusive CIMD requests (`i.cimd(variant)`) for CIMD10–CIMD19: which
 * authorization server was probed, the non-verdicts when nothing could be sent (no variants host:
 * `needs_callback_host`; CIMD not advertised: not applicable), and what each first answer shows —
 * the URL client ID accepted (a login or consent step, a code), rejected (an error page or error
 * redirect), a redirect to the unregistered redirect URI, or neither. Redirects were never
 * followed. A rejection means something only when the valid document was accepted (the control):
 * otherwise the AS may reject every URL client ID, or be unable to reach the variants.
 */
import { CIMD_REDIRECT_URI } from '../../cimd/variants.js';
import type { AuthzAnswer, AuthzRedirect } from '../../evidence/auth-types.js';
import type { CimdProbes, CimdRequest } from '../../evidence/cimd-types.js';
import type { Probe } from '../../evidence/types.js';
import type { AsEvidence } from '../asm/as-common.js';
import type { CheckContext, Verdict, VerdictOptions } from '../define-check.js';
import { withProbedServer } from '../act/probed-server.js';
import type { ProbedScene } from '../act/probed-server.js';

export const CIMD_FLAG = 'client_id_metadata_document_supported';

export const ENABLE_CIMD =
  'Enable them with --mode intrusive and --cimd-base URL after hosting `mcp-posture cimd variants --base URL --output-dir DIR` at that https base; an authorization server on loopback gets the scanner’s own variants server (https with --cimd-tls-cert/--cimd-tls-key).';

export interface CimdScene extends Omit<ProbedScene<CimdProbes>, 'value'> {
  readonly cimd: CimdProbes;
}

/**
 * Runs `judge` on the recorded CIMD requests, or the right non-verdict. `advertised`: the check
 * applies only when the AS advertises CIMD (all but CIMD18).
 */
export function withCimd(
  ev: AsEvidence,
  ctx: CheckContext,
  judge: (scene: CimdScene) => Verdict | readonly Verdict[],
  advertised = true,
): Verdict | readonly Verdict[] {
  let probe: Probe<CimdProbes> | undefined;
  return withProbedServer(
    ev,
    ctx,
    {
      probe: (d) => (probe = d.cimd),
      endpoint: 'authorization_endpoint',
      noEndpoint: 'there is no authorization request to test',
      name: 'The CIMD authorization requests (i.cimd)',
      notSent: 'No CIMD authorization request was sent',
    },
    ({ value, ...scene }) => judge({ ...scene, cimd: value }),
    ({ found, server, location }) => {
      if (advertised && found.metadata[CIMD_FLAG] !== true)
        return ctx.notApplicable(
          'feature_absent',
          `${server.issuer} does not advertise \`${CIMD_FLAG}\`: Client ID Metadata Documents are not supported (MCPP-CIMD01, MCPP-CIMD18).`,
          { location },
        );
      if (probe?.kind === 'skipped' && probe.reason === 'not_designated')
        return ctx.inconclusive(
          'needs_callback_host',
          `No CIMD variants host, so no URL client ID was sent (${probe.detail ?? 'not designated'}). ${ENABLE_CIMD}`,
          [],
          { location },
        );
      return null;
    },
  );
}

export type CimdOutcome =
  | { readonly kind: 'accepted'; readonly how: string; readonly login: 'page' | 'redirect' | 'code' }
  | { readonly kind: 'rejected'; readonly how: string }
  | { readonly kind: 'unregistered-redirect'; readonly how: string }
  | {
      readonly kind: 'unclear';
      readonly how: string;
      readonly reason: 'ambiguous' | 'rate_limited' | 'fetch_failed';
    };

function parse(u: string | null): URL | null {
  if (u === null) return null;
  try {
    return new URL(u);
  } catch {
    return null;
  }
}

function where(r: AuthzRedirect): string {
  return r.origin !== null && r.path !== null
    ? `${r.origin}${r.path}`
    : JSON.stringify(r.location.slice(0, 200));
}

/** What one first answer shows. `redirectUri` is the one the request named. */
export function outcomeOf(a: AuthzAnswer, cimd: CimdProbes, redirectUri: string): CimdOutcome {
  const r = a.redirect;
  if (r) {
    const to = parse(r.url);
    const named = parse(redirectUri);
    const asOrigins = [parse(cimd.authorizationEndpoint)?.origin, parse(cimd.issuer)?.origin];
    const onAs = r.origin !== null && asOrigins.includes(r.origin);
    const toNamed =
      to !== null && named !== null && to.hostname !== '' && to.hostname === named.hostname && !onAs;
    const how = `${a.status} to ${where(r)}${r.error !== null ? ` (error=${r.error})` : ''}${r.code ? ' (with a code)' : ''}`;
    if (toNamed && redirectUri !== CIMD_REDIRECT_URI && !onAs) return { kind: 'unregistered-redirect', how };
    if (r.code) return { kind: 'accepted', how, login: 'code' };
    if (r.error !== null && (onAs || toNamed)) return { kind: 'rejected', how };
    if (a.login === 'redirect') return { kind: 'accepted', how: `a login step (${how})`, login: 'redirect' };
    return { kind: 'unclear', how: `redirected (${how})`, reason: 'ambiguous' };
  }
  if (a.login === 'page')
    return { kind: 'accepted', how: `a ${a.status} login or consent page`, login: 'page' };
  if (a.status === 429)
    return { kind: 'unclear', how: 'answered 429 (rate limited)', reason: 'rate_limited' };
  if (a.status >= 500) return { kind: 'unclear', how: `answered ${a.status}`, reason: 'fetch_failed' };
  if (a.status >= 400) return { kind: 'rejected', how: `a ${a.status} error page` };
  return {
    kind: 'unclear',
    how: `answered ${a.status} without a redirect or a login form`,
    reason: 'ambiguous',
  };
}

export function requestOf(cimd: CimdProbes, name: string): CimdRequest | undefined {
  return cimd.requests.find((r) => r.name === name);
}

export type Read =
  | {
      readonly kind: 'read';
      readonly request: CimdRequest;
      readonly answer: AuthzAnswer;
      readonly outcome: CimdOutcome;
    }
  | { readonly kind: 'verdict'; readonly verdict: Verdict };

/** The outcome of one named request, or the non-verdict when it was not sent or got no answer. */
export function read(
  ctx: CheckContext,
  scene: CimdScene,
  name: string,
  what: string,
  opts: VerdictOptions = {},
): Read {
  const location = scene.location;
  const request = requestOf(scene.cimd, name);
  if (!request)
    return {
      kind: 'verdict',
      verdict: ctx.inconclusive('probe_unavailable', `${what} (i.cimd(${name})) was not sent.`, [], {
        location,
        ...opts,
      }),
    };
  if (request.answer.kind !== 'ok')
    return {
      kind: 'verdict',
      verdict: ctx.fromProbe(request.answer, `${what} (i.cimd(${name}))`, { location, ...opts }),
    };
  const answer = request.answer.value;
  return { kind: 'read', request, answer, outcome: outcomeOf(answer, scene.cimd, request.redirectUri) };
}

/** Why the valid document (the control) was not accepted, or null when it was. */
export function controlProblem(scene: CimdScene): string | null {
  const valid = requestOf(scene.cimd, 'valid');
  if (!valid || valid.answer.kind !== 'ok') return 'the valid document’s request (the control) got no answer';
  const o = outcomeOf(valid.answer.value, scene.cimd, valid.redirectUri);
  if (o.kind === 'accepted') return null;
  const http = scene.cimd.https
    ? ''
    : ' The variants were served over http (a CIMD client ID must be https): give the loopback variants server a certificate (--cimd-tls-cert, --cimd-tls-key).';
  const fetched = fetchedVariant(scene.cimd, 'valid');
  const log =
    fetched === null ? '' : fetched === 0 ? ' It was never fetched.' : ` It was fetched ${fetched} time(s).`;
  return `the valid document (the control, ${valid.clientId}) was not accepted either (${o.how}), so a rejection shows nothing.${log}${http}`;
}

/** How many times the variants server served `variant`, or null without a log. */
export function fetchedVariant(cimd: CimdProbes, variant: string): number | null {
  return cimd.log === null ? null : cimd.log.filter((f) => f.variant === variant).length;
}

/**
 * The standard judgement of a variant a correct AS rejects: accepted → fail (`key`), rejected →
 * pass when the control was accepted, otherwise inconclusive.
 */
export function judgeRejected(
  ctx: CheckContext,
  scene: CimdScene,
  name: string,
  spec: {
    readonly what: string;
    readonly key: string;
    readonly failure: string;
    readonly keyed?: boolean;
    /** A rejection after the variants server saw a fetch for the request fails too (CIMD10). */
    readonly withoutFetch?: boolean;
  },
): Verdict {
  const location = scene.location;
  const keyOpt = spec.keyed ? { key: spec.key } : {};
  const r = read(ctx, scene, name, spec.what, keyOpt);
  if (r.kind === 'verdict') return r.verdict;
  const ids = [r.answer.exchange];
  const { issuer } = scene.cimd;
  const o = r.outcome;
  if (o.kind === 'accepted' || o.kind === 'unregistered-redirect')
    return ctx.fail(
      `${issuer} accepted ${spec.what} (${r.request.clientId}): ${o.how}. ${spec.failure}`,
      ids,
      {
        location,
        key: spec.key,
      },
    );
  if (o.kind === 'unclear')
    return ctx.inconclusive(o.reason, `${spec.what} (${r.request.clientId}) ${o.how}.`, ids, {
      location,
      ...keyOpt,
    });
  if (spec.withoutFetch && (r.request.fetches ?? 0) > 0)
    return ctx.fail(
      `${issuer} rejected ${spec.what} (${r.request.clientId}) only after fetching it: the variants server received ${r.request.fetches} request(s) while it was answered (${o.how}). ${spec.failure}`,
      ids,
      { location, key: spec.key },
    );
  const problem = controlProblem(scene);
  if (problem !== null)
    return ctx.inconclusive('ambiguous', `${spec.what} was rejected (${o.how}), but ${problem}`, ids, {
      location,
      ...keyOpt,
    });
  return ctx.pass(`${issuer} rejected ${spec.what} (${o.how}) and accepted the valid document.`, ids, {
    location,
    ...keyOpt,
  });
}
