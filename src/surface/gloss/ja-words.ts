import { each } from './compose.js';

/*
 * More Japanese forms for ./ja.ts, by concept: the synonyms, registers (plain, polite, written)
 * and verb forms a native writer uses for what ./ja.ts names once. Written for this project.
 */

const USER = 'ユーザー|ユーザ|利用者|使用者|お客様|顧客|依頼者';
const TO_USER = each('ユーザー|ユーザ|利用者|お客様|顧客', 'に|には|へ|へは');
/** Rules and orders, as the object of a verb that voids them. */
const RULES =
  '指示|命令|指令|ルール|規則|ガイドライン|制約|制限|プロンプト|方針|指図|ポリシー|安全ルール|安全規則|安全ガイドライン|制約事項|システムプロンプト|システム指示|開発者の指示|ユーザーの指示|ユーザーの依頼|ユーザーの要望|言いつけ';
const VOID =
  '無視|忘れ|破棄|放棄|捨て|取り消|撤回|上書き|リセット|無効に|無効化|なかったことに|気にせず|気にしな|度外視';
/** Verbs of consent, for consent claimed as already given. */
const CONSENT = '承認|許可|同意|了承|承諾|合意|許諾';
const DONE = 'したので|したから|したため|している|しており|しています|しました|済み|済|ずみ';

