/*
 * More German forms for ./de.ts, by concept: synonyms, colloquial and formal wording, and the
 * zu-infinitive of an order ("sind weiterzuleiten"). Written for this project.
 */

/** English reading → German forms (./types.ts). */
export const GERMAN_MORE: Readonly<Record<string, string>> = {
  // Orders without an addressee: "… sind an X weiterzuleiten" reads "are to be forwarded".
  'to be forwarded':
    'weiterzuleiten|weiterzugeben|zu übermitteln|zu senden|zu schicken|zu übertragen|mitzuschicken|mitzusenden',
  'to be uploaded': 'hochzuladen',
  'to be attached': 'anzuhängen|beizufügen|einzufügen',
  'to be copied': 'zu kopieren|mitzukopieren',
  'to be included': 'aufzunehmen|mitzuliefern',
  // Override.
  void: 'hinfällig|nichtig|ungültig|außer kraft|aufgehoben|gegenstandslos|obsolet',
  'you were given':
    'ihnen zuvor erteilten|dir zuvor erteilten|ihnen erteilten|dir erteilten|ihnen gegebenen|dir gegebenen|du erhalten hast|sie erhalten haben',
  'from now on': 'ab sofort|ab jetzt|von nun an|fortan|künftig|ab diesem moment',
  follow:
    'befolgen sie|befolge|befolgt|halte dich an|halten sie sich an|richte dich nach|richten sie sich nach',
  // Consent claimed and skipped.
  already: 'bereits alles|schon alles|bereits vorab|schon vorab',
  so: 'also|daher|deshalb|folglich',
  delete: 'lösche|lösch|löschen|entferne|entfernen',
  // The participle (werden … entfernt); the adjective (entfernte, remote) is ./de-lexicon.ts's.
  removed: 'entfernt',
  'without confirmation':
    'ohne nachfrage|ohne rückfrage|ohne bestätigung|ohne zu fragen|ohne nachzufragen|ohne den nutzer zu fragen|ohne den benutzer zu fragen',
  // Sinks and copies.
  'in bcc': 'in blindkopie|in bcc|ins bcc|als blindkopie|in die blindkopie|in den bcc',
  bcc: 'blindkopie|bcc',
  put: 'setz|setze|trag|trage|schreib|schreibe',
  'put into': 'eintragen|einsetzen|hineinschreiben',
  'leak data':
    'klauen daten|klauen die daten|klaut daten|stehlen daten|stehlen die daten|greifen daten ab|saugen daten ab|schnüffeln|spionieren',
  // Other tools, by kind.
  'converter tools': 'konverter|konvertern|konvertierer',
  'search tools': 'suchwerkzeuge|suchtools|suchmaschinen',
  'search tool': 'suchwerkzeug|suchtool|suchmaschine',
  read: 'auslesen|lies aus|lies vorher aus',
  first: 'vorher|zuvor|vorab',
  // Money.
  'whatever iban': 'egal welche iban|gleich welche iban|unabhängig von der iban|ganz gleich welche iban',
  'whatever account': 'egal welches konto|gleich welches konto',
  'whatever amount': 'egal welcher betrag|gleich welcher betrag',
};
