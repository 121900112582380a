"""A small hand-written catalogue in the card data's schema for the legality service, API and importer tests."""

from cards.tests.factories import CardRecordFactory, FaceRecordFactory, PrintingRecordFactory, SetRecordFactory

FILLER = [f"フィラー{i:02d}" for i in range(1, 16)]
PSYCHICS = ["時空の支配者ディアボロスZ（ゼータ）", "時空の英雄アンタッチャブル"]
SHARED_BACK = "最凶の覚醒者デビル・ディアボロス Z"
DRAGHEART = "龍魂城閣 レッドゥル"
GRS = [f"ＧＲクリーチャー{i}" for i in range(1, 7)]
GR_MANY = "ＧＲの犬 ワンワンワン"
THIRTEEN = "13番目の計画"
CHOROCHU = "四十日鼠 チョロチュー"
SEALED_X = "禁断～封印されしX～"
STAR = "FORBIDDEN STAR ～世界最後の日～"
ZEROM = "滅亡の起源 零無"
NEBULAE = ["手札の儀", "墓地の儀", "破壊の儀", "復活の儀"]
TWIN = "機術士ディール/「本日のラッキーナンバー！」"
LIMITED = "エメラル"
BANNED = "無双竜機ボルバルザーク"
COMBO = ("未来王龍 モモキングJO", "禁断英雄 モモキングダムX")
HYPER_COMBO_MAIN = "超次元バイス・ホール"
RUBY = "竜魔神王バルカディア・NEX（ネックス）"


def catalogue() -> list[dict]:
    records = [CardRecordFactory(name_ja=name, civilizations=["Fire"], cost=3) for name in FILLER]
    records += [
        CardRecordFactory(name_ja=name, civilizations=["Water"], cost=4) for name in (LIMITED, BANNED, *COMBO, RUBY)
    ]
    records.append(CardRecordFactory(name_ja=HYPER_COMBO_MAIN, spell=True))
    for name in PSYCHICS:
        records.append(
            CardRecordFactory(
                name_ja=name,
                card_type="Psychic Creature",
                type_codes=["PC", "SPC"],
                zone="hyperspatial_zone",
                psychic=True,
                multi_face=True,
                mana_number=None,
                face_names_ja=[name, SHARED_BACK],
                faces=[
                    FaceRecordFactory(name_ja=name, role="front", psychic=True, zone="hyperspatial_zone"),
                    FaceRecordFactory(
                        name_ja=SHARED_BACK, role="combined_back", psychic=True, zone="hyperspatial_zone"
                    ),
                ],
            )
        )
    records.append(
        CardRecordFactory(
            name_ja=DRAGHEART,
            card_type="Dragheart Fortress",
            type_codes=["DHF"],
            zone="hyperspatial_zone",
            dragheart=True,
        )
    )
    records += [
        CardRecordFactory(name_ja=name, card_type="GR Creature", type_codes=["GRC"], zone="super_gr_zone", gr=True)
        for name in GRS
    ]
    records.append(
        CardRecordFactory(
            name_ja=GR_MANY,
            card_type="GR Creature",
            type_codes=["GRC"],
            zone="super_gr_zone",
            gr=True,
            deck_limit_exceptions=[{"zone": "super_gr_zone", "max_copies": None, "rule": "more than 2 in GR"}],
        )
    )
    records.append(
        CardRecordFactory(
            name_ja=THIRTEEN,
            card_type="Rule Plus",
            type_codes=["RP"],
            zone="hyperspatial_zone",
            deck_limit_exceptions=[{"zone": "main_deck", "deck_size_delta": 5, "rule": "deck size +5"}],
        )
    )
    records.append(
        CardRecordFactory(
            name_ja=CHOROCHU,
            deck_limit_exceptions=[{"zone": "main_deck", "max_copies": None, "rule": "may include more than 4"}],
        )
    )
    records.append(
        CardRecordFactory(
            name_ja=SEALED_X,
            name="Forbidden ~The Sealed X~",
            card_type="Forbidden Impulse",
            type_codes=["SI", "SC"],
            forbidden=True,
            multi_face=True,
            faces=[
                FaceRecordFactory(name_ja=SEALED_X, role="front", forbidden=True),
                FaceRecordFactory(name_ja="伝説の禁断 ドキンダムX", role="back", forbidden=True),
            ],
        )
    )
    records.append(
        CardRecordFactory(
            name_ja=STAR,
            card_type="Final Forbidden Field",
            type_codes=["FFF", "FSC"],
            zone="battle_zone_at_game_start",
            forbidden=True,
            multi_face=True,
            faces=[
                FaceRecordFactory(name_ja=STAR, role="front", forbidden=True, zone="battle_zone_at_game_start"),
                FaceRecordFactory(
                    name_ja="終焉の禁断 ドルマゲドンX", role="back", forbidden=True, zone="battle_zone_at_game_start"
                ),
            ],
        )
    )
    for name in (ZEROM, *NEBULAE):
        records.append(
            CardRecordFactory(
                name_ja=name,
                card_type="Zeron Nebula",
                type_codes=["ZCL", "ZC"],
                zone="battle_zone_at_game_start",
                zeron=True,
                dragheart=True,  # as the real data flags them
                multi_face=True,
                faces=[
                    FaceRecordFactory(name_ja=name, role="front", zeron=True, zone="battle_zone_at_game_start"),
                    FaceRecordFactory(
                        name_ja="零龍", role="combined_back", zeron=True, zone="battle_zone_at_game_start"
                    ),
                ],
            )
        )
    top, bottom = TWIN.split("/")
    records.append(
        CardRecordFactory(
            name_ja=TWIN,
            card_type="Twinpact",
            type_codes=["C", "S"],
            twinpact=True,
            multi_face=True,
            faces=[
                FaceRecordFactory(name_ja=top, role="twinpact_top"),
                FaceRecordFactory(name_ja=bottom, role="twinpact_bottom", card_type="Spell"),
            ],
        )
    )
    records.append(CardRecordFactory(name_ja="機術士ディール"))  # a single card named like the twinpact's top half
    # Every card was released in the first set: the card-pool checks are tested with their own printings.
    for number, item in enumerate(records, start=1):
        item["printings"] = [
            PrintingRecordFactory(set_code=FIRST_SET, number=str(number), listed_name_ja=item["name_ja"])
        ]
    return records


