"""The deck hash has one builder (games.base.deck_hash) and every game's hash goes through it; registrations, signed
audit entries and printed sheets hold hashes made before it, so each form must give the very value it gave: real
decklists of each game (the games' tests' decklists, their sources in those folders' READMEs and first lines),
hashed by each hash of the code base, against the values the code gave before the builder (computed with it and
written down here)."""

import zlib
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings

from games.dbs.rules import decklist as dbs_reader
from games.dbs.rules.legality import deck_hash as dbs_rules_hash
from games.dm.rules.deck_hash import deck_hash as dm_hash
from games.dm.rules.decklist import parse_text as dm_parse_text
from games.ygo.rules.decklist import read_decklist as ygo_read
from games.ygo.rules.legality import deck_hash as ygo_rules_hash

GAMES = Path(__file__).resolve().parents[1]


def _read(game: str, name: str) -> str:
    return (GAMES / game / "tests" / "decklists" / name).read_text(encoding="utf-8")


def _id(text: object) -> int:
    """A stable stand-in for a catalogue id (the hash takes any integer key)."""
    return zlib.crc32(str(text).encode())


def dm(name: str) -> str:
    """Duel Masters: the rules' reader, every other line's card resolved (an id) and the rest unresolved (text)."""
    lines = dm_parse_text(_read("dm", name)).lines
    cards = [(line.zone.value, _id(line.card), line.count) for line in lines[::2]]
    unresolved = [(line.zone.value, str(line.card), line.count) for line in lines[1::2]]
    return dm_hash(cards, unresolved)


def ygo_rules(name: str, catalogue) -> str:
    return ygo_rules_hash(ygo_read(_read("ygo", name), catalogue))


def ygo_game(name: str, catalogue, monkeypatch) -> str:
    """The registry's hash over catalogue ids (pk = Konami id + 1,000,000 here), one id the catalogue lacks."""
    from games.ygo import game

    read = ygo_read(_read("ygo", name), catalogue)
    by_pk = {card.id + 1_000_000: card for card in catalogue.cards}
    monkeypatch.setattr(game, "_context", lambda: SimpleNamespace(by_pk=by_pk))
    cards = [(zone.value, card.id + 1_000_000, n) for zone in read.zones for card, n in read.cards(zone)]
    unresolved = [(line.zone.value, line.written, line.count) for line in read.unresolved]
    return game.GAME.deck_hash([*cards, ("main", 7, 1)], unresolved)


def dbs_rules(name: str, catalogue) -> str:
    return dbs_rules_hash(dbs_reader.read_decklist(_read("dbs", name), catalogue))


def dbs_game(name: str, catalogue, monkeypatch) -> str:
    """The registry's hash over catalogue ids (a stand-in id per card number), one id the catalogue lacks."""
    from games.dbs import game

    read = dbs_reader.read_decklist(_read("dbs", name), catalogue)
    lines = read.card_lines()
    numbers = {_id(line.card_number): line.card_number for line in lines if line.card_number}
    monkeypatch.setattr(game.db, "state", lambda: SimpleNamespace(number_by_id=numbers))
    cards = [((line.zone or "main").value if line.zone else "main", _id(line.card_number), line.count or 0)
             for line in lines if line.card_number]  # fmt: skip
    unresolved = [("main", line.text, line.count or 0) for line in lines if not line.card_number]
    return game.GAME.deck_hash([*cards, ("side", 7, 2)], unresolved)


def mini(text: str) -> str:
    from games.tests.minigame.game import GAME

    rows = GAME.parse_text(text).lines
    return GAME.deck_hash([(line.zone, _id(line.card), line.count) for line in rows])


# (hash, decklist, the value the code gave before games.base.deck_hash: commit 347ff6a, computed with this module)
FORMS = [
    ("dm", "001_hanzo_taker_2014_deari_jigen.txt", "2e473751a27e4049b7803b64824e7979ab350c3803541f958641246a30909ff6"),
    (
        "dm",
        "036_metagross_armor_2020_kuma_jolnade_gr.txt",
        "ba017f0b286001f7c39a05bea240137f129c661ea1094071de72b80f0bf9672d",
    ),
    ("dm", "020_cardshark_2005_water_darkness.txt", "b1e4122eba981e3228576d4f12249d5eaa9fca0a7db980c8792202af6b15690a"),
    ("ygo-rules", "nekroz-2015.ydk", "73498fe0bbeeaa881e2a2bcc15f60c5bc5bb9747a3168d6e1576356362a6cc41"),
    ("ygo-rules", "qliphort-2015.ydk", "c1b47440c341b78030b33c22f5d459d44d3f89c07cfa78f7dc5ea2b8cb77a2ef"),
    ("ygo-rules", "extra-win-ocg-2009.txt", "a110b6331b4ac13b736f169ac7b8e9d16421d1a106b800022f31b46ef11061ff"),
    ("ygo-game", "nekroz-2015.ydk", "80631b6c0722a870e1b32daa65f77df09087bc04316fc1eceef79ad3e821e62b"),
    ("ygo-game", "qliphort-2015.ydk", "b20f265d07b782ade6ff02fa9ace8e597b5ccad7eca5843200dc3f28a3c47f8b"),
    ("ygo-game", "extra-win-ocg-2009.txt", "779beb5d62bbafb298b879e40dc4f275b551aacf5de530cbc03eff26a7914b5f"),
    ("dbs-rules", "deckplanet_goku_black.txt", "76b12acde1ceac427018f132f300248db134394efe149b48373bb7cb2d1919ec"),
    ("dbs-rules", "untap_cell_2019.txt", "acdbb79aad61b6ea57814e0128a55b634cf4a068c4583d825c4a9e33a464de9a"),
    ("dbs-rules", "deckplanet_zamasu_mill.txt", "4cb7c912a367651aa7bc35963d8b246bb8e48061eb82a23bf98e3eda96aefdc9"),
    ("dbs-game", "deckplanet_goku_black.txt", "732708e26cd5bfe2402b3e2a59466b80d6e406f071b6576759bb7cc1ccf8d42d"),
    ("dbs-game", "untap_cell_2019.txt", "414d9c35f715471fb984167785a013db664792f16ac43baedd6d00b1e52b530d"),
    ("dbs-game", "deckplanet_zamasu_mill.txt", "7ec60a281166f21d73584ce3a1a9968d9bce4f048194a679b268632e228fd1ca"),
    ("mini", "3 Ember Fox\n3 Tide Crab\n", "f3bd421d2e7d44fd71969ff507e09cd1567c246f76f54dd16b8bc96d9e4a08c5"),
    (
        "mini",
        "2 Sky Wisp\n1 Ember Fox\n3 Moss Golem\n",
        "a0e0884e1fca04c2af9cb3b81c3e233ce4a887190ed6913bd057e5c35975062d",
    ),
]