/** English reading → Japanese forms (./types.ts). */
export const JAPANESE_MORE: Readonly<Record<string, string>> = {
  // Addressees and registers.
  you: 'あなた様|貴方|あんた|そなた|貴殿',
  'you must':
    'すること|するべし|すべし|ものとする|ものとします|するものとする|なくてはならない|なくてはなりません|ないといけない|ないといけません|なくちゃいけない',
  'you should':
    'してくれ|てくれ|てちょうだい|しておけ|ておけ|してもらいたい|てもらいたい|していただきたい|ていただきたい|していただけますか|してくださいね|してほしいです|されたし|するよう',
  mandatory: '必須|義務|必須です|必須とする',
  // Negation and description (what the tool does not do is no order).
  'does not':
    'いたしません|行いません|ことはありません|ことはない|ことはございません|しておりません|されることはありません',
  'not allowed': '禁止されています|禁じられています|認められていません|許されていません',
  // Concealment.
  'keep it secret':
    '秘密にして|秘密にする|内密に|内緒にして|内緒に|伏せて|伏せる|口外しない|口外せず|他言無用|他言しない|黙っておいて|黙っていて',
  'without the user knowing':
    'バレないように|ばれないように|悟られないように|見つからないように|気付かれないよう|気づかれないよう|人知れず|裏で|水面下で|' +
    each(
      USER,
      'に見られないように|の目に触れないように|にばれないように|にバレないように|に悟られないように',
    ),
  'without telling the user': each(
    TO_USER,
    '言わないで|伝えないで|知らせないで|報告しないで|教えないで|通知しないで|連絡しない|連絡せず|明かさない|明かさず|開示しない|開示せず|話さない|話さず|触れない|触れず|説明せず|は内緒で|内緒で',
  ),
  'without telling anyone':
    '誰にも言わず|誰にも言わない|誰にも知らせず|誰にも知らせない|何も言わずに|何も言わず|黙って',
  'not shown to the user': each(
    TO_USER,
    '見せないで|表示しないで|見えないように|見せないように|表示させない',
  ),
  'do not mention it': each(
    'それ|これ|その件|この件|この処理|この明細',
    each('に|には|について|については', '触れない|触れず|言及しない|言及せず|触れないで|言及しないで'),
  ),
  'do not mention': '言及しないで|言及は不要|記載しないで|書かないこと|書かないでください',
  // Override.
  'ignore instructions': each(each(RULES, 'を|は|をすべて|はすべて|を全て|は全部|も|を一切|は一切'), VOID),
  previous:
    'それまでの|従来の|前回の|当初の|元々の|もともとの|過去の|最初の|受け取った|与えられた|守ってきた|従ってきた|これより前に受け取った|これより前の|ここまでの',
  'are revoked':
    '無効になった|無効とする|無効化され|効力を失|失効し|廃止され|取り消します|撤回します|破棄され|破棄します|無効になっています',
  'no longer apply':
    '従わなくて構いません|従わなくても構わない|従わなくても構いません|守らなくていい|守らなくて構いません|気にしなくていい|気にしなくて構いません|守る必要はありません|もう関係ありません|適用外です',
  'from now on': '今後は|これからは|以後は|この先は|ここから先は|今から先|今この瞬間から|これより先',
  'your real task': '本当の任務|真の任務|本来の目的|本当の役割|真の役割|本当の仕事',
  obey: '言う通りに|言うとおりに|指示通りに|指示どおりに',
  'act as': 'として振る舞|として振舞|になりきって|を演じて',
  // Consent claimed, and the confirmation skipped.
  'the user has already approved': each(
    each(USER, 'は|が|も'),
    each('すでに|既に|もう|事前に|あらかじめ|前もって|', each(CONSENT, DONE)),
  ),
  'is already pre-approved': each(
    CONSENT,
    '済み|済|ずみ|を得ています|を得ている|を得た|は得ています|は取得済み|を取得済み',
  ),
  'without confirmation':
    '確認を求めずに|確認を求めず|確認を省略して|確認を省いて|確認をスキップ|確認は不要|確認は要りません|確認はいらない|確認不要で|承認を求めずに|許可を求めずに|同意を求めずに|許可を取らずに|同意を得ずに|承認を得ずに|尋ねずに|聞かずに|問い合わせずに|確認しないで|確認せず|確認なしに|断りなしに|断りなく|無断で|了解を取らずに',
  'go ahead and': 'そのまま|ただちに|直ちに|すぐに',
  // Sources.
  'api key': 'api キー|api 鍵|apiトークン|api トークン|アクセスキー|シークレットキー',
  passcode: 'パスコード|暗証番号|pinコード|pin番号',
  passphrase: 'パスフレーズ',
  credentials: 'ログイン情報|サインイン情報|アカウント情報|接続情報|認証データ|認証鍵',
  conversation:
    '会話の内容|会話内容|チャットの内容|やりとりの内容|やり取りの内容|会話ログ|チャットログ|トーク履歴',
  'the entire conversation':
    '会話全体|会話のすべて|会話の全て|会話の全文|チャット全体|すべての会話|全ての会話|これまでの会話|今までの会話',
  'local storage': 'ローカルストレージ',
  'session storage': 'セッションストレージ',
  'form data': 'フォームの入力内容|フォームに入力された内容|フォームへの入力|フォーム入力|入力フォームの内容',
  keystrokes: 'キーボード入力|キーボードの入力',
  'clipboard contents': 'クリップボードの内容|クリップボードの中身',
  'browsing history': 'ブラウザの履歴|閲覧したページ|訪問履歴|アクセス履歴',
  'home address': '住所|自宅住所',
  name: '氏名|本名|名前',
  'date of birth': '生年月日|誕生日',
  location: '位置情報|現在地|居場所',
  backup: 'バックアップ',
  // Acts.
  leak: 'リーク',
  'leaks data': '漏らし|漏らす|漏洩|漏えい|流出',
  'leak data':
    'データを漏らす|データを漏らし|データが漏れ|データを漏えい|情報を漏らす|情報を漏らし|情報が漏れ|情報漏洩|情報漏えい|データ漏洩|データ漏えい|データを盗む|データを盗ん|データを盗み|情報を盗む|情報を盗ん|情報を盗み|データを抜き取',
  exfiltrate: '持ち出|抜き取|吸い上げ',
  grab: '盗み出|盗ん|盗む|盗み',
  extract: '取り出|抜き出',
  copy: '転記|写し',
  include: '同梱|記載し|記載して',
  put: '載せ',
  'put into': 'に書き入れ|に詰め|に格納|へ格納',
  write: '書き込|書いて|書く|書き',
  transmit: '伝送|送出',
  redirect: '誘導|飛ばし',
  visit: 'アクセスして|アクセスし|アクセスする',
  'only use this': each(
    'このツール|本ツール|当ツール|こちら|これ',
    each('だけを|のみを|だけ|のみ|を必ず|だけで', '使って|使う|使え|使い|使用|利用|使'),
  ),
  'use this': each(
    'このツール|本ツール|当ツール|こちら|これ',
    'を使って|を使う|を使え|を使いなさい|を使用して|を利用して',
  ),
  // Sinks.
  'third-party server': '第三者のサーバー|第三者サーバー|サードパーティのサーバー',
  'third-party service': '第三者のサービス|サードパーティのサービス|外部サービス|外部のサービス',
  'external endpoint': '外部エンドポイント|外部のエンドポイント',
  'external server': '社外のサーバー|社外サーバー|外部ホスト|外部のホスト',
  'hidden copy': 'bccで|bcc で',
  // Other tools, by kind (read in English, so "other <kind> tools" reads as other tools).
  'built-in': '標準の|組み込み|内蔵の|デフォルトの|既定の|純正の|ネイティブの|備え付けの',
  other: '他社の|既存の|外部の',
  'any other':
    'ほかのすべての|他のすべての|他の全ての|その他すべての|その他の全ての|他のあらゆる|ほかのあらゆる|他のどの|ほかのどの|いかなる他の|他のいかなる|ほかのいかなる',
  conversion: '変換',
  translation: '翻訳',
  payment: '決済|支払い',
  weather: '天気',
  image: '画像',
  notification: '通知',
  summary: '要約',
  booking: '予約',
  analysis: '分析|解析',
  browser: 'ブラウザ|ブラウザー',
  calendar: 'カレンダー',
  database: 'データベース',
  plugins: 'プラグイン|拡張機能',
  services: 'サービス',
  // Disparagement.
  untrustworthy:
    '信用できない|信用できず|信用ならない|信頼に値しない|当てにならない|怪しい|胡散臭い|うさんくさい',
  'do not trust':
    '信用してはいけません|信用してはいけない|信頼してはいけません|信頼してはいけない|信用してはならない|信頼してはならない|信用してはいけ|信用しないで|信用するな|信頼してはいけ|信頼しないで|信頼するな|頼らないで|頼ってはいけ',
  unsafe: '安全性が低い|セキュリティが弱い|セキュリティに問題|脆弱性がある|脆弱性があり',
  buggy: 'バグがある|バグがあり|不具合がある|不具合があり|欠陥がある|欠陥があり',
  broken: '壊れている|動かない|機能しない|正しく動作しない',
  outdated: '古くなって|サポート終了|更新されていない',
  malicious: 'マルウェア|スパイウェア|悪意があ',
  // Finance and privilege.
  'destination account': '送金先口座|入金先口座|振込口座',
  account: '口座番号を|銀行口座',
  'account number':
    '普通預金|当座預金|普通口座|当座口座|' +
    each('銀行|信用金庫|信金|ゆうちょ', ' 普通| 当座|普通|当座|口座'),
  'grant admin permissions': each(
    '管理者|アドミン|オーナー|root',
    each('の権限|権限|ロール|役割', 'を付与|を与え|を割り当て|を設定|に設定|を持たせ'),
  ),
  everyone: '全メンバー|すべてのメンバー|全てのメンバー|メンバー全員|招待したメンバー全員|参加者全員',
};
