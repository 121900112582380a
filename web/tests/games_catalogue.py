"""A small made-up catalogue of the Yu-Gi-Oh! OCG and the Dragon Ball Super Card Game for the editor's tests,
imported through each game's own import (games.ygo.catalogue.ygo_data_import, games.dbs.catalogue.data_import) from
files written to a temporary folder. Every card here is invented for the tests (no record of the shared data)."""

import json
import tempfile
from pathlib import Path

# --- Yu-Gi-Oh! OCG: 14 main-deck cards (3 copies each is a legal 42-card Main Deck), 2 Extra Deck monsters, one
# card forbidden on the only list.
YGO_FORBIDDEN = "テスト禁止の壺"
YGO_MAIN = [
    # (Japanese name, English name, card_type, monster types, attribute, Type, level, ATK, DEF, property)
    ("テスト光の剣士", "Test Light Swordsman", "monster", ["Effect"], "LIGHT", "Warrior", 4, 1800, 1200, None),
    ("テスト闇の魔導師", "Test Dark Magician", "monster", ["Normal"], "DARK", "Spellcaster", 7, 2500, 2100, None),
    ("テスト風の鳥", "Test Wind Bird", "monster", ["Effect", "Tuner"], "WIND", "Winged Beast", 3, 1200, 800, None),
    ("テスト炎の竜", "Test Fire Dragon", "monster", ["Effect"], "FIRE", "Dragon", 8, 3000, 2500, None),
    ("テスト水の魚", "Test Water Fish", "monster", ["Effect"], "WATER", "Fish", 2, 600, 1000, None),
    ("テスト地の岩", "Test Earth Rock", "monster", ["Effect"], "EARTH", "Rock", 4, 1500, 2000, None),
    ("テスト光の天使", "Test Light Fairy", "monster", ["Effect"], "LIGHT", "Fairy", 1, 0, 0, None),
    ("テスト闇の悪魔", "Test Dark Fiend", "monster", ["Effect"], "DARK", "Fiend", 4, 1900, 0, None),
    ("テストの強欲", "Test Greed", "spell", [], None, None, None, None, None, "Normal"),
    ("テストの速攻魔法", "Test Quick Spell", "spell", [], None, None, None, None, None, "Quick-Play"),
    ("テストの永続魔法", "Test Continuous Spell", "spell", [], None, None, None, None, None, "Continuous"),
    ("テストの落とし穴", "Test Trap Hole", "trap", [], None, None, None, None, None, "Normal"),
    ("テストのカウンター", "Test Counter", "trap", [], None, None, None, None, None, "Counter"),
    ("テストの永続罠", "Test Continuous Trap", "trap", [], None, None, None, None, None, "Continuous"),
]
YGO_EXTRA = [
    (
        "テストシンクロ竜",
        "Test Synchro Dragon",
        "monster",
        ["Synchro", "Effect"],
        "WIND",
        "Dragon",
        8,
        3000,
        2500,
        None,
    ),
    ("テストリンク電脳", "Test Link Cyberse", "monster", ["Link", "Effect"], "DARK", "Cyberse", None, 2300, None, None),
]


def _ygo_record(index: int, row: tuple, zone: str) -> dict:
    name_ja, name_en, card_type, kinds, attribute, race, level, atk, defense, prop = row
    konami_id = 90000 + index
    record = {
        "konami_id": konami_id,
        "passwords": [80000000 + index],
        "name_en": name_en,
        "name_ja": name_ja,
        "name_ja_reading": None,
        "card_type": card_type,
        "monster_types": kinds,
        "attribute": attribute,
        "race": race,
        "level": level if "Link" not in kinds else None,
        "rank": None,
        "link_rating": 2 if "Link" in kinds else None,
        "atk": atk,
        "def": defense,
        "property": prop,
        "archetypes": [],
        "deck_zone": zone,
        "aliases": [],
        "first_ocg_date": "2020-01-01",
        "first_ocg_set": "TEST",
        "in_ocg": True,
    }
    return record


def ygo_records() -> list[dict]:
    rows = [(row, "main") for row in YGO_MAIN] + [(row, "extra") for row in YGO_EXTRA]
    forbidden = ("テスト禁止の壺", "Test Forbidden Pot", "spell", [], None, None, None, None, None, "Normal")
    rows.append((forbidden, "main"))
    return [_ygo_record(index, row, zone) for index, (row, zone) in enumerate(rows, start=1)]


