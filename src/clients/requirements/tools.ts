/** Tool-surface requirements: names, counts and the primitives a client uses. */
import { compiledOnce } from '../../escape/regexp.js';
import type { Evidence } from '../../evidence/types.js';
import { listedTools } from '../evidence-view.js';
import type { Outcome } from '../types.js';
import type { Predicate } from './common.js';
import { out } from './common.js';

function toolsOrOutcome(ev: Evidence): ReturnType<typeof listedTools> | Outcome {
  const tools = listedTools(ev);
  if (tools) return tools;
  if (ev.detection.authWall) return out('unknown', 'The tools are behind a 401 and no token was given.');
  const probe = ev.inventory?.tools;
  if (probe?.kind === 'skipped' && probe.reason === 'not_needed')
    return out('not_applicable', 'The server lists no tools.');
  return out('unknown', 'The tools were not listed in this scan.');
}

export const toolNames: Predicate<'tool-names'> = (req, { view }) => {
  const tools = toolsOrOutcome(view.ev);
  if (!tools || 'status' in tools) return tools ?? out('unknown', 'The tools were not listed.');
  const pattern = compiledOnce(req.pattern);
  const prefix = req.prefix ?? '';
  const bad = tools.names.filter((n) => !pattern.test(n) || prefix.length + n.length > req.maxLength);
  return bad.length === 0
    ? out('met', `All ${tools.names.length} tool names fit the client's name rule.`, tools.exchanges)
    : out(
        'unmet',
        `${bad.length} tool name(s) break the client's name rule: ${JSON.stringify(bad.slice(0, 5))}.`,
        tools.exchanges,
      );
};

export const toolCount: Predicate<'tool-count'> = (req, { view }) => {
  const tools = toolsOrOutcome(view.ev);
  if (!tools || 'status' in tools) return tools ?? out('unknown', 'The tools were not listed.');
  return tools.names.length <= req.max
    ? out('met', `${tools.names.length} tools, within the client's limit of ${req.max}.`, tools.exchanges)
    : out('unmet', `${tools.names.length} tools, over the client's limit of ${req.max}.`, tools.exchanges);
};

export const primitivesUsed: Predicate<'primitives-used'> = (req, { view }) => {
  const inv = view.ev.inventory;
  if (!inv)
    return view.ev.detection.authWall
      ? out('unknown', 'The listings are behind a 401 and no token was given.')
      : out('unknown', 'Nothing was listed in this scan.');
  const counts = { tools: inv.tools, prompts: inv.prompts, resources: inv.resources };
  const offered = (Object.keys(counts) as (keyof typeof counts)[]).filter((k) => {
    const p = counts[k];
    return p.kind === 'ok' && p.value.items.length > 0;
  });
  if (offered.length === 0) return out('not_applicable', 'The server lists nothing.');
  const used = offered.filter((k) => req.uses.includes(k));
  return used.length > 0
    ? out('met', `The client uses the server's ${used.join(', ')}.`)
    : out('unmet', `The server offers only ${offered.join(', ')}, which the client does not use.`);
};
