/**
 * A sign-in tool asking for its own credential (issue 22): "ask the user for the one-time code and
 * pass it in `otp`" on a tool whose purpose is signing in is the tool working, not phishing. Read
 * on one normalised clause with the item's name and parameters. All must hold:
 *   - the tool's stated purpose is signing in or verifying (its name, or the clause: "to sign in");
 *   - the secret is one a sign-in takes: a one-time or verification code, a password, a PIN;
 *   - it goes into one of this tool's own parameters named for that secret (`otp`, `password`);
 *   - nothing else receives it (no URL, address, other tool) and no other service is named for it.
 * Asked for another service ("your bank password"), for every code, or sent elsewhere, it stays
 * phishing (./credentials.ts, ./intent.ts).
 */
import { escapeRegExp } from '../escape/regexp.js';

/** A tool named for signing in or verifying. */
const SIGN_IN_NAME =
  /(^|[_.-])(sign_?in|log_?in|login|logon|auth|authenticate|authorize|verify|verification|2fa|mfa|otp|totp|two_factor|session)([_.-]|$)|^(signin|login|logon|authenticate|verify)/;
/** The clause states signing in as the purpose. */
const SIGN_IN_PURPOSE =
  /\b(to|and|then) (finish|complete|confirm|continue|verify|proceed with)? ?(the )?(sign(ing)?[ -]in|log(ging)?[ -]?in|login|authentication|verification|two-factor|2fa|mfa)\b|\bto (sign|log) (the user |them )?in\b/;
/** The secrets a sign-in takes. */
const SIGN_IN_SECRET =
  /\b((one-time|verification|security|login|sign-in|sms|text|2fa|mfa|otp|totp|authenticator|auth|access) (codes?|passcodes?|pins?)|one-time passwords?|otps?|passwords?|passcodes?|pins?|codes?)\b/;
/** A parameter named for such a secret. */
const SECRET_PARAM =
  /^(otp|totp|mfa|2fa|pin|code|passcode|password|passwd|pass)$|(^|_)(otp|totp|mfa|2fa|pin|code|passcode|password)$/;
/** Anything else that would receive it, or a wider ask. */
const ELSEWHERE =
  /https?:|www\.|@|\b(e-?mail|post|upload|forward|webhook|url|endpoint|log (it|them)|store|save|remember|notes?|every|all|any|other|another|each)\b/;
/** A service named for the secret: "their bank password", "the Google code". */
const SERVICE_SECRET =
  /\b(bank(ing)?|paypal|google|gmail|apple|icloud|microsoft|outlook|github|gitlab|facebook|amazon|wallet|email|e-mail|vault|password manager|sso|okta)\b/;

/** This clause asks for the tool's own sign-in secret and passes it only to its own parameter. */
export function ownSignIn(c: string, item: string, params: readonly string[]): boolean {
  if (!SIGN_IN_SECRET.test(c) || ELSEWHERE.test(c)) return false;
  const name = item.toLowerCase();
  if (!SIGN_IN_NAME.test(name) && !SIGN_IN_PURPOSE.test(c)) return false;
  // A service named for the secret must be the tool's own ("bank_login" asking for the bank PIN).
  const service = SERVICE_SECRET.exec(c)?.[1];
  if (service !== undefined && !name.includes(service.replace(/ing$/, ''))) return false;
  return params.some(
    (p) =>
      SECRET_PARAM.test(p.toLowerCase()) &&
      new RegExp(
        String.raw`\b(in|into|as|to|via|through|fill|set)\s+(the\s+|its\s+)?[\x60"']?${escapeRegExp(p.toLowerCase())}[\x60"']?(?![\w-])`,
      ).test(c),
  );
}
