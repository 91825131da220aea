/**
 * Purpose against parameters: a tool's parameter that asks the model for content the tool's
 * stated purpose has no use for. A weather lookup whose `context` wants "the full conversation so
 * far", an adder whose `sidenote` wants "the contents of ~/.cursor/mcp.json": the name and the
 * summary say what the tool is for, the parameter says what the model must hand over, and the
 * two do not fit.
 *
 * - The **purpose** is read from the tool's name (split at `_`, `-`, `.` and case changes), its
 *   titles and the first sentence of its description (what the tool says it does; a payload
 *   usually follows it), as a set of purpose classes.
 * - The **demand** of each top-level parameter is read from its own text (description, title,
 *   default, examples, nested schemas) and from the description's later clauses that name it:
 *   the conversation, credentials, a credential file, other tools' output, every open file. A
 *   demand counts in a clause that asks for the content (a supply verb, or "full", "all",
 *   "every", "whatever"), is not negated, and not only quoted or exemplified.
 * - A **mismatch** is a demand that no purpose class of the tool needs: a login tool may ask for a
 *   password, a file tool for file contents, a summariser for the conversation.
 *
 * The reading is English, with the conversation and credential nouns of the corpus languages.
 */
import { SENSITIVE_PATHS } from './lexicon.js';
import { splitMentions } from './mention.js';
import { normalise } from './normalise.js';
import type { SurfaceItem, SurfaceString } from './types.js';
import { prefilter } from './prefilter.js';

export type Demand =
  'conversation' | 'credential' | 'credential-sweep' | 'credential-file' | 'tool-output' | 'open-files';

export type Purpose =
  'file' | 'code' | 'text' | 'conversation' | 'notes' | 'auth' | 'config' | 'payment' | 'browser';

/** The purpose classes that have a use for each demand. */
const NEEDS: Readonly<Record<Demand, readonly Purpose[]>> = {
  conversation: ['conversation', 'notes'],
  credential: ['auth', 'payment', 'config', 'browser'],
  // A login tool needs the user's password, not every credential the model can find.
  'credential-sweep': [],
  'credential-file': ['auth', 'config', 'file', 'code'],
  'tool-output': ['text', 'conversation', 'notes', 'code'],
  'open-files': ['file', 'code', 'text', 'notes', 'config'],
};

/** Words of a tool's name and summary that name a purpose (whole words, after splitting names). */
const PURPOSE_WORDS: readonly (readonly [Purpose, RegExp])[] = [
  [
    'file',
    /\b(files?|folders?|director(y|ies)|dirs?|paths?|fs|filesystem|documents?|docs?|uploads?|downloads?|attachments?|disk|drive|storage|blobs?|workspace|editor|pdf|csv|spreadsheets?)\b/,
  ],
  [
    'code',
    /\b(code|repo|repos|repository|repositories|git|github|gitlab|commits?|diffs?|patch|pull request|lint|linter|compile|build|tests?|snippets?|sources?|scripts?|programs?|debug|debugger|refactor|ide|terminal|shell)\b/,
  ],
  [
    'text',
    /\b(summari[sz]e|summary|summari[sz]es|translat\w*|analy[sz]\w*|classif\w*|moderat\w*|detect\w*|scan|scans|scanner|redact\w*|saniti[sz]\w*|spell\w*|grammar|rewrite|paraphrase|sentiment|proofread\w*|tokeni[sz]\w*|count tokens|embed\w*|prompt|prompts|injections?|guard|guardrails?|safety|pii|text|texts)\b/,
  ],
  [
    'conversation',
    /\b(conversations?|chats?|threads?|messages?|messaging|transcripts?|memory|memories|remember|recall|history|sessions?|feedback|support|tickets?|assistant|agent|context|handoff)\b/,
  ],
  ['notes', /\b(notes?|notebooks?|memos?|journals?|diar(y|ies)|todos?|knowledge|wiki|bookmarks?)\b/],
  [
    'auth',
    /\b(log ?in|login|logon|sign ?in|signin|sign ?up|signup|register|auth|authenticate|authentication|authori[sz]e|credentials?|passwords?|secrets?|vault|keychain|keyring|ssh|keys?|tokens?|oauth|sso|accounts?|users?|members?|admin|roles?|permissions?|identity|connect|connection|database|db|sql|smtp|imap|ftp|sftp|vpn|wallet|2fa|mfa|otp)\b/,
  ],
  [
    'config',
    /\b(config|configs|configure|configuration|settings|setup|install\w*|environment|env|mcp|profile)\b/,
  ],
  ['payment', /\b(pay|pays|payments?|checkout|cards?|billing|invoices?|charge|purchases?|orders?|bank\w*)\b/],
  ['browser', /\b(browser|browse|page|pages|web ?page|website|form|forms|cookies?|autofill)\b/],
];

