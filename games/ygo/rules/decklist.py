"""OCG decklists in and out: `.ydk` files (one password a line) and name lists in Japanese or English.

Pure Python. Every non-blank line of the input gets a `ReadLine` with a status (card, heading, ignored, unknown,
ambiguous), its zone and its count: nothing is dropped, so a page can show the player what was read and what was
not. A decklist is never rejected because of some lines.

- `ydke://` URLs (EDOPro, the deck sites): read as the `.ydk` they stand for (games.ygo.rules.ydke).
- `.ydk` (YGOPro, EDOPro, Master Duel exports): `#main`, `#extra`, `!side` (or `#side`) switch the zone; other `#`
  and `!` lines are comments (`#created by ...`); every other line is one copy of the card of that password.
  Alternate-art and simulator passwords map to their card; an unknown password is an `unknown` line, kept with its
  zone.
- Text: headings メインデッキ / エクストラデッキ / サイドデッキ / Main / Extra / Side ("Main Deck", "Main Deck (40)",
  "【サイドデッキ】 15枚", the older エキストラデッキ and 融合デッキ / Fusion Deck), group headings (Monsters, 魔法,
  罠カード (12), ☆モンスター(13枚)), and card lines in every count style (`3 Name`, `3x Name`, `3:Name`, `Name x3`,
  `Name ×3`, `Name×3枚`, `Name 3枚`, `Name 3`, full-width digits, a note or mark after the count: `Name×2枚△`,
  `Name×2(好み次第で1でもok)`, `Name 3枚 ←`; a count alone on the line before the name, as a table's count cell
  copied on a line of its own), names in Japanese, English or kana reading, with or without 《》「」 brackets, the
  long-vowel mark ー for a dash (閃刀姫ーレイ). Before any zone heading a card goes to the zone it belongs in (an
  Extra Deck monster to the Extra Deck, PR p.42); under a heading the written zone stands (the legality check reports
  a misplaced card). A total (`合計 40枚`, `Cards: 41`) and a title that ends in a year (`CS優勝 2020`) are ignored.
  An unknown line offers the closest card names (`Catalogue.suggestions`: ボルドヘッジホッグ, ボルト・ヘッジホッグ; the
  first SUGGESTED_LINES unknown lines of a list); a line without a count that is all but a card's name
  (`Catalogue.close_names`: 閃著竜 スターダスト) is an unknown line offering it, not a title dropped.
"""

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import overload

import games.base
from games.ygo.rules.cards import Catalogue, YgoCard, fold_name
from games.ygo.rules.vocabulary import ZONE_VALUE, DeckZone, LineStatus

MAX_COUNT = games.base.MAX_LINE_COUNT  # a line count above this is a typo, not a deck (the rule of every game)
MAX_LINES = 1000  # non-blank lines read from one decklist; the rest are reported as ignored
BOM = "\ufeff"  # a byte-order mark some editors write first in a file: not part of its first line

ZoneCards = tuple[tuple[YgoCard, int], ...]

# "!side" is YGOPro's; some deck sites and apps write "#side" (written back as "!side").
_YDK_HEADINGS = {"#main": DeckZone.MAIN, "#extra": DeckZone.EXTRA, "!side": DeckZone.SIDE, "#side": DeckZone.SIDE}
_YDK_HEADING_ITEMS = tuple(_YDK_HEADINGS.items())

