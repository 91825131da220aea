/*
 * Acting on a hidden or encoded text, in each glossed language (issue 22: TOOL03 asks whether the
 * words around a run tell the model to decode it and act on it, ../obey.ts): comply with it, apply
 * it, carry it out, obey it, and calling it binding. Joined into each language's table. Written for
 * this project.
 */

/** English reading → Spanish forms. */
export const ACT_ON_ES: Readonly<Record<string, string>> = {
  'comply with': 'cumplir|cumple|cúmplelo|cúmplela|cumpla|cúmplalo|cúmplala|acatar|acata|acátalo|acate',
  'apply it': 'aplícalo|aplícala|aplíquelo|aplíquela|aplicarlo|aplicarla',
  'execute it': 'ejecútalo|ejecútala|ejecútelo|ejecútela|ejecutarlo|ejecutarla',
  'obey it': 'obedécelo|obedécela|obedézcalo|obedecerlo',
  binding: 'vinculante|vinculantes',
  decode: 'decodificar|decodifica|decodifique|descodificar|descodifica|descifrar|descifra',
};

/** English reading → Italian forms. */
export const ACT_ON_IT: Readonly<Record<string, string>> = {
  'comply with': 'rispettare|rispetta|rispettala|rispettalo|rispetti',
  'apply it': 'applicarla|applicarlo|applicala|applicalo|la applichi|lo applichi',
  'execute it': 'eseguirla|eseguirlo|eseguila|eseguilo|la esegua|lo esegua',
  'obey it': 'obbediscile|obbedirle|ubbidirle',
  binding: 'vincolante|vincolanti',
};

/** English reading → French forms. */
export const ACT_ON_FR: Readonly<Record<string, string>> = {
  'execute it': 'exécute-le|exécute-la|exécutez-le|exécutez-la|exécuter-le',
  apply: 'appliquer',
  'apply it': 'applique-le|applique-la|appliquez-le|appliquez-la|l’appliquer|le appliquer',
  'obey it': 'obéis-y|obéissez-y|y obéir',
  'comply with': 'respecte|respectez|respecter|se conformer à|conforme-toi à|conformez-vous à',
  binding: 'contraignant|contraignante|contraignants|contraignantes',
  decode: 'décode|décodez|décoder|déchiffre|déchiffrez|déchiffrer',
};

/** English reading → Portuguese forms. */
export const ACT_ON_PT: Readonly<Record<string, string>> = {
  'comply with': 'cumprir|cumpra|cumpre|acatar|acate',
  'apply it': 'aplique-o|aplique-a|aplica-o|aplica-a|aplicá-lo|aplicá-la',
  'execute it': 'execute-o|execute-a|executa-o|executa-a|executá-lo|executá-la',
  binding: 'vinculante|vinculantes|vinculativo|vinculativa',
  decode: 'decodificar|decodifique|decodifica|descodificar|decifrar|decifre',
};
