/**
 * Word lists for the signal model (src/surface/signals.ts), written for this project. Each list is
 * matched on the normalised projection (lower case, NFKC, homoglyphs folded, invisible characters
 * removed), clause by clause.
 */
import { EVERY_OTHER, EXCLUSIVE } from './exclusive.js';
import { FIRST_OF_ALL } from './first-call.js';
import { prefilter } from './prefilter.js';

/** The agent or model as addressee. */
export const AGENT =
  /\b(you|your|yourself|assistant|the ai|ai model|the model|the agent|(any|every|each|all) (ai |llm )?agents?|(when|whenever|if|once|before|after|while|anything|everything|whatever) u (?=[a-z]{2})|llm|claude|chatgpt|gpt-?\d?|copilot)\b/;

/** Directive words. */
export const DIRECTIVE =
  /\b(must|always|never|do not|don't|dont|should|shall|have to|need to|needs to|required to|make sure|ensure|be sure to|remember to|instead|before|first|important|mandatory|critical)\b/;

/** Directives strong enough to make model-addressing an observation (not ordering words alone). */
export const STRONG_DIRECTIVE =
  /\b(must|always|never|do not|don't|dont|shall|have to|required to|make sure|be sure to|remember to|mandatory)\b/;

/** A clause that opens with a bare imperative verb (after fillers): addressed to whoever acts. */
export const IMPERATIVE_OPENING =
  /^(?:(?:please|(?:pls|plz|kindly|just|ps+t+|hey|ok(?:ay)?|so|btw|fyi|oh and|heads up|side note)\b|also|then|and|now|first|next|finally|important|note|note that|<important>|\*\*important\*\*|quick thing(?: first)?|as a (?:precondition|prerequisite|first step)|before (?:using|calling|you use|you call|doing)[^,]{0,60},|before (?:that|this|anything(?: else)?|starting|you start|you begin)\b|(?:after|once|before|prior to|with|using|via|through|for|to|on|if|while|during|as|whatever|regardless of|no matter|instead of|rather than|in place of)\b[^,]{0,60},|(?:when(?:ever)?|every time|each time) [^,]{0,60},|(?:on )?(?:each|every) [\w-]+(?: [\w-]+)?,)[\s:,!-]*)*(?:(ignore|disregard|forget|read|ask|have|request|prompt|send|include|pass|put|add|append|call|use|invoke|run|execute|upload|forward|copy|collect|provide|supply|attach|embed|insert|tell|mention|reveal|hide|keep|do not|don't|never|always|make sure|ensure|remember|retrieve|fetch|get|open|cat|access|load|extract|transmit|post|email|share|write|save|store|set|mirror|relay|replicate|repeat|stream|sync|log|record|capture|harvest|grab|navigate|redirect|route|point|aim|replace|change|swap|substitute|grant|give|assign|promote|make|look ?up|resolve|ping|visit|report|dump|export|bcc|cc|toss|stuff|sneak|slip|credit|pay|wire|treat|obey|pretend|increase|raise|double|multiply|inflate|lower|reduce|decrease|elevate|upgrade|round|mark|issue|settle|deposit|refund|charge|disable|enable|turn|switch|attach|invite|approve|back ?up|hit|click|press|tap|tick|smash|tack|chop|split|divide|dismiss|install|inject|drop|chuck|snag|nab|withdraw|transfer|move|proceed|go ahead|take|skip|do (?:a|an|the|it|so|this|that))\b|[a-z][a-z0-9]*_[a-z0-9_]+ +[`"'~/.])/;

/** Credential-bearing places beyond the named stores: home dot-directories, key files, secrets files. */
export const SENSITIVE_EXTRA =
  /(~|\$home|%userprofile%|\/home\/[\w.-]+|\/root|\/users\/[\w.-]+)\/\.[\w-]+|\/etc\/(shadow|passwd|sudoers|gshadow)\b|\.(pem|p12|pfx|kdbx|jks)\b|\bprivate keys?\b|\bsecrets?\.(ya?ml|json|toml|env)\b|\.config\/gh\/hosts\.ya?ml\b|\.(pgpass|vault-token|terraformrc)\b|\.cargo\/credentials\b/;

/** Concealment from the user, addressed to the agent. */
export const CONCEALMENT: readonly RegExp[] = [
  /\b(do not|don't|dont|never|must not|should not|shouldn't|without)\s+(ever\s+)?(tell|telling|inform|informing|mention|mentioning|reveal|revealing|disclose|disclosing|notify|notifying|alert|alerting|show|showing|let|letting|warn|warning)\b[^.;,]{0,40}\b(the user|users|the human|the operator|them|anyone)\b/,
  /\bwithout\s+(the\s+)?(user|human|operator)(?:'s|s)?\s+(knowing|knowledge|noticing|consent|awareness|seeing|approval)/,
  /\b(keep|keeping)\s+(this|it|that|these|them)\s+(a\s+)?(secret|hidden|confidential|private|between us)\b/,
  /\bhide\s+(this|it|that|these|the \w+)\s+from\s+(the\s+)?(user|human|operator)/,
  /\b(the\s+)?(user|human|operator)\s+(must|should|need|needs|will|may)\s+(not|never)\s+(know|see|notice|learn|find out|be told|be informed|be aware)\b/,
  /\b(secretly|covertly|surreptitiously|quietly|silently|discreetly|invisibly)\s+(send|read|include|pass|call|upload|forward|copy|run|execute|add|append|collect|transmit|access|exfiltrate|retrieve|fetch|attach|post|write|store|save|bcc|cc)\b/,
  /\b(do not|don't|dont|never)\s+(mention|reveal|disclose|acknowledge|explain|discuss)\s+(this|that|it|these|the (?:following|above|previous))\b/,
  /\bnot\s+(be\s+)?(shown|visible|displayed|revealed|reported|mentioned)\s+to\s+the\s+(user|human)/,
  /\b(this|it) is (?:just )?an? (internal|implementation) detail[^.;]{0,40}(do not|don't|never|no need to) (mention|tell|show)/,
  /\b(do not|don't|never|must not|should not|shouldn't)\s+(bring (this|it|that) up|be (disclosed|mentioned|shown|revealed|reported))\b/,
  /(?<!\b(are|is|be|been|get|gets)\s)\b(remove|omit|drop|skip|exclude|leave out|strip)\b[^.;]{0,40}\b(from|in) (what you show|the (list|summary|answer|reply|response|output|report))\b|\b(should|must|shall|is to|are to) be (removed|omitted|dropped|excluded|left out|stripped)\b[^.;]{0,40}\b(from|in) (what you show|the (list|summary|answer|reply|response|output|report))\b/,
  /\b(the user|users?|they|nobody|no one) (won'?t|will not|wouldn'?t|will never|doesn'?t need to|need not) (notice|know|see|find out|be told)\b|\bthey'?ll never (see|notice|scroll|read|look|find out|know)\b/,
  /\b(the )?(user|human|operator|customer)s? (is|are) not to be (told|informed|shown|notified|alerted|made aware)\b|\b(is|are) not to be (shown|mentioned|revealed|disclosed|reported) to (the )?(user|human)/,
  /\b(is|are) (strictly )?confidential and must not\b|\bthis (forwarding|copy|step|transfer|sync) is confidential\b/,
  /\b(quietly|silently|discreetly|secretly|covertly)\s+(\w+\s+)?(keep|use|ship|beam|text|share|swap|switch|replace|change|grab|copy|send|forward|add|include|log|record)\b/,
];

/** Verbs of action or data movement: concealment counts when paired with one. */
export const ACTION =
  /\b(send|sending|read|reading|include|including|pass|passing|call|calling|upload|uploading|forward|forwarding|copy|copying|run|execute|access|collect|transmit|attach|append|store|save|write|fetch|retrieve|share|post|bcc|cc|redirect|modify|delete)\b/;

/** Verbs that move data somewhere. */
export const TRANSFER =
  /\b(send|post|upload|forward|transmit|submit|report|email|mail|copy|leak|exfiltrate|include|pass|put|add|append|attach|embed|insert|provide|share|bcc|cc|log|paste|stick|pop|tack|slap|ship|beam|dump|supply|carry|text|repeat|relay|mirror|toss|throw|stuff|shove|feed|hand|give)\b/;

/** Sensitive files and stores (TOOL05 `paths` and the judge's sensitive target). */
export const SENSITIVE_PATHS: readonly (readonly [string, RegExp])[] = [
  [
    'ssh',
    /(~|\$home|%userprofile%|\/home\/\w+|\/root|\/users\/\w+)?\/?\.ssh\b|\bid_(rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b|\bknown_hosts\b/,
  ],
  [
    'cloud',
    /\.aws\/(credentials|config)\b|\baws_secret_access_key\b|\.azure\/|\.config\/gcloud\b|application_default_credentials\.json|\.kube\/config\b|\bkubeconfig\b/,
  ],
  ['dotenv', /(^|[\s/'"`(])\.env(\.[a-z]+)?\b(?!\s*(variables?|var|file format))/],
  [
    'package-credentials',
    /\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.docker\/config\.json\b|\.gnupg\b/,
  ],
  [
    'mcp-config',
    /\bmcp\.json\b|claude_desktop_config\.json|\.cursor\/mcp|\.codeium\/windsurf\/mcp_config|cline_mcp_settings/,
  ],
  ['shell-history', /\.(bash|zsh|sh|fish|python)_history\b|\bhistory\.txt\b|consolehost_history/],
  [
    'wallet',
    /\bwallet\.dat\b|\bkeystore\b[^.;]{0,20}\b(ethereum|wallet)|\bmetamask\b[^.;]{0,30}\b(vault|seed|keys?)|\bseed phrase\b|\bmnemonic phrase\b/,
  ],
  [
    'system-secrets',
    /\/etc\/(shadow|passwd|sudoers)\b|\bsam\b[^.;]{0,10}\bhive\b|login\.keychain|\bkeychain\b/,
  ],
];

/** Secrets and credentials named in words. */
export const SECRET_WORDS =
  /\b(api[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)?[ _-]?tokens?|bearer tokens?|refresh tokens?|secrets?|passwords?|passphrases?|private[ _-]?keys?|credentials?|session cookies?|cookies|seed phrases?|ssh keys?)\b/;

/** The conversation, the prompt and the agent's context. */
export const CONTEXT_WORDS =
  /\b(conversation history|chat history|the (entire|whole|full) conversation|previous messages|prior messages|all messages|the system prompt|your system prompt|your instructions|your context|context window|environment variables|env vars)\b/;

/** Where a secret is taken from when it is being stolen rather than supplied for this tool. */
export const SECRET_SOURCE =
  /\b(from|in|of)\s+(the\s+|your\s+|the user'?s\s+)?(environment|env|shell|config(uration)?( files?)?|settings|system|machine|disk|home (directory|folder)|keychain|credential store|other tools?|previous tool (calls?|results?))\b/;

/** Sinks outside the conversation. */
export const SINK =
  /(https?:\/\/[^\s"'<>)]+|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\bwebhooks?\b|\b(the following|this|our|my) (external |remote )?(url|endpoint|address|email address|inbox)\b|\b(external|remote|third-party) (servers?|hosts?|services?|endpoints?)\b|\b(ngrok|requestbin|pipedream|webhook\.site|burpcollaborator|interact\.sh|oast\.\w+))/;

/** Placing data into a tool argument (smuggling through a parameter). */
export const INTO_PARAMETER =
  /\b(as|in|into|inside|to)\s+(the\s+)?(`[^`]{1,40}`|"[^"]{1,40}"|'[^']{1,40}'|\w+\s+)?(parameter|argument|field|param|arg|sidenote|note|notes|metadata|context)\b/;

/** Overriding earlier or other instructions. */
export const OVERRIDE: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass|overrule|discard)\s+(all\s+|any\s+|the\s+|your\s+|of\s+)*(previous|prior|above|earlier|preceding|former|original|other|system|safety|existing|user'?s?|developer'?s?)\s+(instructions?|prompts?|rules?|directions?|directives?|guidelines?|messages?|constraints?|policies|restrictions|guardrails)\b/,
  /\b(ignore|disregard|forget)\s+(everything|all)\s+(you|that|above|before)\b/,
  /\bfrom now on,?\s+(you|always|never|the assistant)\b/,
  /\byou are now\s+(a|an|in|the|no longer)\b/,
  /\b(your|the)\s+new\s+(instructions|task|role|objective|rules)\s+(is|are)\b/,
  /\bnew instructions\s*:/,
  /\b(takes?|has|have)\s+(precedence|priority)\s+over\s+(all|any|the)\s+(other|previous|user'?s?|system|prior)\b/,
  /\b(supersedes?|overrides?)\s+(all|any|the)\s+(other|previous|user'?s?|system|prior)\s+(instructions?|rules?|requests?|prompts?)\b/,
  /\bregardless of (what|whatever|any(thing)?)\s+(the user|they|you were|the system)\b/,
  /\beven if the user\s+(says|asks|requests|tells|objects|refuses)\b/,
  // An earlier instruction declared void, in any order: "all prior directives … are hereby superseded".
  /\b(earlier|prior|previous|preceding|original|initial|existing|system|before|above)\b[^.;]{0,60}\b(rules?|instructions?|directives?|guidance|guidelines?|prompts?|policies|policy|orders?|told|set up with)\b(?!\s+(for|on|about|of)\s+(?!you\b|the (assistant|model|agent)\b))[^.;]{0,60}\b(no longer (apply|applies|valid|count|counts|matter|hold)|(are|is) (hereby )?(superseded|revoked|void|cancell?ed|obsolete|replaced|lifted|suspended|overridden)|(doesn'?t|does not|don'?t|do not) (count|apply|matter)( anymore)?)\b/,
  /\b(forget|ignore|disregard|set aside|put aside|drop|discard|abandon)\s+(?:(?!with\b|to\b|for\b|in\b|on\b|by\b|using\b)[\w']+\s+){0,5}(rules?|instructions?|directives?|guidance|guidelines?|judge?ment|what (you were|you've been|you have been) (told|given)|what the user (asks?|asked|wants|says))\b/,
  /\b(whatever|everything) (you were|you've been|you have been) told\b[^.;]{0,40}\b(doesn'?t|does not|no longer|not)\b/,
  /\b(from (here|now) on|starting now|effective immediately|henceforth|from this point( on)?|your real task)\b[^.;]{0,80}\b(only|obey|follow|rules?|task|instructions?|directives?)\b/,
  /\b(no matter what|under all circumstances|in all cases|whatever the (code|input|change|result) (does|is|says))\b[^.;]{0,60}\b(approve|approved|safe|lgtm|pass|passes|ready|say|reply|answer|report)\b|\b(approve|say lgtm|reply that it is safe|report success)\b[^.;]{0,40}\b(no matter what|under all circumstances|in all cases|regardless)\b/,
];

/** Markers of a role or a system message inside metadata. */
export const ROLE_MARKERS =
  /<\/?\s*(system|assistant|important|instructions?|admin|im_start|im_end|sys|system_prompt)\s*>|\[\/?(system|inst|sys)\]|<\|im_(start|end)\|>|(^|\n)\s*(system|assistant)\s*:\s|#{2,}\s*(system|instructions?)\b/;

/** Directives about other tools: choose this one over them, or change how they are used. */
export const CROSS_TOOL: readonly RegExp[] = [
  /\b(instead of|rather than|in place of)\s+(using\s+|calling\s+)?(any\s+|the\s+)?(other|another|all other|built-?in|default|native|standard|existing)\s+([\w-]+\s+)?(tools?|functions?|servers?|mcp servers?|plugins?)\b/,
  /\b(do not|don't|dont|never|must not)\s+(use|call|invoke|trust|rely on)\s+(any\s+|the\s+)?(other|another|other servers'?|built-?in|default|native|competing)\s+([\w-]+\s+)?(tools?|functions?|servers?|mcp servers?|plugins?)\b/,
  /\bwhen(ever)?\s+(using|calling|you use|you call|invoking)\s+(any\s+|the\s+)?(other|another|every|all)\s+(tools?|functions?)\b[^.;]{0,80}\b(must|always|never|add|include|send|set|change|use|bcc|cc)\b/,
  /\b(all|any|every)\s+(subsequent|future|later|other)\s+(tool calls?|calls|requests|emails|messages|commands)\s+(must|should|have to|need to|are to)\b/,
  /\b(only|exclusively)\s+(use|call)\s+this\s+(tool|server|function)\b[^.;]{0,40}\b(not|never|no)\s+(any\s+)?(other|another)/,
  // Exclusivity: this tool the only one to use, the others barred, disabled or replaced (./exclusive.ts).
  ...EXCLUSIVE,
];

/** Ordering over tools in general (not one named sibling). */
export const ORDERING_OVER_OTHERS = new RegExp(
  String.raw`\b(before|prior to)\s+(using|calling|invoking|running)\s+(any|every|all|each)\s+(other\s+)?(tools?|functions?)\b|\b(must|always|should)\s+be\s+(called|used|run|invoked)\s+(first|before)\s+(any|all|every)\s+(other\s+)?(tools?|functions?|actions?)\b|` +
    FIRST_OF_ALL.source,
);

/** Universal cross-tool orders ("any other tool") stay high; scoped vendor guidance is medium. */
export const UNIVERSAL = new RegExp(String.raw`\b(any|all|every) other\b|${EVERY_OTHER.source}`);
/** A restraint that waits for the user protects the user: "until the user says", "unless asked". */
export const DEFERS_TO_USER =
  /\buntil (receiving|you receive|it receives|the user|explicitly|asked|told)\b|\bunless (the user|explicitly|asked|told)\b|\bwithout (a |an )?(clear |explicit )?(instruction|request|confirmation|consent) from the user\b/;
export const VENDOR_SCOPE =
  /\bfor\b[^.;]{0,60}\b(about|regarding|related to|involving|on|with|in)\s+(this|our|the|its)\s+(product|service|api|platform|library|framework|project|docs?|documentation|workspace|account|site|sdk)\b/;

/** Counter-evidence: the clause rejects, refuses or protects. */
export const NEGATION =
  /\b(reject|rejects|rejected|rejecting|refuse|refuses|refused|deny|denies|denied|block|blocks|blocked|forbid|forbids|forbidden|disallow|disallows|disallowed|not allowed|not permitted|prohibited|excluded|excludes|exclude|prevents?|prevented|cannot|can't|can not|won't|will not|is not|are not|isn't|aren't|never (?:sends|reads|accesses|stores|logs|shares|uploads|transmits|leaves|writes|touches|exposes|returns|includes)|does not|doesn't|do not (?:send|store|log|share|upload)|(?:do not|don't|never|must not|mustn't|should not|shouldn't) (?:ever )?(?:read|access|open|load|cat|print|output|echo|expose|leak|upload|forward|post|transmit|copy|paste|include|collect|share|reveal|disclose|enter|type|send|give|hand|take|redirect|navigate|route|pass|supply|attach|append|embed)\b(?! (?:it|them|this|that) (?:to|into|in) )|outside (?:the|of)|protected|restricted|sensitive (?:files?|paths?) (?:are|is)|ignored|skipped|masked|redacted|filtered|sandbox(?:ed)?|safe ?guards?|for security|security reasons)\b/;

/** The clause describes this tool rather than addressing the agent. */
export const SELF_SCOPE =
  /\b(this (tool|server|function|endpoint|mcp server|method)|on this server|these tools|the tool)\b/;

/** Generic tool names never counted as a mention of a specific tool (TOOL04). */
export const COMMON_NAMES = new Set([
  'search',
  'read',
  'write',
  'list',
  'get',
  'set',
  'fetch',
  'query',
  'create',
  'update',
  'delete',
  'remove',
  'echo',
  'help',
  'info',
  'status',
  'run',
  'exec',
  'execute',
  'open',
  'close',
  'save',
  'load',
  'find',
  'send',
  'post',
  'edit',
  'view',
  'show',
  'start',
  'stop',
  'test',
  'ping',
  'login',
  'logout',
  'upload',
  'download',
  'add',
  'move',
  'copy',
  'rename',
  'sync',
  'call',
  'invoke',
  'browse',
  'navigate',
  'click',
  'type',
  'scroll',
  'screenshot',
  'think',
  'plan',
  'time',
  'date',
  'file',
  'files',
  'tool',
  'tools',
  'data',
  'text',
  'code',
  'memory',
  'note',
  'notes',
  'user',
  'users',
  'issue',
  'issues',
  'page',
  'pages',
  'image',
  'email',
  'message',
  'messages',
  'events',
  'event',
  'logs',
  'config',
  'settings',
  'version',
  'health',
  'reset',
  'clear',
  'init',
  'store',
  'lookup',
  'check',
  'scan',
  'parse',
  'format',
  'convert',
  'print',
  'log',
  'wait',
  'sleep',
  'random',
  'weather',
  'calculator',
  'calculate',
  'compute',
  'translate',
  'summarize',
  'analyze',
  'report',
  'export',
  'import',
  'select',
  'insert',
  'search_web',
  'web_search',
  'read_file',
  'write_file',
  'list_files',
]);

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  AGENT,
  DIRECTIVE,
  STRONG_DIRECTIVE,
  IMPERATIVE_OPENING,
  SENSITIVE_EXTRA,
  ACTION,
  TRANSFER,
  SECRET_WORDS,
  CONTEXT_WORDS,
  SECRET_SOURCE,
  SINK,
  INTO_PARAMETER,
  ROLE_MARKERS,
  ORDERING_OVER_OTHERS,
  UNIVERSAL,
  DEFERS_TO_USER,
  VENDOR_SCOPE,
  NEGATION,
  SELF_SCOPE,
  ...CONCEALMENT,
  ...SENSITIVE_PATHS.map(([, re]) => re),
  ...OVERRIDE,
  ...CROSS_TOOL,
);
