"""A small hand-written catalogue in the card data's schema (see the data README) for the catalogue's tests."""

from cards.tests.factories import SOURCE, CardRecordFactory, FaceRecordFactory, PrintingRecordFactory, name_only_record

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


def catalogue() -> list[dict]:
    """Every spelling case of the resolver and every filter of the search language has a card here."""
    records = [
        CardRecordFactory(
            name_ja="ボルシャック・ドラゴン",
            name="Bolshack Dragon",
            civilizations=["Fire"],
            cost=6,
            power="6000+",
            power_value=6000,
            races=["アーマード・ドラゴン"],
            breaker="double",
            breaker_ja="W・ブレイカー",
            keywords_ja=["W・ブレイカー"],
            printings=[PrintingRecordFactory(set_code="DM-01", number="1", listed_name_ja="ボルシャック・ドラゴン")],
            tcg_printings=[{"set": "DM-01 Base Set", "id": "1/110", "rarity": "Rare", "source": SOURCE}],
        ),
        # A ruby reading in full-width parentheses.
        CardRecordFactory(
            name_ja="超戦龍覇 モルトNEXT（ネクスト）",
            name="MaltNEXT, Super Battle Dragon Ruler",
            civilizations=["Fire"],
            cost=7,
            power_value=9000,
            races=["ガイアール・コマンド・ドラゴン", "ドラグナー"],
            speed_attacker=True,
            printings=[
                PrintingRecordFactory(set_code="DMR-18", number="1", listed_name_ja="超戦龍覇 モルトNEXT（ネクスト）")
            ],
        ),
        # A card of its own that is also the top half of a twinpact: the whole card's name wins.
        CardRecordFactory(
            name_ja="パラダイス・アロマ",
            name="Paradise Aroma",
            civilizations=["Water"],
            cost=3,
            power_value=1000,
            races=["サイバー・ムーン"],
            blocker=True,
        ),
        CardRecordFactory(
            name_ja="パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」",
            face_names_ja=["パラダイス・アロマ", "「挑戦、それは終わりなきスパイラル！」"],
            civilizations=["Water", "Light"],  # as in the data: the union over both halves
            twin=True,
            cost=3,
            power_value=1000,
            races=["サイバー・ムーン"],
            twinpact=True,
            multi_face=True,
            shield_trigger=True,
            faces=[
                FaceRecordFactory(
                    name_ja="パラダイス・アロマ",
                    role="twinpact_top",
                    civilizations=["Water"],
                    cost=3,
                    power_value=1000,
                    races=["サイバー・ムーン"],
                ),
                FaceRecordFactory(
                    name_ja="「挑戦、それは終わりなきスパイラル！」",
                    role="twinpact_bottom",
                    spell=True,
                    civilizations=["Water", "Light"],
                    cost=2,
                    shield_trigger=True,
                ),
            ],
            printings=[
                PrintingRecordFactory(
                    set_code="DMRP-09",
                    number="50",
                    listed_name_ja="パラダイス・アロマ / 「挑戦、それは終わりなきスパイラル！」",
                )
            ],
        ),  # fmt: skip
        # A twinpact written in the data without spaces around '/' and with an English name.
        CardRecordFactory(
            name_ja="ホメホメロ/ホメホメロック",
            name="Homehomero/Homehomerock",
            face_names_ja=["ホメホメロ", "ホメホメロック"],
            civilizations=["Nature"],
            twin=True,
            cost=2,
            power_value=2000,
            twinpact=True,
            multi_face=True,
            faces=[
                FaceRecordFactory(
                    name_ja="ホメホメロ",
                    role="twinpact_top",
                    civilizations=["Nature"],
                    cost=2,
                    power_value=2000,
                ),
                FaceRecordFactory(
                    name_ja="ホメホメロック",
                    role="twinpact_bottom",
                    spell=True,
                    civilizations=["Nature"],
                    cost=4,
                ),
            ],
        ),  # fmt: skip
        # Two psychic creatures that share one combined back face.
        *(
            CardRecordFactory(
                name_ja=name,
                face_names_ja=[name, "貪欲バリバリ・パックンガー"],
                civilizations=["Water", "Nature"],
                psychic_creature=True,
                type_codes=["PC", "PSC"],
                cost=cost,
                power_value=3000,
                multi_face=True,
                faces=[
                    FaceRecordFactory(
                        name_ja=name,
                        role="front",
                        civilizations=["Water"],
                        cost=cost,
                        psychic=True,
                        zone="hyperspatial_zone",
                    ),
                    FaceRecordFactory(
                        name_ja="貪欲バリバリ・パックンガー",
                        role="combined_back",
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
        CardRecordFactory(
            name_ja="JK大バクチ",
            name="JK Great Gamble",
            civilizations=["Fire"],
            cost=4,
            spell=True,
        ),
        CardRecordFactory(
            name_ja="ＪＫ大バクチ",
            name="JK Great Gamble",
            civilizations=["Fire"],
            cost=4,
            spell=True,
        ),
        # Per-card deck-limit exceptions (100.2a, 314.3a) and a Rule Plus card.
        CardRecordFactory(
            name_ja="四十日鼠 チョロチュー",
            civilizations=["Darkness"],
            cost=2,
            power_value=1000,
            deck_limit_exceptions=[{"zone": "main_deck", "max_copies": None, "rule": "more than 4"}],
        ),
        CardRecordFactory(
            name_ja="13番目の計画",
            name="Invincible Thirteen",
            card_type="Rule Plus",
            card_type_ja="ルール・プラス",
            type_codes=["RP"],
            zone="hyperspatial_zone",
            mana_number=None,
            deck_limit_exceptions=[{"zone": "main_deck", "deck_size_delta": 5, "rule": "deck size +5"}],
        ),
        # A GR creature, and a colorless one.
        CardRecordFactory(
            name_ja="ジェイ-SHOCKER",
            civilizations=["Darkness"],
            gr_creature=True,
            cost=3,
            power_value=3000,
            slayer=True,
        ),
        CardRecordFactory(
            name_ja="無色のゼニス",
            card_type="Creature",
            cost=12,
            power_value=25000,
            races=["ゼニス"],
            breaker="triple",
            breaker_ja="T・ブレイカー",
        ),
        # An evolution creature.
        CardRecordFactory(
            name_ja="ボルシャック・NEX",
            civilizations=["Fire"],
            card_type="Evolution Creature",
            card_type_ja="進化クリーチャー",
            type_codes=["EC"],
            evolution=True,
            cost=6,
            power_value=11000,
            races=["アーマード・ドラゴン"],
            breaker="double",
        ),
        # A start-of-game set (100.5): two cards that share their back face.
        *(
            CardRecordFactory(
                name_ja=name,
                card_type="Zeron Nebula",
                card_type_ja="零誕の星雲",
                type_codes=["ZCL", "ZC"],
                zone="battle_zone_at_game_start",
                zeron=True,
                multi_face=True,
                mana_number=None,
                faces=[
                    FaceRecordFactory(name_ja=name, role="front", zone="battle_zone_at_game_start", zeron=True),
                    FaceRecordFactory(
                        name_ja="零龍", role="combined_back", zone="battle_zone_at_game_start", zeron=True
                    ),
                ],
            )  # fmt: skip
            for name in ("滅亡の起源 零無", "手札の儀")
        ),
        # A name with full-width tildes, which people also type as wave dashes (〜).
        CardRecordFactory(
            name_ja="テスト～波の剣～",
            civilizations=["Light"],
            spell=True,
            cost=1,
        ),
        # A name known only from a set list.
        name_only_record(
            "未来のカード",
            printings=[PrintingRecordFactory(set_code="DM26-RP1", number="1", listed_name_ja="未来のカード")],
        ),
    ]
    return records