_ZONE_WORDS = {
    DeckZone.MAIN: ("メインデッキ", "メイン", "main deck", "maindeck", "main"),
    # エキストラデッキ: the spelling of many lists of 2008-2010; 融合デッキ / Fusion Deck: its name before 2008.
    DeckZone.EXTRA: (
        "エクストラデッキ",
        "エクストラ",
        "エキストラデッキ",
        "エキストラ",
        "融合デッキ",
        "extra deck",
        "extradeck",
        "extra",
        "fusion deck",
    ),
    DeckZone.SIDE: ("サイドデッキ", "サイド", "side deck", "sidedeck", "side"),
}
_GROUP_WORDS = (
    "monsters",
    "monster",
    "monster cards",
    "spells",
    "spell",
    "spell cards",
    "traps",
    "trap",
    "trap cards",
    "モンスター",
    "モンスターカード",
    "効果モンスター",
    "魔法",
    "魔法カード",
    "罠",
    "罠カード",
)
# A heading: optional decoration, the word, then an optional count ("(40)", "40枚", ": 40", "[15]").
_DECOR_OPEN = r"[#=\-*■□◆◇●○◎☆★▼▽【\[〔<『「\s]*"
_DECOR_CLOSE = r"[】\]〕>』」=\-*\s]*"
_HEADING_COUNT = r"(?:[:：]?\s*[(\[（]?\s*\d+\s*(?:枚|cards?)?\s*[)\]）]?)?\s*[:：]?"


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# Every zone's words in one pattern, a named group per zone in _ZONE_WORDS's order (one match a line, not one a zone:
# the alternatives are tried in that order, so the zone found is the first whose words read the line).
_ZONE_HEADING = re.compile(
    rf"^{_DECOR_OPEN}(?:{'|'.join(f'(?P<{zone.name}>{_alternatives(words)})' for zone, words in _ZONE_WORDS.items())})"
    rf"{_DECOR_CLOSE}{_HEADING_COUNT}$",
    re.IGNORECASE,
)
# A group heading may also carry its count first, as players write it ("20 Monsters", "12 Spells", issue 28): no card
# is named like a group word (checked on the full card data).
_GROUP_HEADING = re.compile(
    rf"^{_DECOR_OPEN}(?:\d{{1,3}}\s*(?:枚|[x×])?\s+)?"
    rf"(?:{_alternatives(_GROUP_WORDS)})"
    rf"{_DECOR_CLOSE}{_HEADING_COUNT}$",
    re.IGNORECASE,
)

_X = r"[x×X✕]"
# Card-line shapes with an explicit count, tried in this order; the first whose name is a card wins.
_COUNTED = (
    re.compile(rf"^(\d+)\s*{_X}\s*(.+)$"),  # 3x Name, 3 x Name
    re.compile(r"^(\d+)\s*[:：]\s*(.+)$"),  # 3:Name, 3 : Name
    re.compile(rf"^(.+?)\s*{_X}\s*(\d+)\s*枚?$"),  # Name x3, Name ×3, Name×3枚
    re.compile(r"^(.+?)\s*(\d+)\s*枚$"),  # Name 3枚
    re.compile(r"^(.*[》」』\]])\s*(\d+)$"),  # 《Name》3: a count glued to the closing bracket
    re.compile(r"^(\d+)\s*枚?\s+(.+)$"),  # 3 Name, 3枚 Name
)
_DIGIT = re.compile(r"\d")  # what every count shape (_COUNTED, _TRAILING_COUNT) has
_LONE_COUNTS = frozenset("123456789１２３４５６７８９")  # a count alone on its line, for the name on the next line
_TRAILING_COUNT = re.compile(r"^(.+?)[\s\t]+(\d+)$")  # Name 3 (tried after the whole line as a name)
# A total line ("合計 40枚", "Total: 40 cards"): counted cards are not a card.
_TOTAL = re.compile(
    r"^[(\[（【]?(?:合計|計|総数|total|デッキ枚数|枚数|cards?)[)\]）】]?\s*[:：]?\s*[(\[（]?\d+\s*(?:枚|cards?)?[)\]）]?$",
    re.I,
)
_TRAILING_NOTE = re.compile(r"\s*\([^()]*\)$")
# A note or a mark after a line's count (`スケープ・ゴート×2枚△`, `地獄の暴走召喚×2(好み次第で1でもok)`,
# `灰流うらら 3枚 ←`): the line without it, tried when the whole line names no card.
_NOTE_AFTER_COUNT = re.compile(r"^(.*?\d\s*枚?)(?:\s*(?:[(（][^()（）]*[)）]|[△▲▽▼○●◎☆★※←→!！?？♪]+))+$")
_BULLET = re.compile(r"^(?:[-*•]|・(?=\s))\s*")
_BRACKETS = str.maketrans("", "", "《》「」『』〈〉")
_COMMENT_PREFIXES = ("#", "//", "--", ";")


