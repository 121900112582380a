"""The deck hash: one fingerprint of a registrable deck, whoever computes it (the legality report, a registration,
a deck sheet, a judge's deck check). Pure Python.

The form is fixed: registrations store it, signed audit entries and published chain heads cover it, and printed
deck sheets carry it, so a deck hashed again must give the value already out there. SHA-256 over the compact JSON
of the sorted rows `[zone, card id, copies]` of the registered zones (main, hyperspatial, GR: the considering list
is not registered), the copies of one card in one zone summed, so that one deck written in other spellings, line
orders or split lines hashes alike. A line whose card could not be identified adds `[zone, "?" + its text,
copies]` after them: two decks that differ only there still hash apart.
"""

from collections.abc import Iterable

import games.base
from games.dm.rules.vocabulary import DeckZone

CardRow = tuple[str, int, int]  # (zone, card id, copies)
UnresolvedRow = tuple[str, str, int]  # (zone, the written text, copies)


def deck_hash(cards: Iterable[CardRow], unresolved: Iterable[UnresolvedRow] = ()) -> str:
    """games.base.deck_hash over the registered zones (a zone must be one of Duel Masters')."""
    known = [(DeckZone(zone).value, card_id, count) for zone, card_id, count in cards]
    unknown = [(DeckZone(zone).value, games.base.unresolved_key(written), count) for zone, written, count in unresolved]
    considering = DeckZone.CONSIDERING.value
    return games.base.deck_hash(
        [row for row in known if row[0] != considering], [row for row in unknown if row[0] != considering]
    )
