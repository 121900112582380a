"""The UI's translation catalogue: a plain Python dict, so that no system tool (gettext's msgfmt) is needed at set-up.

Keys are the English UI texts; `translate()` returns the text in the active Django language (switched with Django's
`set_language` view at /i18n/setlang/ and LocaleMiddleware). Django's own messages (form validation, password
validators) come from Django's bundled Japanese catalogue. Rule violations are not translated here: the legality
report carries both `message` and `message_ja`, and the pages pick one. `web/tests/test_i18n.py` checks that every
text used by a template, a form or a JS module has a Japanese entry.
"""

from django.utils.translation import get_language

JA: dict[str, str] = {
    # layout and navigation
    "DM Deck Builder": "デュエマ デッキビルダー",
    "Skip to content": "本文へ移動",
    "Main navigation": "メインナビゲーション",
    "Cards": "カード",
    "My decks": "マイデッキ",
    "Public decks": "公開デッキ",
    "Tournaments": "大会",
    "Language": "言語",
    "Log in": "ログイン",
    "Log out": "ログアウト",
    "Sign up": "新規登録",
    "Home": "ホーム",
    "API documentation": "API ドキュメント",
    "Build Duel Masters decks with every zone, see at once whether they are legal on any date and why not, and "
    "simulate how they play.": "すべてのゾーンを使ってデュエル・マスターズのデッキを組み、任意の日付での構築ルール適合"
    "とその理由をすぐに確認し、"
    "動きをシミュレーションできます。",
    # accounts
    "Create account": "アカウントを作成",
    "Already have an account?": "アカウントをお持ちですか？",
    "No account yet?": "アカウントがありませんか？",
    "Too many failed log-ins. Try again in {seconds} seconds.": "ログインの失敗が多すぎます。{seconds} 秒後にもう一度お"
    "試しください。",
    "Welcome! Your account has been created.": "ようこそ！アカウントを作成しました。",
    # card search
    "Card search": "カード検索",
    "Search": "検索",
    "Search cards": "カードを検索",
    "Names in Japanese or English, and terms such as civ:fire cost<=3 type:creature race:ドラゴン is:trigger zone:gr "
    "-is:blocker": "日本語名・英語名のほか、civ:fire cost<=3 type:creature race:ドラゴン is:trigger zone:gr -is:blocker"
    " "
    "のような条件も使えます",
    "Civilizations": "文明",
    "Exactly these": "この文明のみ",
    "Cost": "コスト",
    "from": "から",
    "to": "まで",
    "Kind": "種類",
    "Type": "カードタイプ",
    "Race": "種族",
    "Races": "種族",
    "Zone": "ゾーン",
    "Zones": "ゾーン",
    "Keywords": "キーワード",
    "Order": "並び順",
    "Reset": "リセット",
    "Query": "検索式",
    "expected": "期待される入力",
    "{count} cards": "{count} 枚",
    "Pages": "ページ",
    "Previous": "前へ",
    "Next": "次へ",
    "Any type": "すべてのタイプ",
    "Any zone": "すべてのゾーン",
    "Creature": "クリーチャー",
    "Spell": "呪文",
    "Cross Gear": "クロスギア",
    "Castle": "城",
    "Field": "フィールド",
    "Twinpact": "ツインパクト",
    "Psychic Creature": "サイキック・クリーチャー",
    "GR Creature": "GRクリーチャー",
    "Evolution Creature": "進化クリーチャー",
    "Unknown": "不明",
    "Main deck": "メインデッキ",
    "Hyperspatial zone": "超次元ゾーン",
    "Super GR zone": "超GRゾーン",
    "Hyperspatial": "超次元",
    "GR": "超GR",
    "Considering": "検討中",
    "Shield trigger": "S・トリガー",
    "Blocker": "ブロッカー",
    "Speed attacker": "スピードアタッカー",
    "Slayer": "スレイヤー",
    "Evolution": "進化",
    "Name": "名前",
    "Power": "パワー",
    "Colorless": "無色",
    "Light": "光",
    "Water": "水",
    "Darkness": "闇",
    "Fire": "火",
    "Nature": "自然",
    "Multicolored": "多色",
    "Mana number": "マナ数",
    "Faces": "面",
    "Role": "役割",
    "Printings": "収録",
    "Set": "セット",
    "Number": "番号",
    "Rarity": "レアリティ",
    "Listed as": "収録名",
    "No printing known.": "収録情報はありません。",
    "Only the name and printings of this card are known.": "このカードは名前と収録情報のみ登録されています。",
    "Battle zone at game start": "ゲーム開始時にバトルゾーン",
    "Description": "説明",
    "OK": "OK",
    "Moved to its zone": "正しいゾーンへ移動",
    "Unknown card": "不明なカード",
    "Ambiguous name": "候補が複数あるカード名",
    "Unreadable line": "読み取れない行",
    # decks
    "New deck": "新しいデッキ",
    "Format": "フォーマット",
    "Visibility": "公開設定",
    "Create": "作成",
    "Updated": "更新日時",
    "Actions": "操作",
    "Owner": "作成者",
    "Copy": "コピー",
    "Delete": "削除",
    "Delete this deck?": "このデッキを削除しますか？",
    "You have no decks yet.": "デッキはまだありません。",
    "Search decks": "デッキを検索",
    "No public deck found.": "公開デッキが見つかりません。",
    "Advance": "アドバンス",
    "Original": "オリジナル",
    "Unrestricted": "制限なし",
    "Private": "非公開",
    "Unlisted (by link)": "限定公開（リンクを知っている人のみ）",
    "Public": "公開",
    "Deck": "デッキ",
    "Editor": "エディタ",
    "Deck editor": "デッキエディタ",
    "by": "作成者",
    "Copy into my decks": "マイデッキにコピー",
    "Versions": "履歴",
    "Version": "バージョン",
    "current": "現在",
    "Restore this version": "このバージョンに戻す",
    "Version {number} was restored as a new version.": "バージョン {number} を新しいバージョンとして復元しました。",
    "Import": "インポート",
    "Export": "エクスポート",
    "Text": "テキスト",
    "Printable sheet": "印刷用シート",
    "Import a decklist": "デッキリストのインポート",
    "Decklist": "デッキリスト",
    "One card a line: 4 name, 4x name, name x4, 《name》 4枚. Sections: main / hyperspatial / gr / considering (or "
    "メイン / 超次元 / 超GR).": "1行に1種類: 4 カード名、4x カード名、カード名 x4、《カード名》 4枚。セクション: メイン"
    " / 超次元 / 超GR / "
    "検討中（main / hyperspatial / gr / considering）。",
    "Mode": "方法",
    "Replace the deck": "デッキを置き換える",
    "Add to the deck": "デッキに追加する",
    "Check lines": "行を確認",
    "Apply": "適用",
    "Line status": "各行の状態",
    "Line": "行",
    "Written": "入力",
    "Count": "枚数",
    "Status": "状態",
    "Card": "カード",
    "Did you mean": "もしかして",
    "Remove line": "この行を削除",
    "Heading": "見出し",
    "Not a card (ignored)": "カード以外 (無視)",
    "Fix or remove the flagged lines: nothing was imported.": (
        "印の付いた行を修正または削除してください。何も取り込まれていません。"
    ),
    (
        "Nothing is dropped: a decklist with unknown or ambiguous card lines is not applied until each is fixed "
        "(pick a suggestion) or removed."
    ): (
        "行が失われることはありません。不明・曖昧なカード行があるデッキリストは、"
        "候補を選ぶか行を削除するまで適用されません。"
    ),
    "The deck was copied into your decks.": "デッキをマイデッキにコピーしました。",
    "The deck was deleted.": "デッキを削除しました。",
    "The decklist was imported.": "デッキリストをインポートしました。",
    "This deck was changed elsewhere; nothing was written. Here is the newest version.": "このデッキは別の場所で変更さ"
    "れたため、"
    "何も保存されていません。最新のバージョンを表示しています。",
    # editor
    "Regulation date": "レギュレーション日付",
    "Save": "保存",
    "Add cards": "カードを追加",
    "Search results": "検索結果",
    "Type a name or a query (civ:fire cost<=3). ↑/↓ choose, Enter adds to the deck (psychic and dragheart cards go to "
    "the hyperspatial zone, GR cards to the GR zone), Shift+Enter adds to Considering. In the deck: + / - change the "
    "count, Delete removes, m moves to or from Considering, 1 / 2 / 3 / 4 move the card to the main deck / "
    "hyperspatial / GR / Considering (or choose the zone in the menu of each row).": (
        "カード名か検索式（civ:fire cost<=3）を入力。↑/↓ で選択、Enter でデッキに追加"
        "（サイキック・ドラグハートは超次元ゾーン、GR は超GRゾーンへ自動で入ります）、"
        "Shift+Enter で検討中に追加。デッキ側では + / - で枚数を変更、Delete で削除、"
        "m で検討中との間を移動、1 / 2 / 3 / 4 でメインデッキ / 超次元 / GR / 検討中へ移動します"
        "（行のメニューでもゾーンを選べます）。"
    ),
    "Zone of {name}": "{name} のゾーン",
    # tournament organizer: re-validation and amendments
    "The re-validation has started.": "再チェックを開始しました。",
    "Re-validation": "再チェック",
    "Checks every registration again against the event's regulation (for example after a regulation change); the "
    "registrations themselves are not changed.": "すべての登録デッキを大会のレギュレーションで再チェックします（例："
    "殿堂改訂の後）。登録内容そのものは変わりません。",
    "Re-validate all registrations": "全登録を再チェック",
    "At registration": "登録時",
    "Now": "現在",
    "Changed": "変化",
    "yes": "あり",
    "no": "なし",
    "Amend": "修正",
    "Amend a registration": "登録デッキの修正",
    "Reason (kept in the audit trail)": "理由（監査ログに記録されます）",
    "Give a reason for the amendment.": "修正の理由を入力してください。",
    "Some lines could not be read; nothing was changed.": "読み取れない行があります。何も変更されていません。",
    "The registration of {player} was amended: {status}.": "{player} の登録を修正しました：{status}。",
    "The new decklist replaces the registered one (also after the deadline); the reason, the old and the new deck "
    "hash go into the audit trail.": "新しいデッキリストが登録済みのものを置き換えます（締切後も可）。理由と新旧の"
    "デッキハッシュが監査ログに記録されます。",
    "Event overlay": "大会独自ルール",
    "None (the format's own list)": "なし（フォーマットの通常リスト）",
    "Statistics": "統計",
    "Legal": "構築ルールに適合",
    "Not legal": "構築ルールに不適合",
    "Buildable: legal so far, deck not complete": "構築中：ここまでは適合（デッキは未完成）",
    "No cards in this zone yet.": "このゾーンにはまだカードがありません。",
    "Add one {name}": "{name} を1枚追加",
    "Remove one {name}": "{name} を1枚減らす",
    "Move {name} to {zone}": "{name} を{zone}へ移動",
    "Saving…": "保存中…",
    "Saved": "保存済み",
    "Not saved": "保存されていません",
    "Unsaved changes": "未保存の変更があります",
    "This deck was changed elsewhere. Reload the page to see the newest version; your changes are not saved.": (
        "このデッキは別の場所で変更されました。最新の内容を見るにはページを再読み込みしてください。変更は保存されていません。"
    ),
    "Mana curve (main deck)": "マナカーブ（メインデッキ）",
    "Card types": "カードタイプ",
    "Shield triggers": "S・トリガー",
    "Chance of at least one trigger in the 5 shields": "シールド5枚に S・トリガーが1枚以上ある確率",
    "Multicolored cards": "多色カード",
    # simulations
    "Simulations": "シミュレーション",
    "Goldfish (kill turn)": "一人回し（勝利ターン）",
    "Opening hands": "初手",
    "Games": "ゲーム数",
    "Going": "先攻・後攻",
    "First and second": "先攻と後攻",
    "Going first": "先攻",
    "Going second": "後攻",
    "Seed (optional)": "シード（任意）",
    "Run": "実行",
    "Cancel": "中止",
    "Progress": "進行状況",
    "Exact odds per card": "カードごとの正確な確率",
    "No odds for this deck yet.": "このデッキの確率はまだありません。",
    "Kill turn": "勝利ターン",
    "P(kill by turn t)": "ターン t までに勝つ確率",
    "Own turn": "自分のターン",
    "Mean": "平均",
    "queued": "待機中",
    "running": "実行中",
    "done": "完了",
    "failed": "失敗",
    "cancelled": "中止",
    # tournaments
    "Audit trail": "監査ログ",
    "Choose one of your decks.": "自分のデッキを選んでください。",
    "Create event": "大会を作成",
    "Deck hash": "デッキハッシュ",
    "Decklists published": "デッキリスト公開済み",
    "Event": "大会",
    "Event date": "開催日",
    "Illegal": "不適正",
    "Legality": "構築判定",
    "Lock registrations": "登録を締め切る",
    "Lock the registrations now?": "今すぐ登録を締め切りますか？",
    "Locked": "締め切り済み",
    "No events yet.": "大会はまだありません。",
    "No registrations yet.": "登録はまだありません。",
    "Organize an event": "大会を主催する",
    "Organizer": "主催者",
    "Organizer tools": "主催者ツール",
    "Overlay": "大会独自ルール",
    "Player": "プレイヤー",
    "Publish decklists": "デッキリストを公開",
    "Register": "登録",
    "Register a deck": "デッキを登録",
    "Register it anyway, flagged illegal (the organizer will see it)": "不適正として登録する（主催者に表示されます）",
    "Registration closed": "登録受付終了",
    "Registration deadline": "登録締切",
    "Registration open": "登録受付中",
    "Registrations": "登録",
    "Registrations are locked.": "登録を締め切りました。",
    "Registrations for this event are closed.": "この大会の登録は締め切られています。",
    "Replace my registration": "登録したデッキを差し替える",
    "Submitted": "登録日時",
    "The deck is checked against the event's regulation and frozen: later changes to the deck do not change the "
    "registration (register again to replace it).": "デッキは大会のレギュレーションで判定され、その時点の内容で固定され"
    "ます。"
    "後でデッキを変更しても登録は変わりません（差し替えるにはもう一度登録してください）。",
    "The decklists are published.": "デッキリストを公開しました。",
    "This deck is not legal for the event.": "このデッキはこの大会のレギュレーションに適合しません。",
    "Violations": "違反",
    "Your deck is registered.": "デッキを登録しました。",
    "Your registration is withdrawn.": "登録を取り消しました。",
    "You are registered": "登録済み",
    "deck hash": "デッキハッシュ",
    "Withdraw my registration": "登録を取り消す",
    "Your registration": "あなたの登録",
    "Registration deadline (end of day)": "登録締切（その日の終わりまで）",
    "Regulation date (default: the event date)": "レギュレーション日付（省略時は開催日）",
    "Event overlay id (optional)": "大会独自ルールの ID（任意）",
    "Publish the decklists after the event": "大会後にデッキリストを公開する",
    "Exact": "厳密値",
    "In hand or shields": "手札かシールド",
    "In opening hand": "初手にある",
    "In shields": "シールドにある",
    "Kill rate": "勝利率",
    "{count} hands": "{count} 回の初手",
    "Card effects the engine models are played; cards listed as vanilla run without the effects shown.": (
        "対応している効果はシミュレーションで使われます。バニラ扱いの欄にある効果は使われません。"
    ),
    "95% interval": "95% 信頼区間",
    "Played": "プレイ率",
    "Most common first turn": "最初にプレイされた最多ターン",
    "Modeled effects": "再現する効果",
    "Run as vanilla": "バニラ扱いの効果",
    "Copies": "枚数",
    "Seen by own turn (first / second)": "自分のターンまでに引く確率（先攻 / 後攻）",
    "Shield triggers in the 5 shields": "シールド5枚の S・トリガー枚数",
    "At least one": "1枚以上",
    "Expected": "期待値",
    "Share link (unlisted and public decks)": "共有リンク（限定公開・公開デッキ）",
    "First release": "初収録",
    "Facts source": "データの出典",
    "Not given by the source": "出典にない項目",
    "Released": "発売日",
    "Hall of Fame": "殿堂レギュレーション",
    "History": "履歴",
    "Date": "日付",
    "Limited": "殿堂入り",
    "Banned": "プレミアム殿堂",
    # the organizer's event desk
    "A header row with the columns player and decklist (a text decklist in one cell); "
    "the event's CSV export reads back as it is. UTF-8 (with or without BOM) or Shift-JIS, "
    "as Excel saves it.": (
        "1 行目に player と decklist の列（decklist は 1 つ"
        "のセルにテキストのデッキリスト）。この大会の CSV 出"
        "力はそのまま読み込めます。UTF-8（BOM あり・なし）ま"
        "たは Excel が保存する Shift-JIS。"
    ),
    "Action": "操作",
    "All": "すべて",
    "Amended": "修正済み",
    "Base format": "基本フォーマット",
    "CSV file (UTF-8 or Shift-JIS)": "CSV ファイル（UTF-8 または Shift-JIS）",
    "Capacity": "定員",
    "Capacity (players; empty: no limit)": "定員（人数。空欄: 制限なし）",
    "Event overlay (optional)": "大会独自ルール（任意）",
    "Card pool cut-off": "カードプールの期限",
    "Chain verified: every entry's hash matches its content and the previous entry.": (
        "チェーン検証済み: すべての記録のハッシュが内容と直前の記録に一致しています。"
    ),
    "Compare": "照合",
    "Current violations": "現在の違反",
    "Deck check": "デッキチェック",
    "Decklists": "デッキリスト",
    "Delete event": "大会を削除",
    "Delete this event?": "この大会を削除しますか？",
    "Details": "詳細",
    "Download (JSON)": "ダウンロード（JSON）",
    "Entry hash": "記録のハッシュ",
    "Import registrations (CSV)": "登録のインポート（CSV）",
    "Judge": "ジャッジ",
    "My registration": "自分の登録",
    "New registration deadline (end of day)": "新しい登録締切（その日の終わり）",
    "No entries yet.": "まだ記録はありません。",
    "No registration matches this filter.": "この条件に合う登録はありません。",
    "No violations.": "違反はありません。",
    "One page per player. The QR code holds the registered list by card id: paste its text into the deck check.": (
        "1 人 1 ページ。QR コードには登録リストがカード ID "
        "で入っています。その文字列をデッキチェックに貼り付"
        "けてください。"
    ),
    "Player's signature": "プレイヤー署名",
    "Print": "印刷",
    "Print all decklists": "全デッキリストを印刷",
    "QR code of the registered list": "登録リストの QR コード",
    "Qty": "枚数",
    "Reason": "理由",
    "Registered": "登録",
    "Registered list": "登録リスト",
    "Registrations are open again.": "登録を再開しました。",
    "Row": "行",
    "Save settings": "設定を保存",
    "Settings": "設定",
    "Show": "表示",
    "Show the change": "変更内容を表示",
    "The chain is broken: the entries marked below were changed, removed or reordered.": (
        "チェーンが壊れています: 印の付いた記録が変更・削除・並べ替えされています。"
    ),
    "The change being made": "今回の変更内容",
    "The deck differs from the registered list.": "デッキが登録リストと異なります。",
    "The deck matches the registered list.": "デッキは登録リストと一致しています。",
    "The event is deleted.": "大会を削除しました。",
    "The event is full.": "大会は満員です。",
    "The organizer amended your registration.": "主催者があなたの登録を修正しました。",
    "The physical deck (typed, or the text of the deck sheet's QR code)": (
        "実物のデッキ（入力、またはデッキシートの QR コードの文字列）"
    ),
    "The registrations are locked: the settings can no longer change.": (
        "登録は締め切られています。設定はもう変更できません。"
    ),
    "The settings are saved.": "設定を保存しました。",
    "The settings can change until the registrations are locked; a new format, regulation "
    "date or overlay re-checks every registration.": (
        "設定は登録の締め切りまで変更できます。フォーマット"
        "・レギュレーション日・独自ルールを変えると、すべて"
        "の登録を再チェックします。"
    ),
    "This event has registrations in its audit trail and cannot be deleted; lock it instead.": (
        "この大会は監査ログに登録の記録があるため削除できません。代わりに登録を締め切ってください。"
    ),
    "This overlay no longer exists.": "この独自ルールはもう存在しません。",
    "Type the deck on the table (one line per card: 4 name), or paste the text of its "
    "deck sheet's QR code. Nothing is saved.": (
        "卓上のデッキを入力（1 行に 1 種類: 4 カード名）する"
        "か、デッキシートの QR コードの文字列を貼り付けてく"
        "ださい。何も保存されません。"
    ),
    "Unlock": "再開",
    "Unlock registrations": "登録を再開",
    "Unresolved": "未解決",
    "When": "日時",
    "Who": "実行者",
    "registered": "登録",
    "−: registered but missing from this deck; +: in this deck but not registered.": (
        "−: 登録にあるがこのデッキにない、+: このデッキにあるが登録にない。"
    ),
    "The deadline has passed: give a new registration deadline.": (
        "締切を過ぎています。新しい登録締切を指定してください。"
    ),
    # the event overlay page
    "Banned combination": "プレミアム殿堂コンビ",
    "Banned hyperspatial combination": "プレミアム殿堂超次元コンビ",
    "An overlay adds the event's own bans, limits and card-pool cut-off to the format's "
    "list. Save it, look at which registered decks it changes, then use it for the event.": (
        "独自ルールは、フォーマットのリストに大会独自の禁止"
        "・制限とカードプールの期限を加えます。保存して、変"
        "わる登録デッキを確認してから大会に適用してください"
        "。"
    ),
    "Create an event overlay": "大会独自ルールを作成",
    "Difference": "差分",
    "Edit the event overlay": "大会独自ルールを編集",
    "Registered decks it changes": "変わる登録デッキ",
    "Save overlay": "独自ルールを保存",
    "The event now uses this overlay.": "大会にこの独自ルールを適用しました。",
    "The event uses this overlay.": "大会はこの独自ルールを使っています。",
    "The overlay is saved.": "独自ルールを保存しました。",
    "Unreadable line: {line}": "読み取れない行: {line}",
    "Use this overlay for the event": "この独自ルールを大会に適用",
    "With the overlay": "独自ルール適用後",
    "changed": "変更あり",
    "Card pool cut-off (cards released after it are not allowed)": (
        "カードプールの期限（これより後に発売されたカードは使用不可）"
    ),
    "Extra bans and limits, one per line: banned <card>, limited <card> or unrestricted <card>": (
        "追加の禁止・制限（1 行に 1 枚: banned カード名、limited カード名、unrestricted カード名）"
    ),
    "Banned combinations, one per line: <card> + <card>": "禁止の組み合わせ（1 行に 1 組: カード名 + カード名）",
    "As of": "基準日",
    "{count} more cards may match {term}: their {field} is not known.": "{term} に該当する可能性のあるカードがあと"
    "{count}枚あります（{field} が不明）。",
}

