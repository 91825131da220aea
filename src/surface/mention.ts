/**
 * Mentioned, not used: text in quotes or code, after an exemplification frame ("phrases such as",
 * "e.g.", "detects"), or in a list introduced by one. A security tool that quotes an injection
 * describes it; it does not give it. ./signals.ts reads such a clause twice, with and without the
 * mentioned part: what fires only inside the mention is capped at info, unless the text around
 * it directs the agent itself.
 */
import { prefilter } from './prefilter.js';
import { memoText } from './memo.js';

/** Quoted or code spans of at least two characters (straight, curly and angle quotes, backticks). */
const QUOTED =
  /"[^"\n]{2,}"|“[^”\n]{2,}”|„[^“”\n]{2,}[“”]|«[^»\n]{2,}»|`[^`\n]{2,}`|(?<![a-z])'[^'\n]{6,}'(?![a-z])/g;

/** A frame that introduces examples or objects of detection; what follows it is mentioned. */
const NOUNS =
  '(phrases?|patterns?|strings?|attacks?|injections?|payloads?|examples?|attempts?|keywords?|wording|signatures?|techniques?|tricks?|jailbreaks?|threats?|sentences?|red flags?|indicators?)';
const FRAME = new RegExp(
  `\\b${NOUNS}\\b[^.;]{0,40}?\\b(such as|like|e\\.g\\.|eg\\.|e\\.g|for example|for instance|including|containing|matching|resembling|that (say|says|read|reads|ask|asks|tell|tells))\\b|\\b(detects?|detecting|flags?|flagging|blocks?|blocking|catches|scans? for|identif(y|ies)|recogni[sz]es?|filters?( out)?|strips?|classif(y|ies)|looks? for|warns? (about|of|on)|guards? against|sanitizes?|redacts?)\\b[^.;]{0,40}?\\b(prompt injections?|injection|${NOUNS.slice(1, -1)}|malicious \\w+|suspicious \\w+|text|content|messages?|claims?|documents?|prompts?|instructions?|descriptions?|requests?|inputs?|scripts?|code|pages?|sites?|listeners?|extensions?|traffic|urls?|links?|e-?mails?|attachments?)\\b|\\b(claiming|saying|asserting|pretending) that\\b`,
);

/**
 * Reported instruction: text described by what it tells an assistant ("text that asks an assistant
 * to …", "metadata telling the model to …"). The agent there is the object of reported speech, not
 * the addressee; the frame stops before the agent so that the words around it do not address it.
 */
const REPORTED =
  /\b(texts?|content|metadata|(tool )?descriptions?|messages?|instructions?|documents?|pages?|inputs?|strings?|comments?|prompts?|e-?mails?|sentences?|phrases?|payloads?|markup|wording|notes?|anything|something|whatever|fields?)\s+(((that|which)\s+)(asks?|tells?|instructs?|orders?|directs?|urges?|wants?|commands?|requests?|pushes|pressures?|invites?|encourages?|demands?|tries to (get|make|convince|trick))|asking|telling|instructing|ordering|directing|urging|commanding|requesting|pushing|pressuring|encouraging|demanding|trying to (get|make|convince|trick))(?=\s+(an?\s+|the\s+|your\s+|any\s+)?(ai\s+)?(assistants?|models?|agents?|ai|llms?|you)\b)/;
/** What the reported instruction is said to be: what a tool detects, or an attack. */
const JUDGED =
  /\b(flag(s|ged)?|report(s|ed)?|detect(s|ed)?|catch(es)?|caught|block(s|ed)?|reject(s|ed)?|quarantin\w*|red flags?|malicious|suspicious|hostile|injections?|injected|attacks?|poison(s|ed|ing)?|jailbreaks?|signs? of|warns?|strip(s|ped)|remov(es|ed)|refus(es|ed)|never (obeyed|followed|executed|acted on)|treated as data|raises? the (risk )?score)\b/;
/** What would make the reported instruction void (an override), not an object of detection. */
const DISMISSED =
  /\b(ignored?|disregard(ed)?|outdated|obsolete|no longer (apply|applies|valid|in force)|overridden|superseded|void|invalid|(does not|doesn'?t|do not|don'?t) (count|apply|matter)|(can|may) be skipped)\b/;

