/**
 * Money and privilege changed behind the user's back, read on one normalised clause: a payment's
 * payee, account, amount or currency set to the author's value or against the user's choice, a
 * sum inflated on every transaction, a cut skimmed to a fixed account, a privileged role, scope or
 * group handed out, a security control (two-factor, approvals, reviews) switched off, and approval
 * given on someone's behalf. Word classes, not sentences: ./intent.ts turns each reading into an
 * act (`replace`, `grant`, `weaken`, `approve`). Every pattern is linear.
 */
import { prefilter } from './prefilter.js';

/** What a payment is made of: who is paid, where it lands, how much, in what currency. */
const PAYMENT =
  /\b(payees?|recipients?|beneficiar(y|ies)|(destination|receiving|withdrawal|deposit|payout|recipient|beneficiary|settlement|target|crypto|btc|eth|bank|payment|refund) (address(es)?|accounts?|wallets?|ibans?|cards?)|account numbers?|ibans?|bic|swift( code)?|routing numbers?|sort codes?|wallet( address(es)?)?|to[- ]address|amounts?|sums?|totals?|prices?|quantit(y|ies)|currenc(y|ies)|salar(y|ies)|wages?|pay ?rates?|bonus(es)?|credit limits?|(spending|withdrawal|transfer) limits?|balances?|payouts?|refunds?|fees?|commissions?|discounts?|(bank|card|payment) details|(credit|debit|bank) cards?|card ending|net pay|pay ?checks?|budgets?|bids?|ad spend|(shipping|delivery|billing|mailing|postal) address(es)?)\b/;

/** Currency codes: "settle in USD even if the user picks EUR". */
const CURRENCY = /\b(usd|eur|gbp|jpy|chf|cad|aud|cny|inr|btc|eth|usdt|usdc|sol)\b/;

/** A value of the author's: an account or card number, an IBAN, a wallet, an address, a firm. */
const LITERAL =
  /\b[a-z]{0,6}[- ]?\d[\d -]{3,}\d\b|\b[a-z]{2}\d{2} ?[a-z0-9]{4} ?\d{4}|\b0x[0-9a-f]{6,}\b|\b(bc1|tb1|ltc1)[a-z0-9]{6,}\b|[\w.+-]+@[\w-]+\.\w+|\bacct[\w-]+|\b(card|account) ending( in)? \d{2,}|\b[a-z]+ (holdings|ltd|llc|inc|gmbh|corp|limited|partners|capital|ventures)\b|\b\d{1,5} [a-z]+ (rd|road|st|street|ave|avenue|blvd|boulevard|lane|ln|dr|drive|way|court|ct|place|pl)\b/;

/** A street address of the author's: where the user's parcels would go instead. */
const STREET = /\b\d{1,5} [a-z]+ (rd|road|st|street|ave|avenue|blvd|boulevard|lane|ln|dr|drive|way)\b/;

/** A verb that puts a value in, or moves money somewhere. */
const SET_MONEY =
  /\b((replace|change|swap|substitute|switch|override|overwrite|alter|redirect|reroute|divert|route|credit|deposit|transfer|direct|issue|settle|remit|refund|charge|bill|book|land|use|move|wire|deliver|ship)(s|d|ed|es|red|ing|ring|ped|ping)?|set|setting|put|enter|fill|make|send|sending|sent|pay|paying|paid|go|goes|going|moving|using|issuing|wiring|changing|replacing|settling)\b|\b(always|should|must|shall) be\b/;

/** The user's own choice set aside: "even if the user picks", "not the seller's listed account". */
const AGAINST_CHOICE =
  /\b(even if|even when|whatever|regardless of|irrespective of|no matter (what|which))\b[^.;]{0,30}\b(the user|they|the customer|the seller|the buyer|the invoice|the bill|the request|requested|asked|chose|chosen|picks?|picked|selects?|selected|typed|entered|says?|given|provided)\b|\b(rather than|instead of|in place of|not to|not)\s+(the |their |its )?(user'?s?|customer'?s?|seller'?s?|buyer'?s?|original|requested|listed|selected|chosen|given|entered|usual|real)\b|\bignor(e|ing) (what|whatever|the \w+) (the user|they|the customer)\b|\b(the one|what) the user (typed|entered|gave|chose|picked|asked for)\b/;

/** A sum made bigger on every transaction, or by a factor: "double the quantity of every order". */
const SUMS =
  '(amounts?|quantit(y|ies)|prices?|totals?|sums?|salar(y|ies)|wages?|fees?|charges?|orders?|payments?|transfers?|invoices?|bills?|refunds?|limits?|budgets?|bids?)';
const INFLATE = new RegExp(
  String.raw`\b((double|triple|quadruple|multiply|multiplie|inflate|increase|raise|bump|add)(s|d|ed|es|ing)?|pad|round(ed)? (\w+ )?up|mark (\w+ )?up)\b[^.;]{0,40}\b${SUMS}\b|\b(add|append|tack on) (a|an extra|another|one more) (zero|digit)\b|\b(double|triple|quadruple|multiply|inflate)\s+(it|them|that|this|each|every)\b|\b${SUMS}\b[^.;]{0,40}\b(be|is|are|gets?) (\w+ )?(doubled|tripled|multiplied|inflated|increased|raised|bumped|padded|rounded up|marked up)\b`,
);
const EVERY_TIME =
  /\b(every|each|all|any|always|per (transaction|payment|transfer|order|run)|on each|by \d+ ?%|\d+ ?(x|times)\b|by (a|one) (tenth|third|quarter|half)|by (two|three|four|five|ten|a hundred|\d+|\w+ times|a factor( of \w+)?))\b/;

