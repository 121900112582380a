"""The OCG card catalogue: one `YgoCard` per deck card of the shared data's `ygo/cards.json`, looked up by password
(alternate-art passwords included), by Konami id and by name in Japanese, English or kana reading.

Pure Python. A card's identity is its Konami id (the key of the Forbidden/Limited lists). The few pre-release cards
without one get the negative of their Yugipedia page id, so every card has one integer id and no real id is reused.
"""

import functools
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType

from rapidfuzz import fuzz

from games.abbreviations import FIRST_WORD, INITIALS, KANA_TAIL, KANJI_HEADS, PARTS, short_forms
from games.suggestions import NameSuggester
from games.ygo.rules.vocabulary import CardType, DeckZone

# The short forms the OCG's Japanese names allow (games.abbreviations): 墓穴 (墓穴の指名者), 増G (増殖するG), うらら
# (灰流うらら), the first morae of each part, katakana words read back to English initials. The game's catalogue
# capability names them (YgoCatalogue); a short form names a card only when one card has it (SHORT_FORM_CANDIDATES:
# the most cards a short form may name and still offer them as candidates).
SHORT_FORM_RULES = (PARTS, FIRST_WORD, KANJI_HEADS, KANA_TAIL, INITIALS)
SHORT_FORM_CANDIDATES = 12
# The names an unknown line offers (Catalogue.suggestions): at most SUGGESTIONS, each scoring at least
# SUGGESTION_CUTOFF; a name all but a card's (Catalogue.close_names) scores CLOSE_NAME by the whole names' ratio. The
# answers for the last SUGGESTIONS_KEPT names asked are kept.
SUGGESTIONS = 3
SUGGESTION_CUTOFF = 70
CLOSE_NAME = 85
SUGGESTIONS_KEPT = 4096

# Removed when names are compared: the middle dot of katakana names (both widths fold to ・ under NFKC) and spaces,
# so 「ブルーアイズ・ホワイト・ドラゴン」, 「ブルーアイズホワイトドラゴン」 and a half-width spelling meet.
_DROPPED = re.compile(r"[\s・･]+")
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


# The second, looser form also drops dashes, quotes and punctuation, which published lists write in every variant
# (破壊剣の使い手‐バスター・ブレイダー with U+2010, -, − or －, or the long-vowel mark ー: 閃刀姫ーレイ; Legacy of
# Yatagarasu for Legacy of Yata-Garasu; Maxx C for Maxx "C"). It is tried only when the first form finds nothing: it
# merges a few names (Raimei and Rai-Mei), which then read as ambiguous instead of wrong.
_LOOSE_DROPPED = re.compile(r"[\-‐‑‒–—―−ー'\"“”‘’.,!?:]+")


