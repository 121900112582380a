"""A small hand-written catalogue in the card data's schema (see the data README) for the catalogue's tests."""

import copy

SOURCE = "test-fixture"

# Names the tests refer to.
AROMA_TWIN = "パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」"
HOME_TWIN = "ホメホメロ/ホメホメロック"
PSYCHIC_A = "イオの伝道師ガガ・パックン"
PSYCHIC_B = "タイタンの大地ジオ・ザ・マン"
MALT = "超戦龍覇 モルトNEXT（ネクスト）"
BOLSHACK = "ボルシャック・ドラゴン"
NEX = "ボルシャック・NEX"
JK_HALF = "JK大バクチ"
JK_FULL = "ＪＫ大バクチ"

_FLAGS = (
    "zero_civilization", "evolution", "psychic", "dragheart", "gr", "twinpact", "hyper", "zeron", "forbidden",
    "multi_face", "shield_trigger", "blocker", "speed_attacker", "slayer", "cant_attack", "cant_attack_players",
)  # fmt: skip


def face(name_ja: str | None, role: str, **facts) -> dict:
    data = {
        "name_ja": name_ja,
        "name_en": None,
        "role": role,
        "type_code": "C",
        "card_type": "Creature",
        "card_type_ja": "クリーチャー",
        "civilizations": [],
        "cost": None,
        "cost_text": None,
        "power": None,
        "power_value": None,
        "races": [],
        "keywords_ja": [],
        "breaker": None,
        "breaker_ja": None,
        "power_attacker_bonus": None,
        "zone": "main_deck",
        **{flag: False for flag in _FLAGS if flag not in ("hyper", "multi_face", "twinpact")},
    }
    data.update(facts)
    return data


def record(name_ja: str, **facts) -> dict:
    """One record with facts: a creature unless told otherwise."""
    data = {
        "name": None,
        "name_ja": name_ja,
        "facts_available": True,
        "face_names_ja": [name_ja],
        "civilizations": [],
        "card_type": "Creature",
        "card_type_ja": "クリーチャー",
        "type_codes": ["C"],
        "zone": "main_deck",
        "cost": None,
        "cost_text": None,
        "power": None,
        "power_value": None,
        "races": [],
        "mana_number": 1,
        "breaker": None,
        "breaker_ja": None,
        "power_attacker_bonus": None,
        "keywords_ja": [],
        "deck_limit_exceptions": None,
        "faces": [],
        "printings": [],
        "tcg_printings": [],
        "sources": [SOURCE],
        **{flag: False for flag in _FLAGS},
    }
    data.update(facts)
    return data


def printing(set_code: str, number: str, listed_name_ja: str, **extra) -> dict:
    return {
        "set_code": set_code,
        "set_name": f"set {set_code}",
        "number": number,
        "collector_id": f"{set_code} {number}",
        "rarity": "C",
        "listed_name_ja": listed_name_ja,
        "source": SOURCE,
        **extra,
    }