def ygo_import() -> None:
    from games.ygo.catalogue import ygo_data_import

    records = ygo_records()
    forbidden = next(r["konami_id"] for r in records if r["name_ja"] == YGO_FORBIDDEN)
    lists = [{"effective": "2020-01-01", "forbidden": [forbidden], "limited": [], "semi_limited": [],
              "source": "made up for the tests"}]  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "cards.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        (Path(folder) / "limits.json").write_text(json.dumps(lists), encoding="utf-8")
        ygo_data_import(directory=Path(folder))


# --- Dragon Ball Super: two leaders, 16 battle / extra cards (4 copies each: a 64-card deck; 13 of them: 52), two
# Z-cards. Card numbers of a made-up set "BT99".
DBS_LEADERS = [
    ("BT99-001", "Test Goku", "Test Goku, Awakened", ["Red"]),
    ("BT99-002", "Test Vegeta", "Test Vegeta, Pride", ["Blue"]),
]
DBS_MAIN = [
    (f"BT99-{number:03d}", name, card_type, colors, cost, power)
    for number, (name, card_type, colors, cost, power) in enumerate(
        [
            ("Test Krillin", "Battle", ["Red"], 1, 10000),
            ("Test Gohan", "Battle", ["Red"], 2, 15000),
            ("Test Piccolo", "Battle", ["Green"], 3, 20000),
            ("Test Tien", "Battle", ["Red"], 2, 15000),
            ("Test Yamcha", "Battle", ["Red"], 1, 10000),
            ("Test Trunks", "Battle", ["Red", "Blue"], 4, 25000),
            ("Test Bulma", "Battle", ["Yellow"], 1, 5000),
            ("Test Android", "Battle", ["Black"], 5, 30000),
            ("Test Frieza", "Battle", ["Red"], 6, 30000),
            ("Test Cell", "Battle", ["Red"], 8, 35000),
            ("Test Kamehameha", "Extra", ["Red"], 2, None),
            ("Test Spirit Bomb", "Extra", ["Red"], 3, None),
            ("Test Senzu", "Extra", ["Red"], 0, None),
            ("Test Beerus", "Battle", ["Red"], 7, 35000),
            ("Test Whis", "Battle", ["Red"], 3, 15000),
            ("Test Hit", "Battle", ["Red"], 2, 15000),
        ],
        start=10,
    )
]
DBS_Z = [
    ("BT99-090", "Test Z Fighter", "Z-Battle", ["Red"], 3, 20000),
    ("BT99-091", "Test Z Blast", "Z-Extra", ["Red"], 2, None),
]


def dbs_records() -> list[dict]:
    records = [
        {"card_number": number, "name_en": name, "back_name_en": back, "card_type": "Leader", "deck_zone": "leader",
         "colors": colors, "power": 10000, "back_power": 15000, "set_code": "BT99", "set_name": "Test set",
         "release_date": "2023-01-01"}
        for number, name, back, colors in DBS_LEADERS
    ]  # fmt: skip
    for rows, zone in ((DBS_MAIN, "main"), (DBS_Z, "z_deck")):
        records += [
            {"card_number": number, "name_en": name, "card_type": card_type, "deck_zone": zone, "colors": colors,
             "energy_cost": cost, "power": power, "combo_energy": 0 if power else None,
             "combo_power": 5000 if power else None, "set_code": "BT99", "set_name": "Test set",
             "release_date": "2023-01-01"}
            for number, name, card_type, colors, cost, power in rows
        ]  # fmt: skip
    return records


def dbs_import() -> None:
    from games.dbs import catalogue

    with tempfile.TemporaryDirectory() as folder:
        cards, bans = Path(folder) / "cards.json", Path(folder) / "banlist.json"
        cards.write_text(json.dumps(dbs_records()), encoding="utf-8")
        bans.write_text(json.dumps({"entries": []}), encoding="utf-8")
        catalogue.data_import(log=lambda text: None, cards_source=str(cards), banlist_source=str(bans))


def card_id(game: str, name: str) -> int:
    """A test card's catalogue id by the name the tests give it (DBS: its card number)."""
    from cards.models import Card

    field = "name_key" if game == "dbs" else "name_ja"
    return Card.objects.get(game=game, **{field: name}).id
