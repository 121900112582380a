"""Real decks of the OCG and Dragon Ball Super for the pages' tests: a published list of the games' tests
(games/ygo/tests/decklists/, games/dbs/tests/decklists/, each with its source address in the folder's README.md) and
the records of the shared data that it names, imported through each game's own import. Only the cards of the list are
imported (the full catalogues take minutes); skipped when the shared data is absent."""

import json
import re
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
YGO_LISTS = REPO / "games" / "ygo" / "tests" / "decklists"
DBS_LISTS = REPO / "games" / "dbs" / "tests" / "decklists"
# A published .ydk (40 + 15 + 15: main, extra and side) and a DeckPlanet export (a leader, 50, a 10-card Z-Deck).
YGO_DECK = "shaddoll-2015.ydk"
DBS_DECK = "deckplanet_goku_black.txt"


def _data(game: str) -> Path:
    from django.conf import settings

    folder = Path(settings.CARD_DATA_DIR) / game
    if not (folder / "cards.json").exists():
        pytest.skip(f"the {game} card data is not present")
    return folder


def ygo_real_import(ydk: str = YGO_DECK, *, also: tuple[int, ...] = ()) -> str:
    """The cards of the published .ydk (and of the passwords `also`, with the real dated lists) imported; returns the
    .ydk's text."""
    from games.ygo.catalogue import ygo_data_import

    text = (YGO_LISTS / ydk).read_text(encoding="utf-8")
    passwords = {int(line) for line in text.split() if line.isdigit()} | set(also)
    data = _data("ygo")
    records = json.loads((data / "cards.json").read_text(encoding="utf-8"))
    records = [record for record in records if passwords & set(record["passwords"])]
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "cards.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        (Path(folder) / "limits.json").write_bytes((data / "limits.json").read_bytes())
        ygo_data_import(directory=Path(folder))
    return text


def dbs_real_import(name: str = DBS_DECK) -> str:
    """The cards of the published DBS list (with the data's ban list) imported; returns the list's text."""
    from games.dbs import catalogue

    text = (DBS_LISTS / name).read_text(encoding="utf-8")
    numbers = set(re.findall(r"\[([A-Z0-9]+-[0-9A-Z]+)\]", text))
    data = _data("dbs")
    records = [r for r in json.loads((data / "cards.json").read_text(encoding="utf-8")) if r["card_number"] in numbers]
    with tempfile.TemporaryDirectory() as folder:
        cards = Path(folder) / "cards.json"
        cards.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        catalogue.data_import(log=lambda text: None, cards_source=str(cards), banlist_source=str(data / "banlist.json"))
    return text


def real_deck(*, owner, game: str, name: str):
    """The game's published list imported as a deck of `owner` (the game's own text reader)."""
    from decks.services import deck_create
    from games import registry

    text = ygo_real_import() if game == "ygo" else dbs_real_import()
    return deck_create(owner=owner, name=name, game=game, decklist=registry.get(game).parse_text(text))