/** A reported instruction judged as an attack or a detection: the span between frame and judgement. */
function reported(c: string): { from: number; to: number } | null {
  const r = REPORTED.exec(c);
  if (r === null) return null;
  const from = r.index + r[0].length;
  const j = JUDGED.exec(c.slice(from));
  if (j === null) return null;
  const to = from + j.index;
  // What the clause says of it, outside the report: "… is flagged and must be ignored" voids it.
  return DISMISSED.test(`${c.slice(0, r.index)} ${c.slice(to)}`) ? null : { from, to };
}

const DETECTS =
  /^(detects?|detecting|flags?|flagging|blocks?|blocking|catches|scans? for|identif(y|ies)|recogni[sz]es?|filters?|strips?|classif(y|ies)|looks? for|warns?|guards? against|sanitizes?|redacts?)\b/;

/** Words that hand the code span after them to a shell or a tool. */
const RUNS =
  /(\b(run|runs|running|execute|executes|executing|exec|invoke|call|calling|with|via|using|through|do)|[a-z0-9]_[a-z0-9_]*)\s*$/;

/** A list item: a bullet, a number, or a quoted line. */
const LIST_ITEM = /^([-*•·]|\d{1,2}[.)])\s+|^["“'`]/;

export interface MentionSplit {
  /** The clause with quoted spans and the mentioned tail of a frame blanked. */
  readonly outside: string;
  /** Something in the clause is mentioned (quoted, or after a frame). */
  readonly mentions: boolean;
  /** The clause opens a list of examples (a frame that ends the clause, or ends with a colon). */
  readonly opensList: boolean;
  /** The frame is a detection ("flags scripts that …"): what follows is what the tool looks for. */
  readonly detects: boolean;
}

/** Splits a normalised clause into what it says and what it mentions (asked by several modules in turns). */
export const splitMentions = memoText(split);

function split(c: string): MentionSplit {
  let outside = c;
  let mentions = false;
  if (/["“„«`']/.test(c)) {
    outside = c.replace(QUOTED, (q, at: number) => {
      // A quoted single word or name is a label, not a mention of text.
      if (!/\s/.test(q.trim())) return q;
      // A command in code handed to a run verb or a tool is used: "run shell_exec with `cat …`".
      if (q.startsWith('`') && RUNS.test(c.slice(Math.max(0, at - 30), at))) return q;
      mentions = true;
      return ' ';
    });
  }
  const told = reported(outside);
  if (told !== null) {
    // The judgement after it ("… is exactly what scan_prompt flags") stays: it is the clause's own.
    outside = `${outside.slice(0, told.from)} ${outside.slice(told.to)}`;
    return { outside, mentions: true, opensList: false, detects: true };
  }
  const f = FRAME.exec(outside);
  const opensList = f !== null && (/:\s*$/.test(c) || outside.slice(f.index + f[0].length).trim().length < 3);
  if (f !== null && !opensList) {
    const tail = outside.slice(f.index + f[0].length);
    if (tail.trim().length > 0) {
      mentions = true;
      outside = outside.slice(0, f.index + f[0].length);
    }
  }
  const detects = mentions && f !== null && DETECTS.test(f[0]);
  return { outside, mentions, opensList, detects };
}

/** A clause of a list that a framed clause opened. */
export function isListItem(raw: string): boolean {
  return LIST_ITEM.test(raw);
}

/**
 * A pipe inside a code span is a shell pipe, and one inside a chat-template token (`<|im_start|>`)
 * is part of the token, not a table cell: shown as `¦` so that no split falls there.
 */
export function shieldCodePipes(text: string): string {
  if (!text.includes('|')) return text;
  const tokens = text.replace(/<\|\s*([a-z_]{2,30})\s*\|>/g, '<¦$1¦>');
  if (!tokens.includes('`')) return tokens;
  return tokens.replace(/`[^`\n]{1,200}`/g, (m) => m.replace(/\|/g, '¦'));
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(FRAME, DETECTS, RUNS, LIST_ITEM);
