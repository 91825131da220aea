import { LEXICON } from './de-lexicon.js';
import { GERMAN_MORE } from './de-more.js';
import { joinWords } from './elision.js';
import type { GlossTable } from './types.js';

/*
 * German, written for this project. Verbs keep their person: an imperative, an infinitive (German
 * instructions often end in one: "… an X senden") and the du-form read as the English base form
 * ("schicke", "schicken", "schickst" → send); the third person as the English third person
 * ("schickt" → sends: a description, not an order); the participle as the past ("geschickt" →
 * sent). Separable verbs are read by their stem ("leite … weiter" → forward) and whole when joined
 * ("weiterleiten", "weiterzuleiten"). German puts the negation after the object ("erwähne das
 * nicht"), so negated orders and the idioms of concealment are glossed as whole phrases.
 *
 * The verbs are below; every other word is in ./de-lexicon.ts.
 */

/**
 * Weak verbs: `stem english-base english-third english-past`. A stem written `-stem` takes no `ge-`
 * in its participle (kopiert, übermittelt: the third person is then read as the participle), one
 * written `!stem` is not a word alone (teil, zahl, speicher are nouns too).
 */
const WEAK = `
schick send sends sent
send send sends sent
-verschick send sends sent
-versend send sends sent
-übermittel send sends sent
post post posts posted
-kopier copy copies copied
-synchronisier sync syncs synced
häng append appends appended
füg add adds added
sammel collect collects collected
-protokollier log logs logged
!speicher save saves saved
öffn open opens opened
-extrahier extract extracts extracted
-exportier export exports exported
!teil share shares shared
-veröffentlich publish publishes published
meld report reports reported
-navigier navigate navigates navigated
-ersetz replace replaces replaced
tausch swap swaps swapped
änder change changes changed
wechsel switch switches switched
-erhöh increase increases increased
-überschreib override overrides overridden
-verdoppel double doubles doubled
!zahl pay pays paid
-bezahl pay pays paid
setz set sets set
-gewähr grant grants granted
-erteil grant grants granted
-beförder promote promotes promoted
mach make makes made
-verwend use uses used
-benutz use uses used
nutz use uses used
sag tell tells told
-erzähl tell tells told
-informier inform informs informed
-benachrichtig notify notifies notified
-erwähn mention mentions mentioned
zeig show shows shown
warn warn warns warned
frag ask asks asked
-bestätig confirm confirms confirmed
-genehmig approve approves approved
-ignorier ignore ignores ignored
-missacht disregard disregards disregarded
-befolg follow follows followed
folg follow follows followed
-gehorch obey obeys obeyed
-bevorzug prefer prefers preferred
vertrau trust trusts trusted
-vermeid avoid avoids avoided
`;