def catalogue() -> list[dict]:
    """Every spelling case of the resolver and every filter of the search language has a card here."""
    records = [
        record(
            "ボルシャック・ドラゴン",
            name="Bolshack Dragon",
            civilizations=["Fire"],
            cost=6,
            power="6000+",
            power_value=6000,
            races=["アーマード・ドラゴン"],
            breaker="double",
            breaker_ja="W・ブレイカー",
            keywords_ja=["W・ブレイカー"],
            printings=[printing("DM-01", "1", "ボルシャック・ドラゴン")],
            tcg_printings=[{"set": "DM-01 Base Set", "id": "1/110", "rarity": "Rare", "source": SOURCE}],
        ),
        # A ruby reading in full-width parentheses.
        record(
            "超戦龍覇 モルトNEXT（ネクスト）",
            name="MaltNEXT, Super Battle Dragon Ruler",
            civilizations=["Fire"],
            cost=7,
            power="9000",
            power_value=9000,
            races=["ガイアール・コマンド・ドラゴン", "ドラグナー"],
            speed_attacker=True,
            printings=[printing("DMR-18", "1", "超戦龍覇 モルトNEXT（ネクスト）")],
        ),
        # A card of its own that is also the top half of a twinpact: the whole card's name wins.
        record(
            "パラダイス・アロマ",
            name="Paradise Aroma",
            civilizations=["Water"],
            cost=3,
            power="1000",
            power_value=1000,
            races=["サイバー・ムーン"],
            blocker=True,
        ),
        record(
            "パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」",
            face_names_ja=["パラダイス・アロマ", "「挑戦、それは終わりなきスパイラル！」"],
            civilizations=["Water", "Light"],  # as in the data: the union over both halves
            card_type="Twinpact",
            card_type_ja="ツインパクト",
            type_codes=["C", "S"],
            cost=3,
            power="1000",
            power_value=1000,
            races=["サイバー・ムーン"],
            twinpact=True,
            multi_face=True,
            shield_trigger=True,
            faces=[
                face(
                    "パラダイス・アロマ",
                    "twinpact_top",
                    civilizations=["Water"],
                    cost=3,
                    power="1000",
                    power_value=1000,
                    races=["サイバー・ムーン"],
                ),
                face(
                    "「挑戦、それは終わりなきスパイラル！」",
                    "twinpact_bottom",
                    type_code="S",
                    card_type="Spell",
                    card_type_ja="呪文",
                    civilizations=["Water", "Light"],
                    cost=2,
                    shield_trigger=True,
                ),
            ],
            printings=[printing("DMRP-09", "50", "パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」")],
        ),  # fmt: skip
        # A twinpact written in the data without spaces around '/' and with an English name.
        record(
            "ホメホメロ/ホメホメロック",
            name="Homehomero/Homehomerock",
            face_names_ja=["ホメホメロ", "ホメホメロック"],
            civilizations=["Nature"],
            card_type="Twinpact",
            card_type_ja="ツインパクト",
            type_codes=["C", "S"],
            cost=2,
            power="2000",
            power_value=2000,
            twinpact=True,
            multi_face=True,
            faces=[
                face("ホメホメロ", "twinpact_top", civilizations=["Nature"], cost=2, power="2000", power_value=2000),
                face(
                    "ホメホメロック",
                    "twinpact_bottom",
                    type_code="S",
                    card_type="Spell",
                    card_type_ja="呪文",
                    civilizations=["Nature"],
                    cost=4,
                ),
            ],
        ),  # fmt: skip
        # Two psychic creatures that share one combined back face.
        *(
            record(
                name,
                face_names_ja=[name, "貪欲バリバリ・パックンガー"],
                civilizations=["Water", "Nature"],
                card_type="Psychic Creature",
                card_type_ja="サイキック・クリーチャー",
                type_codes=["PC", "PSC"],
                zone="hyperspatial_zone",
                mana_number=None,
                cost=cost,
                power="3000",
                power_value=3000,
                psychic=True,
                multi_face=True,
                faces=[
                    face(name, "front", civilizations=["Water"], cost=cost, psychic=True, zone="hyperspatial_zone"),
                    face(
                        "貪欲バリバリ・パックンガー",
                        "combined_back",
                        name_en="Tearing Packunga, the Greedy",
                        civilizations=["Water", "Nature"],
                        cost=12,
                        psychic=True,
                        zone="hyperspatial_zone",
                    ),
                ],
            )  # fmt: skip
            for name, cost in (("イオの伝道師ガガ・パックン", 5), ("タイタンの大地ジオ・ザ・マン", 6))
        ),
        # Two records whose names differ only in character width: one name for counting.
        record(
            "JK大バクチ",
            name="JK Great Gamble",
            civilizations=["Fire"],
            cost=4,
            card_type="Spell",
            card_type_ja="呪文",
            type_codes=["S"],
        ),
        record(
            "ＪＫ大バクチ",
            name="JK Great Gamble",
            civilizations=["Fire"],
            cost=4,
            card_type="Spell",
            card_type_ja="呪文",
            type_codes=["S"],
        ),
        # Per-card deck-limit exceptions (100.2a, 314.3a) and a Rule Plus card.
        record(
            "四十日鼠 チョロチュー",
            civilizations=["Darkness"],
            cost=2,
            power="1000",
            power_value=1000,
            deck_limit_exceptions=[{"zone": "main_deck", "max_copies": None, "rule": "more than 4"}],
        ),
        record(
            "13番目の計画",
            name="Invincible Thirteen",
            card_type="Rule Plus",
            card_type_ja="ルール・プラス",
            type_codes=["RP"],
            zone="hyperspatial_zone",
            mana_number=None,
            deck_limit_exceptions=[{"zone": "main_deck", "deck_size_delta": 5, "rule": "deck size +5"}],
        ),
        # A GR creature, and a colorless one.
        record(
            "ジェイ-SHOCKER",
            civilizations=["Darkness"],
            card_type="GR Creature",
            card_type_ja="GRクリーチャー",
            type_codes=["GRC"],
            zone="super_gr_zone",
            mana_number=None,
            gr=True,
            cost=3,
            power="3000",
            power_value=3000,
            slayer=True,
        ),
        record(
            "無色のゼニス",
            card_type="Creature",
            cost=12,
            power="25000",
            power_value=25000,
            races=["ゼニス"],
            breaker="triple",
            breaker_ja="T・ブレイカー",
        ),
        # An evolution creature.
        record(
            "ボルシャック・NEX",
            civilizations=["Fire"],
            card_type="Evolution Creature",
            card_type_ja="進化クリーチャー",
            type_codes=["EC"],
            evolution=True,
            cost=6,
            power="11000",
            power_value=11000,
            races=["アーマード・ドラゴン"],
            breaker="double",
        ),
        # A start-of-game set (100.5): two cards that share their back face.
        *(
            record(
                name,
                card_type="Zeron Nebula",
                card_type_ja="零誕の星雲",
                type_codes=["ZCL", "ZC"],
                zone="battle_zone_at_game_start",
                zeron=True,
                multi_face=True,
                mana_number=None,
                faces=[
                    face(name, "front", zone="battle_zone_at_game_start", zeron=True),
                    face("零龍", "combined_back", zone="battle_zone_at_game_start", zeron=True),
                ],
            )  # fmt: skip
            for name in ("滅亡の起源 零無", "手札の儀")
        ),
        # A name with full-width tildes, which people also type as wave dashes (〜).
        record(
            "テスト～波の剣～",
            civilizations=["Light"],
            card_type="Spell",
            card_type_ja="呪文",
            type_codes=["S"],
            cost=1,
        ),
        # A name known only from a set list.
        {
            "name": None,
            "name_ja": "未来のカード",
            "facts_available": False,
            "printings": [printing("DM26-RP1", "1", "未来のカード")],
            "tcg_printings": [],
            "sources": [SOURCE],
        },
    ]
    return copy.deepcopy(records)
