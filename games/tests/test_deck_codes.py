"""Deck codes (games.deck_codes): short, URL-safe, versioned, the game and the cards; a code that cannot be read
says why."""

import base64
import zlib

import pytest

from games.base import DeckCodeError
from games.deck_codes import deck_code_decode, deck_code_encode, deck_code_find

ZONES = {"main": [(89631139, 3), (14558127, 2)], "extra": [(44508094, 1)], "side": []}
NAMES = {"main": [("ボルシャック・ドラゴン", 4), ("アクア・ガード", 4)], "hyperspatial": [], "gr": []}


@pytest.mark.parametrize(("game", "zones"), [("ygo", ZONES), ("dm", NAMES), ("dbs", {"main": [("BT1-001", 4)]})])
def test_a_code_round_trips_its_game_and_cards_and_is_url_safe(game, zones):
    code = deck_code_encode(game, zones)
    assert code.startswith(f"dk1.{game}.")
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
    assert deck_code_decode(code) == (game, {zone: list(cards) for zone, cards in zones.items() if cards})


def test_a_forty_card_deck_of_passwords_is_short():
    zones = {"main": [(10_000_000 + i, 3) for i in range(13)] + [(99_999_999, 1)]}
    assert len(deck_code_encode("ygo", zones)) < 160


@pytest.mark.parametrize(
    ("text", "found"),
    [
        pytest.param("  dk1.ygo.abc-_  ", "dk1.ygo.abc-_", id="alone"),
        pytest.param("https://example.org/decks/code/dk1.dm.q1w2/", "dk1.dm.q1w2", id="share-link"),
        pytest.param("3 Aqua Guard\ndk1.dm.abc", None, id="a-decklist"),
        pytest.param("dk1 is a nice deck", None, id="words"),
    ],
)
def test_a_pasted_code_is_found_alone_or_at_the_end_of_its_link(text, found):
    assert deck_code_find(text) == found


def _payload(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        pytest.param("dk2.ygo.AAAA", "version", id="a-later-version"),
        pytest.param("dk1.ygo.%%%", "form", id="not-url-safe"),
        pytest.param("dk1.ygo.AAAAAAAA", "payload", id="not-deflate"),
        pytest.param("dk1.ygo." + _payload(b'{"main": 3}'), "payload", id="not-the-rows"),
        pytest.param("dk1.ygo." + _payload(b'[["main", [[1, 0]]]]'), "payload", id="zero-copies"),
        pytest.param("dk1.ygo." + _payload(b"[" * 10 + b"]" * 10), "payload", id="nested"),
        pytest.param("dk1.ygo." + _payload(b" " * 300_000), "too_large", id="inflates-too-far"),
    ],
)
def test_a_code_that_cannot_be_read_says_why(code, reason):
    with pytest.raises(DeckCodeError) as raised:
        deck_code_decode(code)
    assert raised.value.reason == reason