/** Strong, irregular and separable verbs: `base forms / third person / past = english ×3`. */
const STRONG = `
sandte / / gesandt = send sends sent
übermittle|übertrag|übertrage|übertragen|überträgst / überträgt / übertrug = send sends sent
abschicken|abzuschicken|absenden|abzusenden / / abgeschickt|abgesendet = send sends sent
überweise|überweis|überweisen / überweist / überwiesen = send sends sent
hochladen|hochzuladen / / hochgeladen = upload uploads uploaded
leite|leit|leiten|weiterleiten|weiterzuleiten|weitergeben|weiterzugeben / leitet / weitergeleitet|weitergegeben = forward forwards forwarded
umleiten|umzuleiten / / umgeleitet = redirect redirects redirected
spiegle|spiegel|spiegeln|spiegele / spiegelt / gespiegelt = mirror mirrors mirrored
anhängen|anzuhängen|anfügen|anzufügen / / angehängt|angefügt = append appends appended
hinzufügen|hinzuzufügen / hinzufügt / hinzugefügt = add adds added
einfügen|einzufügen|eintragen|einzutragen / einfügt / eingefügt|eingetragen = insert inserts inserted
trag|trage|tragen|leg|lege|legen / trägt|legt / gelegt = put puts put
enthalte|enthalten|mitschicken|mitsenden|mitgeben|mitzugeben|einschließen|aufnehmen|aufzunehmen / enthält / eingeschlossen|aufgenommen = include includes included
beifügen|beizufügen|beilegen|beizulegen / / beigefügt|beigelegt = attach attaches attached
bette|betten|einbetten|einzubetten / bettet / eingebettet = embed embeds embedded
gib|übergib|übergebe|übergeben / übergibt / übergab = pass passes passed
gebe|geben / gibt / gegeben = give gives given
sammle / / = collect collects collected
erfasse|erfass|erfassen|mitschneiden|mitzuschneiden / / erfasst|mitgeschnitten = capture captures captured
lies|lese|lesen|auslesen|auszulesen / liest / las|gelesen|ausgelesen = read reads read
zeichne|aufzeichnen|aufzuzeichnen / zeichnet / aufgezeichnet = record records recorded
speichere|speichre / / gespeicherte|gespeicherten = save saves saved
hol|hole|holen|abrufen|abzurufen / holt / geholt|abgerufen|abgerufene|abgerufenen = fetch fetches fetched
lad|lade|laden|einlesen|einzulesen / lädt|liest ein / geladen|eingelesen = load loads loaded
greif|greife|zugreifen|zuzugreifen / greift / zugegriffen = access accesses accessed
austauschen|auszutauschen / / ausgetauscht = swap swaps swapped
vergib|vergebe|vergeben|einräumen / vergibt / eingeräumt = grant grants granted
weise|zuweisen|zuzuweisen / weist / zugewiesen = assign assigns assigned
einladen|einzuladen / / eingeladen = invite invites invited
ruf|rufe|rufen|aufrufen|aufzurufen / ruft|aufruft / aufgerufen = call calls called
führ|führe|führen|ausführen|auszuführen / führt|ausführt / ausgeführt = run runs run
mitteilen|mitzuteilen / mitteilt / mitgeteilt = tell tells told
verrate|verrat|verraten|offenlegen|offenzulegen / verrät / offengelegt = reveal reveals revealed
verbirg|verberge|verbergen|verstecke|versteck|verstecken|verschweige|verschweigen / verbirgt|versteckt|verschweigt / verborgen|verschwiegen = hide hides hidden
weglassen|wegzulassen|auslassen|auszulassen / / weggelassen|ausgelassen = omit omits omitted
überspring|überspringe|überspringen / überspringt / übersprungen = skip skips skipped
vergiss|vergesse|vergessen / vergisst / = forget forgets forgotten
verwirf|verwerfe|verwerfen / verwirft / verworfen = discard discards discarded
umgeh|umgehe|umgehen / umgeht / umgangen = bypass bypasses bypassed
klick|klicke|klicken|anklicken / klickt / geklickt|angeklickt = click clicks clicked
zulassen|zuzulassen|erlaube|erlauben / erlaubt / zugelassen = allow allows allowed
schalte|ausschalten|auszuschalten|abschalten|abzuschalten|deaktiviere|deaktivieren / schaltet aus|deaktiviert / ausgeschaltet|abgeschaltet = disable disables disabled
antworte|antwortest / antwortet / geantwortet = reply replies replied
`;

const words: Record<string, string[]> = {};
const add = (english: string, forms: readonly string[]): void => {
  (words[english] ??= []).push(...forms.filter((f) => f !== ''));
};

/** Every wording of a form with groups: `ohne (es|das) zu sagen` → ohne es zu sagen, ohne das zu sagen. */
function expand(form: string): string[] {
  const open = form.indexOf('(');
  if (open < 0) return [form.replace(/\s+/g, ' ').trim()];
  const close = form.indexOf(')', open);
  const [head, tail] = [form.slice(0, open), form.slice(close + 1)];
  return form
    .slice(open + 1, close)
    .split('|')
    .flatMap((choice) => expand(`${head}${choice}${tail}`));
}

/** Splits `a|(b|c) d` on the `|` outside groups. */
function alternatives(forms: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < forms.length; i++) {
    if (forms[i] === '(') depth++;
    else if (forms[i] === ')') depth--;
    else if (forms[i] === '|' && depth === 0) {
      out.push(forms.slice(start, i));
      start = i + 1;
    }
  }
  return [...out, forms.slice(start)];
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A weak verb's forms from its stem, as a strong verb's line reads them. */
function weak(line: string): [string[], string[], string[], string[]] {
  const [raw = '', ...en] = line.split(' ');
  const stem = raw.replace(/^[-!]/, '');
  const ge = raw.startsWith('-') ? '' : 'ge';
  const e = /[dt]$|[^aeiouhlr][mn]$/.test(stem) ? 'e' : '';
  const third = `${stem}${e}t`;
  const past = [
    `${stem}${e}te`,
    `${stem}${e}ten`,
    `${ge}${stem}${e}t`,
    `${ge}${stem}${e}te`,
    `${ge}${stem}${e}ten`,
  ];
  // Stems in -el and -er: sammeln, sammle, sammelt; ändern, ändere, ändert.
  const base = /e[lr]$/.test(stem)
    ? [`${stem}n`, `${stem}st`, `${stem}e`, stem.endsWith('el') ? `${stem.slice(0, -2)}le` : `${stem}e`]
    : [`${stem}e`, `${stem}en`, `${stem}${e}st`];
  if (!raw.startsWith('!')) base.push(stem);
  return [base, [third], ge === '' ? [...past, third] : past, en];
}

