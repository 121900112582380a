"""Decklist input, accepted everywhere (API, CLI, web): text or JSON, parsed into zones, cards and counts.

Pure Python. A parse never raises for a bad line: every unreadable line is reported with its line number,
so that a client can show all problems at once. Only a JSON document whose *structure* is wrong (not an
object, a zone that is not a list) raises `DecklistFormatError`.
"""

import re
import unicodedata
from dataclasses import dataclass

from dmrules.vocabulary import DeckZone

MAX_COUNT = 999  # a line count above this is a typo, not a deck


class DecklistFormatError(ValueError):
    """The JSON document is not a decklist at all (wrong structure)."""


@dataclass(frozen=True, slots=True)
class DecklistLine:
    zone: DeckZone
    card: str | int  # a name in any spelling, or a card id
    count: int
    line: int | None  # 1-based line of a text decklist; None for JSON input


@dataclass(frozen=True, slots=True)
class LineError:
    line: int
    text: str
    message: str


@dataclass(frozen=True, slots=True)
class Decklist:
    lines: tuple[DecklistLine, ...]
    errors: tuple[LineError, ...] = ()

    def zone_lines(self, zone: DeckZone) -> tuple[DecklistLine, ...]:
        return tuple(line for line in self.lines if line.zone == zone)


# Section headers (NFKC + casefold, spaces removed). "デッキ" alone means the main deck.
_HEADERS = {
    DeckZone.MAIN: ("main", "maindeck", "deck", "メイン", "メインデッキ", "デッキ"),
    DeckZone.HYPERSPATIAL: ("hyperspatial", "hyperspatialzone", "hyper", "超次元", "超次元ゾーン"),
    DeckZone.GR: ("gr", "grzone", "supergr", "supergrzone", "超gr", "超grゾーン", "gr ゾーン"),
    DeckZone.CONSIDERING: ("considering", "maybe", "sideboard", "検討", "検討中", "検討中のカード"),
}
_HEADER_LOOKUP = {word.replace(" ", ""): zone for zone, words in _HEADERS.items() for word in words}
# Optional "(40)", "40枚", "40 cards" after a header: informative only, never checked here.
_HEADER_RE = re.compile(
    r"^[#＃]*\s*(?P<word>[^:：(（]+?)\s*[:：]?\s*(?:[(（]?\s*\d+\s*(?:枚|cards?)?\s*[)）]?)?\s*[:：]?\s*$",
    re.IGNORECASE,
)
_X = r"[xX×＊*ｘＸ]"
# "《name》 4枚", "《name》×4", "《name》 x 4", "《name》4"
_BRACKETED_RE = re.compile(rf"^《(?P<name>[^》]+)》\s*(?:{_X}\s*)?(?P<count>\d+)\s*枚?$")
# "name x4", "name × 4", "name *4"  (ASCII x/X needs a space before it, so names ending in X stay whole)
_TRAILING_X_RE = re.compile(r"^(?P<name>.+?)(?:\s+[xXｘＸ]|\s*[×＊*])\s*(?P<count>\d+)$")
# "name 4枚"
_TRAILING_MAI_RE = re.compile(r"^(?P<name>.+?)\s*(?P<count>\d+)\s*枚$")
# "4 name", "4 x name", "4x name", "4×name", "4枚 name": a separator x is attached to the count or stands alone
# between spaces, so names that begin with x or * ("*/弐幻キューギョドリ/*") stay whole.
_LEADING_RE = re.compile(rf"^(?P<count>\d+)(?:(?:{_X}|枚)\s*|\s+(?:(?:{_X}|枚)\s+)?)(?P<name>\S.*)$")


def _header_zone(text: str) -> DeckZone | None:
    match = _HEADER_RE.match(text)
    if not match:
        return None
    word = unicodedata.normalize("NFKC", match.group("word")).casefold().replace(" ", "")
    return _HEADER_LOOKUP.get(word)


def _card_ref(name: str) -> str | int:
    name = name.strip()
    if name.startswith("《") and name.endswith("》"):
        name = name[1:-1].strip()
    if name.isascii() and name.isdigit():
        return int(name)
    return name


