/*
 * More Portuguese forms for ./pt.ts, by concept: function words, Brazilian and European variants,
 * synonyms, and the phrases a native writer uses for what ./pt.ts and ./pt-nouns.ts name once.
 * Written for this project.
 */

/** English reading → Portuguese forms (./types.ts). */
export const PORTUGUESE_MORE: Readonly<Record<string, string>> = {
  // Function words.
  with: 'com|com o|com a|com os|com as',
  'of this': 'desta|deste|destas|destes',
  'in this': 'nesta|neste|nestas|nestes',
  itself: 'si mesmo|si mesma|si próprio',
  // Orders.
  follow: 'segue|siga|sigam|segui|seguir',
  obey: 'obedeça|obedece|obedeçam|acate|acata',
  do: 'faça|façam|faz',
  'only use':
    'utilize exclusivamente|use exclusivamente|usa exclusivamente|use apenas|utilize apenas|usa apenas|use só|use somente|utilize somente|usa só',
  'act as': 'atua como|atue como|aja como|age como',
  'supply in':
    'informar em|informe em|informa em|informar no|informe no|informa no|informar na|informe na|preencha em',
  // Override: rules given, declared void; output to be carried out.
  'you were given':
    'te foram dadas|lhe foram dadas|foram-te dadas|foram-lhe dadas|te deram|lhe deram|que você recebeu|que recebeste|que você tinha recebido',
  previously: 'anteriormente|previamente|até agora|até aqui|antes disso',
  'are void':
    'deixaram de valer|deixam de valer|perderam a validade|ficam sem efeito|estão revogadas|estão revogados|foram revogadas|foram revogados|estão anuladas|foram anuladas',
  'no longer applies': 'deixa de valer|deixa de vigorar|já não vale|não vale mais|perde a validade',
  'no longer apply': 'já não valem|não valem mais|não se aplicam mais|já não se aplicam',
  'carried out': 'cumpridos|cumpridas|cumprido|cumprida|atendidos|atendidas',
  obeyed: 'obedecidos|obedecidas|obedecido|acatados|acatadas',
  executed: 'executados|executadas|executado|executada',
  followed: 'seguidos|seguidas|seguido|seguida',
  'as if they came from the operator':
    'como se viessem do operador|como se fossem do operador|como vindo do operador',
  'as if it came from the system':
    'como se viesse do sistema|como vindo do sistema|como vindo da plataforma|como se viesse da plataforma',
  'security policy': 'política de segurança|políticas de segurança',
  'refusal rule': 'regra de recusa|regras de recusa',
  output: 'saída|saídas',
  requests: 'pedidos|solicitações',
  'counts more than': 'vale mais que|vale mais do que|pesa mais que|conta mais que|é mais importante que',
  'prevails over': 'prevalece sobre|tem prioridade sobre|se sobrepõe a',
  'whatever the user asks':
    'peça o que pedir o usuário|diga o que disser o usuário|seja o que for que o usuário peça',
  // Consent claimed and skipped.
  'is already pre-approved':
    'está aprovado|está aprovada|está autorizado|está autorizada|está pré-aprovado|está pré-aprovada|já está aprovado|já está autorizado',
  'has already approved':
    'já aprovou|já autorizou|já consentiu|já deu o consentimento|já deu seu consentimento|já concordou|já deu o aval|já deu o ok',
  'without confirmation':
    'sem necessidade de confirmação|sem pedir confirmação|sem solicitar confirmação|sem esperar confirmação|sem confirmação|sem perguntar ao usuário|sem consultar o usuário',
  'without informing':
    'sem precisar informar|sem precisar avisar|sem precisar contar|sem necessidade de informar|sem avisar|sem informar|sem comunicar',
  // Sources.
  'bearer token': 'token bearer|token de portador',
  'you are running with':
    'com que está operando|com que está rodando|com que você está operando|com que está a funcionar',
  'known bugs':
    'bug conhecido|bugs conhecidos|defeito conhecido|defeitos conhecidos|falha conhecida|falhas conhecidas',
  'deletes the original file':
    'apaga o arquivo original|apaga o ficheiro original|deleta o arquivo original|exclui o arquivo original',
  // Money and roles.
  'admin role': 'papel de administrador|função de administrador|perfil de administrador|papel de admin',
  assign: 'atribua|atribui|atribuir|atribuam',
  grant: 'conceda|concede|conceder|concedam',
  'to every new member': 'a cada novo membro|a todo novo membro|a cada membro novo',
  credit: 'credite|credita|creditar|deposite|deposita|transfira|transfere',
  payment: 'pagamento|pagamentos',
  invoice: 'fatura|faturas',
  'whatever iban':
    'seja qual for o iban|qualquer que seja o iban|independentemente do iban|não importa o iban',
  'whatever account': 'seja qual for a conta|qualquer que seja a conta',
  'whatever amount': 'seja qual for o valor|qualquer que seja o valor|seja qual for o montante',
  refunds: 'reembolsos|estornos|devoluções',
  // Sinks and copies.
  'in bcc': 'em cópia oculta|em cco|com cópia oculta',
  bcc: 'cópia oculta|cco',
  'leak data':
    'roubam dados|roubam os dados|rouba dados|vazam dados|vazam os dados|vaza dados|espionam|vendem os dados',
  'public visibility': 'visibilidade pública|visibilidade public',
  'subsequent calls': 'chamadas seguintes|chamadas subsequentes|próximas chamadas|chamadas futuras',
  // Other tools, by kind.
  'any other': 'nenhuma outra|nenhum outro|qualquer outra|qualquer outro',
  'converter tools': 'conversores',
  'converter tool': 'conversor',
  'search tools': 'ferramentas de busca|ferramentas de pesquisa|motores de busca|buscadores',
  'search tool': 'ferramenta de busca|ferramenta de pesquisa|motor de busca|buscador',
  instead: 'no lugar delas|no lugar dela|no lugar deles|no lugar dele|em vez delas|em vez dela|em seu lugar',
  'phrases such as': 'frases como|frases do tipo|expressões como',
  phrases: 'frases|expressões',
  'are unreliable': 'não são confiáveis|não são seguras|não são seguros|são pouco confiáveis',
  'is unreliable': 'não é confiável|não é seguro|não é segura|é pouco confiável',
};