@functools.lru_cache(maxsize=1 << 16)  # the catalogue and the search index fold each card's names again and again
def fold_name(text: str) -> str:
    """The comparison form of a name: NFKC (full/half width), case-folded, katakana as hiragana, no ・ or spaces."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_KATAKANA_TO_HIRAGANA)
    return _DROPPED.sub("", folded)


def loose_name(folded: str) -> str:
    """A folded name without dashes, quotes and punctuation."""
    return _LOOSE_DROPPED.sub("", folded)


@dataclass(frozen=True, slots=True)
class Alias:
    """A name the card is treated as (PR p.41): `treated_as` replaces its name, `also_treated_as` adds one."""

    konami_id: int | None
    name_en: str
    name_ja: str | None
    kind: str


@dataclass(frozen=True, slots=True)
class YgoCard:
    id: int  # Konami id; -Yugipedia page id for a pre-release card without one
    konami_id: int | None
    passwords: tuple[int, ...]  # passwords[0] is the printed one; the rest are alternate artworks
    name_en: str
    name_ja: str | None
    reading: str | None  # the Japanese name with kana for its kanji (灰流うらら -> はるうらら)
    card_type: CardType
    monster_types: tuple[str, ...] = ()
    attribute: str | None = None
    race: str | None = None
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    atk: int | str | None = None  # "?" where the card prints ?
    defense: int | str | None = None
    scale: int | None = None
    archetypes: tuple[str, ...] = ()
    deck_zone: DeckZone = DeckZone.MAIN
    aliases: tuple[Alias, ...] = ()
    release_date: date | None = None  # first Japanese (OCG) release
    in_ocg: bool = True  # False: not released in Japan by the card data's date (a TCG-only card)
    simulator_ids: tuple[int, ...] = ()
    # The names this card counts under for the 3-copy rule (PR p.41): the card it is always treated as (Cyber
    # Harpie Lady -> Harpie Lady) instead of its own, plus any second name it also has. A name that is not a card of
    # its own (konami_id null) is keyed by its folded English name. Computed once: every check reads it.
    limit_keys: tuple[int | str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        replaced = [_alias_key(a) for a in self.aliases if a.kind == "treated_as"]
        added = [_alias_key(a) for a in self.aliases if a.kind != "treated_as"]
        object.__setattr__(self, "limit_keys", tuple(dict.fromkeys([*(replaced or [self.id]), *added])))

    @property
    def name(self) -> str:
        """The name shown to an OCG player: Japanese when there is one."""
        return self.name_ja or self.name_en

    @property
    def ydk_id(self) -> int | None:
        """The number a .ydk file holds for this card: the printed password, else a simulator id."""
        if self.passwords:
            return self.passwords[0]
        return self.simulator_ids[0] if self.simulator_ids else None


def _alias_key(alias: Alias) -> int | str:
    return alias.konami_id if alias.konami_id is not None else "name:" + fold_name(alias.name_en)


class Catalogue:
    """Every card, with its lookups. Built once per card data file; read-only afterwards."""

    __slots__ = (
        *("_by_digits", "_by_id", "_by_password", "_loose", "_names", "_short", "_short_of", "_suggested"),
        *("_suggester", "cards"),
    )

    def __init__(self, cards: Iterable[YgoCard], *, short_form_rules: Iterable[str] = SHORT_FORM_RULES) -> None:
        self.cards: tuple[YgoCard, ...] = tuple(cards)
        by_id: dict[int, YgoCard] = {}
        by_password: dict[int, YgoCard] = {}
        names: dict[str, list[YgoCard]] = {}
        loose: dict[str, list[YgoCard]] = {}
        short: dict[str, list[YgoCard]] = {}
        short_of: dict[int, list[str]] = {}
        rules = tuple(short_form_rules)
        for card in self.cards:
            by_id[card.id] = card
            for number in (*card.passwords, *card.simulator_ids):
                by_password.setdefault(number, card)
            for written in (card.name_ja, card.name_en, card.reading):
                if written:
                    folded = fold_name(written)
                    for index, key in ((names, folded), (loose, loose_name(folded))):
                        bucket = index.setdefault(key, [])
                        if card not in bucket:
                            bucket.append(card)
            for form in short_forms(card.name_ja, rules=rules) if card.name_ja and rules else ():
                bucket = short.setdefault(fold_name(form), [])
                if card not in bucket:
                    bucket.append(card)
                    short_of.setdefault(card.id, []).append(fold_name(form))
        self._by_id: Mapping[int, YgoCard] = MappingProxyType(by_id)
        self._by_password: Mapping[int, YgoCard] = MappingProxyType(by_password)
        # A .ydk's lines as written (digits, no leading zero): a plain dict, asked once per card of every .ydk read.
        self._by_digits: dict[str, YgoCard] = {str(number): card for number, card in by_password.items()}
        self._names: Mapping[str, tuple[YgoCard, ...]] = MappingProxyType({k: tuple(v) for k, v in names.items()})
        self._loose: Mapping[str, tuple[YgoCard, ...]] = MappingProxyType({k: tuple(v) for k, v in loose.items()})
        # A short form that is also a card's name is that card's name only (by_name answers first anyway).
        self._short: Mapping[str, tuple[YgoCard, ...]] = MappingProxyType(
            {k: tuple(v) for k, v in short.items() if k not in self._names}
        )
        self._short_of: Mapping[int, tuple[str, ...]] = MappingProxyType(
            {card_id: tuple(k for k in keys if k in self._short) for card_id, keys in short_of.items()}
        )
        self._suggester: NameSuggester | None = None  # built on the first name no card has
        self._suggested = functools.lru_cache(maxsize=SUGGESTIONS_KEPT)(self._suggested_cards)

    def __len__(self) -> int:
        return len(self.cards)

    def by_password(self, password: int) -> YgoCard | None:
        """The card of a printed, alternate-art or simulator password."""
        return self._by_password.get(password)

    def password_reader(self) -> Callable[[str], YgoCard | None]:
        """The card of a password written as a .ydk writes it (its digits, no leading zero), else None: a lookup
        to map over many lines at once (games.ygo.rules.decklist.read_ydk)."""
        return self._by_digits.get

    def by_konami_id(self, konami_id: int) -> YgoCard | None:
        return self._by_id.get(konami_id)

    def by_name(self, text: str) -> tuple[YgoCard, ...]:
        """Every card whose Japanese name, English name or kana reading folds to the same form as `text` (else to
        the same loose form)."""
        folded = fold_name(text)
        return self._names.get(folded) or self._loose.get(loose_name(folded), ())

    def suggestions(self, text: str) -> tuple[YgoCard, ...]:
        """The cards whose names (Japanese, English, kana reading) are closest to a name no card has, best first (at
        most SUGGESTIONS, each scoring SUGGESTION_CUTOFF or more by rapidfuzz's WRatio): what an unknown line offers."""
        return self._suggested(fold_name(text), False)

    def close_names(self, text: str) -> tuple[YgoCard, ...]:
        """The cards whose whole names are all but `text` (CLOSE_NAME or more by rapidfuzz's ratio): a misspelt name
        (閃著竜 スターダスト for 閃珖竜 スターダスト), not a title that holds a name."""
        return self._suggested(fold_name(text), True)

    def _suggested_cards(self, key: str, close: bool) -> tuple[YgoCard, ...]:
        if self._suggester is None:
            self._suggester = NameSuggester(self._names)
        scorer, cutoff = (fuzz.ratio, CLOSE_NAME) if close else (fuzz.WRatio, SUGGESTION_CUTOFF)
        found: list[YgoCard] = []
        for name, _score in self._suggester.closest(key, limit=SUGGESTIONS * 2, cutoff=cutoff, scorer=scorer):
            found.extend(card for card in self._names[name] if card not in found)
        return tuple(found[:SUGGESTIONS])

    def by_short_form(self, text: str) -> tuple[YgoCard, ...]:
        """The cards whose Japanese name has `text` as a short form (SHORT_FORM_RULES): one card names it, a few are
        its candidates, more name none (a form shared that widely is no card in particular)."""
        found = self._short.get(fold_name(text), ())
        return found if len(found) <= SHORT_FORM_CANDIDATES else ()

    def short_forms_of(self, card: YgoCard) -> tuple[str, ...]:
        """The folded short forms `card` answers to (what the card search matches free words in, besides names)."""
        return self._short_of.get(card.id, ())


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) else None


