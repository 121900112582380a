"""One card identity for every way a name is written.

The resolver is an in-memory index of every name of every card, built once per process from the catalogue and
rebuilt when the catalogue version changes (selectors.catalogue_version: any process's import is seen). Lookups
are dictionary reads: a 60-line decklist is resolved without a query per line.

Matching order (the first tier that knows the written key decides):
  1. a whole card's name: Japanese, English (case-insensitive), a twinpact's combined name
  2. a whole card's name without its ruby reading: 超戦龍覇 モルトNEXT（ネクスト） is also 超戦龍覇 モルトNEXT
  3. a face name (twinpact halves, psychic/dragheart/Zeron faces, hyper states), with or without ruby
  4. the written name without a parenthesised part (a reading written after a name that has none: also the
     notes players add, `(殿)`, `(プレ殿)`, `(Sトリガー)`)
  5. the loose key (cards.names.loose_key: hiragana/katakana, long vowels, middle dots, spaces, slashes, quotes,
     brackets folded), which also reads a twinpact written `A B` and a psychic written `front/back`: a whole
     card's name first, then a face name
  6. a multi-face card written `front/back/...` by its front (`a/b/c` draghearts, `front/super form`)
  7. a nickname (nicknames.json), then the part of a name after its title (ガトリング for 音速 ガトリング): one
     card when exactly one matches, ambiguous otherwise
  8. a short form built from the name itself (games.abbreviations under SHORT_FORM_RULES: ドギ剣, モルネク, BWD): one
     card when exactly one has it, its candidates otherwise
Every exact key is width-folded (NFKC), whitespace-collapsed, without 《》 and without spaces around '/'.
Several matches are one card when they share the counting key (width variants, 1.2.3); otherwise they are
ambiguous and all are returned. An exact name always wins over the looser tiers.

No match: the closest names are suggested from a character-bigram index built with the resolver (once per
catalogue version): the query's rarest bigrams pick a few dozen names, which are then ranked by edit similarity,
so that an unknown line costs a fraction of a millisecond however large the catalogue.
"""

import functools
import unicodedata
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter

from rapidfuzz import fuzz

import games.base
from cards.models import Card, CardFace, Printing
from cards.names import lookup_key, loose_key, name_key, name_suffixes, without_ruby, written_without_parentheses
from cards.selectors import catalogue_version_of
from deckbuilder.cache import versioned_cache
from games.abbreviations import short_forms
from games.dm.catalogue import CARD_GAME, card_of_fields, prepare_record
from games.dm.facts import card_to_facts
from games.dm.rules.cards import SHORT_FORM_RULES, CardFacts, deck_zone_of
from games.dm.rules.decklist import Decklist, DecklistLine, LineMemo, declares_main_deck, parse_text
from games.dm.rules.vocabulary import DeckZone, LineStatus

OK = "ok"
UNKNOWN = "unknown"
AMBIGUOUS = "ambiguous"

FUZZY_CANDIDATES = 5
FUZZY_MIN_SCORE = 50
_MATCH_CACHE = 20_000  # written names whose exact-or-loose match is remembered per resolver
_SUFFIX_CANDIDATES = 12  # the most cards a part of a name may name and still be offered as candidates
_GRAMS_PER_QUERY = 8  # the query's rarest bigrams that pick the names to rank
_NAMES_RANKED = 48  # names ranked by edit similarity per query


@dataclass(frozen=True)
class Candidate:
    id: int
    name_ja: str
    name_en: str | None


@dataclass(frozen=True)
class Resolution:
    written: str
    status: str  # "ok" | "unknown" | "ambiguous"
    card: CardFacts | None
    candidates: tuple[Candidate, ...]  # unknown: closest names (best first); ambiguous: all matches
    partial: bool = False  # matched by a part of a name (the part after a title), not by a whole name


def _exact_key(text: str) -> str:
    """Case-sensitive key, used to choose among case-insensitive matches."""
    return name_key(text.replace("《", "").replace("》", ""))


def _raw_key(text: str) -> str:
    """Key without width folding, used to choose between width variants of one name (ＪＫ / JK)."""
    return " ".join(unicodedata.normalize("NFC", text.replace("《", "").replace("》", "")).split()).replace(" / ", "/")


