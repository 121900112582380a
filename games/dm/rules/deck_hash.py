"""The deck hash: one fingerprint of a registrable deck, whoever computes it (the legality report, a registration,
a deck sheet, a judge's deck check). Pure Python.

The form is fixed: registrations store it, signed audit entries and published chain heads cover it, and printed
deck sheets carry it, so a deck hashed again must give the value already out there. SHA-256 over the compact JSON
of the sorted rows `[zone, card id, copies]` of the registered zones (main, hyperspatial, GR: the considering list
is not registered), the copies of one card in one zone summed, so that one deck written in other spellings, line
orders or split lines hashes alike. A line whose card could not be identified adds `[zone, "?" + its text,
copies]` after them: two decks that differ only there still hash apart.
"""

import hashlib
import json
from collections.abc import Iterable

from games.dm.rules.vocabulary import DeckZone

CardRow = tuple[str, int, int]  # (zone, card id, copies)
UnresolvedRow = tuple[str, str, int]  # (zone, the written text, copies)


def deck_hash(cards: Iterable[CardRow], unresolved: Iterable[UnresolvedRow] = ()) -> str:
    known: dict[tuple[str, int], int] = {}
    for zone, card_id, count in cards:
        key = (DeckZone(zone).value, card_id)
        known[key] = known.get(key, 0) + count
    unknown: dict[tuple[str, str], int] = {}
    for zone, written, count in unresolved:
        written_key = (DeckZone(zone).value, "?" + written.strip())
        unknown[written_key] = unknown.get(written_key, 0) + count
    rows = [
        [zone, card, count]
        for part in (known, unknown)
        for (zone, card), count in sorted(part.items())
        if zone != DeckZone.CONSIDERING.value
    ]
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()