@dataclass(slots=True)
class ReadLine:
    """One non-blank line of the input and what it turned out to be."""

    line: int  # 1-based
    text: str
    status: LineStatus
    zone: DeckZone | None = None  # the zone a card line went to, or the zone a zone heading switches to
    count: int = 0
    card: YgoCard | None = None
    written: str = ""  # the name or password as written on a card line
    candidates: tuple[YgoCard, ...] = ()  # the cards an ambiguous name matches; an unknown one's closest names
    written_zone: DeckZone | None = None  # the zone heading in force on a card line (None before any heading)

    @property
    def moved(self) -> bool:
        """No heading placed the card: it went to the Extra Deck because it belongs there (PR p.42)."""
        return self.written_zone is None and self.zone is DeckZone.EXTRA and self.status is not LineStatus.HEADING

    def as_dict(self, card_json: Callable[[YgoCard], dict] | None = None) -> dict:
        """The JSON form of one read line, in the shape of the Duel Masters reader's lines (plus `text`); its card
        and candidates as `card_json` writes them (the core's ids), else by the rules' id."""
        card, write = self.card, card_json or _card_json
        row = games.base.line_row(
            line=self.line,
            written=self.written,
            status=_STATUS_VALUE[self.status],
            count=self.count,
            written_zone=ZONE_VALUE.get(self.written_zone),  # type: ignore[arg-type]  # None: None
            zone=ZONE_VALUE.get(self.zone),  # type: ignore[arg-type]
            moved=self.moved,
            card=write(card) if card else None,
            candidates=[write(c) for c in self.candidates] if self.candidates else [],
        )
        return {"line": self.line, "text": self.text, **row}


COUNTED_STATUSES = frozenset((LineStatus.CARD, LineStatus.UNKNOWN, LineStatus.AMBIGUOUS))  # lines of copies
# An enum's .value is a property, asked for on every line of a report (the zones': vocabulary.ZONE_VALUE).
_STATUS_VALUE = {status: status.value for status in LineStatus}


def _card_json(card: YgoCard) -> dict:
    return {"id": card.id, "name_ja": card.name_ja, "name_en": card.name_en}


@dataclass(frozen=True, slots=True)
class Decklist:
    """A read decklist: its lines, and the resolved cards per zone (copies of one card in one zone summed, in the
    order they first appear)."""

    lines: Sequence[ReadLine]  # a tuple, or a .ydk's YdkLines (read when first asked for)
    source_format: str  # "ydk" or "text"
    zones: Mapping[DeckZone, ZoneCards] = field(default_factory=dict)
    unresolved: tuple[ReadLine, ...] = ()  # card lines that are no card: unknown passwords or names, ambiguous names
    errors: tuple[games.base.LineError, ...] = ()  # lines not read as written: a count outside games.base's rule

    def cards(self, zone: DeckZone) -> ZoneCards:
        return self.zones.get(zone, ())

    def count(self, zone: DeckZone) -> int:
        """Copies in a zone, resolved or not (an unknown line still takes a place in the deck)."""
        resolved = sum(n for _, n in self.cards(zone))
        return resolved + sum(line.count for line in self.unresolved if line.zone == zone)

    @property
    def line_counts(self) -> Sequence[int]:
        """The count of each line that is copies of the deck (card, unknown and ambiguous lines), in order: a .ydk's
        without reading its lines (one copy a line)."""
        if isinstance(self.lines, YdkLines):
            return (1,) * self.lines.copies
        return [line.count for line in self.lines if line.status in COUNTED_STATUSES]


def decklist_of(lines: list[ReadLine], source_format: str, errors: tuple = ()) -> Decklist:
    """The Decklist of read lines: the resolved cards per zone (copies of one card in one zone summed, in the order
    they first appear) and the unresolved lines. The readers end with it, and so does a decklist rebuilt from stored
    or JSON rows."""
    totals: dict[DeckZone, dict[int, list]] = {zone: {} for zone in DeckZone}
    unresolved = []
    card_line, unknown_line, ambiguous_line = LineStatus.CARD, LineStatus.UNKNOWN, LineStatus.AMBIGUOUS
    for line in lines:
        status = line.status
        if status is card_line:
            card = line.card
            if card is None or line.zone is None:
                continue
            rows = totals[line.zone]
            slot = rows.get(card.id)
            if slot is None:
                rows[card.id] = [card, line.count]
            else:
                slot[1] += line.count
        elif status is unknown_line or status is ambiguous_line:
            unresolved.append(line)
    zones = {zone: tuple(map(tuple, rows.values())) for zone, rows in totals.items()}
    return Decklist(tuple(lines), source_format, zones, tuple(unresolved), tuple(errors))


