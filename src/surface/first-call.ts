/**
 * Pre-call ordering over every other tool (issue 22), read on one normalised clause: this tool put
 * ahead of all the others in any voice: "is to be invoked before any other tool", "must run first,
 * before anything else", "call this ahead of every request", "every request must be preceded by a
 * call to this tool", "no other tool may be called until this one has run". ./lexicon.ts adds it to
 * `ORDERING_OVER_OTHERS`; ./ordering.ts grades it (medium alone: ordering dictates, it moves
 * nothing). Ordering over one named sibling or over "the other tools of this server" is not matched
 * here or is read as self-scoped by ./signals.ts.
 */

/** What "every other" ranges over: tools, calls, requests, steps, turns, anything. */
const ALL = String.raw`(any|every|each|all)( other| single)? ([\w-]+ )?(tools?|tool calls?|calls?|requests?|actions?|steps?|operations?|turns?|messages?|replies|answers?|functions?|commands?|queries)\b|anything( else)?\b|everything( else)?\b`;
/** Ahead of: before, prior to, ahead of, preceding. */
const AHEAD = String.raw`(before|prior to|ahead of|preceding|in front of)`;
/** This tool, named as itself. */
const THIS = String.raw`(this|it|me|us|this (tool|one|function|server))`;

export const FIRST_OF_ALL = new RegExp(
  [
    // "is to be invoked before any other tool", "has to be called first … ahead of any other tool".
    String.raw`\b(is|are) to be |\b(must|should|shall|has to|have to|needs to|need to) (be )?|\balways (be )?`,
  ]
    .map(
      (modal) =>
        String.raw`(${modal})(invoked|called|run|used|executed|triggered)\b[^.;]{0,40}\b${AHEAD} (${ALL})`,
    )
    .concat([
      // "it must run first, before anything else", "this has to go first ahead of every call".
      String.raw`\b(must|should|shall|has to|needs to|is to|always) (run|go|come|execute|happen|be done) first\b[^.;]{0,30}\b${AHEAD} (${ALL})`,
      // "call this ahead of every request", "run this before each tool call", "call me before u touch anything else".
      String.raw`\b(call|run|invoke|use|trigger|execute) ${THIS}( first| always)?,? ${AHEAD} ((u|you) (touch|do|use|call|try) )?(${ALL})`,
      // "every request must be preceded by a call to this tool".
      String.raw`\b(every|each|all|any) ([\w-]+ )?(tool calls?|calls?|requests?|actions?|steps?|turns?)( must| should| shall| has to| is to| are to)? (be )?preceded by (a |an )?(call|invocation|run) (to|of) ${THIS}\b`,
      // "no other tool may be called until this one has run".
      String.raw`\bno other ([\w-]+ ){0,2}(tools?|functions?|calls?|requests?) (may|can|should|must|shall|is to|are to) be (used|called|invoked|run|made) (until|before|unless) ${THIS}\b`,
    ])
    .join('|'),
);
