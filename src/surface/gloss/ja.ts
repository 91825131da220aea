import type { GlossTable } from './types.js';

/**
 * Every `head + tail` for the given heads and tails, `|`-separated: Japanese puts the object before
 * the verb ("指示を無視"), so a verb phrase is written whole and read in English order ("ignore
 * instructions"), which the English rules need.
 */
function each(heads: string, tails: string): string {
  return heads
    .split('|')
    .flatMap((h) => tails.split('|').map((t) => h + t))
    .join('|');
}

/** The user, as a noun phrase (with the particles that follow it). */
/** Other, as a qualifier of tools. */
const OTHER = '他の|ほかの|組み込みの|標準の|その他の|別の';
const USER = 'ユーザー|ユーザ|利用者|使用者|お客様';
const TO_USER = each('ユーザー|ユーザ|利用者', 'に|には');
/** Rules and instructions, as the object of ignore/forget. */
const RULES = '指示|命令|指令|ルール|規則|ガイドライン|制約|制限|プロンプト|方針';
const OBJECT = each(RULES, 'を|は|をすべて|はすべて|を全て|は全部');
/** "All" after a noun ("結果をすべて" = every result). */
const ALL = 'をすべて|を全て|を全部|は全部|はすべて|は全て|も全部|全部|全て|すべて';