FIRST_SET = "REG-01"
LATER_SET = "REG-02"  # dated, printed in no fixture card
UNDATED_SET = "REG-NET"


def sets() -> list[dict]:
    """Set records in the schema of sets.json: a day-precision set, a month-precision one and an undated one."""

    return [
        SetRecordFactory(code=FIRST_SET, release_date="2002-05-30"),
        SetRecordFactory(code=LATER_SET, release_date="2019-03", date_precision="month"),
        SetRecordFactory(code=UNDATED_SET, release_date=None, date_precision=None),
    ]


def hall_of_fame() -> dict:
    """Dated events in the schema of hall_of_fame.json: every matching path of the importer has an entry."""

    def card_event(day, raw, names, frm, to, card_key=None):
        return {
            "effective_date": day,
            "raw_name_ja": raw,
            "from": frm,
            "to": to,
            "on_release": frm is None,
            "format": None,
            "kind": "card",
            "names_ja": names,
            "card_key": card_key,
            "source": "test",
        }

    def combo_event(day, pairs, keys, frm, to):
        return {
            "effective_date": day,
            "raw_name_ja": "と".join(f"《{a}》" for a in pairs[0]),
            "from": frm,
            "to": to,
            "format": None,
            "kind": "combo",
            "combo_pairs_ja": pairs,
            "combo_pairs_card_keys": keys,
            "source": "test",
        }

    return {
        "events": [
            card_event("2010-01-01", f"《{LIMITED}》", [LIMITED], "unrestricted", "limited", card_key=LIMITED),
            card_event("2010-01-01", f"《{BANNED}》", [BANNED], "unrestricted", "limited"),  # no card_key: by name
            card_event("2012-06-01", f"《{BANNED}》", [BANNED], "limited", "banned"),
            card_event(
                "2012-06-01", "《竜魔神王バルカディア・NEX》", ["竜魔神王バルカディア・NEX"], "unrestricted", "limited"
            ),
            card_event(  # faces joined with '/', the second a face shared by several cards: the first decides
                "2013-01-01",
                f"《時空の支配者ディアボロス Z》/《{SHARED_BACK}》",
                ["時空の支配者ディアボロス Z", SHARED_BACK],
                "unrestricted",
                "limited",
            ),
            card_event(
                "2014-01-01",
                "《機術士ディール／「本日のラッキーナンバー！」》",
                [TWIN.replace("/", "／")],
                "unrestricted",
                "limited",
            ),
            card_event("2015-12-15", f"《{SEALED_X}》", [SEALED_X], None, "limited", card_key=SEALED_X),
            card_event(
                "2016-01-01", "《ドリル・スコール》", ["ドリル・スコール"], "unrestricted", "limited"
            ),  # no card
            card_event("2018-01-01", f"《{LIMITED}》", [LIMITED], "limited", "unrestricted", card_key=LIMITED),
            card_event(
                "2020-01-01", f"《{PSYCHICS[0]}》", [PSYCHICS[0]], "limited", "unrestricted", card_key=PSYCHICS[0]
            ),
            combo_event(
                "2011-07-23",
                [[PSYCHICS[0], HYPER_COMBO_MAIN]],
                [[PSYCHICS[0], HYPER_COMBO_MAIN]],
                "unrestricted",
                "premium_hyperspatial_combo",
            ),
            combo_event(
                "2019-01-01",
                [[PSYCHICS[0], HYPER_COMBO_MAIN]],
                [[PSYCHICS[0], HYPER_COMBO_MAIN]],
                "premium_hyperspatial_combo",
                "unrestricted",
            ),
            combo_event("2022-08-15", [list(COMBO)], [[None, None]], "unrestricted", "premium_combo"),
        ]
    }
