/** Network and transport requirements: where the client connects from and which wire it speaks. */
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import type { Predicate } from './common.js';
import { out, wallOr } from './common.js';

export const publicEndpoint: Predicate<'public-endpoint'> = (_req, { view }) => {
  const t = view.ev.target;
  if (t.kind !== 'http')
    return out('unmet', 'The client connects only to remote servers; this is a local stdio server.');
  if (t.scope === 'public') return out('met', `The endpoint's address is public.`);
  if (t.scope === 'unknown') return out('unknown', 'The endpoint address could not be classified.');
  return out(
    'unmet',
    `The endpoint resolves to a ${t.scope} address, which the client's cloud cannot reach.`,
  );
};

export const httpsEndpoint: Predicate<'https-endpoint'> = (_req, { view }) => {
  const ep = view.ev.endpoint;
  if (view.ev.target.kind !== 'http' || !ep)
    return out('unmet', 'The client needs an https URL; this is a stdio server.');
  return ep.scheme === 'https'
    ? out('met', 'The endpoint is https.')
    : out('unmet', `The endpoint is ${ep.scheme}, not https.`);
};

export const transport: Predicate<'transport'> = (req, { view }) => {
  const t = view.ev.detection.transport;
  if (t === null)
    return out(
      'unknown',
      wallOr(view.ev, 'the transport', 'The scan did not establish which transport the server speaks.'),
    );
  return req.accepts.includes(t)
    ? out('met', `The server speaks ${t}, which the client supports.`)
    : out('unmet', `The server speaks ${t}; the client supports ${req.accepts.join(', ')}.`);
};

/** The ladder's first POST answer, when it came over HTTP. */
function firstPostStatus(ev: Evidence): { status: number; exchange: ExchangeId } | null {
  for (const probe of [ev.detection.discover, ...ev.detection.inits.map((i) => i.probe)]) {
    if (probe.kind === 'ok' && isHttpReply(probe.value))
      return { status: probe.value.status, exchange: probe.value.exchange };
  }
  return null;
}

export const legacySseFallback: Predicate<'legacy-sse-fallback'> = (req, { view }) => {
  if (view.ev.detection.transport !== 'http+sse')
    return out('not_applicable', 'The server is not an HTTP+SSE server.');
  const first = firstPostStatus(view.ev);
  if (!first) return out('unknown', 'No POST answer was recorded, so the fallback trigger cannot be judged.');
  const falls =
    req.on === 'any-4xx'
      ? first.status >= 400 && first.status < 500 && first.status !== 401 && first.status !== 403
      : req.on.includes(first.status);
  return falls
    ? out('met', `The POST was answered ${first.status}, which makes the client try the legacy SSE stream.`, [
        first.exchange,
      ])
    : out(
        'unmet',
        `The POST was answered ${first.status}; the client tries the legacy SSE stream only on ${req.on === 'any-4xx' ? 'a 4xx other than 401/403' : req.on.join(', ')}.`,
        [first.exchange],
      );
};

export const initializeHandshake: Predicate<'initialize-handshake'> = (_req, { view }) => {
  const eras = view.ev.detection.revision.eras;
  if (eras.includes('legacy')) return out('met', 'The server answers the initialize handshake.');
  if (eras.includes('modern')) {
    return out(
      'unmet',
      'The server speaks only the 2026-07-28 wire and refuses the initialize handshake the client opens with.',
    );
  }
  return out(
    'unknown',
    wallOr(view.ev, 'the protocol era', 'The scan did not establish which protocol era the server serves.'),
  );
};