# --- .ydk ------------------------------------------------------------------------------------------------------


def looks_like_ydk(rows: list[str]) -> bool:
    """The lines of a .ydk (its text split, after any byte-order mark): a #main / #extra / !side heading, or only
    comments and numbers."""
    seen_number = False
    for raw in rows:
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.lower() in _YDK_HEADINGS:
            return True
        if stripped.startswith(("#", "!")):
            continue
        if not stripped.isdigit():
            return False
        seen_number = True
    return seen_number


class YdkLines(Sequence[ReadLine]):
    """The lines of a .ydk whose cards are already counted (read_ydk), each line read when the lines are first asked
    for: a legality check reads only the cards per zone and the copies, a page or a report's `lines` every line."""

    __slots__ = ("_catalogue", "_read", "_rows", "copies")

    def __init__(self, rows: list[str], catalogue: Catalogue, copies: int) -> None:
        self._rows, self._catalogue = rows, catalogue
        self._read: tuple[ReadLine, ...] | None = None
        self.copies = copies  # the card lines, one copy each

    def _lines(self) -> tuple[ReadLine, ...]:
        read = self._read
        if read is None:
            read = self._read = tuple(_ydk_read(self._rows, self._catalogue).lines)  # (already a tuple: not copied)
        return read

    def __len__(self) -> int:
        return len(self._lines())

    @overload
    def __getitem__(self, index: int) -> ReadLine: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[ReadLine, ...]: ...
    def __getitem__(self, index):
        return self._lines()[index]

    def __iter__(self) -> Iterator[ReadLine]:
        return iter(self._lines())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._lines() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._lines())


def read_ydk(text: str, catalogue: Catalogue) -> Decklist:
    """A .ydk file: one password a line under #main / #extra / !side; comments kept as ignored lines.

    A .ydk writes a line per copy (a 60-card deck is some 60 lines, where a name list has 20), so its lines are read
    when first asked for (YdkLines): a check needs only the cards per zone, which each zone's lines give counted at
    once. A file with a password no card has, or more than MAX_LINES lines, is read line by line at once."""
    return _ydk_decklist(text.removeprefix(BOM).splitlines(), catalogue)


def _ydk_decklist(rows: list[str], catalogue: Catalogue) -> Decklist:
    counted = _ydk_zones(rows, catalogue)
    if counted is None:
        return _ydk_read(rows, catalogue)
    zones, copies = counted
    return Decklist(YdkLines(rows, catalogue, copies), "ydk", zones)


def _ydk_zones(rows: list[str], catalogue: Catalogue) -> tuple[dict[DeckZone, ZoneCards], int] | None:
    """zone -> cards of a .ydk's lines and the copies they are, as _ydk_read finds them (the same cards in the same
    order): the lines under each heading counted at once, each written password looked up once. None (the reader
    then reads every line) when a password is no card's or is written otherwise than the catalogue writes it, a
    heading is written twice or in other letters, or the lines are more than MAX_LINES."""
    stripped = list(map(str.strip, rows))
    if len(stripped) > MAX_LINES and len(stripped) - stripped.count("") > MAX_LINES:
        return None
    headings = sorted([(stripped.index(written), zone) for written, zone in _YDK_HEADING_ITEMS if written in stripped])
    card_of = catalogue.password_reader()
    totals: dict[DeckZone, dict[int, tuple[YgoCard, int]]] = {zone: {} for zone in ZONE_VALUE}
    zone: DeckZone | None = None
    copies, start = 0, 0
    for end, next_zone in (*headings, (len(stripped), None)):
        if end > start:
            counted = Counter(stripped[start:end])
            counted.pop("", None)
            copies += sum(counted.values())
            for written, n in counted.items():
                card = card_of(written)
                if card is None:
                    if written.isdigit() or written.lower() in _YDK_HEADINGS:
                        return None
                    copies -= n  # a line _ydk_read ignores
                    continue
                by_card = totals[zone or card.deck_zone]  # before any heading: where the card belongs (PR p.42)
                slot = by_card.get(card.id)
                by_card[card.id] = (card, n if slot is None else slot[1] + n)
        zone, start = next_zone, end + 1
    return {zone: tuple(by_card.values()) for zone, by_card in totals.items()}, copies


