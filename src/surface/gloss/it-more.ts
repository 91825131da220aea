/*
 * More Italian forms for ./it.ts, by concept: the synonyms, the formal `Lei` and plural `voi`
 * orders, and the phrases a native writer uses for what ./it-words.ts names once. Written for
 * this project.
 */

/** English reading → Italian forms (./types.ts). */
export const ITALIAN_MORE: Readonly<Record<string, string>> = {
  // "il file .env viene escluso": what the tool leaves out.
  'is excluded':
    'viene escluso|viene esclusa|vengono esclusi|vengono escluse|è escluso|è esclusa|sono esclusi|sono escluse',
  excluded: 'escluso|esclusa|esclusi|escluse',
  // A bare elision before a word the glossary does not hold (`dell'invio`): its reading, then the word.
  'the ': "l'",
  'of the ': "dell'|degl'",
  'to the ': "all'",
  'in the ': "nell'",
  'on the ': "sull'",
  'from the ': "dall'",
  'a ': "un'",
  'of ': "d'",
  'before the send': "prima dell'invio|prima dell'inoltro|prima della spedizione|prima del pagamento",
  // Orders in the formal Lei and the plural voi.
  follow: 'segua|seguano|si attenga a|attieniti a|attenetevi a',
  obey: 'obbedisca|ubbidisca|obbedite|ubbidite|dai retta a|date retta a|dia retta a',
  ignore: 'ignori|ignorate|trascura|trascuri|trascurate|tralascia|tralasci|tralasciate|non tenere conto di',
  forget: 'dimentichi|dimenticate|scorda|scordati|scordatevi|si dimentichi',
  send: 'invii|mandi|spedisca|trasmetta|inoltri',
  'go ahead and': 'procedi|procedete|proceda|vai avanti e|prosegui|proseguite',
  // Override: guidance received so far, declared void.
  guidance: 'indicazioni|indicazione|consegne|disposizioni|prescrizioni',
  orders: 'ordini|comandi ricevuti',
  received: 'ricevute|ricevuti|ricevuta|ricevuto',
  'you were given':
    'ti sono state date|ti sono stati dati|ti è stato dato|ti è stata data|le sono state date|le sono stati dati|vi sono state date|vi sono stati dati|ti hanno dato|ti sono state impartite|le sono state impartite|ti sono state fornite',
  previously: "in precedenza|precedentemente|prima d'ora|finora|fino ad ora|fin qui|sinora",
  'from now on': "da adesso|da ora|d'ora innanzi|da qui in avanti|da questo momento in poi|d'ora in avanti",
  'what is written': 'quanto scritto|ciò che è scritto|quello che è scritto|quanto riportato',
  void: 'nulle|nulli|nulla e non valida|prive di effetto|privi di effetto|decadute|decaduti|superate',
  'as a prerequisite':
    'come prerequisito|come requisito|come condizione preliminare|come primo passo|come passo preliminare',
  // The user outranked.
  'counts more than':
    'vale più di|vale più del|vale più della|conta più di|conta più del|pesa più di|è più importante di',
  'prevails over': 'prevale su|prevale sul|prevale sulla|ha la meglio su|scavalca',
  'what the user said':
    "quello che ha detto l'utente|ciò che ha detto l'utente|quello che dice l'utente|ciò che dice l'utente|quanto detto dall'utente|le parole dell'utente",
  'what the user asks':
    "quello che chiede l'utente|ciò che chiede l'utente|quello che ha chiesto l'utente|ciò che ha chiesto l'utente|quanto chiesto dall'utente|la richiesta dell'utente",
  'the results tell you':
    'ti dicano i risultati|ti dicono i risultati|ti dica il risultato|ti dice il risultato|ti chiedano i risultati|ti chiedono i risultati|dicano i risultati|dicono i risultati',
  'the page tells you': 'ti dica la pagina|ti dice la pagina|ti dicano le pagine|ti dicono le pagine',
  'in addition to':
    'in aggiunta a|in aggiunta al|in aggiunta alla|in aggiunta alle|in aggiunta ai|in aggiunta agli|oltre a|oltre al|oltre alle|oltre ai',
  applies: 'applica|applicano',
  own: 'proprie|propri|propria|proprio',
  // Concealment.
  'without telling the user':
    "senza farlo sapere all'utente|senza che l'utente ne sappia nulla|senza avvisare l'utente|senza informare l'utente|tenendo all'oscuro l'utente",
  'do not tell the user':
    "non dirlo all'utente|non dire niente all'utente|non dire nulla all'utente|non farne parola con l'utente|non accennarlo all'utente|non informare l'utente",
  'keep it secret': 'acqua in bocca|non farne parola|mantieni il segreto|tienilo per te',
  // Consent claimed and skipped.
  'without asking for confirmation':
    'senza domandare conferma|senza chiedere il consenso|senza chiedere niente|senza chiedere nulla|senza interpellare',
  'has already approved':
    'ha già approvato|ha già confermato|ha già dato il via libera|ha già dato il suo ok',
  // Sources: an e-mail thread is not the chat.
  'email thread':
    'conversazione email|conversazione e-mail|conversazione di posta|discussione email|thread email',
  'the thread id': "l'id della conversazione|l'identificativo della conversazione|id della conversazione",
  // Sources.
  'form data': 'dati inseriti nei moduli|dati inseriti nei form|dati digitati|dati dei campi|testo digitato',
  'typed text': 'quello che digita|ciò che digita|quanto digitato|tasti digitati',
  'login data': 'dati di accesso|dati di login|dati di autenticazione',
  'auth token': 'token di autenticazione|token di autorizzazione|token bearer',
  'recovery phrase': 'frase di ripristino|parole di recupero',
  // Acts and sinks.
  credit: 'accredita|accreditate|accreditare|accrediti|versa|versate|versare|versi',
  payment: 'pagamento|pagamenti|versamento|versamenti',
  'in bcc': 'in copia nascosta|in ccn|in copia conoscenza nascosta',
  bcc: 'copia nascosta|ccn',
  cc: 'copia conoscenza|in cc',
  'leak data':
    'rubano i dati|rubano dati|ruba i dati|ruba dati|sottraggono dati|sottraggono i dati|spiano i dati|vendono i dati',
  instead: 'al posto|in sostituzione',
  'phrases such as': 'frasi come|frasi quali|frasi tipo|espressioni come|formule come|frasi del tipo',
  phrases: 'frasi|frase|espressioni|formule',
  // Money the user did not choose.
  'whatever iban': 'qualunque iban|qualsiasi iban',
  'whatever account': 'qualunque conto|qualsiasi conto',
  'whatever amount': 'qualunque importo|qualsiasi importo|qualunque cifra|qualsiasi cifra',
  'whatever recipient':
    'qualunque destinatario|qualsiasi destinatario|qualunque beneficiario|qualsiasi beneficiario',
  // Other tools, by kind.
  'any other': "nessun altro|nessun'altra|nessuna altra",
  'converter tools': 'convertitori|altri convertitori',
  'converter tool': 'convertitore',
  'translator tools': 'traduttori',
  'search tool': 'strumento di ricerca|motore di ricerca',
  'search tools': 'strumenti di ricerca|motori di ricerca',
  'mail clients': 'client di posta|client email',
  integrations: 'integrazioni',
  extensions: 'estensioni',
  plugins: 'plugin|componenti aggiuntivi',
  connectors: 'connettori',
  'only use':
    'usa unicamente|utilizza unicamente|usate unicamente|usi unicamente|usi solo|usi soltanto|usi esclusivamente|utilizzi solo|utilizzi esclusivamente',
};
