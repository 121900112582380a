"""One card identity for every way a name is written.

The resolver is an in-memory index of every name of every card, built once per process from the catalogue and
rebuilt when the catalogue version changes (selectors.catalogue_version: any process's import is seen). Lookups
are dictionary reads: a 60-line decklist is resolved without a query per line.

Matching order (the first tier that knows the written key decides):
  1. a whole card's name: Japanese, English (case-insensitive), a twinpact's combined name
  2. a whole card's name without its ruby reading: 超戦龍覇 モルトNEXT（ネクスト） is also 超戦龍覇 モルトNEXT
  3. a face name (twinpact halves, psychic/dragheart/Zeron faces, hyper states), with or without ruby
  4. the written name without a parenthesised part (a reading written after a name that has none)
Every key is width-folded (NFKC), whitespace-collapsed, without 《》 and without spaces around '/'.
Several matches are one card when they share the counting key (width variants, 1.2.3); otherwise they are
ambiguous and all are returned. No match: the closest names by fuzzy matching are returned as candidates.
"""

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from cards.facts import card_to_facts
from cards.models import Card, CardFace
from cards.names import lookup_key, name_key, without_ruby, written_without_parentheses
from cards.selectors import VersionedCache
from dmrules.cards import CardFacts

OK = "ok"
UNKNOWN = "unknown"
AMBIGUOUS = "ambiguous"

FUZZY_CANDIDATES = 5
FUZZY_MIN_SCORE = 60


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


def _exact_key(text: str) -> str:
    """Case-sensitive key, used to choose among case-insensitive matches."""
    return name_key(text.replace("《", "").replace("》", ""))


def _raw_key(text: str) -> str:
    """Key without width folding, used to choose between width variants of one name (ＪＫ / JK)."""
    return " ".join(unicodedata.normalize("NFC", text.replace("《", "").replace("》", "")).split()).replace(" / ", "/")


class Resolver:
    def __init__(self, cards: Iterable[tuple[CardFacts, list[str], list[str]]]):
        """cards: (facts, whole-card names, face names) per card."""
        self._facts: dict[int, CardFacts] = {}
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
        # Sorted, so that fuzzy candidates with equal scores come in the same order in every process.
        self._choices = sorted({key for tier in self._tiers for key in tier})
        self._choice_ids = {key: [i for tier in self._tiers for i in tier.get(key, ())] for key in self._choices}
        # Last resort before fuzzy matching: the name with no spaces at all (`禁断 ～封印されしX～`).
        self._spaceless: dict[str, list[int]] = {}
        for key, ids in self._choice_ids.items():
            slot = self._spaceless.setdefault(key.replace(" ", ""), [])
            slot.extend(i for i in ids if i not in slot)

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
    def from_catalogue(cls) -> "Resolver":
        faces_of: dict[int, list[CardFace]] = {}
        for face in CardFace.objects.order_by("card_id", "position"):
            faces_of.setdefault(face.card_id, []).append(face)
        entries = []
        for card in Card.objects.defer("search_text", "sources", "keywords_ja").order_by("id"):
            faces = faces_of.get(card.id, [])
            face_names = [name for face in faces for name in (face.name_ja, face.name_en) if name]
            entries.append((card_to_facts(card, faces=faces), [card.name_ja, card.name_en], face_names))
        return cls(entries)

    def __len__(self) -> int:
        return len(self._facts)

    def facts(self, card_id: int) -> CardFacts:
        return self._facts[card_id]

    def candidate(self, card_id: int) -> Candidate:
        facts = self._facts[card_id]
        return Candidate(id=facts.id, name_ja=facts.name_ja, name_en=facts.name_en)

    def resolve(self, written: str | int) -> Resolution:
        if isinstance(written, int) and not isinstance(written, bool):
            return self._by_id(str(written), written)
        text = str(written)
        stripped = unicodedata.normalize("NFKC", text).strip()
        if stripped.isascii() and stripped.isdigit():
            return self._by_id(text, int(stripped))
        for attempt in (text, written_without_parentheses(text)):
            if attempt is None:
                continue
            key = lookup_key(attempt)
            for tier in self._tiers:
                ids = tier.get(key)
                if ids:
                    return self._decide(text, attempt, ids)
        for attempt in (text, written_without_parentheses(text)):
            ids = self._spaceless.get(lookup_key(attempt).replace(" ", "")) if attempt is not None else None
            if ids:
                return self._decide(text, attempt, ids)
        return Resolution(written=text, status=UNKNOWN, card=None, candidates=self._closest(text))

    def _by_id(self, written: str, card_id: int) -> Resolution:
        facts = self._facts.get(card_id)
        if facts is None:
            return Resolution(written=written, status=UNKNOWN, card=None, candidates=())
        return Resolution(written=written, status=OK, card=facts, candidates=())

    def _decide(self, written: str, attempt: str, ids: list[int]) -> Resolution:
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

    def _closest(self, written: str) -> tuple[Candidate, ...]:
        key = lookup_key(written)
        if not key:
            return ()
        found: list[int] = []
        matches = process.extract(
            key, self._choices, scorer=fuzz.WRatio, limit=FUZZY_CANDIDATES * 3, score_cutoff=FUZZY_MIN_SCORE
        )
        for choice, _score, _index in matches:
            for card_id in self._choice_ids[choice]:
                if card_id not in found:
                    found.append(card_id)
            if len(found) >= FUZZY_CANDIDATES:
                break
        return tuple(self.candidate(i) for i in found[:FUZZY_CANDIDATES])


_resolver = VersionedCache(Resolver.from_catalogue)


def get_resolver() -> Resolver:
    """The process-wide resolver, rebuilt automatically when the catalogue changed (in any process)."""
    return _resolver.get()