# Texts the JS modules use (sent once per page as JSON by the `ui_strings_json` tag).
JS_STRINGS: tuple[str, ...] = (
    "Card",
    "Exact",
    "Going",
    "In hand or shields",
    "In opening hand",
    "In shields",
    "Kill rate",
    "{count} hands",
    "Card effects the engine models are played; cards listed as vanilla run without the effects shown.",
    "95% interval",
    "Played",
    "Most common first turn",
    "Modeled effects",
    "Run as vanilla",
    "{count} cards",
    "Add one {name}",
    "Remove one {name}",
    "Move {name} to {zone}",
    "Zone of {name}",
    "Overlay",
    "Illegal",
    "yes",
    "no",
    "Main deck",
    "Hyperspatial",
    "GR",
    "Considering",
    "No cards in this zone yet.",
    "Legal",
    "Not legal",
    "Buildable: legal so far, deck not complete",
    "Format",
    "Saving…",
    "Saved",
    "Not saved",
    "Unsaved changes",
    "This deck was changed elsewhere. Reload the page to see the newest version; your changes are not saved.",
    "Mana curve (main deck)",
    "Civilizations",
    "Card types",
    "Shield triggers",
    "Chance of at least one trigger in the 5 shields",
    "Multicolored cards",
    "Multicolored",
    "Colorless",
    "Light",
    "Water",
    "Darkness",
    "Fire",
    "Nature",
    "Creature",
    "Spell",
    "Cross Gear",
    "Castle",
    "Field",
    "Twinpact",
    "Psychic Creature",
    "GR Creature",
    "Evolution Creature",
    "Unknown",
    "Kill turn",
    "P(kill by turn t)",
    "Own turn",
    "Mean",
    "Going first",
    "Going second",
    "queued",
    "running",
    "done",
    "failed",
    "cancelled",
)


