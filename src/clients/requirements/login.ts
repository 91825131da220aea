/** Login requirements: registration, PKCE, token endpoint authentication, scopes and redirect URIs. */
import { stringList } from '../evidence-view.js';
import { shapeGap } from '../shapes.js';
import type { Predicate } from './common.js';
import { oauthPrecondition, out, usedAs } from './common.js';

export const registration: Predicate<'registration'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) {
    const register = view.originDefaults.find((d) => d.path === '/register');
    if (register && req.mechanisms.includes('dcr'))
      return out('met', 'The default /register endpoint at the MCP origin exists.', register.exchanges);
    return out(
      'unknown',
      'No authorization-server metadata was found, so the registration it offers is not known.',
      view.asTried,
    );
  }
  const offered = {
    cimd: as.doc['client_id_metadata_document_supported'] === true,
    dcr: typeof as.doc['registration_endpoint'] === 'string',
  };
  const usable = req.mechanisms.find((m) => offered[m]);
  if (usable)
    return out(
      'met',
      `The authorization server offers ${usable === 'cimd' ? 'Client ID Metadata Documents' : 'dynamic client registration'}.`,
      as.exchanges,
    );
  const other = offered.cimd
    ? ' (it offers only CIMD)'
    : offered.dcr
      ? ' (it offers only DCR)'
      : ' (it offers neither DCR nor CIMD)';
  return out(
    'unmet',
    `The authorization server offers none of ${req.mechanisms.join(', ')}${other}.`,
    as.exchanges,
  );
};

export const pkceS256: Predicate<'pkce-s256'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) return out('unknown', 'No authorization-server metadata was found.', view.asTried);
  const methods = stringList(as.doc, 'code_challenge_methods_supported');
  if (methods === null) {
    return req.absent === 'accept'
      ? out(
          'met',
          '`code_challenge_methods_supported` is absent; the client sends S256 anyway.',
          as.exchanges,
        )
      : out(
          'unmet',
          '`code_challenge_methods_supported` is absent; the client requires S256 to be advertised.',
          as.exchanges,
        );
  }
  return methods.includes('S256')
    ? out('met', '`code_challenge_methods_supported` lists S256.', as.exchanges)
    : out(
        'unmet',
        `\`code_challenge_methods_supported\` lists ${JSON.stringify(methods)} without S256.`,
        as.exchanges,
      );
};

export const tokenAuthMethod: Predicate<'token-auth-method'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) return out('unknown', 'No authorization-server metadata was found.', view.asTried);
  const methods = stringList(as.doc, 'token_endpoint_auth_methods_supported');
  if (methods === null)
    return out(
      'met',
      '`token_endpoint_auth_methods_supported` is absent (RFC 8414 default: client_secret_basic); the client registers anyway.',
      as.exchanges,
    );
  return methods.includes(req.method)
    ? out('met', `\`token_endpoint_auth_methods_supported\` lists "${req.method}".`, as.exchanges)
    : out(
        'unmet',
        `\`token_endpoint_auth_methods_supported\` (${JSON.stringify(methods)}) omits "${req.method}", which the client registers with.`,
        as.exchanges,
      );
};

export const requestedScopesKnown: Predicate<'requested-scopes-known'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const challenged = view.oauth?.challenges.some((c) =>
    c.challenges?.some((x) => x.scheme === 'bearer' && x.params['scope']),
  );
  if (challenged)
    return out('not_applicable', 'The challenge names a scope, which the client requests instead.');
  if (!view.prm) return out('not_applicable', 'No PRM: the client requests no PRM scopes.');
  const wanted = stringList(view.prm.doc, 'scopes_supported') ?? [];
  const as = usedAs(view);
  const known = as ? stringList(as.doc, 'scopes_supported') : null;
  if (known === null)
    return out('unknown', 'The authorization server lists no `scopes_supported` to compare with.', [
      ...view.prm.exchanges,
      ...(as?.exchanges ?? []),
    ]);
  const missing = wanted.filter((s) => !known.includes(s));
  const ex = [...view.prm.exchanges, ...(as?.exchanges ?? [])];
  return missing.length === 0
    ? out('met', 'Every PRM scope is one the authorization server lists.', ex)
    : out(
        'unmet',
        `The client would request ${JSON.stringify(missing)}, which the authorization server does not list.`,
        ex,
      );
};

export const redirectAccepted: Predicate<'redirect-accepted'> = (req, { view, shapes }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const seen = shapes.find((s) => s.shape === req.shape);
  if (!seen) {
    const gap = shapeGap(view.ev, req.shape);
    if (gap) return out('unknown', gap);
    return out(
      'unknown',
      `Whether the authorization server accepts a ${req.shape} redirect URI (${req.example}) shows only in a registration (intrusive mode).`,
    );
  }
  if (!seen.accepted)
    return out('unmet', `A registration with a ${req.shape} redirect URI was refused.`, seen.evidence);
  if (req.shape === 'loopback-random-port' && seen.anyLoopbackPort === false) {
    return out(
      'unmet',
      'The loopback redirect was accepted only on its registered port (RFC 8252 §7.3 requires any port).',
      seen.evidence,
    );
  }
  return out('met', `A ${req.shape} redirect URI was accepted.`, seen.evidence);
};
