"""The corpus of real published decklists (games/dm/tests/decklists/): reading and checking it against the full data.

Used by the acceptance test and by `python -m bench cards` (which prints the same figures)."""

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

CORPUS_DIR = Path(__file__).resolve().parent / "decklists"
ZONES = ("main", "hyperspatial", "gr")


@dataclass
class CorpusDeck:
    name: str
    source: str
    expected: dict[str, int]
    missing: list[str]  # cards the data does not hold (named in the fixture)
    text: str
    # Names misspelt in the published list (written -> the card meant): unresolved, with that card suggested first.
    misspelt: dict[str, str] = field(default_factory=dict)
    note: str = ""  # why a list adds up to something other than a legal deck, as published


@dataclass
class DeckResult:
    deck: CorpusDeck
    totals: dict[str, int]
    card_lines: int
    resolved_lines: int
    unresolved: list[str] = field(default_factory=list)  # written names of unknown / ambiguous lines
    first_suggestion: dict[str, str | None] = field(default_factory=dict)  # unresolved name -> first candidate

    @property
    def zones_right(self) -> bool:
        return all(self.totals.get(zone, 0) == self.deck.expected.get(zone, 0) for zone in ZONES)


def corpus_decks() -> list[CorpusDeck]:
    decks = []
    for path in sorted(CORPUS_DIR.glob("*.txt")):
        head, text = path.read_text(encoding="utf-8").split("\n---\n", 1)
        fields: dict[str, list[str]] = {}
        for line in head.splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), []).append(value.strip())
        expected = {k: int(v) for k, v in (pair.split("=") for pair in fields["expected"][0].split())}
        decks.append(
            CorpusDeck(
                name=path.stem,
                source=fields["source"][0],
                expected=expected,
                missing=fields.get("missing", []),
                text=text,
                note=" ".join(fields.get("note", [])),
                misspelt=dict(
                    tuple(part.strip() for part in pair.split("=>", 1)) for pair in fields.get("misspelt", [])
                ),
            )
        )
    return decks


def full_data_resolver():
    """A resolver over the full card data (settings.CARD_DATA_SOURCE with the English names import_cards links from
    cards_en_only.json, and nicknames.json), without a database."""
    from games.dm.catalogue import records_with_english_names
    from games.dm.resolver import Resolver

    records = json.loads(Path(settings.CARD_DATA_SOURCE).read_text(encoding="utf-8"))
    english_path = Path(settings.CARD_ENGLISH_ONLY_DATA_SOURCE)
    if english_path.exists():
        records = records_with_english_names(records, json.loads(english_path.read_text(encoding="utf-8")))
    nicknames_path = Path(settings.NICKNAME_DATA_SOURCE)
    nicknames = json.loads(nicknames_path.read_text(encoding="utf-8"))["nicknames"] if nicknames_path.exists() else []
    return Resolver.from_records(records, nicknames)


def read_deck(deck: CorpusDeck, resolver) -> DeckResult:
    from cards.names import written_without_parentheses
    from games.dm.resolver import decklist_parse, decklist_read

    rows = decklist_read(decklist_parse(deck.text, resolver=resolver), resolver=resolver)
    totals: dict[str, int] = {}
    result = DeckResult(deck=deck, totals=totals, card_lines=0, resolved_lines=0)
    for row in rows:
        if row.count is None or row.zone is None:
            continue
        totals[row.zone.value] = totals.get(row.zone.value, 0) + row.count
        result.card_lines += 1
        if row.unresolved:
            # The name as written, without a note in parentheses after it (`Corile (20-50 cents each)`).
            written = (written_without_parentheses(row.written) or row.written).strip()
            result.unresolved.append(written)
            result.first_suggestion[written] = row.candidates[0].name_ja if row.candidates else None
        else:
            result.resolved_lines += 1
    return result


def corpus_figures(results: list[DeckResult]) -> dict:
    lines = sum(r.card_lines for r in results)
    resolved = sum(r.resolved_lines for r in results)
    # Lines naming a card the data holds: what the reader can be asked to resolve.
    resolvable = lines - sum(len(r.deck.missing) for r in results)
    return {
        "corpus_decks": len(results),
        "corpus_card_lines": lines,
        "corpus_lines_resolved_pct": round(100 * resolved / lines, 1) if lines else 0.0,
        "corpus_lines_in_data_resolved_pct": round(100 * resolved / resolvable, 1) if resolvable else 0.0,
        "corpus_decks_zones_right_pct": round(100 * sum(r.zones_right for r in results) / len(results), 1)
        if results
        else 0.0,
        "corpus_missing_from_data": sorted({name for r in results for name in r.deck.missing}),
    }