function strong(line: string): [string[], string[], string[], string[]] {
  const [forms = '', en = ''] = line.split(' = ');
  const [base = '', third = '', past = ''] = forms.split('/').map((f) => f.trim());
  const split = (f: string) => f.split('|').filter((x) => x !== '');
  return [split(base), split(third), split(past), en.split(' ')];
}

const AGENTS = ['der assistent', 'die assistentin', 'das modell', 'der agent', 'die ki', 'das sprachmodell'];
for (const [base, third, past, en] of [...lines(WEAK).map(weak), ...lines(STRONG).map(strong)]) {
  const [b = '', t = '', p = ''] = en;
  add(b, base);
  add(t, third);
  add(p, past);
  // Negated orders ("sende nie" → never send) and descriptions ("sendet keine" → does not send any).
  for (const f of base.filter((x) => !x.endsWith('st') && !x.includes('zu'))) {
    add(`do not ${b}`, [`${f} nicht`, ...(f.endsWith('en') ? [`nicht ${f}`] : [])]);
    add(`never ${b}`, [
      `${f} nie`,
      `${f} niemals`,
      ...(f.endsWith('en') ? [`nie ${f}`, `niemals ${f}`] : []),
    ]);
    add(`do not ${b} any`, [`${f} keine`, `${f} keinen`, `${f} kein`]);
  }
  for (const f of third) {
    add(`does not ${b}`, [`${f} nicht`, `${f} keine`, `${f} keinen`, `${f} kein`]);
    add(`never ${t}`, [`${f} nie`, `${f} niemals`]);
    // What the agent does, told in the third person, is what it is to do: "der Assistent hängt … an".
    const told = AGENTS.flatMap((a) => [`${a} ${f}`, `${f} ${a}`]);
    add(`the assistant ${b}`, told);
    add(
      `the assistant does not ${b}`,
      told.flatMap((x) => ['nicht', 'kein', 'keine', 'keinen'].map((n) => `${x} ${n}`)),
    );
    add(
      `the assistant never ${t}`,
      told.flatMap((x) => [`${x} nie`, `${x} niemals`]),
    );
  }
}
for (const line of lines(LEXICON)) {
  const [english = '', forms = ''] = line.split(' = ');
  add(english, alternatives(forms).flatMap(expand));
}

/** German (./types.ts explains the format). */
export const GERMAN: GlossTable = {
  language: 'de',
  markers:
    'der|die|das|des|und|ist|nicht|mit|für|auf|den|dem|ein|eine|einen|einem|einer|zu|von|bei|wird|werden|dein|deine|dich|dir|sie|ihre|bevor|jede|jeden|jedes|jedem|jeder|immer|nie|niemals|oder|auch|wenn|aus|sich|dass|kann|nur|über|nach|dieser|diese|dieses|im|zum|zur|vom|sind|hat|muss|soll|dann|keine|kein|wie|als|werkzeug|werkzeuge|nutzer|nutzers|benutzer|benutzers|weiter|bitte|sowie|daten|datei|dateien|zuerst|automatisch|neue|neuen|zurück|liefert|erstellt|gibt|sucht|listet|ruft|führt|liest|schreibt|sendet|öffnet|löscht|speichert|holt|prüft|berechnet|zeigt|ändert|verwaltet|aktualisiert|sende|schicke|lies|gib|füge|hänge|ignoriere|vergiss|verwende|nutze|rufe|führe|inhalt|ergebnis|ergebnisse|anfrage|nachricht|werkzeugen|niemals',
  words: joinWords(
    Object.fromEntries(Object.entries(words).map(([english, forms]) => [english, forms.join('|')])),
    GERMAN_MORE,
  ),
  // "sind bei jeder Sitzung an X weiterzuleiten" → "are to be forwarded at every session to X".
  reorder: [[/\b(is|are) ([^;]{1,80}?) (to be \w+)\b/g, '$1 $3 $2']],
};