def _parse_card_line(text: str) -> tuple[str | int, int] | str:
    """(card, count) for a readable card line, else the reason it cannot be read."""
    # A leading count wins: no card name begins with digits and a space, while many end in digits or x.
    for pattern in (_LEADING_RE, _BRACKETED_RE, _TRAILING_X_RE, _TRAILING_MAI_RE):
        match = pattern.match(text)
        if match:
            count = int(match.group("count"))
            card = _card_ref(match.group("name"))
            if card == "":
                return "the line has a count but no card name"
            if count < 1:
                return "the count must be at least 1"
            if count > MAX_COUNT:
                return f"the count must be at most {MAX_COUNT}"
            return card, count
    return "no card count found (write e.g. '4 name', 'name x4' or 'name 4枚')"


def parse_text(text: str) -> Decklist:
    """Parse a text decklist. Section headers switch the zone; the default section is the main deck."""
    zone = DeckZone.MAIN
    lines: list[DecklistLine] = []
    errors: list[LineError] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip().lstrip("\ufeff").strip()
        if not stripped or stripped.startswith("//"):
            continue
        header = None if stripped[0].isdigit() else _header_zone(stripped)  # headers never begin with a digit
        if header is not None:
            zone = header
            continue
        if stripped[0] in "#＃":
            errors.append(LineError(line=number, text=raw, message="unknown section header"))
            continue
        parsed = _parse_card_line(stripped)
        if isinstance(parsed, str):
            errors.append(LineError(line=number, text=raw, message=parsed))
            continue
        card, count = parsed
        lines.append(DecklistLine(zone=zone, card=card, count=count, line=number))
    return Decklist(lines=tuple(lines), errors=tuple(errors))


_JSON_ZONES = {zone.value: zone for zone in DeckZone}


def parse_json(data: dict) -> Decklist:
    """Parse {"main": [{"card": "name or id", "count": 4}], "hyperspatial": [...], "gr": [...], "considering": [...]}.

    Entry problems become `LineError`s numbered by the entry's 1-based position over the whole document.
    """
    if not isinstance(data, dict):
        raise DecklistFormatError("a decklist must be a JSON object with the zones main, hyperspatial, gr")
    unknown = sorted(set(data) - set(_JSON_ZONES))
    if unknown:
        raise DecklistFormatError(f"unknown decklist zone(s): {', '.join(map(str, unknown))}")
    lines: list[DecklistLine] = []
    errors: list[LineError] = []
    position = 0
    for key, zone in _JSON_ZONES.items():
        entries = data.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            raise DecklistFormatError(f"the zone '{key}' must be a list of entries")
        for index, entry in enumerate(entries):
            position += 1
            where = f"{key}[{index}]"
            if not isinstance(entry, dict):
                errors.append(
                    LineError(line=position, text=repr(entry), message=f"{where}: an entry must be an object")
                )
                continue
            card = entry.get("card")
            count = entry.get("count", 1)
            if (
                isinstance(card, bool)
                or not isinstance(card, str | int)
                or (isinstance(card, str) and not card.strip())
            ):
                errors.append(
                    LineError(line=position, text=repr(entry), message=f"{where}: 'card' must be a name or an id")
                )
                continue
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
                errors.append(
                    LineError(line=position, text=repr(entry), message=f"{where}: 'count' must be 1 to {MAX_COUNT}")
                )
                continue
            lines.append(
                DecklistLine(zone=zone, card=_card_ref(card) if isinstance(card, str) else card, count=count, line=None)
            )
    return Decklist(lines=tuple(lines), errors=tuple(errors))


def decklist_to_json(decklist: Decklist) -> dict:
    """The JSON form of a decklist (inverse of `parse_json` for readable lines)."""
    out: dict[str, list] = {}
    for line in decklist.lines:
        out.setdefault(line.zone.value, []).append({"card": line.card, "count": line.count})
    return out


def decklist_to_text(decklist: Decklist) -> str:
    """A text decklist that `parse_text` reads back to the same lines (numbers aside)."""
    parts: list[str] = []
    for zone in DeckZone:
        lines = decklist.zone_lines(zone)
        if not lines:
            continue
        parts.append(f"# {zone.value}")
        parts.extend(f"{line.count} {line.card}" for line in lines)
    return "\n".join(parts) + "\n"
