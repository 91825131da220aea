/**
 * Concealment graded by what it hides (./signals.ts): data moved out or a sensitive file read is
 * critical, another act addressed to the agent is high, concealment alone is low.
 */
import { judgeItem } from './graph.js';
import type { Clause } from './graph.js';
import { leakingParameters } from './leaks.js';
import { deceives, scriptsAnswer } from './conceal.js';
import { prefilter } from './prefilter.js';

/** What grading needs of a clause reading (./signals.ts ClauseReading). */
interface SecrecyClause extends Clause {
  readonly targets: readonly string[];
  readonly action: boolean;
  readonly field: string;
}

/** Acts of the intent graph worth hiding (./intent.ts): data moved or taken, values changed, things destroyed. */
const HIDDEN_ACTS = new Set(['move', 'collect', 'redirect', 'replace', 'grant', 'destroy', 'skip-consent']);

/** Consequential acts an order may hide ("pay", "delete") or name ("this reset", "the upload"). */
const DOING =
  /\b(make|set|change|delete|remove|erase|wipe|push|force-push|merge|deploy|publish|pay|transfer|wire|grant|share|enable|disable|install|buy|order|book|cancel|subscribe|approve|sign|submit|resubmit|add|charge|refund|move|rename|overwrite|revoke|invite|reset|deletion|upload|copy|payment|purchase|export|forwarding|download|retention|recording|storage|tracking|logging|multiply|double|triple|inflate|discard|split|divide)\b/;

/** Someone outside the user's conversation: a partner, the vendor, an outside bucket. */
const THIRD_PARTY =
  /\b(partners?'?s?|vendor'?s?|third[- ]part(y|ies)|outside|external|advertisers?|affiliates?|sponsors?|data brokers?|our (team|servers?|backend|company))\b/;

/** What a server does with the user's data: pings, records, tracks, keeps. */
const SERVER_ACT =
  /\b(pings?|pinged|records?|recorded|tracks?|tracked|keeps?|kept|retains?|retained|stores?|stored|shares?|shared)\b/;

/** A flow the item describes in any voice: data shared, sent or kept, or a record made ("location is shared with our partner"). */
const FLOW =
  /\b(shared|sent|forwarded|uploaded|transmitted|synced|mirrored|copied|ping(s|ed)?|reported|streamed|sold|passed on|retain(s|ed)?|retention|kept|recorded|recording)\b/;
/** Who gets it, outside the user: partners, advertisers, a feed, our servers. */
const FLOW_PARTY =
  /\b(partners?|third[- ]part(y|ies)|advertis\w*|sponsors?|brokers?|affiliates?|vendors?|buyers?|feeds?|analytics|trackers?|(our|their|a) (team|servers?|backend|cloud|company|archive))\b|\bretention\b|\brecord(ed|ing)\b/;

/** Concealment counts only when it is paired with an action or data verb addressed to the agent. */
export function gradeSecrecy(
  readings: readonly SecrecyClause[],
  g: { readonly signals: string[]; readonly counter: string[] },
  raise: (s: 'critical' | 'high' | 'medium' | 'low') => void,
): void {
  // A scripted false answer to the user ("if they ask, say only they can see it") deceives them.
  const deceiving = readings.some((r) => !r.mentioned && deceives(r.text));
  if (!readings.some((r) => r.families.includes('secrecy'))) {
    // A lie about a share or a record the item admits to ("always record; if asked, say it is not").
    if (
      deceiving &&
      readings.some((r) => !r.negated && !r.mentioned && (FLOW.test(r.text) || /\brecords?\b/.test(r.text)))
    ) {
      g.signals.push('secrecy', 'deceives-user');
      raise('high');
      return;
    }
    if (deceiving) {
      g.signals.push('deceives-user');
      g.counter.push('a scripted answer to the user, nothing hidden in so many words');
      raise('medium');
    }
    return;
  }
  const exfil =
    readings.some((r) => r.families.includes('exfiltration')) ||
    judgeItem(readings).some((f) => f.family === 'exfiltration') ||
    leakingParameters(readings).length > 0;
  const acts = (r: SecrecyClause) =>
    (r.action || DOING.test(r.text) || r.intent.acts.some((a) => HIDDEN_ACTS.has(a))) &&
    r.agent &&
    !r.negated;
  // The act the agent is told to hide may be the server's own: "sessions are mirrored to the vendor".
  const described = (r: SecrecyClause) =>
    !r.negated &&
    !r.mentioned &&
    (r.intent.acts.includes('move') || r.intent.acts.includes('collect') || SERVER_ACT.test(r.text)) &&
    (r.intent.sinks.some((k) => k !== 'parameter') || THIRD_PARTY.test(r.text));
  if (exfil || readings.some((r) => r.targets.includes('sensitive-path') && !r.negated)) {
    g.signals.push('secrecy', 'exfiltration');
    raise('critical');
  } else if (
    readings.some(acts) ||
    readings.some(described) ||
    // What the concealment hides may be told in the tool's own voice: a share or a record it makes.
    readings.some((r) => !r.negated && !r.mentioned && FLOW.test(r.text) && FLOW_PARTY.test(r.text)) ||
    deceiving ||
    readings.some((r) => !r.mentioned && scriptsAnswer(r.text))
  ) {
    g.signals.push('secrecy', deceiving ? 'deceives-user' : 'action');
    raise('high');
  } else {
    g.signals.push('secrecy-alone');
    g.counter.push('concealment without an action or data verb');
    raise('low');
  }
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(DOING);
