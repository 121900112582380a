"""Real published decklists (40-card main decks as their authors printed them), for acceptance tests and the bench.

Each list cites its source; the text is the list only, typed in our decklist format (names spelled as the card
catalogue spells them where the source's spelling differs only in spaces and punctuation)."""

RED_ZONE = {
    "name": "赤t白ドキンダムレッドゾーン (2015-12-20 デュエマ・スターカップ エリア代表決定戦 九州大会 TOP16/TOP4)",
    "source": "http://dm.akrecord.com/reading/limitedconstruction/3308",
    "finishers": ["轟く侵略 レッドゾーン", "熱き侵略 レッドゾーンZ", "超轟速 レッド・エンド"],
    "text": """1 禁断～封印されしX～
4 勇愛の天秤
3 轟速 ザ・レッド
4 轟速 ザ・ゼット
4 轟速 ザ・マッハ
4 超轟速 レッド・エンド
4 轟く侵略 レッドゾーン
4 熱き侵略 レッドゾーンZ
4 メガ・ブレード・ドラゴン
4 DNA・スパーク
4 閃光の守護者ホーリー""",
}

JOKERS = {
    "name": "ガンバトラーG7入りジョーカーズ (CS優勝)",
    "source": "http://dm-ezawa.com/2018/05/21/post-6542/",
    "finishers": ["ガンバトラーG7", "ジョット・ガン・ジョラゴンJoe"],
    "text": """3 ガンバトラーG7
3 ジョット・ガン・ジョラゴンJoe
3 ジョジョジョ・マキシマム
1 破界秘伝ナッシング・ゼロ
2 消王ケシカス
4 ヘルコプ太
4 洗脳センノー
4 パーリ騎士
4 ヤッタレマン
4 チョコっとハウス
4 ジョジョジョ・ジョーカーズ
4 ゼロの裏技ニヤリー・ゲット""",
}

DON_JUNGLE = {
    "name": "赤黒緑ドンジャングル (赤穂CS・はっちCS向け)",
    "source": "https://gachi-matome.com/?p=11825",
    "finishers": ["ドンジャングルS7", "龍覇 グレンモルト"],
    "text": """4 ドンジャングルS7
4 龍罠 エスカルデン/マクスカルゴ・トラップ
4 フェアリー・ライフ
4 悪魔妖精ベラドンナ
3 悪魔龍ダークマスターズ
3 ブロック・キング
3 マッド・デーモン閣下/デーモン・ハンド
3 闇鎧亜ジャック・アルカディアス
3 獣軍隊ヤドック
2 龍覇グレンモルト
2 “乱振”舞神 G・W・D
2 バングリッドX7
2 ソーナンデス
1 光牙忍ハヤブサマル
超次元
2 銀河大剣ガイハート
1 将龍剣ガイアール
1 大いなる銀河 巨星城
1 無敵剣 プロト・ギガハート
1 悪夢卍ミガワリ
1 神光の龍槍 ウルオヴェリア
1 天守閣 龍王武陣 -闘魂モード-
超GR
12 メタルポンの助""",
}

JOKERS_GR = {
    "name": "クマシガラジョルネードジョーカーズ (GR召喚)",
    "source": "https://metagross-armor.hatenablog.com/?page=1582892356",
    "finishers": ["ジョリー・ザ・ジョルネード", "ジョジョジョ・マキシマム"],
    # as published: the super GR zone after a blank line, without a heading (the cards' own zone places them)
    "text": """4 x ジョジョジョ・ジョーカーズ
4 x ボーボボ・ボーボ坊
4 x タイク・タイソンズ
4 x ウォッシャ幾三
4 x 洗脳センノー
4 x ガチャダマン
4 x 天体かんそ君
4 x ジョリー・ザ・ジョルネード
4 x 熊四駆 ベアシガラ
2 x 松苔ラックス
2 x ジョジョジョ・マキシマム

2 x ジェイ-SHOCKER
2 x 全能ゼンノー
2 x Mt.富士山ックスMAX
2 x せんすいカンちゃん
2 x The ジョラゴン・ガンマスター
2 x The ジョギラゴン・アバレガン""",
}

RAKKA_DRAGNER = {
    "name": "ラッカドラグナー (カードショップキング黒部ダム 貸出デッキ, 2020-10)",
    "source": "https://kei193514.hatenablog.com/entry/2020/10/14/211341",
    "finishers": ["龍覇龍 デッドマン=ザ=オリジン", "爆熱剣 バトライ刃"],
    # hyperspatial cards by their front (dragheart weapon / fortress) side, as the catalogue names the card
    "text": """4 ヘブンズ・フォース
4 爆龍覇 リンクウッド /「お前の相手はオレだ、ザ=デッドマン！」
4 爆龍覇 ヒビキ
4 龍覇 ラブエース
4 龍覇龍 デッドマン=ザ=オリジン
4 Code：1059
2 龍世界～龍の降臨する地～
3 凰翔竜機ワルキューレ・ルピア
2 第二種 タマネギル
1 不敗のダイハード・リュウセイ
4 メヂカラ・コバルト・カイザー/アイド・ワイズ・シャッター
4 龍装の調べ 初不 /ホーリー・スパーク
超GR
2 The ジョギラゴン・アバレガン
2 The ジョラゴン・ガンマスター
2 煌銀河 サヴァクティス
2 The ジョラゴンGS
2 全能ゼンノー
2 続召の意志 マーチス
超次元
2 爆熱剣 バトライ刃
1 熱血剣 グリージーホーン
1 無敵剣 プロト・ギガハート
1 銀河大剣 ガイハート
1 革命槍 ジャンヌ・ミゼル
1 始まりの龍装具 ビギニング・スタート
1 龍魂教会 ホワイティ""",
}

REAL_DECKS = {
    "red_zone": RED_ZONE,
    "jokers": JOKERS,
    "don_jungle": DON_JUNGLE,
    "jokers_gr": JOKERS_GR,
    "rakka_dragner": RAKKA_DRAGNER,
}
