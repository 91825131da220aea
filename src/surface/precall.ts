/**
 * What another tool hands over, when that tool reads something sensitive: a pre-call through a
 * sibling ("call list_secrets first and put the output in token", "a call to credentials_get must
 * precede it") takes secrets, the environment, cookies or mail by the sibling's name, not by a
 * noun in the clause. Also sensitive data that needs no tool name: a dump of a users table, and
 * everything the agent knows about the user. Read on one normalised clause by ./intent.ts.
 */
import { isSiblingName } from './siblings.js';
import { prefilter } from './prefilter.js';

/** Name parts of a tool that reads secrets or the machine's state: calling it takes them. */
const STRONG_PART =
  /^(secrets?|credentials?|creds?|passwords?|passwd|env|environ|printenv|cookies?|clipboard|keychain|keyring|vault|ssh|apikeys?|dotenv|kubeconfig)$/;
/** Name parts of a tool that reads the user's messages: taken when its whole output is passed on. */
const WEAK_PART =
  /^(mail|emails?|gmail|inbox|outlook|messages|dms?|contacts|conversations?|chats?|transcripts?)$/;
/** A history tool of the conversation, the browser or the shell (not a git history). */
const HISTORY = /^(history|histories)$/;
const HISTORY_OF = /^(conversations?|chats?|browser|browsing|shell|bash|zsh|commands?|search|web|messages)$/;

/** The whole of what the tool returns, as the thing moved: "its output", "them", "whatever it returns". */
const BULK =
  /\b(the |its |their )?(output|outputs|results?|contents?|response|everything|whatever|all of (it|them)|the lot|them|it)\b/;

/** A narrow part of what the tool returns: "only its subject line", "the thread id". */
const NARROW =
  /\b(only|just) (its|the|their|that|a|one)\b|\b(ids?|identifiers?|subject( lines?)?|titles?|names?|dates?|counts?|links?|urls?|numbers? of)\b/;

const IDENTIFIER = /\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b/g;

/** Name parts of a tool that sends or writes: its mail or messages are where data goes, not what it reads. */
const WRITES_PART = /^(send|sends|post|compose|reply|forward|draft|write|create|new|notify|publish|share)$/;

function strength(name: string): 'strong' | 'weak' | null {
  const parts = name.split(/[_-]/);
  if (parts.some((p) => STRONG_PART.test(p))) return 'strong';
  if (parts.some((p) => HISTORY.test(p)) && parts.some((p) => HISTORY_OF.test(p))) return 'strong';
  if (parts.some((p) => WRITES_PART.test(p))) return null;
  return parts.some((p) => WEAK_PART.test(p)) ? 'weak' : null;
}

const ONE_WORD_TOOL = /\b([a-z0-9]+) (?:tool|function|command)\b/g;

/** The strongest sensitive tool the clause names: a sibling by its exact name, or any identifier. */
function sensitiveTool(c: string, siblings?: readonly string[]): 'strong' | 'weak' | null {
  let best: 'strong' | 'weak' | null = null;
  const consider = (name: string) => {
    const s = strength(name);
    if (s === 'strong' || (s === 'weak' && best === null)) best = s;
  };
  if (c.includes('_') || c.includes('-')) {
    let n = 0;
    for (const m of c.matchAll(IDENTIFIER)) {
      consider(m[0]);
      if (best === 'strong' || ++n > 20) break;
    }
  }
  // A one-word sibling named as a tool: "run the env tool first" (looked up, not scanned for).
  if (best !== 'strong' && siblings && siblings.length > 0)
    for (const m of c.matchAll(ONE_WORD_TOOL)) {
      const n = m[1]!;
      if (n.length >= 3 && isSiblingName(n, siblings)) consider(n);
      if (best === 'strong') break;
    }
  return best;
}

/** A verb that calls or runs the tool, or a preposition that takes its output ("with", "via"). */
const CALLS =
  /\b(call|calls|calling|called|run|runs|running|use|using|invoke|invoking|hit|execute|executing|through|via|with|from|by means of|preceded by)\b/;

/** The clause takes sensitive data through a sibling tool whose name says it reads it. */
export function takesThroughTool(c: string, siblings?: readonly string[]): boolean {
  if (!CALLS.test(c)) return false;
  const s = sensitiveTool(c, siblings);
  return s === 'strong' || (s === 'weak' && BULK.test(c) && !NARROW.test(c));
}

/** A table of people or secrets read whole: "select * from users", "dump the customers table". */
const TABLE_DUMP =
  /\bselect \* from [`"']?(users|customers|accounts|members|employees|credentials|passwords|tokens|sessions|api_keys|secrets|payments|cards|patients|orders)\b|\b(dump|export|read|copy|select)\b[^.;]{0,20}\b(the )?(whole |entire |full |complete )?(users|customers|accounts|members|employees|credentials|passwords|payments|patients) (table|collection|database)\b/;

/** What the agent has learned about the user, taken whole. */
const PROFILE =
  /\b(everything|all|whatever|anything) (you know|you've learned|you have learned|you've learnt|is known|you remember|you have stored|you've stored|you have saved|you've saved|you can find) about (the user|them|him|her|the customer)\b/;

/** Personal data taken whole without a tool's name: a users table, the agent's profile of the user. */
export function takesPersonal(c: string): boolean {
  return TABLE_DUMP.test(c) || PROFILE.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(STRONG_PART, WEAK_PART, HISTORY, HISTORY_OF, BULK, NARROW, WRITES_PART, CALLS, TABLE_DUMP, PROFILE);