class Resolver:
    def __init__(
        self,
        cards: Iterable[tuple[CardFacts, list[str | None], list[str]]],
        nicknames: Iterable[tuple[str, int]] = (),
    ):
        """cards: (facts, whole-card names, face names) per card; nicknames: (nickname, card id)."""
        self._facts: dict[int, CardFacts] = {}
        self._loose: dict[str, list[int]] = {}  # loose key of every name and face -> cards
        self._loose_whole: dict[str, list[int]] = {}  # loose key of whole-card names only -> cards
        self._suffix: dict[str, list[int]] = {}  # loose key of the part after a title -> cards
        self._nicknames: dict[str, list[int]] = {}
        self._short: dict[str, list[int]] = {}  # loose key of a short form built from a whole name -> cards
        # Every loose key a card answers to (its names, faces, ruby-less names, nicknames): what card search matches
        # free words in (games.dm.search), so that a search finds what a pasted line resolves to.
        self._search_keys: dict[int, list[str]] = {}
        # The reader asks about a line's name before the line is resolved: remember the answer. The resolver is
        # immutable (rebuilt per catalogue version, deckbuilder.cache), so a remembered answer never goes stale.
        self._match = functools.lru_cache(maxsize=_MATCH_CACHE)(self._match_uncached)
        self._lines: LineMemo = {}  # decklist lines read with these names (games.dm.rules.decklist.parse_text)
        self._tiers: list[dict[str, list[int]]] = [{}, {}, {}]
        self._names: dict[int, set[str]] = {}  # every written form per card (for exact tie-breaks)
        for facts, card_names, face_names in cards:
            self._facts[facts.id] = facts
            forms = self._names.setdefault(facts.id, set())
            for name in card_names:
                self._add(0, name, facts.id, forms)
                self._add(1, without_ruby(name), facts.id, forms)
            for name in face_names:
                self._add(2, name, facts.id, forms)
                self._add(2, without_ruby(name), facts.id, forms)
            for name in card_names:
                for variant in (name, without_ruby(name)):
                    if variant:
                        _append(self._loose_whole, loose_key(variant), facts.id)
            keys = self._search_keys.setdefault(facts.id, [])
            for name in (*card_names, *face_names):
                for variant in (name, without_ruby(name)):
                    if variant:
                        key = loose_key(variant)
                        _append(self._loose, key, facts.id)
                        if key and key not in keys:
                            keys.append(key)
                        for part in name_suffixes(variant):
                            _append(self._suffix, loose_key(part), facts.id)
            for name in card_names:
                for short in short_forms(name, rules=SHORT_FORM_RULES) if name else ():
                    key = loose_key(short)
                    _append(self._short, key, facts.id)
                    if key and key not in keys:
                        keys.append(key)  # the card search finds what a pasted short form resolves to
        for nickname, card_id in nicknames:
            if card_id in self._facts:
                key = loose_key(nickname)
                _append(self._nicknames, key, card_id)
                if key and key not in self._search_keys[card_id]:
                    self._search_keys[card_id].append(key)
        self._build_gram_index()
        # The name with no spaces at all (`禁断 ～封印されしX～`), before the looser keys.
        self._spaceless: dict[str, list[int]] = {}
        for tier in self._tiers:
            for key, ids in tier.items():
                for card_id in ids:
                    _append(self._spaceless, key.replace(" ", ""), card_id)

    def _build_gram_index(self) -> None:
        # Sorted, so that suggestions with equal scores come in the same order in every process.
        self._gram_keys = sorted(key for key in self._loose if key)
        self._postings: dict[str, list[int]] = {}
        for index, key in enumerate(self._gram_keys):
            for gram in set(_grams(key)):
                self._postings.setdefault(gram, []).append(index)

    def _add(self, tier: int, name: str | None, card_id: int, forms: set[str]) -> None:
        if not name:
            return
        key = lookup_key(name)
        if not key:
            return
        ids = self._tiers[tier].setdefault(key, [])
        if card_id not in ids:
            ids.append(card_id)
        forms.add(_exact_key(name))
        forms.add(_raw_key(name))

    @classmethod
    def from_records(cls, records: list[dict], nicknames: Sequence[dict] = ()) -> "Resolver":
        """A resolver over card data records (the format of cards.json, and nicknames.json's `nicknames`), without a
        database: for acceptance tests and benchmarks over the full data. Ids are the records' 1-based positions."""
        entries = []
        for index, record in enumerate(records, start=1):
            item = prepare_record(index, record)
            card = card_of_fields({k: v for k, v in item.card.items() if k != "search_text"}, id=index)
            faces = [CardFace(card_id=index, **face) for face in item.faces]
            face_names = [name for face in faces for name in (face.name_ja, face.name_en) if name]
            codes = tuple(dict.fromkeys(p["set_code"] for p in item.printings if not p["tcg"]))
            facts = card_to_facts(card, faces=faces, set_codes=codes)
            entries.append((facts, [card.name_ja, card.name_en], face_names))
        ids = {facts.name_ja: facts.id for facts, _names, _faces in entries}
        pairs = [(row["nickname"], ids[row["name_ja"]]) for row in nicknames if row.get("name_ja") in ids]
        return cls(entries, nicknames=pairs)

    @classmethod
    def from_catalogue(cls) -> "Resolver":
        faces_of: dict[int, list[CardFace]] = {}
        for face in CardFace.objects.filter(card__game=CARD_GAME).order_by("card_id", "position"):
            faces_of.setdefault(face.card_id, []).append(face)
        entries = []
        cards = (
            Card.objects.filter(game=CARD_GAME).select_related("dm").defer("search_text", "sources", "dm__keywords_ja")
        )
        cards = cards.order_by("id")
        # The products each card was printed in (Japanese printings, in one query): a block rule reads them.
        sets_of: dict[int, dict[str, None]] = {}
        printings = Printing.objects.filter(card__game=CARD_GAME, tcg=False).order_by("card_id", "id")
        for card_id, set_code in printings.values_list("card_id", "set_code"):
            sets_of.setdefault(card_id, {})[set_code] = None
        for card in cards:
            faces = faces_of.get(card.id, [])
            face_names = [name for face in faces for name in (face.name_ja, face.name_en) if name]
            facts = card_to_facts(card, faces=faces, set_codes=tuple(sets_of.get(card.id, ())))
            entries.append((facts, [card.name_ja, card.name_en], face_names))
        from cards.models import Nickname

        return cls(entries, nicknames=Nickname.objects.values_list("nickname", "card_id"))

    def __len__(self) -> int:
        return len(self._facts)

    def search_keys(self, card_id: int) -> list[str]:
        """The loose keys (cards.names.loose_key) of every name a card answers to, nicknames included: card search's
        free words are matched in them, so that search and the decklist reader share one name index."""
        return self._search_keys.get(card_id, [])

    def facts(self, card_id: int) -> CardFacts:
        return self._facts[card_id]

    def candidate(self, card_id: int) -> Candidate:
        facts = self._facts[card_id]
        return Candidate(id=facts.id, name_ja=facts.name_ja, name_en=facts.name_en)

    def resolve(self, written: str | int, *, suggest: bool = True) -> Resolution:
        """The card a written name (or id) means. `suggest=False` skips the suggestions of an unknown name."""
        if isinstance(written, int) and not isinstance(written, bool):
            return self._by_id(str(written), written)
        text = str(written)
        if text.strip().isdigit():  # digits are an id (full-width ones too); a name goes straight to its match
            stripped = unicodedata.normalize("NFKC", text).strip()
            if stripped.isascii() and stripped.isdigit():
                return self._by_id(text, int(stripped))
        found = self._match(text)  # remembered per name
        if found is not None:
            return found
        return Resolution(written=text, status=UNKNOWN, card=None, candidates=self.suggest(text) if suggest else ())

    def forget_matches(self) -> None:
        """Drop the remembered name matches and lines (benchmarks measure a decklist whose names were never seen)."""
        self._match.cache_clear()
        self._lines.clear()

    def identify(self, written: str) -> Hashable | None:
        """The identity a written name matches without guessing (a card id, or the ids of an ambiguous name), or
        None: what the decklist reader asks to tell a name from a comment or a title."""
        found = self._match(written) if written else None
        if found is None:
            return None
        if found.card is not None:
            return found.card.id
        return tuple(candidate.id for candidate in found.candidates)

    def identify_whole(self, written: str) -> Hashable | None:
        """As `identify`, without the part-of-a-name matches: what the reader asks when it cuts a comment off a
        name, so that the first word of a name the data lacks (`Crystal Paladin`) is not taken for a card."""
        found = self._match(written) if written else None
        return None if found is None or found.partial else self.identify(written)

    def _match_uncached(self, text: str) -> Resolution | None:
        attempts = [text]
        without = written_without_parentheses(text)
        if without is not None:
            attempts.append(without)
        # Each key is computed once per attempt: a name that matches nothing (a comment, a title) walks every tier.
        keys = [lookup_key(attempt) for attempt in attempts]
        for attempt, key in zip(attempts, keys, strict=True):
            for tier in self._tiers:
                ids = tier.get(key)
                if ids:
                    return self._decide(text, attempt, ids)
        for attempt, key in zip(attempts, keys, strict=True):
            ids = self._spaceless.get(key.replace(" ", ""))
            if ids:
                return self._decide(text, attempt, ids)
        loose = [loose_key(attempt) for attempt in attempts]
        # As with the exact keys, a whole card's name before a face name: `R・S・F・K` is the creature R.S.F.K., not
        # also the twinpact whose creature side bears that name.
        for table in (self._loose_whole, self._loose):
            for attempt, key in zip(attempts, loose, strict=True):
                ids = table.get(key)
                if ids:
                    return self._decide(text, attempt, ids)
        for attempt in attempts:
            # A multi-face card written `front/back` (or `a/b/c`, `front/super form`): its front names it.
            normalised = unicodedata.normalize("NFKC", attempt)
            if "/" in normalised.strip("*/"):
                front = normalised.split("/", 1)[0].strip()
                if front and front != normalised and "/" not in front:
                    found = self._match(front)
                    if found is not None:
                        return Resolution(
                            written=text,
                            status=found.status,
                            card=found.card,
                            candidates=found.candidates,
                            partial=found.partial,
                        )
        for table in (self._nicknames, self._suffix):
            for attempt, key in zip(attempts, loose, strict=True):
                ids = table.get(key)
                # A part shared by many names (`ドラゴン`) names no card in particular: not a match.
                if ids and len(ids) <= _SUFFIX_CANDIDATES:
                    found = self._decide(text, attempt, ids)
                    return replace(found, partial=True) if table is self._suffix else found
        for attempt, key in zip(attempts, loose, strict=True):
            ids = self._short.get(key)
            if ids and len(ids) <= _SUFFIX_CANDIDATES:  # one card resolves; several are its candidates
                return replace(self._decide(text, attempt, ids), partial=True)
        return None

    def _by_id(self, written: str, card_id: int) -> Resolution:
        facts = self._facts.get(card_id)
        if facts is None:
            return Resolution(written=written, status=UNKNOWN, card=None, candidates=())
        return Resolution(written=written, status=OK, card=facts, candidates=())

    def _decide(self, written: str, attempt: str, ids: list[int]) -> Resolution:
        if len(ids) == 1:  # most names: one card, nothing to choose
            return Resolution(written=written, status=OK, card=self._facts[ids[0]], candidates=())
        chosen = ids
        if len({self._facts[i].name_key for i in chosen}) > 1:
            # Case-insensitive matches of different names: a case-exact match narrows them.
            exact = _exact_key(attempt)
            narrowed = [i for i in chosen if exact in self._names[i]]
            if narrowed:
                chosen = narrowed
        if len({self._facts[i].name_key for i in chosen}) > 1:
            return Resolution(
                written=written,
                status=AMBIGUOUS,
                card=None,
                candidates=tuple(self.candidate(i) for i in sorted(chosen)),
            )
        # One counting name (1.2.3: width variants are one name): the record written exactly, else one with facts.
        raw = _raw_key(attempt)
        best = min(
            chosen,
            key=lambda i: (raw not in self._names[i], not self._facts[i].facts_available, i),
        )
        return Resolution(written=written, status=OK, card=self._facts[best], candidates=())

    def suggest(self, written: str) -> tuple[Candidate, ...]:
        """The names closest to a written one, best first: for an unknown decklist line and an empty card search
        (see the module docstring for why this is bounded)."""
        key = loose_key(written)
        if not key:
            return ()
        grams = [gram for gram in set(_grams(key)) if gram in self._postings]
        grams.sort(key=lambda gram: (len(self._postings[gram]), gram))
        hits: Counter[int] = Counter()
        for gram in grams[:_GRAMS_PER_QUERY]:
            hits.update(self._postings[gram])
        if not hits:
            return ()
        pool = [index for index, _ in sorted(hits.items(), key=lambda item: (-item[1], item[0]))[:_NAMES_RANKED]]
        scored = sorted(
            ((fuzz.ratio(key, self._gram_keys[index]), index) for index in pool), key=lambda item: (-item[0], item[1])
        )
        found: list[int] = []
        for score, index in scored:
            if score < FUZZY_MIN_SCORE:
                break
            for card_id in self._loose[self._gram_keys[index]]:
                if card_id not in found:
                    found.append(card_id)
            if len(found) >= FUZZY_CANDIDATES:
                break
        return tuple(self.candidate(i) for i in found[:FUZZY_CANDIDATES])