@pytest.mark.parametrize(("form", "source", "expected"), FORMS, ids=[f"{f}-{s}" for f, s, _ in FORMS])
def test_every_hash_gives_the_value_it_gave(form, source, expected, request, monkeypatch):
    if form == "dm":
        value = dm(source)
    elif form == "mini":
        value = mini(source)
    elif form.startswith("ygo"):
        catalogue = request.getfixturevalue("ygo_catalogue")
        value = ygo_rules(source, catalogue) if form == "ygo-rules" else ygo_game(source, catalogue, monkeypatch)
    else:
        catalogue = request.getfixturevalue("dbs_catalogue")
        value = dbs_rules(source, catalogue) if form == "dbs-rules" else dbs_game(source, catalogue, monkeypatch)
    assert value == expected


@pytest.fixture(scope="module")
def ygo_catalogue():
    from games.ygo.rules import load_cards
    from games.ygo.tests.conftest import DATA

    if not (DATA / "cards.json").exists():
        pytest.skip("the OCG card data is not present")
    return load_cards(DATA)


@pytest.fixture(scope="module")
def dbs_catalogue():
    from games.dbs.rules.cards import load_cards

    path = Path(settings.CARD_DATA_DIR) / "dbs" / "cards.json"
    if not path.exists():
        pytest.skip("the DBS card data is not present")
    return load_cards(path)


@pytest.mark.parametrize(
    "key",
    [
        pytest.param("BT1-001", id="plain-ascii"),
        pytest.param('?4 "Maxx" C', id="quotes"),
        pytest.param("?a\\b", id="backslash"),
        pytest.param("?灰流うらら", id="japanese"),
        pytest.param("?x\x7f", id="delete-character"),
        pytest.param("?tab\there", id="control-character"),
        pytest.param("", id="empty"),
    ],
)
def test_a_key_is_written_as_json_writes_it(key):
    # The builder writes a plain key between quotes itself (games.base._PLAIN_JSON_STRING) and leaves every other to
    # json.dumps: the bytes are those of json.dumps over the rows either way.
    import hashlib
    import json

    from games.base import deck_hash

    rows = [["main", key, 2], ["side", 7, 1]]
    expected = hashlib.sha256(json.dumps(sorted(rows), separators=(",", ":")).encode()).hexdigest()
    assert deck_hash([("main", key, 2), ("side", 7, 1)]) == expected


def _by_definition(known, unknown=()):
    """The hash as its docstring defines it: json.dumps over the rows, one key's copies summed per zone, each part
    sorted."""
    import hashlib
    import json

    rows = []
    for part in (known, unknown):
        summed: dict = {}
        for zone, key, copies in part:
            summed[(zone, key)] = summed.get((zone, key), 0) + copies
        rows += [[zone, key, copies] for (zone, key), copies in sorted(summed.items())]
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize(
    "known, unknown",
    [
        pytest.param([("main", 30, 3), ("extra", 5, 1), ("main", 4, 2), ("side", 30, 1)], [], id="zones-out-of-order"),
        pytest.param([("main", 7, 1), ("main", 7, 2), ("side", 7, 1)], [], id="one-key-twice-in-a-zone"),
        pytest.param([("main", "BT1-001", 4), ("main", "BT1-0010", 1), ("z", "BT2-1", 1)], [], id="string-keys"),
        pytest.param([("main", 12, 1), ("side", "x%d", 1)], [("main", "?b", 1), ("main", "?a", 2)], id="unknown-rows"),
        pytest.param([("gr", 2, 1), ("hyperspatial", 1, 1), ("main", 10**12, 40)], [], id="duel-masters-zones"),
        pytest.param([], [("main", "?灰流うらら", 3), ("main", "?灰流うらら", 1)], id="only-unknown-summed"),
        pytest.param([], [], id="empty"),
    ],
)
def test_the_hash_is_that_of_its_definition(known, unknown):
    from games.base import deck_hash

    assert deck_hash(known, unknown) == _by_definition(known, unknown)
    assert deck_hash(iter(known), iter(unknown)) == _by_definition(known, unknown)  # rows given once, as a generator
