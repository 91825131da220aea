/**
 * Exclusivity over sibling tools (issue 22), read on one normalised clause: this tool claimed as
 * the only one to use, or the others barred, disabled or replaced: "use only this tool", "no other
 * tool may be used for X", "this tool replaces every other file tool", "other file tools must not
 * be used", "the only search tool you are allowed to call". ./lexicon.ts adds it to the cross-tool
 * orders, so ./ordering.ts grades it: high when it reaches every other tool ("no other", "every
 * other", "the rest"), medium when it is guidance scoped to a task or to the vendor's product.
 * Capability ("only this tool can read binary files"), need ("no other tool is needed") and the
 * server's own siblings ("the only one on this server") are not orders and do not match.
 */

const TOOLS = String.raw`(tools?|functions?|servers?|plugins?|integrations?|apps?|services?|ones?)`;
// An order of calls ("until this one has run") is ordering, read by ./first-call.ts.
const BE_USED = String.raw`(be )?(used|called|invoked|run|consulted|touched|relied on|trusted)\b(?! (until|before|unless|till)\b)`;

/** The others barred: "no other tool may be used", "other file tools must not be used", "are off limits". */
const BARRED = new RegExp(
  String.raw`\bno other ([\w-]+ ){0,2}${TOOLS} (may|can|should|must|shall|is to|are to|is allowed to|are allowed to|is permitted to|are permitted to) ${BE_USED}\b` +
    String.raw`|\b(all |any |every )?other ([\w-]+ ){0,2}${TOOLS} (must not|may not|should not|shall not|cannot|can't|are not to|is not to|are not allowed to|are never to|must never) ${BE_USED}\b` +
    String.raw`|\b(all |any |every )?other ([\w-]+ ){0,2}${TOOLS}( (on|in|of) the (system|machine|client|host))? (are|is) (now )?(disabled|off[- ]limits|forbidden|prohibited|not allowed|banned|blocked|retired|switched off|turned off)\b`,
);

/** This tool put in the others' place: "replaces every other file tool", "supersedes them all". */
const REPLACES = new RegExp(
  String.raw`\b(this (tool|one|function|server)|it) (now )?(replaces|supersedes|overrides|takes over from|stands in for) (every|all|any|the) (other )?([\w-]+ ){0,2}${TOOLS}\b(?! (of|on|in|from) this server)` +
    String.raw`|\b(this (tool|one|function|server)|it) (now )?(replaces|supersedes|overrides) them( all)?\b`,
);

/** A tool named by its identifier (snake or kebab case). */
const NAMED = String.raw`[a-z][a-z0-9]*[_-][a-z0-9_-]+`;

/** This tool as the only one to use: "use only this tool", "the only search tool you are allowed to call". */
const ONLY_THIS = new RegExp(
  String.raw`\b(use|call|invoke|run) only (this|me|us)\b|\b(use|call|invoke) (this|me|us)( (tool|one|function|server))? (only|exclusively)\b` +
    String.raw`|\bonly this (tool|one|function|server) (is to|may|should|must|shall|is allowed to) be (used|called|invoked)\b` +
    String.raw`|\bthe only ([\w-]+ ){0,2}(tool|function|server) (you|the (assistant|model|agent)) (are|is) (allowed|permitted|supposed) to (use|call|invoke)\b` +
    String.raw`|\b(use|call) (nothing|no tool|no other tool) (else )?(but|except|other than) (this|me|us)\b`,
);

/**
 * A tool named as the only one: "shall use calc_pro alone", "only rely on fx_rates_live",
 * "memory_recall as the only source"; not guidance scoped to a task ("for historical rates, only
 * use …", "use read_file only for text") or to this server.
 */
const ONLY_NAMED = new RegExp(
  String.raw`^(?!(for|when|if|to)\b[^,]{0,60},)(?![^.;]*\b(on|of|in) this server\b)[^.;]*?` +
    String.raw`(\b(use|call|invoke|rely on|trust) ${NAMED} (alone|only|exclusively)\b(?! (for|with|when|if|on|in|to)\b)|\bonly (use|call|invoke|rely on|trust) ${NAMED}\b|\b${NAMED} as the (only|sole|single) (source|tool|authority|function)\b)`,
);

/** The clause claims this tool as the only one to use, or bars, disables or replaces the others. */
export const EXCLUSIVE: readonly RegExp[] = [BARRED, REPLACES, ONLY_THIS, ONLY_NAMED];

/** Quantifiers that reach every other tool, beyond "any/all/every other". */
export const EVERY_OTHER =
  /\bno other\b|\bnothing else\b|\b(the|all the) (rest|others)\b|\bwhatever other\b|\bthe only ([\w-]+ ){0,2}(tool|function|server) (you|the (assistant|model|agent)) (are|is) (allowed|permitted)\b/;
