"""The official card site's id of a printing, and the addresses of its card page and its card image.

The official site (Takara Tomy's Duel Masters site) names every printing with an id built from the product code and
the number printed on the card: `dm01-052` (DM-01, 52), `dm15-s04` (DM-15, S4), `dmrp12-022` (DMRP-12, 22),
`dm23ex1-004` (DM23-EX1, 4), `dmr01-v01a` (DMR-01, V1a). The card page is `https://<host>/card/detail/?id=<id>` and
the card image `https://<host>/wp-content/card/cardimage/<id>.jpg`; the image of a twinpact is the id with `a`
(`dmex04-052a.jpg`). docs/catalogue.md lists the public sources these forms were read from and what is not mapped.

Only the forms seen in those sources are built; any other printing (promos `OF-…`, the Taiwanese lists `NET-…`,
art collections `DMART-…`, decks `DMD-…`/`DMBD-…`/`DMSD-…`, numbers such as `秘1`, `超3`, `TR9`, `13A`, or a
missing number) gets no id, so no link and no image: a wrong guess would send the player to a page about another
card. Pure functions: no Django import, the host is a parameter.
"""

import re
from dataclasses import dataclass

DEFAULT_HOST = "dm.takaratomy.co.jp"

# Set codes of the products numbered on the site as <prefix><two digits>: DM-01 -> dm01, DMRP-12 -> dmrp12.
_CLASSIC_SET = re.compile(r"^(DM|DMR|DMRP|DMEX|DMX|DMC)-(\d{2})$")
# The yearly products from 2022: DM23-EX1 -> dm23ex1, DM22-RP1 -> dm22rp1, DM24-BD5 -> dm24bd5.
_YEARLY_SET = re.compile(r"^DM(\d{2})-(RP|EX|BD|SD)(\d{1,2})$")
# Products whose set code holds several numbered lists, so that a number alone names no single card: DMEX-15 has a
# 50-card and a 100-card list (collector ids `EX15 39/50`, `EX15 39/100`), DMX-12 and DMX-22 lists a, b, c
# (`DMX12-a 17/38`, `DMX12-b 17/???`), DM24-EX3 / DM25-EX3 several decks (`24EX3 S4/S10`, `24EX3 S4/S11`), DM26-SD1
# 25 decks. games/dm/tests/test_official.py derives this set from the card data and checks it is the one written here.
SEVERAL_LISTS = frozenset({"DMEX-15", "DMX-12", "DMX-22", "DM24-EX3", "DM25-EX3", "DM26-SD1"})
# A plain number (52 -> 052), with the lower-case letter of a card's side (1a -> 001a).
_PLAIN_NUMBER = re.compile(r"^(\d{1,3})([a-d]?)$")
# A lettered number: super rares S4, and the victory cards V1a of DMR / DMX.
_LETTERED_NUMBER = re.compile(r"^([SV])(\d{1,2})([a-d]?)$")


@dataclass(frozen=True, slots=True)
class OfficialCard:
    id: str
    page_url: str
    image_url: str


def official_card_id(set_code: str | None, number: str | None) -> str | None:
    """The official site's id of a printing (set code and number as the card data gives them), or None."""
    if not set_code or not number or set_code.strip() in SEVERAL_LISTS:
        return None
    number = number.strip()
    classic = _CLASSIC_SET.match(set_code.strip())
    yearly = _YEARLY_SET.match(set_code.strip()) if classic is None else None
    if classic is not None:
        prefix = classic.group(1).lower() + classic.group(2)
    elif yearly is not None:
        prefix = f"dm{yearly.group(1)}{yearly.group(2).lower()}{yearly.group(3)}"
    else:
        return None
    plain = _PLAIN_NUMBER.match(number)
    if plain is not None:
        return f"{prefix}-{int(plain.group(1)):03d}{plain.group(2)}"
    lettered = _LETTERED_NUMBER.match(number)
    if lettered is None:
        return None
    letter, digits, side = lettered.groups()
    if yearly is not None:
        # From 2022 the site writes the super rare's letter in capitals (dm24rp4-S03, dm26rp1-S02); no V cards there.
        return f"{prefix}-S{int(digits):02d}{side}" if letter == "S" else None
    return f"{prefix}-{letter.lower()}{int(digits):02d}{side}"


def official_card(
    set_code: str | None, number: str | None, *, twinpact: bool = False, host: str = DEFAULT_HOST
) -> OfficialCard | None:
    """The official card page and image of a printing, or None when the printing has no known id."""
    card_id = official_card_id(set_code, number)
    if card_id is None:
        return None
    image_name = f"{card_id}a" if twinpact and not card_id[-1].isalpha() else card_id
    return OfficialCard(
        id=card_id,
        page_url=f"https://{host}/card/detail/?id={card_id}",
        image_url=f"https://{host}/wp-content/card/cardimage/{image_name}.jpg",
    )


def official_card_of_printings(
    printings, *, first_set: str = "", twinpact: bool = False, host: str = DEFAULT_HOST
) -> OfficialCard | None:
    """The card's picture: its first release's printing when that one has an id, else the first printing that has
    one. `printings` are objects or dicts with `set_code` and `number`; English TCG printings and printings of a face
    the card shares with other cards (`shared_face`: its picture shows that shared side) are skipped."""

    def field(printing, name):
        return printing.get(name) if isinstance(printing, dict) else getattr(printing, name, None)

    candidates = [p for p in printings if not field(p, "tcg") and not field(p, "shared_face")]
    candidates.sort(key=lambda p: field(p, "set_code") != first_set)  # stable: the first release's printing first
    for printing in candidates:
        found = official_card(field(printing, "set_code"), field(printing, "number"), twinpact=twinpact, host=host)
        if found is not None:
            return found
    return None
