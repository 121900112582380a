"""`ydke://` deck URLs in and out: the form EDOPro and the deck sites put a deck in one line.

`ydke://` + base64(main) + `!` + base64(extra) + `!` + base64(side) + `!`: each part the standard base64 (with `=`
padding) of the passwords as 4-byte little-endian unsigned integers, one per copy. An empty part is the empty
string. The reader turns the URL into the `.ydk` it stands for and reads that (games.ygo.rules.decklist.read_ydk),
so alternate-art and simulator passwords map to their card and an unknown password is an `unknown` line in its zone,
exactly as in a `.ydk`.

Pure Python (`base64`, `struct`).
"""

import base64
import binascii
import re
import struct

from games.base import DeckCodeError
from games.ygo.rules.cards import Catalogue
from games.ygo.rules.decklist import DeckInput, Decklist, read_ydk, zone_cards
from games.ygo.rules.vocabulary import DeckZone

PREFIX = "ydke://"
_PART = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_ZONES = (DeckZone.MAIN, DeckZone.EXTRA, DeckZone.SIDE)
_YDK_HEADINGS = {DeckZone.MAIN: "#main", DeckZone.EXTRA: "#extra", DeckZone.SIDE: "!side"}
MAX_PASSWORDS = 1000  # copies of one URL: far above any deck (games.base.MAX_COPIES bounds the decklist again)


def looks_like_ydke(text: str) -> bool:
    """The text is one ydke:// URL (surrounding blank space allowed, the scheme in any case)."""
    return text.strip()[: len(PREFIX)].lower() == PREFIX


def ydke_passwords(text: str) -> dict[DeckZone, list[int]]:
    """zone -> passwords (one per copy, in order) of a ydke:// URL; DeckCodeError (with its reason) when it is not
    one: no scheme, not three parts, a part that is not base64, or not a whole number of 4-byte passwords."""
    url = text.strip()
    if not looks_like_ydke(url):
        raise DeckCodeError("not_ydke", "a ydke URL starts with ydke://")
    parts = url[len(PREFIX) :].split("!")
    # The reference writer ends with "!" (four pieces, the last empty); a URL without the last "!" is read too.
    if len(parts) == 4 and parts[3] == "":
        parts = parts[:3]
    if len(parts) != 3:
        raise DeckCodeError("parts", f"a ydke URL has three parts (main!extra!side!), this one has {len(parts)}")
    out: dict[DeckZone, list[int]] = {}
    for zone, part in zip(_ZONES, parts, strict=True):
        if not _PART.fullmatch(part) or len(part) % 4:
            raise DeckCodeError("base64", f"the {zone.value} part of the ydke URL is not base64")
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise DeckCodeError("base64", f"the {zone.value} part of the ydke URL is not base64") from None
        if len(raw) % 4:
            raise DeckCodeError(
                "length", f"the {zone.value} part of the ydke URL is {len(raw)} bytes, not a whole number of passwords"
            )
        out[zone] = [number for (number,) in struct.iter_unpack("<I", raw)]
    if sum(map(len, out.values())) > MAX_PASSWORDS:
        raise DeckCodeError("too_large", f"a ydke URL may hold at most {MAX_PASSWORDS} cards")
    return out


def ydke_to_ydk(text: str) -> str:
    """The .ydk a ydke:// URL stands for (one password a line under #main / #extra / !side)."""
    passwords = ydke_passwords(text)
    lines: list[str] = []
    for zone in _ZONES:
        lines.append(_YDK_HEADINGS[zone])
        lines.extend(map(str, passwords[zone]))
    return "\n".join(lines) + "\n"


def read_ydke(text: str, catalogue: Catalogue) -> Decklist:
    """A ydke:// URL as a decklist: read as the .ydk it stands for (its source format `ydke`)."""
    read = read_ydk(ydke_to_ydk(text), catalogue)
    return Decklist(read.lines, "ydke", read.zones, read.unresolved)


def write_ydke(deck: DeckInput) -> str:
    """The ydke:// URL of a deck: each copy's printed password (a simulator id for a card without one), the unknown
    passwords of a read list written back as they were. DeckCodeError when a card has no number at all (a few
    pre-release cards): a URL without it would be another deck."""
    zones = zone_cards(deck)
    unresolved = deck.unresolved if isinstance(deck, Decklist) else ()
    parts = []
    for zone in _ZONES:
        numbers: list[int] = []
        for card, copies in zones.get(zone, ()):
            number = card.ydk_id
            if number is None:
                raise DeckCodeError("no_password", f"{card.name_en} has no password: a ydke URL cannot hold it")
            numbers.extend([number] * copies)
        for line in unresolved:
            if line.zone != zone:
                continue
            if not (line.written.isdigit() and int(line.written) < 2**32):
                raise DeckCodeError("unresolved", f"{line.text!r} is no card: a ydke URL cannot hold it")
            numbers.extend([int(line.written)] * line.count)
        parts.append(base64.b64encode(struct.pack(f"<{len(numbers)}I", *numbers)).decode("ascii"))
    return PREFIX + "!".join(parts) + "!"
