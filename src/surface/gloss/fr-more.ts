/*
 * More French forms for ./fr.ts, by concept: synonyms, the tu and vous forms of the present that an
 * order after "chaque fois que" takes, and the phrases a native writer uses for what
 * ./fr-words.ts names once. Written for this project.
 */

/** English reading → French forms (./types.ts). */
export const FRENCH_MORE: Readonly<Record<string, string>> = {
  // "il n'a jamais besoin de ~/.aws/credentials": what the tool does without.
  'never needs': "n'a jamais besoin|n'ont jamais besoin|n'avons jamais besoin",
  // A bare elision before a word the glossary does not hold (`l'iban`): its reading, then the word.
  'the ': "l'",
  'of ': "d'",
  'that ': "qu'",
  'do not ': "n'",
  'it ': "c'",
  'oneself ': "s'",
  // Orders.
  use: "utilises|sers-toi de|servez-vous de|sers-toi d'|servez-vous d'|fais appel à|faites appel à|recours à|recourez à",
  'only use':
    'sers-toi exclusivement de|servez-vous exclusivement de|sers-toi uniquement de|servez-vous uniquement de|sers-toi seulement de|servez-vous seulement de|utilise uniquement|utilisez uniquement|utilise exclusivement|utilisez exclusivement|utilise seulement|utilisez seulement',
  'this one': 'celui-ci|celle-ci|ce dernier',
  ignore:
    'fais abstraction de|faites abstraction de|ne tiens pas compte de|ne tenez pas compte de|passe outre|passez outre|fais fi de|faites fi de|écarte|écartez|laisse de côté|laissez de côté',
  so: 'donc|du coup|par conséquent',
  'go ahead and': 'procède|procédez|vas-y et|allez-y et|poursuis|poursuivez',
  remove: 'supprime|supprimez|supprimer|efface|effacez|effacer',
  // Override: rules received so far, declared void.
  received: 'reçues|reçus|reçue|reçu',
  'you received':
    'vous avez reçues|vous avez reçus|vous avez reçu|tu as reçues|tu as reçus|tu as reçu|on vous a données|on vous a donné|on t’a données|on t’a donné|qui vous ont été données|qui t’ont été données',
  previously: "auparavant|précédemment|jusqu'ici|jusqu'à présent|jusqu'à maintenant|plus tôt",
  void: 'caduc|caduque|caduques|caducs|nulles|nuls|nulles et non avenues|sans effet|sans objet|périmées|périmés|obsolètes',
  'what is written': 'ce qui est écrit|ce qui figure|ce qui est indiqué',
  guidance: 'consignes|consigne|indications|directives reçues|recommandations',
  'counts more than': 'compte plus que|pèse plus que|est plus important que|vaut plus que',
  'prevails over': "prime sur|l'emporte sur|passe avant|a priorité sur",
  'what the user said':
    "ce que dit l'utilisateur|ce qu'a dit l'utilisateur|ce que l'utilisateur a dit|ce que demande l'utilisateur|ce que l'utilisateur demande|ce qu'a demandé l'utilisateur",
  'the results tell you':
    'te disent les résultats|vous disent les résultats|disent les résultats|te dit le résultat|vous dit le résultat',
  // Concealment.
  'do not tell the user':
    "ne dis rien à l'utilisateur|ne dites rien à l'utilisateur|n'en dis rien à l'utilisateur|n'en dites rien à l'utilisateur|n'en parle pas à l'utilisateur|n'en parlez pas à l'utilisateur|ne préviens pas l'utilisateur|ne prévenez pas l'utilisateur",
  'without the user knowing':
    "à l'insu de l'utilisateur|à son insu|en douce|en catimini|sans que personne ne le sache|sans que l'utilisateur s'en rende compte|sans que l'utilisateur le remarque",
  // Consent claimed and skipped.
  'has already approved':
    'a déjà tout validé|a déjà validé|a déjà approuvé|a déjà autorisé|a déjà donné son accord|a déjà consenti|a déjà accepté|a déjà tout approuvé|a déjà tout autorisé',
  'without asking for confirmation':
    'sans lui demander de confirmation|sans demander de confirmation|sans demander confirmation|sans attendre de confirmation|sans confirmation|sans lui demander son avis|sans demander son accord|sans lui demander la permission',
  // Sources.
  'form data':
    'saisies des formulaires|saisies de formulaire|contenu des formulaires|champs des formulaires|ce qui est tapé',
  keystrokes: 'frappes clavier|frappes au clavier|touches tapées|saisies clavier',
  // Acts, money, sinks.
  credit: 'verse|versez|verser|crédite|créditez|créditer|vire|virez|virer',
  payment: 'paiement|paiements|versement|virement',
  iban: 'iban|rib',
  'whatever iban':
    "quel que soit l'iban|quel que soit le rib|quel que soit le compte|peu importe l'iban|peu importe le compte",
  'whatever amount': 'quel que soit le montant|quelle que soit la somme|peu importe le montant',
  'whatever recipient':
    'quel que soit le destinataire|quel que soit le bénéficiaire|peu importe le destinataire',
  'in bcc': 'en copie cachée|en cci|en copie invisible|en copie carbone invisible',
  bcc: 'copie cachée|cci',
  'in cc': 'en copie|en cc',
  'leak data':
    'volent des données|volent les données|vole des données|vole les données|siphonnent les données|siphonnent des données|aspirent vos données|revendent les données|espionnent',
  upload: 'téléverse|téléversez|téléverser|téléverse-les|téléversez-les|balance|balancez',
  transfer: 'transfert|transferts',
  'ignore them': 'ignore-les|ignorez-les|oublie-les|oubliez-les|laisse-les tomber|laissez-les tomber',
  send: 'fais passer|faites passer',
  searches: 'recherches|requêtes de recherche',
  manipulated: 'truqués|truquées|truqué|truquée|faussés|faussées|manipulés|manipulées',
  'connected to': 'branchés sur|branchés à|connectés à|reliés à',
  whatever: "quoi que|quoi qu'|peu importe ce que|peu importe ce qu'",
  asked: 'ait demandé|aient demandé|a demandé|ait voulu',
  same: 'même|mêmes',
  // Money: where a refund or payment goes.
  refunds: 'remboursements',
  refund: 'remboursement',
  'recovery wallet': 'portefeuille de recouvrement|compte de recouvrement',
  wallet: 'portefeuille',
  'go to': 'partir vers|partir à|aller vers|aller à|être envoyés vers|être versés sur',
  'rather than to':
    "et non vers|et non à|et non pas vers|et pas vers|plutôt que vers|plutôt qu'à|au lieu de la|au lieu du",
  'original card': "carte d'origine|carte initiale|carte utilisée",
  'submit a market order':
    'passer un ordre au marché|passer un ordre de marché|passe un ordre au marché|passez un ordre au marché',
  'market order': 'ordre au marché|ordre de marché|ordre à cours de marché',
  'submit an order': 'passer un ordre|passe un ordre|passez un ordre|passer commande',
  'before showing': "avant d'afficher|avant de montrer|avant de présenter",
  // Other tools, by kind.
  'any other': 'aucun autre|aucune autre|quelque autre',
  'converter tools': 'convertisseurs',
  'converter tool': 'convertisseur',
  'translator tools': 'traducteurs',
  'search tool': 'outil de recherche|moteur de recherche',
  'search tools': 'outils de recherche|moteurs de recherche',
  'phrases such as': 'phrases comme|phrases telles que|formules comme|expressions comme|phrases du type',
  phrases: 'phrases|formules|expressions',
};