def card_from_record(record: Mapping) -> YgoCard:
    """One record of cards.json as a YgoCard."""
    konami_id = record.get("konami_id")
    card_id = konami_id if konami_id is not None else -int(record["yugipedia_page_id"])
    released = record.get("first_ocg_date")
    return YgoCard(
        id=card_id,
        konami_id=konami_id,
        passwords=tuple(record.get("passwords") or ()),
        name_en=record["name_en"],
        name_ja=record.get("name_ja"),
        reading=record.get("name_ja_reading"),
        card_type=CardType(record["card_type"]),
        monster_types=tuple(record.get("monster_types") or ()),
        attribute=record.get("attribute"),
        race=record.get("race"),
        level=_int_or_none(record.get("level")),
        rank=_int_or_none(record.get("rank")),
        link_rating=_int_or_none(record.get("link_rating")),
        atk=record.get("atk"),
        defense=record.get("def"),
        scale=_int_or_none(record.get("pendulum_scale")),
        archetypes=tuple(record.get("archetypes") or ()),
        deck_zone=DeckZone(record.get("deck_zone") or DeckZone.MAIN),
        aliases=tuple(
            Alias(a.get("konami_id"), a["name_en"], a.get("name_ja"), a["kind"]) for a in record.get("aliases") or ()
        ),
        release_date=date.fromisoformat(released) if released else None,
        in_ocg=bool(record.get("in_ocg", True)),
        simulator_ids=tuple(record.get("simulator_ids") or ()),
    )


def load_cards(path: str | Path) -> Catalogue:
    """The catalogue of a cards.json file (the shared data's `ygo/cards.json`, or a directory holding it)."""
    path = Path(path)
    if path.is_dir():
        path = path / "cards.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    return Catalogue(card_from_record(record) for record in records)
