/*
 * More Spanish forms for ./es.ts, by concept: usted orders, synonyms, and the phrases a native
 * writer uses for what ./es.ts and ./es-nouns.ts name once. Written for this project.
 */

/** English reading → Spanish forms (./types.ts). */
export const SPANISH_MORE: Readonly<Record<string, string>> = {
  // Orders in the usted form and the future.
  follow: 'siga|sigan|sigue|seguid|atente a|aténgase a',
  use: 'utilice|utilicen|emplee|empleen|usará|utilizará|recurre a|recurra a',
  'only use':
    'utilice exclusivamente|use exclusivamente|utiliza exclusivamente|usa exclusivamente|utilice solo|use solo|utilice únicamente|use únicamente|usa únicamente|utiliza únicamente',
  send: 'envíe|envíen|mande|manden|remita|remitan|despache',
  'go ahead and': 'procede a|proceda a|procede|proceda|adelante y',
  'call them': 'llamarlas|llamarlos|invocarlas|invocarlos|usarlas|usarlos',
  // Override: rules received, declared void; tool output given authority.
  received: 'recibidas|recibidos|recibida|recibido|recibió|recibiste|ha recibido|has recibido',
  'you received':
    'usted recibió|que recibiste|que ha recibido|que has recibido|que te dieron|que le dieron|que se te dieron',
  'you were originally set up with':
    'con las que te configuraron|con las que le configuraron|con las que te configuramos|con los que te configuraron|con que te configuraron',
  previously: 'anteriormente|previamente|hasta ahora|hasta el momento|con anterioridad',
  'are void':
    'quedan sin efecto|quedan anuladas|quedan anulados|quedan derogadas|quedan derogados|pierden validez|pierden vigencia',
  'no longer apply':
    'ya no valen|ya no rigen|ya no sirven|ya no aplican|ya no se aplican|dejan de valer|dejan de aplicarse',
  'consider them revoked':
    'considéralas anuladas|considéralos anulados|dalas por anuladas|dalos por anulados|considérelas anuladas',
  'returned content': 'contenido devuelto|contenido obtenido|contenido recuperado|texto devuelto',
  'has operator authority':
    'tiene autoridad de operador|tiene autoridad del operador|tiene rango de operador',
  'has system authority': 'tiene autoridad de sistema|tiene autoridad del sistema',
  contradicts: 'contradice|contradicen|choca con|entra en conflicto con',
  'whatever the user asks':
    'pida lo que pida el usuario|diga lo que diga el usuario|quiera lo que quiera el usuario|elija lo que elija el usuario|haga lo que haga el usuario',
  'counts more than': 'vale más que|pesa más que|cuenta más que|es más importante que',
  // Consent claimed and skipped.
  'has already approved':
    'ya lo aprobó|ya ha aprobado|ya aprobó|ya lo autorizó|ya ha autorizado|ya autorizó|ya dio su consentimiento|ya ha dado su consentimiento|ya dio su visto bueno|ya ha dado el visto bueno|ya lo ha aceptado|ya aceptó',
  'without asking for confirmation':
    'sin pedir confirmación|sin pedirle confirmación|sin solicitar confirmación|sin esperar confirmación|sin consultar al usuario|sin preguntar al usuario|sin preguntarle',
  // Sources.
  'mcp client config files': [
    'archivos de configuración del cliente mcp',
    'archivo de configuración del cliente mcp',
    'ficheros de configuración del cliente mcp',
    'archivos de configuración de claude desktop',
    'archivos de configuración de claude',
    'archivos de configuración de cursor',
    'configuración del cliente mcp',
  ].join('|'),
  'mcp client': 'cliente mcp',
  'form data':
    'lo que se escribe en los formularios|datos de los formularios|lo que se teclea|lo tecleado|campos del formulario',
  'typed text': 'lo que escribe el usuario|lo que teclea el usuario',
  // Money.
  credit:
    'abona|abone|abonar|ingresa|ingrese|ingresar|deposita|deposite|acredita|acredite|transfiere|transfiera',
  payment: 'pago|pagos|abono',
  invoice: 'factura|facturas',
  'whatever iban':
    'sea cual sea el iban|cualquiera que sea el iban|sin importar el iban|independientemente del iban',
  'whatever amount': 'sea cual sea el importe|sea cual sea el monto|sin importar el importe',
  'whatever account': 'sea cual sea la cuenta|sin importar la cuenta',
  refunds: 'reembolsos|devoluciones',
  refund: 'reembolso',
  wallet: 'monedero|billetera|cartera',
  // Sinks and copies.
  'in bcc': 'en copia oculta|en cco|con copia oculta',
  bcc: 'copia oculta|cco',
  'leak data':
    'roban datos|roban los datos|roba datos|filtran datos|filtran los datos|espían|venden los datos|venden tus datos',
  ads: 'publicidad|anuncios',
  // Other tools, by kind.
  'any other': 'ninguna otra|ningún otro|ninguna de las otras',
  'other servers': 'otros servidores|otras herramientas|otros servicios',
  'converter tools': 'convertidores',
  'converter tool': 'convertidor',
  'search tools': 'herramientas de búsqueda|motores de búsqueda|buscadores',
  'search tool': 'herramienta de búsqueda|motor de búsqueda|buscador',
  'phrases such as': 'frases como|frases del tipo|expresiones como|fórmulas como',
  phrases: 'frases|expresiones|fórmulas',
};