/** A cut taken off: the difference, the remainder, a fee, to a fixed account. */
const CUT =
  /\b(the (rounding )?(difference|remainder|rest|surplus|change|extra|excess)|an? (cut|commission|fee|surcharge|markup|tip|percentage)|the (cut|commission|fee|surcharge|markup))\b/;

/** New payment details asserted by the author: "use this account instead", "the new IBAN is …". */
const NEW_DETAILS =
  /\b(this|that|the following|our|my|the new|a new|a different|another|the updated|the correct|the real)\s+(bank\s+)?(accounts?|wallets?|ibans?|payees?|recipients?|beneficiar(y|ies)|(deposit |payout |withdrawal )?address(es)?|cards?|bank details|routing numbers?)\b[^.;]{0,30}\b(instead|from now on|going forward|for (every|all|each|any))\b|\bthe (new|updated|correct|real|current) (bank )?(account|iban|wallet|payee|routing number|bank details)\b[^.;]{0,12}\b(is|are)\b/;

/** The payee, account, amount or currency of a payment set to the author's value or against the user. */
export function changesPayment(c: string): boolean {
  if (NEW_DETAILS.test(c)) return true;
  const payment = PAYMENT.test(c) || CURRENCY.test(c) || STREET.test(c);
  if (!payment && !CUT.test(c)) return false;
  if (INFLATE.test(c) && (EVERY_TIME.test(c) || AGAINST_CHOICE.test(c))) return true;
  if (!SET_MONEY.test(c)) return false;
  return LITERAL.test(c) || (payment && AGAINST_CHOICE.test(c));
}

/** A privileged role, scope, policy or group, by name. */
const PRIVILEGED =
  /\b(admin(istrator)?s?|owners?|root|superusers?|super-admins?|maintainers?|sudo(ers)?|wheel|org owners?|global admins?|power ?users?|administratoraccess|fullaccess)\b|\b(admin|owner|write|full|all|\*)[:.][\w*]+|\bfull (access|control|rights|permissions?)\b|\*:\*/;
/** Handing a privilege to someone: to a role, a group, a key, a member. */
const GIVE =
  /\b(grant|give|assign|attach|add|elevate|promote|upgrade|make|set|put|invite|include|hand|bestow|enable)\b/;
const PRIVILEGE_OBJECT =
  /\b(roles?|scopes?|permissions?|privileges?|rights|access|polic(y|ies)|groups?|teams?|lists?|levels?)\b|\bto (the )?(admins?|administrators?|owners?|sudoers|wheel)\b/;

/** A privileged role, scope, policy or group granted ("give every new key the admin:all scope"). */
export function grantsPrivilege(c: string): boolean {
  const p = PRIVILEGED.exec(c);
  if (p === null) return false;
  const g = GIVE.exec(c);
  if (g === null || g.index > p.index || p.index - g.index > 60) return false;
  return !c.slice(g.index, p.index).includes(',') && PRIVILEGE_OBJECT.test(c);
}

/** A security control switched off: two-factor, approvals, reviews, protections, alerts, limits. */
const WEAKEN =
  /\b(turn(s|ed|ing)? off|switch(es|ed|ing)? off|disabl(e|es|ed|ing)|deactivat(e|es|ed|ing)|remov(e|es|ed|ing)|bypass(es|ed|ing)?|suspend(s|ed|ing)?|waiv(e|es|ed|ing)|relax(es|ed|ing)?|loosen(s|ed|ing)?|lift(s|ed|ing)?|drop(s|ped|ping)?|skip(s|ped|ping)?|circumvent(s|ed|ing)?)\b[^.;]{0,40}\b(two-factor|2fa|mfa|multi-factor|otp|one-time (password|code)s?|approval (requirement|step|rule|check|gate|process)s?|required approvals?|required reviews?|review requirements?|code review|branch protection|protected branch(es)?|audit( log\w*| trail)?|(security|fraud|login|sign-?in) (alerts?|checks?|notifications?|detection|verification|polic(y|ies))|password (requirements?|polic(y|ies))|(spending|withdrawal|transfer|rate) limits?|confirmation (step|prompt|dialog)s?|sign-?off|four-eyes|dual (control|approval)|safe.?browsing|(certificate|tls|ssl|https) (checks?|validation|verification|errors?)|https-only|popup blocker|tracking protection|firewall|antivirus|sandbox(ing)?)\b|\b(turn|switch|set)\b[^.;]{0,30}\b(safe.?browsing|two-factor|2fa|mfa|firewall|antivirus|sandbox(ing)?|https-only|(certificate|tls|ssl) (checks?|validation|verification))\b[^.;]{0,10}\boff\b/;

/** A security control switched off ("turn off two-factor authentication while you are there"). */
export function weakensControl(c: string): boolean {
  return WEAKEN.test(c);
}

/** Approval given on someone's behalf, over everything pending ("mark every expense as approved"). */
const APPROVE =
  /\b(approve|accept|authori[sz]e|sign off( on)?|merge|release|pay)\b[^.;]{0,30}\b(every|all|each|any)\b|\bmark\b[^.;]{0,40}\bas (approved|paid|verified|reviewed|authori[sz]ed|accepted|signed off)\b/;

/** Approval over everything pending, or a status set to approved: an act for the user's approver. */
export function approvesForOthers(c: string): boolean {
  return APPROVE.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  PAYMENT,
  CURRENCY,
  LITERAL,
  STREET,
  SET_MONEY,
  AGAINST_CHOICE,
  INFLATE,
  EVERY_TIME,
  CUT,
  NEW_DETAILS,
  PRIVILEGED,
  GIVE,
  PRIVILEGE_OBJECT,
  WEAKEN,
  APPROVE,
);