def _append(table: dict[str, list[int]], key: str, card_id: int) -> None:
    if not key:
        return
    ids = table.setdefault(key, [])
    if card_id not in ids:
        ids.append(card_id)


def _grams(key: str) -> list[str]:
    """Character bigrams of a loose key (the key itself when it is one character)."""
    return [key[i : i + 2] for i in range(len(key) - 1)] or [key]


# --- reading a decklist ------------------------------------------------------------------------------------

_EXTRA_ZONES = frozenset((DeckZone.HYPERSPATIAL, DeckZone.GR))
# Zones a card written in stays in even on a deck import: the considering list, and the Duel Party partner (a
# main-deck creature chosen to lead the deck: its own zone would be the main deck).
_KEPT_ZONES = frozenset((DeckZone.CONSIDERING, DeckZone.PARTNER))
SUGGESTED_LINES = 20  # unknown lines that get suggestions; the rest are marked, so a long list stays cheap


@dataclass(slots=True)
class ReadLine:
    """One line of a decklist as read and resolved: what every reading path (legality, import, check_deck) shows.

    Not frozen, like games.dm.rules.decklist.DecklistLine: one is built per line of every check, and a frozen dataclass
    is several times slower to build. Nothing changes a read line."""

    line: int | None
    written: str
    status: LineStatus
    count: int | None = None
    written_zone: DeckZone | None = None
    zone: DeckZone | None = None  # where the line counts (a card's own zone when no heading placed it)
    card: CardFacts | None = None
    candidates: tuple[Candidate, ...] = ()
    moved: bool = False  # the card was placed in its own zone, not the written one
    suggestions_skipped: bool = False  # an unknown line past the first SUGGESTED_LINES: no suggestions computed

    @property
    def unresolved(self) -> bool:
        return self.status in (LineStatus.UNKNOWN, LineStatus.AMBIGUOUS)