# Data words (zones, formats, visibilities, statuses, field names) and the UI label they are shown with (`|tr`).
DISPLAY: dict[str, str] = {
    "main": "Main deck",
    "hyperspatial": "Hyperspatial zone",
    "gr": "Super GR zone",
    "considering": "Considering",
    "main_deck": "Main deck",
    "hyperspatial_zone": "Hyperspatial zone",
    "super_gr_zone": "Super GR zone",
    "battle_zone_at_game_start": "Battle zone at game start",
    "advance": "Advance",
    "original": "Original",
    "unrestricted": "Unrestricted",
    "limited": "Limited",
    "banned": "Banned",
    "premium_combo": "Banned combination",
    "premium_hyperspatial_combo": "Banned hyperspatial combination",
    "private": "Private",
    "unlisted": "Unlisted (by link)",
    "public": "Public",
    "name": "Name",
    "description": "Description",
    "format": "Format",
    "visibility": "Visibility",
    "ok": "OK",
    "card": "Card",
    "heading": "Heading",
    "ignored": "Not a card (ignored)",
    "moved": "Moved to its zone",
    "unknown": "Unknown card",
    "ambiguous": "Ambiguous name",
    "error": "Unreadable line",
    "legal": "Legal",
    "illegal": "Illegal",
    "light": "Light",
    "water": "Water",
    "darkness": "Darkness",
    "fire": "Fire",
    "nature": "Nature",
}


def display(value) -> str:
    """A data word as its UI label in the active language."""
    text = str(value)
    return translate(DISPLAY.get(text, text))


def translate(text: str) -> str:
    if (get_language() or "en").startswith("ja"):
        return JA.get(text, text)
    return text
