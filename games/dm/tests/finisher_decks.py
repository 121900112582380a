"""Real published decklists whose finishers the goldfish must play (40-card main decks as their authors printed
them). Each list cites its source; the text is the list only, typed in our decklist format."""

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

JOKERS_GR = {
    "name": "クマシガラジョルネードジョーカーズ (GR召喚)",
    "source": "https://metagross-armor.hatenablog.com/?page=1582892356",
    "finishers": ["ジョリー・ザ・ジョルネード"],
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
