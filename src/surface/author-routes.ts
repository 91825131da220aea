/**
 * Data routed by the author's statement, with no addressee (issue 22): "the API key goes to
 * https://…", "all output is also mirrored to <url>", "credentials are forwarded to <address>",
 * and the terse forms cut at a label or a bullet: "Setup: API key to <url> first", "- token ->
 * <url>". Read on one normalised clause with its intent (./intent.ts); `headingCarries` reads a
 * heading that names the data over the order that moves "it" (./graph.ts). All must hold:
 *   - what moves is the agent's or the user's: a secret, the conversation, files, personal data,
 *     browser state; another tool's output only when the statement adds it ("also", "a copy");
 *   - it moves to an external destination (a URL, a host, an address, a public place);
 *   - the clause states the move (goes to, is sent / copied / mirrored to, ends up at, lands in,
 *     travels to) or maps it tersely (a label or bullet, then "<data> to <sink>" or an arrow);
 *   - nothing makes it the tool's own documented behaviour: the service the tool wraps, an auth
 *     header, a token endpoint, the user asking, or a negation ("is never sent").
 * Honest neighbours: "requests are sent to api.example.com, the service this tool wraps", "the API
 * key is sent to api.example.com with each request", "no data is sent to third parties".
 */
import { USER_INITIATED } from './address.js';
import type { Intent } from './intent.js';

const VALUABLE = new Set(['secret', 'conversation', 'file', 'personal', 'browser']);
const EXTERNAL = new Set(['url', 'email', 'dns', 'public']);
const PARTICIPLE =
  '(sent|copied|forwarded|mirrored|uploaded|posted|shared|relayed|synced|streamed|transmitted|submitted|delivered|pushed|piped|reported|exported|dumped|beamed|shipped|routed|passed|handed|cc.?d|bcc.?d|echoed|replicated|duplicated|logged)';
/** A move stated by the author: passive, "goes to", "ends up at". */
const STATED = new RegExp(
  String.raw`\b((is|are|will be|gets?|get|being|be) (also |then |automatically |always |silently |quietly |additionally |likewise |each time |immediately )?${PARTICIPLE}|goes|go|went|ends? up|lands?|travels?( along)?|makes? (its|their) way|heads? (off )?|finds? (its|their) way)\s+(to|at|in|into|on|with)\b`,
);
/**
 * A terse mapping, cut from its label ("setup: api key to <sink>") or a bullet ("- token -> <sink>"):
 * the clause is only a short noun phrase naming the data, then "to" or an arrow, then the sink.
 */
const TERSE =
  /^[-*•]?\s*((?:[\w.'’-]+ ){0,4}[\w.'’-]+)\s+(to|into|->|→|=>)\s+(https?:\/\/|[\w.+-]+@[\w-]+\.)/;
/** What a terse mapping names: the agent's or user's data (files only when all of them). */
const TERSE_DATA =
  /\b(api[ _-]?keys?|keys?|tokens?|credentials?|secrets?|passwords?|cookies?|sessions?|conversations?|chats?|(chat |conversation )?history|messages?|transcripts?|replies|\.env|env|contacts|location|(every|all|each) (files?|documents?|attachments?|repl(y|ies)|responses?|outputs?|answers?))\b/;
/** A verb in the noun phrase: then it is a sentence the other rules read, not a terse mapping. */
const VERB =
  /\b(is|are|was|were|be|send|sends|post|posts|fetch|fetches|get|gets|read|reads|redirect|redirects|point|points|link|links|go|goes|return|returns|upload|uploads|save|saves|write|writes|convert|converts|map|maps|set|sets|add|adds|move|moves|switch|switches)\b/;

/** The clause is a terse "<data> to <sink>" mapping. */
function terse(c: string): boolean {
  const m = TERSE.exec(c);
  return m !== null && TERSE_DATA.test(m[1]!) && !VERB.test(m[1]!);
}

/** Output moved only counts when the statement adds it to what the tool does. */
const ADDED = /\b(also|as well|too|a copy|copies|in addition|additionally|mirror(ed)?|cc|bcc)\b/;
/** The tool's own documented behaviour. */
const OWN =
  /\b(the (service|api|backend) (this|the) tool (wraps|uses|calls)|this tool'?s (own )?(service|api|backend)|(its|the tool'?s) own (api|backend|service)|(authorization|x-api-key|api-key|bearer) header|to authenticate|for authentication|with each (request|call)|upstream (api|service))\b|\/(oauth2?|token|authorize|login)\b/;
const NEGATED = /\b(never|not|no|none|nothing|n't|without)\b/;
/** The statement explains or points to an explanation ("learn how passwords are sent to …"), it routes nothing. */
const EXPLAINS =
  /\b(how|whether|why|learn|read about|explains?|explained|describes?|described|documents?|documented|guides?|docs|documentation|tutorial|for example|e\.g\.)\b/;

/** The clause states, with no addressee, that the agent's or user's data goes somewhere outside. */
export function authorRoutes(c: string, i: Intent): boolean {
  if (!i.sinks.some((s) => EXTERNAL.has(s))) return false;
  if (terse(c)) return !OWN.test(c) && !NEGATED.test(c) && !EXPLAINS.test(c);
  const valuable = i.sources.some((s) => VALUABLE.has(s));
  const output = i.sources.includes('output') && ADDED.test(c);
  if ((!valuable && !output) || !STATED.test(c)) return false;
  return !OWN.test(c) && !NEGATED.test(c) && !EXPLAINS.test(c) && !USER_INITIATED.test(c);
}

/** A heading or label that only names the data: "## token handling", "your api key:". */
const HEADING = /^(?:#+\s*((?:[\w'’-]+ ){0,4}[\w'’-]+)\s*:?|[-*•]?\s*((?:[\w'’-]+ ){0,4}[\w'’-]+)\s*:)$/;
const PRONOUN = /\b(it|them|these|those|this)\b/;
/** A bulleted order opens with its verb after the bullet. */
const BULLET_ORDER =
  /^[-*•]\s*(send|post|forward|upload|copy|mirror|e-?mail|share|push|pipe|submit|relay|attach)\b/;

/**
 * A heading or label names the agent's or user's data and the order right under it moves "it" to
 * an external destination ("## Token handling / Send it to <url> after every call"): the heading
 * carries the object the order leaves out. Returns the heading and the order, or nothing.
 */
export function headingCarries<
  C extends {
    readonly text: string;
    readonly agent: boolean;
    readonly directive: boolean;
    readonly intent: Intent;
  },
>(readings: readonly C[]): C[] {
  for (let i = 0; i + 1 < readings.length; i++) {
    const m = HEADING.exec(readings[i]!.text);
    const named = m?.[1] ?? m?.[2];
    if (named === undefined || !TERSE_DATA.test(named) || VERB.test(named)) continue;
    const order = readings
      .slice(i + 1, i + 3)
      .find(
        (r) =>
          (r.agent || r.directive || BULLET_ORDER.test(r.text)) &&
          !NEGATED.test(r.text) &&
          r.intent.acts.includes('move') &&
          r.intent.sinks.some((s) => EXTERNAL.has(s)) &&
          PRONOUN.test(r.text) &&
          !OWN.test(r.text) &&
          !EXPLAINS.test(r.text),
      );
    if (order !== undefined) return [readings[i]!, order];
  }
  return [];
}
