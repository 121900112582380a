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