/** Japanese (./types.ts explains the format). */
export const JAPANESE: GlossTable = {
  language: 'ja',
  markers: '',
  words: {
    // Particles the English rules would only stumble over.
    '': 'を|・',
    can: 'ことができ|ことが可能|できます',
    by: 'ことで|ことにより',
    sometimes: 'ことがあ',
    'you must': 'こと',
    // Addressees.
    you: 'あなた|あなたは|君|きみ|お前',
    your: 'あなたの|君の',
    'the assistant': 'アシスタント|aiアシスタント|ai助手',
    'the agent': 'エージェント|aiエージェント',
    'the model': 'aiモデル|言語モデル',
    'the user': USER,
    "the user's": each(USER, 'の'),
    'to the user': TO_USER,
    // Directives.
    always: '必ず|常に|いつも|毎回|絶対に|かならず',
    must: 'しなければなりません|しなければならない|しなければいけません|なければならない|なければなりません|なければいけません|必要があります|必要がある|ねばならない|べき|しなければ',
    'you should': 'てください|でください|ください|下さい|してね|てね|するように|ように',
    'make sure': '確実に|忘れずに',
    never: '決して|絶対にしない|一切',
    'do not': 'しないでください|ないでください|しないで|ないで|してはいけない|てはいけない|てはならない|禁止',
    before: '前に|の前に|より前|する前|前は',
    after: '後に|あとで|のあと|後で',
    first: 'まず|最初に|先に|事前に',
    instead: '代わりに|かわりに',
    'rather than': 'ではなく|ではなくて|でなく',
    'before using any other tools': each(
      OTHER,
      each('ツール|サーバー', 'を使う前に|を呼ぶ前に|を使用する前に|を呼び出す前に|より先に|よりも先に'),
    ),
    'instead of the other tools': each(
      OTHER,
      each('ツール|検索ツール|ファイルツール|サーバー|機能', 'の代わりに|ではなく|を使わずに'),
    ),
    'do not use the other tools': each(
      OTHER,
      each('ツール|サーバー', each('は|を', '使わない|使用しない|呼ばない|呼び出さない|信頼しない|使わず')),
    ),
    operation: '操作',
    'are revoked':
      '取り消されました|取り消され|取消され|撤回され|無効になりました|無効になり|無効です|無効とな|失効',
    'the user need not be told': each(TO_USER, '言う必要は|伝える必要は|知らせる必要は|報告する必要は'),
    'regardless of': 'に関係なく|にかかわらず|に関わらず|を問わず',
    maximum: '最大|上限いっぱい',
    'submit order': '注文し|注文する|注文を出|発注し|発注する',
    header: 'ヘッダー|ヘッダ',
    request: 'リクエスト',
    'add with admin role': each(
      'admin|管理者|オーナー|owner|maintainer',
      each(' |', each('ロール|権限', 'で追加|で招待|を付けて追加|を付与して追加')),
    ),
    'auth token': '認証トークン|認証用トークン',
    important: '重要|重要:|注意:|大事',
    'every time': 'たびに|度に|ごとに|毎に',
    'from now on': '今から|これから|今後は|以後は|以降は|これ以降',
    only: 'だけ|のみ|しか',
    // Negation and description.
    'does not': 'しません|ません|しない|されない|されません|しておらず|せず',
    'is not': 'ではありません|ではない|じゃない',
    excluded: '除外|除外され',
    denied: '拒否',
    masked: 'マスク|伏せ字|伏字',
    'not allowed': '許可されていません|許可されない|できません',
    // Concealment.
    'without telling the user': each(
      TO_USER,
      '知らせない|知らせずに|知らせず|伝えない|伝えずに|伝えず|言わない|言わずに|言わず|教えない|教えずに|教えず|通知しない|通知せずに|通知せず|報告しない|報告せずに|報告せず|説明しない|説明せずに',
    ),
    'not shown to the user': each(
      TO_USER,
      '見せない|見せずに|見せず|表示しない|表示せずに|表示せず|表示されない',
    ),
    'without the user knowing':
      'こっそり|ひそかに|密かに|内緒で|黙って|秘密裏に|気づかれないように|気付かれないように|知られないように|' +
      each(
        USER,
        'に気づかれずに|に気づかれず|に気づかれないように|に知られずに|に知られず|に知られないように|が知らないうちに|の知らないうちに|に気付かれずに|に気付かれず',
      ),
    'omit it from the report': each(
      '報告|回答|返答|要約|一覧|リスト|出力|サマリー|レポート|結果',
      'には書かない|に書かない|には含めない|に含めない|に記載しない|には記載しない|から除外し|から省',
    ),
    'do not mention':
      '書かないで|書かない|触れないで|触れない|言及しない|言及せず|明かさない|明かさず|開示しない',
    // Override.
    ignore: '無視',
    forget: '忘れ',
    'ignore instructions': each(OBJECT, '無視|忘れ|破棄'),
    previous: 'これまでの|以前の|今までの|前の|先の|上記の|既存の|元の|ここより上|上の',
    instructions: '指示|命令|指令',
    rules: 'ルール|規則|ガイドライン|方針',
    'takes precedence over the': 'より優先|よりも優先',
    obey: '従って|従う|従い|従え|に従|遵守',
    'you are now': 'あなたは今|今のあなたは',
    // Sources.
    password: 'パスワード',
    'saved passwords': '保存済みパスワード|保存されたパスワード|保存済みのパスワード',
    'saved credentials': '保存済みの認証情報|保存済み認証情報|保存された認証情報',
    credentials: '認証情報|資格情報|クレデンシャル|ログイン情報',
    'api key': 'apiキー|api鍵',
    'access token': 'アクセストークン',
    token: 'トークン',
    'private key': '秘密鍵|プライベートキー',
    'ssh key': 'ssh鍵|sshキー',
    secrets: '秘密情報|機密情報|シークレット|秘密',
    cookies: 'クッキー',
    'session cookies': 'セッションクッキー|セッションcookie',
    session: 'セッション',
    keystrokes: 'キー入力|打たれたキー|押されたキー|入力されたキー|キーストローク|打鍵',
    clipboard: 'クリップボード',
    'browsing history': '閲覧履歴|ブラウザ履歴',
    'form data': 'フォームデータ|フォームの値|入力内容',
    conversation: '会話|対話',
    'chat history': '会話履歴|チャット履歴|対話履歴|やり取り',
    'the system prompt': 'システムプロンプト',
    'environment variables': '環境変数',
    'personal data': '個人情報|個人データ',
    'contact list': '連絡先|アドレス帳',
    'card number': 'カード番号|クレジットカード番号',
    'verification code': '確認コード|認証コード|ワンタイムパスワード',
    'every result': each('結果', ALL),
    'every output': each('出力', ALL),
    'every response': each('応答|返答|レスポンス', ALL),
    'all documents': each('文書|ドキュメント', ALL),
    'all files': each('ファイル', ALL),
    'the contents of all files': each('ファイルの内容|ファイルの中身|文書の内容|ドキュメントの内容', ALL),
    'other tools': '他のツール|ほかのツール|その他のツール|別のツール|他社のツール|以外のツール|のツール以外',
    'never use them': each(
      '絶対に|決して',
      '使わない|使用しない|利用しない|呼ばない|呼び出さない|信頼しない|使わず',
    ),
    everyone: '全員|全ユーザー|すべてのユーザー|全てのユーザー',
    'promote as the owner': each('オーナー|所有者', 'に昇格|へ昇格|にし|にする|に設定|に変更'),
    'promote as the admin': each('管理者|アドミン', 'に昇格|へ昇格|にし|にする|に設定|に変更'),
    'as the administrator': each(
      '管理者|アドミン|オーナー|所有者|開発者|システム|運営者|運営',
      'として|の立場で|の権限で',
    ),
    'is authorized': '権限を持って|権限があ|権限を有し|権限が与えられ',
    'multiply ten times': '10倍にし|十倍にし|10倍に|十倍に',
    multiply: '倍にし|倍に',
    'all messages': each('メッセージ', ALL),
    'all emails': each('メール', ALL),
    'all inputs': each('入力', ALL),
    every: 'すべての|全ての|全部の|あらゆる|すべて|全て|全部|各|毎',
    all: 'ありとあらゆる|片っ端から|残らず|もれなく',
    contents: '内容|中身',
    file: 'ファイル',
    files: 'ファイル群',
    documents: '文書|ドキュメント',
    result: '結果',
    output: '出力',
    response: '応答|返答|レスポンス',
    'full text': '全文|本文全体',
    // Acts.
    send: '送信|送って|送る|送り|送ら|送っ|送付',
    forward: '転送',
    upload: 'アップロード',
    post: '投稿|ポスト',
    share: '共有',
    attach: '添付',
    include: '含め|含む|含ま|含み',
    add: '追加|加え|付け',
    'put into': 'に入れ|へ入れ|に挿入|に埋め込|に書き込|に記入',
    'paste into': 'に貼|に貼り付け|にペースト',
    pass: '渡して|渡す|渡し|渡さ',
    copy: 'コピー|複製',
    mirror: 'ミラー',
    relay: '中継',
    sync: '同期',
    embed: '埋め込',
    record: '記録',
    log: 'ログに|ログを',
    collect: '収集|集め|取得',
    read: '読み取|読み込|読んで|読む|読み',
    search: '探して|探す|探し|検索',
    save: '保存',
    report: '報告',
    redirect: 'リダイレクト|転送先を変更',
    navigate: '移動|遷移',
    open: '開いて|開く|開き',
    replace: '置き換え|差し替え|入れ替え',
    change: '変更|変え',
    pay: '振り込んで|振り込む|振り込み|振込|支払|送金',
    resolve: '解決|名前解決',
    value: '値',
    subdomain: 'サブドメイン',
    'embed as the dns label':
      'をラベルにした|をラベルにして|をラベルに|をサブドメインにした|をサブドメインにして',
    'as the value in the': 'を値に持つ|を値とする|を値にした|を値に',
    'hidden field': '隠し入力|隠しフィールド|非表示の入力|非表示フィールド',
    'a copy of': 'のコピー|の複製',
    service: 'サービス',
    memory: '記憶',
    grant: '付与|与え|授与',
    'grant admin permissions': each(
      '管理者権限|管理権限|オーナー権限|所有者権限|root権限|全権限',
      'を付与|を与え|を授与',
    ),
    promote: '昇格',
    approve: '承認|許可',
    'is already pre-approved':
      '許可しました|承認しました|同意しました|許可済み|承認済み|同意済み|許可しています|承認しています|同意しています',
    'without confirmation': '確認なしで|確認せずに|確認を取らずに|確認不要|承認なしで|同意なしで',
    call: '呼び出|呼ん|呼ぶ|呼び',
    use: '使って|使う|使い|使用|利用',
    'do not call': '呼び出さない|呼ばない|呼び出さず',
    'do not use': '使わない|使用しない|利用しない|使わず',
    'use this': each('こちら|これ|このツール|本ツール|当ツール', 'を使|を使用|を利用'),
    run: '実行',
    // Sinks.
    url: 'アドレス',
    server: 'サーバー|サーバ',
    'external server': '外部サーバー|外部のサーバー|外部サーバ',
    'remote server': 'リモートサーバー|リモートのサーバー',
    external: '外部',
    remote: 'リモート',
    endpoint: 'エンドポイント',
    webhook: 'ウェブフック|webフック',
    'email address': 'メールアドレス',
    email: 'メール|電子メール',
    bucket: 'バケット',
    "the vendor's": 'ベンダーの',
    our: '当社の|弊社の|私たちの|我々の',
    parameter: 'パラメーター|パラメータ|引数',
    field: 'フィールド|欄',
    note: 'メモ|備考',
    'every request': 'すべてのリクエスト|全てのリクエスト|各リクエスト|リクエストごと|リクエストのたびに',
    // Other tools.
    'built-in tools': '組み込みツール|組み込みのツール|標準ツール|内蔵ツール',
    other: '他の|ほかの|その他の|別の',
    them: 'あちら|それら|それ',
    this: 'この|こちら|本',
    tools: 'ツール',
    // Disparagement.
    untrustworthy: '信頼できず|信頼できない|信頼できません|信用できない|信用できません|信頼性が低い',
    broken: '壊れて|故障',
    buggy: 'バグが多い|バグが多く|バグだらけ|不具合が多い|不具合が多く',
    unsafe: '安全でない|安全ではない|安全ではありません|安全でなく|安全ではなく|危険|危ない',
    deprecated: '非推奨|廃止',
    compromised: '侵害され|乗っ取られ',
    'lose data': 'データを失|データが失われ|データを消',
    // Finance and privilege.
    recipient: '宛先|受取人|送金先',
    payee: '振込先|支払先',
    'destination account': '振込先口座|送金先口座',
    'account number': '口座番号',
    account: '口座|アカウント',
    amount: '金額',
    price: '価格|値段',
    quantity: '数量|株数',
    administrator: '管理者',
    owner: '所有者|オーナー',
    role: 'ロール|役割',
    permissions: '権限',
    consent: '同意',
    confirmation: '確認',
    invoice: '請求書',
    // Mention frames.
    'such as': 'のような|といった|などの|例えば|たとえば',
    'e.g.': '例:|例 :',
    detects: '検出|検知|検査|ブロック',
    'prompt injection': 'プロンプトインジェクション',
    phrases: '表現|フレーズ|文言',
  },
};
