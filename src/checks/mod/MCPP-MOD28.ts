import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { isObject, okReply, resultOf } from './common.js';

// `_meta` key grammar (basic/index#_meta): dot-separated labels, a slash, then the name.
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?';
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/${NAME}$`);

export function isExtensionId(key: string): boolean {
  return EXTENSION_ID.test(key);
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD28',
    title: 'Extension identifiers well-formed',
    requirement: 'Keys of `capabilities.extensions` follow the `_meta` key grammar with a mandatory prefix.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection'],
    rating: { scope: 'protocol' },
    keys: {
      '<extension>':
        'an advertised extension identifier (first 60 characters) that does not follow the prefix/name grammar',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/versioning', 'Extension Negotiation'),
      mcp('2026-07-28', 'basic/index', '_meta'),
    ],
    rationale:
      'The prefix names who defines an extension; unprefixed identifiers collide between vendors and cannot be told from future official ones.',
    remediation: 'Name extensions `<reverse-dns-prefix>/<name>`, e.g. `com.example/feature`.',
    evidence: 'DiscoverResult `capabilities.extensions` (`p.discover`).',
    traps: '`io.modelcontextprotocol/…` prefixes are valid for official extensions.',
    notes: 'One fail per malformed identifier (key = the identifier, cut to 60 characters).',
  },
  evaluate(ev, ctx) {
    const d = ev.detection.discover;
    if (d.kind !== 'ok') return ctx.fromProbe(d, '`server/discover` (p.discover)');
    const caps = resultOf(okReply(d))?.['capabilities'];
    const ext = isObject(caps) ? caps['extensions'] : undefined;
    if (!isObject(ext) || Object.keys(ext).length === 0)
      return ctx.notApplicable('feature_absent', 'The DiscoverResult advertises no extensions.');
    const bad = Object.keys(ext).filter((k) => !isExtensionId(k));
    if (bad.length === 0)
      return ctx.pass(`Extension identifiers are well-formed: ${Object.keys(ext).join(', ')}.`, [
        d.value.exchange,
      ]);
    return bad.map((k) =>
      ctx.fail(
        `The extension identifier "${k}" does not follow the prefix/name grammar.`,
        [d.value.exchange],
        {
          key: k.slice(0, 60),
        },
      ),
    );
  },
});
