"""Duel Masters' fields of the card search language: the core's grammar (cards/query.py: terms ANDed, `-` negates,
`field op value`, name words, set:, date:, year:, legal:, banned:, limited:, order:) with the game's own facts.

    civ:fire,water  has all of   civ=fire,water  exactly   civ:colorless   (also 光 水 闇 火 自然 / 無色)
    cost:3 cost=3 cost<=3 cost<3 cost>=3 cost>3 cost!=3      the same for power
    type:creature (part of the type, English or Japanese)    type=creature (the whole type)
    race:ドラゴン (part of a race)   race=アーマード・ドラゴン (a whole race)
    zone:main zone:hyperspatial zone:gr zone:start
    is:trigger is:blocker is:twinpact is:evolution ... (FLAGS)     is:new (first released in the last 90 days)
    order:cost (also name, power, -cost ...: the result order, instead of the `order` parameter)

docs/search.md has the full table.
"""

from dataclasses import dataclass
from typing import ClassVar

from cards.query import (
    DateTerm,
    FlagTerm,
    NumberTerm,
    Query,
    QueryError,
    QueryParser,
    RegulationTerm,
    SetTerm,
    TextTerm,
    expect_list,
    fold,
)
from cards.query import parse_query as parse_with
from games.dm.rules.vocabulary import Civilization, Zone

# The search API's `q` description of Duel Masters (Game.search.help), first in it: the grammar and the fields.
SEARCH_HELP = """Card search language (full reference: docs/search.md). Terms are separated by spaces and ANDed;
`-` before a term negates it; a value with spaces is written in double quotes. Width (full/half) and case never
matter.

| term | matches |
| --- | --- |
| `ボルシャック`, `bolshack`, `"aqua surfer"` | a part of any name (Japanese, English in any case, face names) |
| `civ:fire`, `civ:fire,water` | has all of these civilizations (light water darkness fire nature; 光 水 闇 火 自然) |
| `civ=fire,water` | exactly these civilizations; `civ:colorless` (無色) has none |
| `cost:3`, `cost<=3`, `cost>5`, `cost!=2` | cost (also `=`, `<`, `>=`); cards without a cost never match |
| `power>=5000` | power (as a number: `6000+` is 6000) |
| `type:creature`, `type:呪文`, `type=spell` | a part of the card type (card or any face), or `=` the whole type |
| `race:ドラゴン`, `race=アーマード・ドラゴン` | a part of a race, or `=` a whole race |
| `zone:main`, `zone:hyperspatial`, `zone:gr`, `zone:start` | where the card starts the game |
| `is:trigger`, `is:blocker`, `is:twinpact`, `is:evolution` | a flag (list below) |
| `set:DMRP-01`, `set:"超天篇"` | printed in the set with this code, else in a set whose name has this part |
| `date<=2019-12-31`, `date>=2020-01-01`, `date=2019-03-16` | first release date (also `<`, `>`, `!=`) |
| `year:2019`, `year<2010` | year of first release |
| `legal:advance`, `legal:original` | usable in the format on the search's date (released, not banned, a used zone) |
| `banned:advance`, `limited:advance` | プレミアム殿堂 / 殿堂入り in the format's list on the search's date |
| `is:new` | first released in the 90 days up to the search's date |
| `-civ:fire` | negation of any term |
| `order:cost`, `order:-power` | result order (name, cost, power; `-` descending), instead of the `order` parameter |

Flags for `is:`: trigger, blocker, speed_attacker (sa), slayer, twinpact, evolution, psychic, dragheart, gr,
hyper, zeron, forbidden, multiface, breaker, power_attacker, cant_attack, cant_attack_players, rule_plus, facts, new.

The search's date is today, or the `as_of` parameter (YYYY-MM-DD): "which cards were legal in advance on
2019-06-01" is `q=legal:advance&as_of=2019-06-01`. A card whose first release date is unknown (no dated printing)
never matches a date term; a card whose source does not give a fact (`facts_unknown`) never matches a term on it.
Such cards are not silently dropped: `notes` lists each term with the number of cards that match every other term
but whose value for it is unknown.

A malformed query (or an unknown format in `legal:`) is a 400 `INVALID_QUERY` with `details.position` (0-based
character index) and `details.expected`."""

# Duel Masters' result orders (the search API's `order` parameter and `order:`): by name, cost and power, each also
# descending.
CARD_ORDERS = ("name", "cost", "power")
ORDERS = (*CARD_ORDERS, *(f"-{order}" for order in CARD_ORDERS))


@dataclass(frozen=True)
class CivTerm:
    civilizations: frozenset[Civilization]  # empty = colorless
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class TypeTerm:
    text: str
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class RaceTerm:
    text: str
    exact: bool = False
    negate: bool = False
    position: int = 0


@dataclass(frozen=True)
class ZoneTerm:
    zone: Zone
    negate: bool = False
    position: int = 0


Term = TextTerm | CivTerm | NumberTerm | TypeTerm | RaceTerm | ZoneTerm | FlagTerm | SetTerm | DateTerm | RegulationTerm


