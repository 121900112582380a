"""A small hand-written card catalogue for the web tests (records in the card data's schema; invented cards)."""

import factory

from cards.tests.factories import CardRecordFactory, PrintingRecordFactory


class WebCardFactory(CardRecordFactory):
    """A card of the web tests' own set."""

    sources = factory.List(["web-tests"])
    printings = factory.LazyAttribute(
        lambda o: [
            PrintingRecordFactory(
                set_code="DM-99",
                set_name="テスト用セット",
                number=str(len(o.name_ja)),
                collector_id="",
                listed_name_ja=o.name_ja,
                source="web-tests",
            )
        ]
    )


def creature(name_ja, name_en, civs, cost, power, races=("テスト種族",), **facts) -> dict:
    return WebCardFactory(name_ja=name_ja, name=name_en, civilizations=civs, cost=cost, power_value=power,
                          races=list(races), **facts)  # fmt: skip


def spell(name_ja, name_en, civs, cost, **facts) -> dict:
    return WebCardFactory(name_ja=name_ja, name=name_en, civilizations=civs, cost=cost, spell=True, **facts)


def psychic(name_ja, name_en, civs, cost, power) -> dict:
    return creature(name_ja, name_en, civs, cost, power, psychic_creature=True)


def gr_creature(name_ja, name_en, civs, cost, power) -> dict:
    return creature(name_ja, name_en, civs, cost, power, gr_creature=True)


TRIGGER = {"shield_trigger": True, "keywords_ja": ["S・トリガー"]}

RECORDS = [
    creature("テスト火炎兵", "Test Flame Soldier", ["Fire"], 1, 1000, races=("ヒューマノイド",)),
    creature("テスト疾風ドラゴン", "Test Gale Dragon", ["Fire"], 2, 3000, races=("ドラゴン",), speed_attacker=True),
    creature("テスト紅蓮竜", "Test Crimson Wyrm", ["Fire"], 3, 5000, races=("ドラゴン",)),
    creature("テスト爆炎王", "Test Blaze King", ["Fire"], 5, 9000, races=("ドラゴン",), breaker="double"),
    creature("テスト水流兵", "Test Stream Guard", ["Water"], 2, 2000, races=("リキッド・ピープル",), blocker=True),
    creature("テスト深海獣", "Test Abyss Beast", ["Water"], 4, 6000, races=("リヴァイアサン",)),
    creature("テスト光の守護者", "Test Light Guardian", ["Light"], 3, 4000, races=("ガーディアン",), blocker=True),
    creature("テスト天空騎士", "Test Sky Knight", ["Light"], 6, 11000, races=("エンジェル・コマンド",)),
    creature("テスト闇の刺客", "Test Shadow Assassin", ["Darkness"], 2, 1000, races=("デスパペット",), slayer=True),
    creature("テスト冥府の王", "Test Underworld Lord", ["Darkness"], 7, 12000, races=("デーモン・コマンド",)),
    creature("テスト森の番人", "Test Forest Keeper", ["Nature"], 2, 3000, races=("ビーストフォーク",)),
    creature("テスト大地の巨獣", "Test Earth Colossus", ["Nature"], 5, 8000, races=("ジャイアント",)),
    creature("テスト炎水の戦士", "Test Steam Warrior", ["Water", "Fire"], 3, 4000, races=("ドラゴン",)),
    creature("テスト光闇の使徒", "Test Twilight Apostle", ["Light", "Darkness"], 4, 5000),
    spell("テスト火炎弾", "Test Fire Bullet", ["Fire"], 2, **TRIGGER),
    spell("テスト渦潮", "Test Whirlpool", ["Water"], 3, **TRIGGER),
    spell("テスト光の盾", "Test Light Shield", ["Light"], 4, **TRIGGER),
    spell("テスト自然の恵み", "Test Nature Blessing", ["Nature"], 2),
    creature("テスト進化竜", "Test Evolved Dragon", ["Fire"], 4, 9000, races=("ドラゴン",), evolution=True),
    psychic("テスト超次元獣アルファ", "Test Psychic Alpha", ["Fire"], 5, 6000),
    psychic("テスト超次元獣ベータ", "Test Psychic Beta", ["Water"], 4, 5000),
    psychic("テスト超次元獣ガンマ", "Test Psychic Gamma", ["Light"], 6, 8000),
    psychic("テスト超次元獣デルタ", "Test Psychic Delta", ["Darkness"], 7, 9000),
    gr_creature("テストGRロボ", "Test GR Robot", ["Water"], 3, 3000),
    gr_creature("テストGRメカ", "Test GR Mech", ["Fire"], 4, 4000),
    creature("テスト小鬼", "Test Goblin", ["Darkness"], 1, 1000),
    creature("テスト妖精", "Test Fairy", ["Nature"], 1, 1000),
    creature("テスト騎士見習い", "Test Squire", ["Light"], 1, 1000),
    creature("テスト水兵", "Test Sailor", ["Water"], 1, 1000),
    creature("テストドラゴン見習い", "Test Dragon Cadet", ["Fire"], 4, 7000, races=("ドラゴン",)),
]

# Ten distinct main-deck cards: four of each is a legal 40-card deck.
LEGAL_MAIN = [
    "テスト火炎兵",
    "テスト疾風ドラゴン",
    "テスト紅蓮竜",
    "テスト爆炎王",
    "テスト水流兵",
    "テスト深海獣",
    "テスト炎水の戦士",
    "テスト火炎弾",
    "テスト渦潮",
    "テストドラゴン見習い",
]


def catalogue_import() -> None:
    from cards.services import card_import

    card_import(records=[dict(record) for record in RECORDS])
