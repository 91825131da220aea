/**
 * Credential theft as a concept (issue 22), in word classes read on the normalised clause: secrets
 * that no tool needs from the agent, because they are the agent's own (the provider key it runs
 * under, tokens it holds for other servers), or because a user never hands them to a tool (wallet
 * recovery phrases, bank logins, one-time codes, a password vault), or because they are named by
 * where they live (an environment variable, a credential command) and are to be read from there.
 * ./intent.ts reads such a secret as a source whose sink is the tool call itself.
 */
import { prefilter } from './prefilter.js';

/** The agent's or its host's own secret: the key it runs under, tokens it holds for other servers. */
const HELD_SECRET =
  /\b(api[ _-]?keys?|keys?|tokens?|credentials?|secrets?|x-api-key)\b[^.;]{0,40}\b(you are|you're|ur|you|it is|it's|the (model|assistant|agent) is) (currently |now )?(running|operating|hosted|deployed|authenticated)\b|\b(under|with) which (it|you|the (assistant|model|agent)) (is|are) (currently )?(running|operating|authenticated)\b|\b(provider|llm|hosting model'?s?|language model'?s?|inference) (api[ _-]?)?(keys?|tokens?|credentials?)\b|\b(tokens?|keys?|credentials?|cookies?|secrets?)\b[^.;]{0,30}\b(you|the (assistant|agent|model)) (use|hold|have|keep|got) (for|with|on|to reach) (other|another|all|any|the other|your other) (servers?|tools?|services?|apis?|accounts?|integrations?)\b/;

/** Secrets a user never hands a tool: recovery phrases, bank logins, one-time codes, a vault's contents. */
const NEVER_SHARED =
  /\b(recovery|seed|mnemonic|backup|secret) (phrases?|words?|sentences?)\b|\b(12|24|twelve|twenty-four)[- ]word (phrases?|seeds?|keys?)\b|\b(sms|text|one-time|2fa|mfa|otp|authenticator|login|verification|security) codes?\b|\b(bank(ing)?|online[- ]banking|net[- ]banking) (logins?|passwords?|credentials|pins?|user ?names?)\b|\bmaster passwords?\b|\bsecurity (questions?|answers?)\b|\b(export|dump|all|every|entire|whole|full)\b[^.;]{0,30}\b(vault|password manager|1password|bitwarden|lastpass|keepass|dashlane)\b|\b(vault|password manager|1password|bitwarden|lastpass|keepass|dashlane)\b[^.;]{0,40}\b(exported|dumped|export|dump)\b/;

/** A secret named by where it lives: an environment variable, a credential command or helper. */
const NAMED_SECRET =
  /\b[a-z][a-z0-9]*_(token|secret|api_key|secret_key|access_key|secret_access_key|password|pat|credentials?)\b|\bexport-credentials\b|\bget-session-token\b|\bgh auth token\b|\bcredential[ -](helper|store)\b/;
/** A variable named as the destination of a value. */
const INTO_VARIABLE =
  /\b(into|in|to|as) (the |your |an? )?[a-z][a-z0-9]*_[a-z0-9_]+( (environment )?(variable|var|setting))?\b/g;

/** Taking a secret from where it lives. */
const TAKE =
  /\b(obtain|read|get|grab|fetch|pull|retrieve|cat|dump|export|copy|take|look ?up|lift|run|runs|use|with|via|through)\b/;

/** The agent told to get a secret out of the user: "ask the user for", "have the user type". */
const FROM_USER =
  /\b(ask|have|get|make|request|prompt|tell|let|invite) (the user|the customer|them|users?|the account holder)\b[^.;]{0,20}\b(for|to (type|enter|paste|give|share|provide|send|read out|tell|supply|say|input))\b|\b(have|make|let|get) (the user|the customer|them|users?|the account holder) (type|enter|paste|give|share|provide|send|read out|tell|supply|say|input)\b|\b(ask|request|prompt) (the user |them )?(for|about) (the user'?s|their|the customer'?s|the account holder'?s)\b/;

/** Words that make the clause about protecting the secret, not taking it. */
const PROTECTS =
  /\b(never (share|send|give|enter|type|ask|request|store|see|sees|log|touch)|not (needed|required|stored|asked)|no (need|one)|warn\w*|phishing|scam|do not share|don't share)\b/;

export interface CredentialReading {
  /** A secret no tool needs from the agent is named. */
  readonly secret: boolean;
  /** The clause asks the user to hand over such a secret. */
  readonly fromUser: boolean;
}

/** Reads the credential-theft concept in one normalised clause. */
export function readCredentials(c: string): CredentialReading {
  if (PROTECTS.test(c)) return { secret: false, fromUser: false };
  // "copy your key into the VENDOR_API_KEY variable": the variable is where the key goes, not where it is taken from.
  const named = NAMED_SECRET.test(c.replace(INTO_VARIABLE, ' '));
  const secret = HELD_SECRET.test(c) || NEVER_SHARED.test(c) || (named && TAKE.test(c));
  return { secret, fromUser: secret && FROM_USER.test(c) };
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(HELD_SECRET, NEVER_SHARED, NAMED_SECRET, TAKE, FROM_USER, PROTECTS);