CIVILIZATION_WORDS: dict[str, Civilization | None] = {
    **{civ.value: civ for civ in Civilization},
    "光": Civilization.LIGHT,
    "水": Civilization.WATER,
    "闇": Civilization.DARKNESS,
    "火": Civilization.FIRE,
    "自然": Civilization.NATURE,
    "colorless": None,
    "無色": None,
    # The card data marks colorless cards as "Zero" (ゼロ); both words find them.
    "zero": None,
    "ゼロ": None,
}

ZONE_WORDS: dict[str, Zone] = {
    "main": Zone.MAIN_DECK,
    "main_deck": Zone.MAIN_DECK,
    "deck": Zone.MAIN_DECK,
    "hyperspatial": Zone.HYPERSPATIAL,
    "hyperspatial_zone": Zone.HYPERSPATIAL,
    "gr": Zone.SUPER_GR,
    "super_gr": Zone.SUPER_GR,
    "super_gr_zone": Zone.SUPER_GR,
    "start": Zone.BATTLE_ZONE_AT_START,
    "battle_zone_at_game_start": Zone.BATTLE_ZONE_AT_START,
}

# is:<flag> -> the catalogue's column it tests.
FLAGS: dict[str, str] = {
    "trigger": "shield_trigger",
    "shield_trigger": "shield_trigger",
    "blocker": "blocker",
    "speed_attacker": "speed_attacker",
    "sa": "speed_attacker",
    "slayer": "slayer",
    "twinpact": "twinpact",
    "evolution": "evolution",
    "psychic": "psychic",
    "dragheart": "dragheart",
    "gr": "gr",
    "hyper": "hyper",
    "zeron": "zeron",
    "forbidden": "forbidden",
    "multiface": "multi_face",
    "multi_face": "multi_face",
    "breaker": "breaker",
    "power_attacker": "power_attacker_bonus",
    "cant_attack": "cant_attack",
    "cant_attack_players": "cant_attack_players",
    "rule_plus": "rule_plus",
    "facts": "facts_available",
    "new": "new",  # first released in the NEW_DAYS days up to the search's date
}

_COMPARISONS = (":", "=", "!=", "<", "<=", ">", ">=")


class DmQueryParser(QueryParser):
    aliases: ClassVar[dict[str, str]] = {
        "civ": "civ",
        "c": "civ",
        "cost": "cost",
        "power": "power",
        "pow": "power",
        "type": "type",
        "t": "type",
        "race": "race",
        "r": "race",
        "zone": "zone",
        "is": "is",
        **QueryParser.aliases,
    }
    fields: ClassVar[tuple[str, ...]] = ("civ", "cost", "power", "type", "race", "zone", "is", *QueryParser.fields)
    operators: ClassVar[dict[str, tuple[str, ...]]] = {
        "civ": (":", "="),
        "cost": _COMPARISONS,
        "power": _COMPARISONS,
        "type": (":", "="),
        "race": (":", "="),
        "zone": (":", "="),
        "is": (":",),
        **QueryParser.operators,
    }
    orders: ClassVar[tuple[str, ...]] = ORDERS

    def _field_civ(self, op, value, position, negate, start) -> CivTerm:
        civs: set[Civilization] = set()
        colorless = False
        offset = position
        for item in value.split(","):
            word = fold(item)
            if word not in CIVILIZATION_WORDS:
                raise QueryError(
                    f"unknown civilization '{item}'", position=offset, expected=expect_list(CIVILIZATION_WORDS)
                )
            civ = CIVILIZATION_WORDS[word]
            if civ is None:
                colorless = True
            else:
                civs.add(civ)
            offset += len(item) + 1
        if colorless and civs:
            raise QueryError(
                "colorless cannot be combined with a civilization", position=position, expected="a civilization"
            )
        return CivTerm(civilizations=frozenset(civs), exact=op == "=" or colorless, negate=negate, position=start)

    def _field_cost(self, op, value, position, negate, start) -> NumberTerm:
        return self._number("cost", op, value, position, negate, start)

    def _field_power(self, op, value, position, negate, start) -> NumberTerm:
        return self._number("power", op, value, position, negate, start)

    def _field_type(self, op, value, position, negate, start) -> TypeTerm:
        return TypeTerm(text=self._text_value(value, position), exact=op == "=", negate=negate, position=start)

    def _field_race(self, op, value, position, negate, start) -> RaceTerm:
        return RaceTerm(text=self._text_value(value, position), exact=op == "=", negate=negate, position=start)

    def _field_zone(self, op, value, position, negate, start) -> ZoneTerm:
        zone = ZONE_WORDS.get(fold(value))
        if zone is None:
            raise QueryError(f"unknown zone '{value}'", position=position, expected=expect_list(ZONE_WORDS))
        return ZoneTerm(zone=zone, negate=negate, position=start)

    def _field_is(self, op, value, position, negate, start) -> FlagTerm:
        flag = fold(value).replace("-", "_")
        if flag not in FLAGS:
            raise QueryError(f"unknown property '{value}'", position=position, expected=expect_list(FLAGS))
        return FlagTerm(flag=flag, negate=negate, position=start)


def parse_query(text: str) -> Query:
    """Parse `q` with Duel Masters' fields. An empty or blank query has no terms (it matches every card)."""
    return parse_with(text, DmQueryParser)