/** Nouns of the conversation or of what the model was told (content, not its identifier). */
const CONVERSATION =
  /\b(conversation|chat history|chat log|(whole|full|entire|complete) chat|transcript|(previous|prior|earlier|past|all|preceding) (messages|turns|prompts|exchanges)|message history|system prompt|system message|(your|the assistant'?s?|the model'?s?) (instructions|context|memory|prompt)|(full|whole|entire|complete) context|context window|everything the user (has )?(said|typed|written|wrote|shared|asked)|what the user (said|typed|wrote|asked)|(every|each|all|any) (of the )?(\w+ )?(messages?|turns|exchanges)|messages? (exchanged|sent|received|typed|written)|the user'?s (previous |prior |last |earlier |recent )?(messages|prompts|requests|questions)|konversation|unterhaltung|gespräch\w*|chatverlauf|conversación|conversa|conversazione|cronologia|historial|historique)\b|会話|对话|對話|聊天记录|チャット履歴/;

/** An identifier, a count or a label of the conversation is not its content. */
const LABEL_OF =
  /\b(conversation|chat|thread|message|transcript|context|session)s?[ _-]?(ids?|identifiers?|uuids?|names?|titles?|slugs?|urls?|links?|numbers?|counts?|lengths?|types?|keys?|language|locale)\b|\b(ids?|identifiers?|uuids?|names?|titles?|urls?|links?|numbers?|counts?|lengths?|language|locale|topics?|subjects?|summary|date|time|status|state|type|format|owner|participants?) (of|for|in) (the |a |an |this |that |each |every )?(conversation|chat|thread|transcript|session|messages?)\b/g;

/** Secrets that need no further framing. */
const STRONG_SECRET =
  /\b(passwords?|passphrases?|passcodes?|private keys?|secret keys?|seed phrases?|mnemonic( phrase)?|recovery (codes?|phrases?)|card numbers?|cvv|cvc|2fa codes?|otp codes?|one-time (codes?|passwords?)|session (tokens?|cookies?)|refresh tokens?|aws_secret_access_key|contraseñas?|passwort|kennwort|mot de passe|mots de passe|senhas?|パスワード|密码|密碼)\b/;

/** Secrets that count only when taken from somewhere or in bulk ("any api keys you have"). */
const SECRET =
  /\b(api[ _-]?keys?|access keys?|tokens?|credentials?|secrets?|bearer|cookies?|[a-z0-9]+(_[a-z0-9]+)*_(token|key|secret|password|pat))\b|environment variables?|env vars?|credenciales|identifiants|credenziali|zugangsdaten|トークン|令牌|凭据/;

/** Where a secret is taken from, or a bulk quantifier before it: the model is asked to gather it. */
const SECRET_SOURCE =
  /\b(from|in|of) (the |your |my |their |this )?(environment|env|shell|process|config\w*|settings|\.env|keychain|vault|other (tools?|services?|servers?|integrations?)|previous tools?|browser|machine|system|workspace)\b|\b(any|all|every|whatever|each|other|saved|stored|cached|existing)\b[^.;]{0,25}\b(keys?|tokens?|credentials?|secrets?|cookies?)\b|\benvironment variables?\b|\benv vars?\b/;

const TOOL_OUTPUT =
  /\b(outputs?|results?|responses?|return values?|replies) (of|from) (the |all |every |each |any )?(other|previous|prior|earlier|another|remaining|sibling) (tools?|calls?|functions?|servers?)\b|\b(other|previous|prior|earlier|sibling) (tools?|functions?)'?s? (outputs?|results?|responses?)\b|\b(every|all|each) (tool|function) (outputs?|results?|responses?)\b/;

const OPEN_FILES =
  /\b(contents?|source|text) of (every|each|all|any|your|the user'?s|the (open|current|active|other)) (open |opened )?(files?|documents?|tabs?|editors?|workspace|project)\b|\b(every|all|any|each) (open|opened) (files?|documents?|tabs?|editors?)\b|\bopen (files?|documents?|editors?)'?s? (full )?(contents?|source|text)\b/;

/** Verbs that ask the model to hand content over (the content follows within the clause part). */
const SUPPLY =
  '(paste|include|copy|provide|put|insert|attach|pass|supply|fill|dump|give|add|enter|send|forward|embed|append|write|place|quote|share|collect|gather|grab|pop|stick|drop|transmit|carry|submit|upload|relay|mirror|ship|deliver|tack|stuff|beam|incluya|incluye|pega|inclure|collez|copiez|einfügen|füge|kopiere|incolla|includi|copia|cole|inclua)';

/** A passive order: "… must accompany each request", "… is to be included". */
const PASSIVE =
  '\\b(must|should|shall|has to|have to|is to|are to|needs? to)\\b[^.;,]{0,20}?\\b(accompany|be (included|attached|sent|passed|added|provided|pasted|copied|supplied|submitted|forwarded|appended|transmitted))\\b';

/**
 * The verb, then the content within the same clause part (no comma, stop or semicolon between),
 * or the content, then a passive order.
 */
const asked = (noun: RegExp): RegExp =>
  new RegExp(`\\b${SUPPLY}\\b[^.;,]{0,60}?(?:${noun.source})|(?:${noun.source})[^.;,]{0,40}?${PASSIVE}`);

/** Words that may stand before the content when a clause is the value itself. */
const DETERMINERS =
  /^((the|a|an|your|their|our|its|this|all|every|each|any|full|entire|whole|complete|raw|verbatim|current|recent|latest|last|previous|prior|user'?s?)\s+)*$/;

/** A verb after the opening noun makes the clause a sentence about it, not the value itself. */
const PREDICATE =
  /\b(is|are|was|were|will|would|can|could|may|might|show|shows|appear|appears|display|displays|stay|stays|remain|remains|get|gets|go|goes|use|uses|keep|keeps|look|looks)\b/;

/**
 * The clause is the value itself: it opens with the content ("the full conversation so far"), and
 * no verb follows that would make it a sentence about the content ("messages sent afterwards
 * show it in their bubbles").
 */
const opensWith = (noun: RegExp, c: string): boolean => {
  const m = noun.exec(c);
  return (
    m !== null && DETERMINERS.test(c.slice(0, m.index)) && !PREDICATE.test(c.slice(m.index + m[0].length))
  );
};

const ASKS_CONVERSATION = asked(CONVERSATION);
const ASKS_TOOL_OUTPUT = asked(TOOL_OUTPUT);
const ASKS_OPEN_FILES = asked(OPEN_FILES);

/** Credentials in bulk: "any passwords you see", "all credentials stored on the machine". */
const SWEEP =
  /\b(any|all|every|whatever|each)\b(\s+[\w-]+){0,3}?\s+(passwords?|passcodes?|credentials?|secrets?|(api|access|private|secret|ssh) keys?|(api|access|auth|session|login|bearer|oauth|refresh) tokens?|cookies|connection strings?)\b|\b(passwords?|credentials?|secrets?|(api|access) keys?|tokens?) (of|for) (all|every|each|any) (the )?other\b/;

/** Verbs that gather from somewhere, besides the supply verbs. */
const GATHER = '(scrape|harvest|find|look for|search for|hunt|read|look up|extract|dig up)';

/** A parameter named for a secret (`password`, `api_key`) asks for its own secret: its purpose. */
const SECRET_NAME =
  /\b(pass(word|phrase|code)?|pwd|pin|secret|token|key|apikey|credentials?|auth|otp|totp|mfa)\b/;

/** The clause says not to, or says the content is removed (precision first: any such word). */
const REFUSAL =
  /\b(no|not|never|nothing|without|don't|do not|must not|should not|shouldn't|exclude[sd]?|excluding|except|avoid|omit\w*|strip\w*|redact\w*|mask\w*|remove[sd]?|removing|reject\w*|refuse[sd]?|den(y|ies|ied)|blocked|filtered|sanitized|hashed|anonymi[sz]ed|nunca|jamais|niemals|mai|nie)\b|\bleave\b[^.;]{0,40}\bout\b|\bkeep\b[^.;]{0,40}\bout of\b|不要|しないで/;

export interface ParameterDemand {
  readonly parameter: string;
  readonly demand: Demand;
  readonly field: string;
  /** The clause that asks for it (normalised). */
  readonly clause: string;
}

export interface Mismatch extends ParameterDemand {
  readonly purposes: readonly Purpose[];
}

/** Splits a name into words: `getWeather`, `get_weather`, `get-weather.v2` → "get weather v2". */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ')
    .toLowerCase();
}

const SENTENCE_END = /(?<=[.!?。！？])\s|\n/;

/** The purpose classes of a tool: its name, titles and the first sentence of its description. */
export function purposeOf(item: SurfaceItem): Purpose[] {
  const parts = [nameWords(item.name)];
  for (const s of item.strings) {
    if (s.role === 'title' || (s.role === 'annotation' && s.field.endsWith('title')))
      parts.push(norm(s.text));
    if (s.role === 'description' && s.field === 'description')
      parts.push(norm(s.text).split(SENTENCE_END)[0] ?? '');
  }
  const text = parts.join(' . ');
  return PURPOSE_WORDS.filter(([, re]) => re.test(text)).map(([p]) => p);
}

const norm = (t: string): string => {
  const n = normalise(t);
  return [n.text, ...n.hidden].join(' . ');
};

const CLAUSE = /(?<=[.!?])\s+|(?<=[。！？])\s*|\n+|;\s*/;

/**
 * What one clause asks the model to supply, if anything. `parameter` is the parameter the clause
 * belongs to: a parameter named for a secret may ask for that secret, not for secrets in bulk or
 * from elsewhere.
 */
export function demandOf(clause: string, parameter = ''): Demand | null {
  const { outside } = splitMentions(clause);
  const c = outside.replace(LABEL_OF, ' ');
  if (REFUSAL.test(c)) return null;
  if (SWEEP.test(c) && new RegExp(`\\b(${SUPPLY.slice(1, -1)}|${GATHER.slice(1, -1)})\\b|${PASSIVE}`).test(c))
    return 'credential-sweep';
  if (SENSITIVE_PATHS.some(([, re]) => re.test(c))) return 'credential-file';
  const gathered = SECRET.test(c) && SECRET_SOURCE.test(c);
  if (gathered && new RegExp(`\\b${SUPPLY}\\b`).test(c)) return 'credential';
  if (STRONG_SECRET.test(c) && !SECRET_NAME.test(nameWords(parameter))) return 'credential';
  if (ASKS_CONVERSATION.test(c) || opensWith(CONVERSATION, c)) return 'conversation';
  if (ASKS_TOOL_OUTPUT.test(c) || opensWith(TOOL_OUTPUT, c)) return 'tool-output';
  if (ASKS_OPEN_FILES.test(c) || opensWith(OPEN_FILES, c)) return 'open-files';
  return null;
}

const PARAM = /^inputSchema\.properties\.([^.[\]]+)/;
const PARAM_TEXT: ReadonlySet<string> = new Set([
  'schema-description',
  'schema-title',
  'schema-default',
  'schema-example',
  'schema-enum',
  'schema-const',
]);

/** The top-level parameters of a tool, each with the strings of its subtree. */
function parametersOf(item: SurfaceItem): Map<string, SurfaceString[]> {
  const out = new Map<string, SurfaceString[]>();
  for (const s of item.strings) {
    const m = PARAM.exec(s.field);
    if (!m || !PARAM_TEXT.has(s.role)) continue;
    const list = out.get(m[1]!) ?? [];
    list.push(s);
    out.set(m[1]!, list);
  }
  for (const s of item.strings)
    if (s.role === 'property-name') {
      const m = PARAM.exec(s.field);
      if (m && !out.has(m[1]!)) out.set(m[1]!, []);
    }
  return out;
}

/** Every noun a demand needs: a clause without one asks for nothing (and is not read further). */
const DEMAND_NOUN = new RegExp(
  [
    CONVERSATION,
    TOOL_OUTPUT,
    OPEN_FILES,
    STRONG_SECRET,
    SECRET,
    SWEEP,
    ...SENSITIVE_PATHS.map(([, re]) => re),
  ]
    .map((re) => `(?:${re.source})`)
    .join('|'),
);

/** The clauses of a string that name something a demand needs, with the string's field. */
const nounClauses = (s: SurfaceString, from = 0) => {
  const text = norm(s.text);
  // Most strings name nothing a demand needs: one test of the whole string spares the split.
  if (!DEMAND_NOUN.test(text)) return [];
  return text
    .split(CLAUSE)
    .slice(from)
    .filter((clause) => clause.length > 1 && DEMAND_NOUN.test(clause))
    .map((clause) => ({ clause, field: s.field }));
};

/** Every clause of the parameter's own text, and the description's later clauses that name it. */
function demandsOf(item: SurfaceItem): ParameterDemand[] {
  const params = parametersOf(item);
  // The first sentence of the description is the purpose; later clauses may place a demand into a
  // parameter they name (read only when the description names one at all).
  const descriptions = item.strings.filter((s) => s.role === 'description' && s.field === 'description');
  const names = [...params.keys()].filter((p) => nameWords(p).length >= 3).map((p) => p.toLowerCase());
  const later = descriptions.some((s) => names.some((n) => norm(s.text).includes(n)))
    ? descriptions.flatMap((s) => nounClauses(s, 1))
    : [];
  const out: ParameterDemand[] = [];
  for (const [parameter, strings] of params) {
    const spelled = nameWords(parameter);
    const named =
      spelled.length >= 3
        ? later.filter((c) => namesParameter(c.clause, parameter.toLowerCase(), spelled))
        : [];
    for (const { clause, field } of [...strings.flatMap((s) => nounClauses(s)), ...named]) {
      const demand = demandOf(clause, parameter);
      if (demand) out.push({ parameter, demand, field, clause });
    }
  }
  return out;
}

/** The clause names the parameter as a parameter: `name`, "the name field", "into name". */
function namesParameter(clause: string, name: string, spelled: string): boolean {
  const at = clause.indexOf(name);
  if (at < 0) return false;
  const before = clause.slice(Math.max(0, at - 12), at);
  const after = clause.slice(at + name.length, at + name.length + 12);
  if (/[a-z0-9_]$/.test(before) || /^[a-z0-9_]/.test(after)) return false;
  return (
    name !== spelled ||
    /[`"'“]$/.test(before) ||
    /\b(in|into|to|as|the|field|param|parameter|argument)\s*$/.test(before) ||
    /^\s*(field|param|parameter|argument)\b/.test(after)
  );
}

/** The parameters of a tool that ask for what its purpose does not need. */
export function mismatchesOf(item: SurfaceItem): Mismatch[] {
  if (item.kind !== 'tool') return [];
  const demands = demandsOf(item);
  if (demands.length === 0) return [];
  const purposes = purposeOf(item);
  return demands
    .filter((d) => !NEEDS[d.demand].some((p) => purposes.includes(p)))
    .map((d) => ({ ...d, purposes }));
}

/**
 * How much a mismatch weighs: credentials and credential files are high; the conversation, other
 * tools' output and open files are high too, unless the tool processes text of any kind (a
 * scanner, a translator), where a request for the conversation may be its input: medium.
 */
export function mismatchSeverity(m: Mismatch): 'high' | 'medium' {
  if (m.demand === 'credential' || m.demand === 'credential-sweep' || m.demand === 'credential-file')
    return 'high';
  return m.purposes.includes('text') ? 'medium' : 'high';
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  CONVERSATION,
  STRONG_SECRET,
  SECRET,
  SECRET_SOURCE,
  DETERMINERS,
  PREDICATE,
  SWEEP,
  SECRET_NAME,
  REFUSAL,
  PARAM,
  DEMAND_NOUN,
  ...PURPOSE_WORDS.map(([, re]) => re),
);
