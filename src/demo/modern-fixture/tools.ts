/**
 * The fixture's tools for the intrusive designated-tool checks: two read-only
 * tools whose `region` argument is mirrored into `Mcp-Param-Region`
 * (`x-mcp-header`), one of which asks the user for a detail level through
 * elicitation (a multi round-trip request), so it needs that client capability.
 */
import type { FixtureTool } from '../fixture/options.js';
import type { Outcome } from './outcome.js';
import type { ModernFixtureOptions } from './options.js';
import { isObject, META_CAPABILITIES } from './validate.js';

const REGION_SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', description: 'The region, e.g. us-west1', 'x-mcp-header': 'Region' },
  },
  required: ['region'],
};

export const REGION_TOOLS: readonly FixtureTool[] = [
  {
    name: 'region_status',
    description: 'Reports whether a region is operational',
    inputSchema: REGION_SCHEMA,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'region_report',
    description: 'Builds a status report for a region, asking the user which level of detail to include',
    inputSchema: REGION_SCHEMA,
    annotations: { readOnlyHint: true },
  },
];

const DETAIL_REQUEST = 'detail';

/** Answers a call of a region tool; null for any other tool. */
export function callRegionTool(params: Record<string, unknown>, opts: ModernFixtureOptions): Outcome | null {
  const name = params['name'];
  const args = isObject(params['arguments']) ? params['arguments'] : {};
  const region = typeof args['region'] === 'string' ? args['region'] : null;
  if (name !== 'region_status' && name !== 'region_report') return null;
  if (region === null)
    return { kind: 'error', status: 200, code: -32602, message: 'Invalid params: region is required' };
  if (name === 'region_status') return complete(`Region ${region}: operational`);

  const meta = isObject(params['_meta']) ? params['_meta'] : {};
  const capabilities = meta[META_CAPABILITIES];
  const canElicit = isObject(capabilities) && isObject(capabilities['elicitation']);
  if (!canElicit && opts.defect !== 'missingCapabilityServed')
    return {
      kind: 'error',
      status: 400,
      code: -32021,
      message: 'Missing required client capability: elicitation',
      data: { requiredCapabilities: { elicitation: {} } },
    };
  const responses = isObject(params['inputResponses']) ? params['inputResponses'] : {};
  const answer = responses[DETAIL_REQUEST];
  if (isObject(answer) && answer['action'] === 'accept' && isObject(answer['content'])) {
    const level = answer['content']['level'] === 'full' ? 'full' : 'summary';
    return complete(`Report for ${region} (${level}): operational`);
  }
  return {
    kind: 'result',
    result: {
      resultType: 'input_required',
      inputRequests: {
        [DETAIL_REQUEST]: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: `Which level of detail should the ${region} report include?`,
            requestedSchema: {
              type: 'object',
              properties: { level: { type: 'string', enum: ['summary', 'full'] } },
              required: ['level'],
            },
          },
        },
      },
    },
  };
}

function complete(text: string): Outcome {
  return { kind: 'result', result: { content: [{ type: 'text', text }], isError: false } };
}