def decklist_parse(text: str, *, resolver: "Resolver") -> Decklist:
    """A text decklist read with the catalogue's names (so comments, titles and glued counts are told apart)."""
    return parse_text(text, identify=resolver.identify, identify_whole=resolver.identify_whole, memo=resolver._lines)


def decklist_read(
    decklist: Decklist, *, resolver: "Resolver", move_all: bool = False, suggest_limit: int = SUGGESTED_LINES
) -> list[ReadLine]:
    """Resolve every card line and merge in the notes (headings, ignored lines), in line order.

    A card goes to its own zone (deck_zone_of) when no heading placed it; with `move_all` (deck imports) also when a
    heading placed it elsewhere, except in the considering list and the partner zone. Unknown lines past
    `suggest_limit` get no suggestions (marked), which bounds the work of a long list of unknown names."""
    read: list[ReadLine] = []
    suggested = 0
    resolve = resolver.resolve
    resolutions = []
    for line in decklist.lines:
        resolution = resolve(line.card, suggest=suggested < suggest_limit)
        suggested += resolution.status == UNKNOWN
        resolutions.append(resolution)
    # A list without zone headings (none, or only a title such as `デッキレシピ`) places no card in a zone: its
    # psychics, draghearts and GR creatures go to their own zone by card, whatever block they sit in (a player who
    # lists them after the main deck without a blank line means them there too). Under a heading that names the
    # main deck itself (`メインデッキ`, `# main`) a psychic is misplaced (spec L21). A JSON entry (no line number)
    # names its zone itself: it stands.
    headless = not any(
        note.zone in _EXTRA_ZONES or (note.zone == DeckZone.MAIN and declares_main_deck(note.text))
        for note in decklist.notes
    )

    def placed_by_card(line: DecklistLine) -> bool:
        return line.zone_inferred or (headless and line.zone == DeckZone.MAIN and line.line is not None)

    # The zones the known cards of each block without a heading went to: an unknown name in a block of psychics
    # (a misspelt dragheart after the blank line that ends the main deck, the cut last row of a psychic table) is
    # counted in their zone.
    block_zones: dict[int, set[DeckZone]] = {}
    if any(resolution.status != OK for resolution in resolutions):
        for line, resolution in zip(decklist.lines, resolutions, strict=True):
            if placed_by_card(line) and resolution.status == OK and resolution.card is not None:
                block_zones.setdefault(line.paragraph, set()).add(deck_zone_of(resolution.card))
    suggested = 0
    for index, (line, resolution) in enumerate(zip(decklist.lines, resolutions, strict=True), start=1):
        unknown_so_far = suggested >= suggest_limit
        number = line.line if line.line is not None else index
        card = resolution.card
        if card is not None and resolution.status == OK:
            zone = line.zone
            own = deck_zone_of(card)
            if zone != own and zone not in _KEPT_ZONES:
                if move_all or (own in _EXTRA_ZONES and placed_by_card(line)) or line.zone_inferred:
                    zone = own
            # Positional (the fields in order): the commonest row of every check, where keyword matching costs a
            # tenth of the reading (1,000 decks of 18 lines: 28 ms positional, 38 ms by keyword).
            read.append(
                ReadLine(
                    number, str(line.card), LineStatus.CARD, line.count, line.zone, zone, card, (), zone != line.zone
                )
            )
            continue
        if resolution.status == UNKNOWN:
            suggested += 1
        zone = line.zone
        neighbours = block_zones.get(line.paragraph, set()) if placed_by_card(line) else set()
        if len(neighbours) == 1:
            (zone,) = neighbours
        read.append(
            ReadLine(
                line=number,
                written=str(line.card),
                status=LineStatus.AMBIGUOUS if resolution.status == AMBIGUOUS else LineStatus.UNKNOWN,
                count=line.count,
                written_zone=line.zone,
                zone=zone,
                candidates=resolution.candidates,
                moved=zone != line.zone,
                suggestions_skipped=resolution.status == UNKNOWN and unknown_so_far,
            )
        )
    if decklist.notes:
        read.extend(
            ReadLine(line=note.line, written=note.text, status=note.status, zone=note.zone) for note in decklist.notes
        )
        read.sort(key=_line_number)  # every row has its line: a card line's own, else its position
    return read


_line_number = attrgetter("line")


def read_line_json(row: ReadLine) -> dict:
    """The JSON form of one read line (the API's `lines`, the import page's preview): games.base.line_row."""
    card = row.card
    return games.base.line_row(
        line=row.line,
        written=row.written,
        status=row.status.value,
        count=row.count,
        written_zone=row.written_zone.value if row.written_zone else None,
        zone=row.zone.value if row.zone else None,
        moved=row.moved,
        card={"id": card.id, "name_ja": card.name_ja, "name_en": card.name_en} if card else None,
        candidates=[{"id": c.id, "name_ja": c.name_ja, "name_en": c.name_en} for c in row.candidates],
        suggestions_skipped=row.suggestions_skipped,
    )


@versioned_cache(version=catalogue_version_of("dm"), maxsize=1)
def get_resolver(_version=None) -> Resolver:
    """The process-wide resolver, rebuilt automatically when the catalogue changed (in any process)."""
    return Resolver.from_catalogue()


def card_name_suggestions(*, text: str) -> tuple[Candidate, ...]:
    """Card names close to the name words of a search that found nothing (a misspelt name): the decklist
    reader's suggestion index, so that a search and a pasted line suggest the same cards."""
    return get_resolver().suggest(text) if text.strip() else ()