def _ydk_read(rows: list[str], catalogue: Catalogue) -> Decklist:
    """A .ydk's lines read one by one: a ReadLine each."""
    lines: list[ReadLine] = []
    append = lines.append
    zone: DeckZone | None = None
    # A deck repeats its passwords (three copies are three lines): each written number is looked up once.
    looked_up: dict[str, YgoCard | None] = {}
    # What decklist_of would gather from the lines, gathered as they are read (one pass over a 60-line file, not two).
    totals: dict[DeckZone, dict[int, list]] = {zone: {} for zone in DeckZone}
    unresolved: list[ReadLine] = []
    card_status, unknown_status, main = LineStatus.CARD, LineStatus.UNKNOWN, DeckZone.MAIN
    for number, raw in enumerate(rows, start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if len(lines) >= MAX_LINES:
            append(ReadLine(number, stripped, LineStatus.IGNORED))
            continue
        if stripped in looked_up:
            card = looked_up[stripped]
        else:
            if not (stripped.isdigit() and stripped.isascii()):
                if (heading := _YDK_HEADINGS.get(stripped.lower())) is not None:
                    zone = heading
                    append(ReadLine(number, stripped, LineStatus.HEADING, heading))
                else:
                    append(ReadLine(number, stripped, LineStatus.IGNORED))
                continue
            card = looked_up[stripped] = catalogue.by_password(int(stripped))
        if card is None:
            line = ReadLine(number, stripped, unknown_status, zone or main, 1, None, stripped, (), zone)
            unresolved.append(line)
        else:
            # Before any heading the card goes where it belongs (PR p.42).
            where = zone or card.deck_zone
            line = ReadLine(number, stripped, card_status, where, 1, card, stripped, (), zone)
            by_card = totals[where]
            slot = by_card.get(card.id)
            if slot is None:
                by_card[card.id] = [card, 1]
            else:
                slot[1] += 1
        append(line)
    zones = {zone: tuple(map(tuple, by_card.values())) for zone, by_card in totals.items()}
    return Decklist(tuple(lines), "ydk", zones, tuple(unresolved))


# --- text ------------------------------------------------------------------------------------------------------


def _zone_heading(text: str) -> DeckZone | None:
    found = _ZONE_HEADING.match(text)
    return DeckZone[found.lastgroup] if found is not None and found.lastgroup else None


def _resolve(name: str, catalogue: Catalogue) -> tuple[YgoCard, ...]:
    cleaned = name.translate(_BRACKETS).strip()
    if not cleaned:
        return ()
    found = catalogue.by_name(cleaned)
    if not found and cleaned.endswith(")"):
        # A note or the other language's name after the name: 灰流うらら (Ash Blossom), Maxx "C" (G)
        bare = _TRAILING_NOTE.sub("", cleaned)
        if bare and bare != cleaned:
            found = catalogue.by_name(bare)
    return found


def _resolve_short(name: str, catalogue: Catalogue) -> tuple[YgoCard, ...]:
    """The cards `name` is a short form of (games.abbreviations: 増G, うらら), a note after it left out as above."""
    cleaned = name.translate(_BRACKETS).strip()
    found = catalogue.by_short_form(cleaned) if cleaned else ()
    if not found and cleaned.endswith(")"):
        bare = _TRAILING_NOTE.sub("", cleaned)
        if bare and bare != cleaned:
            found = catalogue.by_short_form(bare)
    return found


def _card_line(text: str, catalogue: Catalogue) -> tuple[int, str, tuple[YgoCard, ...]] | None:
    """(count, written name, matches) of a card line, or None when the line has neither a count nor a card name.

    A name no card has may be a short form players write (増G ×3): read so only on a line with a count, once no
    reading of the line names a card, so that a line that named a card names the same one and a heading or a
    comment without a count is never taken for a card."""
    if _DIGIT.search(text) is None:  # every count shape holds a digit: the whole line is a name, or nothing
        matches = _resolve(text, catalogue)
        return (1, text, matches) if matches else None
    first: tuple[int, str] | None = None
    for pattern in _COUNTED:
        found = pattern.match(text)
        if found is None:
            continue
        a, b = found.groups()
        count, name = (int(a), b) if a.isdigit() else (int(b), a)
        if first is None:
            first = (count, name)
        matches = _resolve(name, catalogue)
        if matches:
            return count, name.strip(), matches
    matches = _resolve(text, catalogue)
    if matches:
        return 1, text, matches
    found = _TRAILING_COUNT.match(text)
    if found is not None:
        name, count_text = found.groups()
        matches = _resolve(name, catalogue)
        if matches:
            return int(count_text), name.strip(), matches
        if first is None:
            if int(count_text) > games.base.MAX_LINE_COUNT and not _resolve_short(name, catalogue):
                return None  # words, then a number no count is: a title ending in a year (`CS優勝 2020`)
            first = (int(count_text), name)
    if first is not None:
        return first[0], first[1].strip(), _resolve_short(first[1], catalogue)
    return None


# What a line of a name list reads as, whatever came before it (read_text's `memo`): a zone heading (DeckZone), a
# group heading, a comment or total (ignored), or a card line (count, written name, the cards it names; none: unknown).
LineReading = DeckZone | LineStatus | tuple[int, str, tuple[YgoCard, ...]]
LineMemo = dict[str, LineReading]
MEMO_SIZE = 20_000  # lines a memo keeps before it starts again (a few hundred decklists' worth)
SUGGESTED_LINES = 20  # unknown lines of one list that are given the closest card names
# A line without a count that names no card is a card line all the same when a card's whole name is all but it
# (Catalogue.close_names) and it is not a short word: a misspelt name, not a title.
CLOSE_NAME_LENGTH = 4


def _reading(stripped: str, catalogue: Catalogue) -> LineReading:
    normal = _BULLET.sub("", unicodedata.normalize("NFKC", stripped)).strip()
    heading = _zone_heading(normal)
    if heading is not None:
        return heading
    if _GROUP_HEADING.match(normal):
        return LineStatus.HEADING
    if normal.startswith(_COMMENT_PREFIXES) or _TOTAL.match(normal):
        return LineStatus.IGNORED
    parsed = _card_line(normal, catalogue)
    if parsed is None or not parsed[2]:
        noted = _NOTE_AFTER_COUNT.match(normal)
        bare = _card_line(noted.group(1), catalogue) if noted else None
        if bare is not None and (bare[2] or parsed is None):
            parsed = bare
    if parsed is None and _DIGIT.search(normal) is None:
        # No count and no card: a title or a comment, unless the line is all but a card's name (閃著竜 スターダスト
        # for 閃珖竜 スターダスト, えん魔竜レッド・デーモン): then an unknown line offering it, never a dropped card.
        name = normal.translate(_BRACKETS).strip()
        if len(fold_name(name)) >= CLOSE_NAME_LENGTH and catalogue.close_names(name):
            parsed = (1, name, ())
    return LineStatus.IGNORED if parsed is None else parsed


def read_text(text: str, catalogue: Catalogue, *, memo: LineMemo | None = None) -> Decklist:
    """A name list in Japanese or English, with or without zone headings.

    `memo` (owned by the caller, valid for one catalogue) remembers what each line read as: a batch of decklists,
    or one list checked again, repeats the same lines, and reading one is then a dictionary read (as the Duel Masters
    reader's memo)."""
    lines: list[ReadLine] = []
    errors: list[games.base.LineError] = []
    zone: DeckZone | None = None
    lone_count = 0  # a line that is only a count (1 to 9, a table's count cell copied on a line of its own)
    suggested = 0  # unknown lines given their closest names (SUGGESTED_LINES at most: a list of nonsense stays cheap)
    if memo is not None and len(memo) > MEMO_SIZE:
        memo.clear()
    for number, raw in enumerate(text.removeprefix(BOM).splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        before, lone_count = lone_count, 0
        if len(lines) >= MAX_LINES:
            lines.append(ReadLine(number, stripped, LineStatus.IGNORED))
            continue
        reading = memo.get(stripped) if memo is not None else None
        if reading is None:
            reading = _reading(stripped, catalogue)
            if memo is not None:
                memo[stripped] = reading
        if isinstance(reading, DeckZone):
            zone = reading
            lines.append(ReadLine(number, stripped, LineStatus.HEADING, reading))
            continue
        if isinstance(reading, LineStatus):
            lines.append(ReadLine(number, stripped, reading))
            if len(stripped) == 1 and stripped in _LONE_COUNTS:
                lone_count = int(stripped)
            continue
        count, written, matches = reading
        if before and _DIGIT.search(stripped) is None:  # `3` then `Mystical Space Typhoon`: 3 copies
            count = before
        if problem := games.base.count_problem(count):  # an error the player sees, never a dropped line
            errors.append(games.base.LineError(number, stripped, problem))
        elif len(matches) == 1:
            card = matches[0]
            where = zone or card.deck_zone
            lines.append(ReadLine(number, stripped, LineStatus.CARD, where, count, card, written, (), zone))
        elif matches:
            where = zone or _common_zone(matches)
            lines.append(ReadLine(number, stripped, LineStatus.AMBIGUOUS, where, count, None, written, matches, zone))
        else:
            where = zone or DeckZone.MAIN
            closest = catalogue.suggestions(written) if suggested < SUGGESTED_LINES else ()
            suggested += 1
            lines.append(ReadLine(number, stripped, LineStatus.UNKNOWN, where, count, None, written, closest, zone))
    return decklist_of(lines, "text", tuple(errors))


def _common_zone(cards: tuple[YgoCard, ...]) -> DeckZone:
    zones = {card.deck_zone for card in cards}
    return zones.pop() if len(zones) == 1 else DeckZone.MAIN


def read_decklist(text: str, catalogue: Catalogue, *, memo: LineMemo | None = None) -> Decklist:
    """A ydke:// URL, a .ydk or a name list, told apart by its content (a malformed ydke:// URL raises
    games.base.DeckCodeError); `memo`: read_text's."""
    from games.ygo.rules.ydke import looks_like_ydke, read_ydke  # it reads a URL as the .ydk it stands for

    if looks_like_ydke(text):
        return read_ydke(text, catalogue)
    rows = text.removeprefix(BOM).splitlines()
    return _ydk_decklist(rows, catalogue) if looks_like_ydk(rows) else read_text(text, catalogue, memo=memo)


# --- writers ---------------------------------------------------------------------------------------------------

DeckInput = Decklist | Mapping[DeckZone, Iterable[tuple[YgoCard, int]]]


def zone_cards(deck: DeckInput) -> dict[DeckZone, ZoneCards]:
    """zone -> ((card, copies), ...) of a read decklist or of a mapping (zones may be given as strings)."""
    if isinstance(deck, Decklist):
        return dict(deck.zones)  # a read decklist's zones are DeckZone keys and tuples already
    return {DeckZone(zone): tuple(rows) for zone, rows in deck.items()}


def write_ydk(deck: DeckInput, *, creator: str = "deckbuilder") -> str:
    """The .ydk of a deck: each copy's printed password (a simulator id for a card without one). Unknown
    passwords of a read .ydk are written back as they were, so a round trip drops nothing."""
    zones = zone_cards(deck)
    unresolved = deck.unresolved if isinstance(deck, Decklist) else ()
    out = [f"#created by {creator}"]
    for zone in DeckZone:
        out.append(next(h for h, z in _YDK_HEADINGS.items() if z == zone))
        for card, copies in zones.get(zone, ()):
            number = card.ydk_id
            out.extend([str(number)] * copies if number is not None else [f"#no password: {card.name_en}"] * copies)
        for line in unresolved:
            if line.zone == zone:
                written = line.written if line.written.isdigit() else f"#unresolved: {line.text}"
                out.extend([written] * (line.count if line.written.isdigit() else 1))
    return "\n".join(out) + "\n"


_TEXT_HEADINGS = {
    "ja": {DeckZone.MAIN: "メインデッキ", DeckZone.EXTRA: "エクストラデッキ", DeckZone.SIDE: "サイドデッキ"},
    "en": {DeckZone.MAIN: "Main Deck", DeckZone.EXTRA: "Extra Deck", DeckZone.SIDE: "Side Deck"},
}


def write_text(deck: DeckInput, *, language: str = "ja") -> str:
    """A name list: a heading with its count per zone, then `3 Name` lines (Japanese names, or English)."""
    headings = _TEXT_HEADINGS[language]
    zones = zone_cards(deck)
    out: list[str] = []
    for zone in DeckZone:
        rows = zones.get(zone, ())
        out.append(f"{headings[zone]} ({sum(n for _, n in rows)})")
        for card, copies in rows:
            name = card.name_en if language == "en" else card.name
            out.append(f"{copies} {name}")
        out.append("")
    return "\n".join(out)
