"""Deck codes: a deck of any game in one short, URL-safe, versioned word that any installation of this product reads
back (the deck export's kind `code`, the import's and the legality API's `text`, the share link `/decks/code/<code>/`).

    dk1.<game>.<payload>

`dk1` is the form's version; `<game>` the registry's code of the deck's game; `<payload>` the unpadded base64url of
the raw DEFLATE of the compact JSON `[[zone, [[card, copies], ...]], ...]`, where a card is the game's stable key
(an OCG password, a DBS card number, a Duel Masters name: `Game.decklist_code_keys`), never a database id. Every
character is one of `A-Z a-z 0-9 - _ .`, so the code is a path segment and a query value as it is.

Pure Python (`base64`, `json`, `zlib`); a code that cannot be read raises games.base.DeckCodeError with its reason.
"""

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence

from games.base import DeckCodeError

VERSION = 1
PREFIX = f"dk{VERSION}"
MAX_CODE = 20_000  # characters of a code read; a 60-card deck of names is far below
MAX_JSON = 200_000  # bytes its payload may inflate to
# A code, alone or at the end of a share link (…/decks/code/dk1.ygo.…/).
_CODE = re.compile(r"(?:^|/)(dk(\d+)\.([a-z0-9_]{1,16})\.([A-Za-z0-9_-]+))/?$")

Zones = Mapping[str, Sequence[tuple[str | int, int]]]


def deck_code_encode(game: str, zones: Zones) -> str:
    """The code of a deck: zone -> [(card key, copies)], in order (empty zones left out)."""
    rows = [[zone, [[key, count] for key, count in cards]] for zone, cards in zones.items() if cards]
    raw = json.dumps(rows, ensure_ascii=False, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return f"{PREFIX}.{game}.{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


def deck_code_find(text: str) -> str | None:
    """The deck code a pasted text is (one line: the code, or a share link ending with it), else None."""
    stripped = text.strip()
    if not stripped or "\n" in stripped or len(stripped) > MAX_CODE:
        return None
    found = _CODE.search(stripped)
    return found.group(1) if found else None


def deck_code_decode(code: str) -> tuple[str, dict[str, list[tuple[str | int, int]]]]:
    """(game code, zone -> [(card key, copies)]) of a code; DeckCodeError (`version`, `payload`) when it cannot be
    read."""
    found = _CODE.search(code.strip())
    if found is None:
        raise DeckCodeError("form", "a deck code is dk1.<game>.<cards>")
    _, version, game, payload = found.groups()
    if int(version) != VERSION:
        raise DeckCodeError("version", f"deck code version {version} is not known here (this site reads {VERSION})")
    unreadable = DeckCodeError("payload", "the deck code's cards cannot be read (a character lost in copying?)")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(packed, MAX_JSON)
    except (binascii.Error, zlib.error, ValueError):
        raise unreadable from None
    if inflater.unconsumed_tail:
        raise DeckCodeError("too_large", "the deck code holds too many cards")
    try:
        rows = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise unreadable from None
    zones: dict[str, list[tuple[str | int, int]]] = {}
    if not isinstance(rows, list):
        raise DeckCodeError("payload", "the deck code's cards cannot be read")
    for row in rows:
        ok = isinstance(row, list) and len(row) == 2 and isinstance(row[0], str) and isinstance(row[1], list)
        if not ok:
            raise DeckCodeError("payload", "the deck code's cards cannot be read")
        for entry in row[1]:
            good = (
                isinstance(entry, list)
                and len(entry) == 2
                and isinstance(entry[0], str | int)
                and isinstance(entry[1], int)
                and not isinstance(entry[1], bool)
                and 0 < entry[1] <= 99
            )
            if not good:
                raise DeckCodeError("payload", "the deck code's cards cannot be read")
            zones.setdefault(row[0], []).append((entry[0], entry[1]))
    return game, zones
