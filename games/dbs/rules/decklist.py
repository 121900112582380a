"""Decklist text in, every line accounted for; and a decklist back to text. Pure Python.

Players publish Dragon Ball Super lists as `4 Name [BT10-100]`, `4x BT10-100`, `BT10-100 x4`, or by name under
`Leader` / `Main Deck` / `Z-Deck` / `Side Deck` headings (often with the zone's count: `Main Deck (60)`), or as a
simulator exports them (untap.in: `//play-1` for the leader, `//deck-1`, `//sideboard-1`, `4 Name (bt10-100)` or a
bracketed note where no number was written, `1 Name (set 06)`); the leader line reads `Name // Back name [NUMBER]`
(leaders are double-faced, 2-3-2-1-2). Every non-blank line gets a status
(card, heading, ignored, unknown, ambiguous) with its zone and count, so nothing a player wrote is silently dropped.

Cards are identified by card number where the line has one (a variant number such as `BT1-005_PR` is folded to its
base number, 2-15-2-1), else by English name; a name printed under several numbers is ambiguous unless the zone
settles it. A simulator's numeric card ids are read only where the data maps them; the shared data maps none, so
such a line is an unknown card line, counted in its zone, never dropped.
"""

import re
import unicodedata
import weakref
from dataclasses import dataclass

import games.base
from games.dbs.rules.cards import NUMBER, Catalogue, DbsCard, fold_name, fold_number
from games.dbs.rules.vocabulary import ZONES, LineStatus, Zone

MAX_COUNT = games.base.MAX_LINE_COUNT  # a count above this is a typo, not a deck (the rule of every game)
# A line that opens with a count no deck has (`0 X`, `-2 X`, `1000 X`): an error the player sees (games.base's count
# rule), never read as one copy of a card named with the number.
_BAD_COUNT = re.compile(r"^(?P<count>[-\u2212]\d+|0+|\d{4,})\s*[xX×]?\s+\S")
MAX_LINES = 500

_INVISIBLE = re.compile("[\ufeff\u200b-\u200d\u2060\ufe00-\ufe0f]")
_X = "[xX×*]"
_COUNT_WORDS = r"(?:cards?|copies)"
# Zone headings, decoration and counts removed, spaces and dashes dropped: `Main Deck (60)` -> "maindeck".
_ZONE_WORDS = {
    Zone.LEADER: ("leader", "leaders", "leadercard", "leaderarea"),
    Zone.MAIN: ("main", "maindeck", "deck", "mainboard", "main50", "main60", "#main"),
    Zone.Z: ("zdeck", "zdecks", "zcards", "zcard", "zenkaideck", "zenkaicards"),
    Zone.SIDE: ("side", "sidedeck", "sideboard", "!side", "#side"),
}
_HEADING_ZONE = {word: zone for zone, words in _ZONE_WORDS.items() for word in words}
# Group headings inside a zone (`Battle (40)`, `Extra Cards: 10`): a heading that does not change the zone.
_GROUP_WORDS = frozenset(
    (
        "battle", "battles", "battlecards", "extra", "extras", "extracards", "unison", "unisons", "unisoncards",
        "zbattle", "zextra", "zunison", "zleader", "zleaders", "red", "blue", "green", "yellow", "black", "white",
        "multicolor", "multicolour", "#extra",
    )
)  # fmt: skip
_HEADING = re.compile(
    rf"^[\s=#*~\-_|:]*(?P<word>[!#]?[^\d()\[\]:：=|]+?)\s*(?:[(\[:：=\-–|]\s*{_X}?\s*(?P<count>\d{{1,3}})\s*{_COUNT_WORDS}?"
    rf"\s*[)\]]?|\s+(?P<count2>\d{{1,3}})\s*{_COUNT_WORDS}?)?[\s=#*~\-_|:]*$"
)
_COUNT_FIRST_GROUP = re.compile(r"^(?P<count>\d{1,3})\s*[xX×]?\s+(?P<word>[A-Za-z][A-Za-z \-]{1,20}?)\s*$")
# `Leader: Name // Back [BT1-001]`: a zone word, a colon, then a card on the same line.
_INLINE_ZONE = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]{2,15}?)\s*[:：]\s*(?P<rest>\S.*)$")
_LEADING_COUNT = re.compile(rf"^(?P<count>\d{{1,3}})(?:{_X}\s*|\s+{_X}\s+|\s+)(?P<rest>\S.*)$")
_LEADING_X = re.compile(rf"^{_X}\s*(?P<count>\d{{1,3}})\s+(?P<rest>\S.*)$")
_TRAILING_X = re.compile(rf"^(?P<rest>.*?\S)\s*{_X}\s*(?P<count>\d{{1,3}})$")
_TRAILING_BRACKETED = re.compile(rf"^(?P<rest>.*?\S)\s*[(\[]\s*{_X}?\s*(?P<count>\d{{1,3}})\s*[)\]]$")
_TRAILING_SPACED = re.compile(r"^(?P<rest>.*?\S)\s+(?P<count>\d{1,3})$")
_SIMULATOR_ID = re.compile(r"^\d{5,}$")  # a simulator's numeric card id (ygopro-ds style)
_BRACKETS = re.compile(r"[\[\](){}<>]")
_TABLE_RULE = re.compile(r"^[\s|:\-=+_*~]+$")
_TOTAL = re.compile(rf"^(?:total|sum)(?:\s*cards)?\s*[:=]?\s*\d{{1,3}}\s*{_COUNT_WORDS}?$", re.IGNORECASE)
_TITLE = re.compile(
    r"^(?:deck\s*name|deckname|deck|title|player|pilot|author|event|tournament|date|format|placement|place|result|"
    r"archetype|source|by)\s*[:：\-]",
    re.IGNORECASE,
)
_COMMENT = re.compile(r"^(?://|#(?![a-z]+$)|--|;|>)")
# A simulator export's section markers (untap.in: `//play-1` the leader in play at the start, `//deck-1`,
# `//sideboard-1`): zone headings, not comments.
_SECTION_MARKER = re.compile(r"^//\s*(?P<word>[A-Za-z][A-Za-z \-]*?)(?:-\d+)?\s*$")
_MARKER_ZONE = {**_HEADING_ZONE, "play": Zone.LEADER}
# A trailing note in brackets that is no card number: `Name (SPR)`, `Name (set 06)`, `Name (special)`.
_TRAILING_NOTE = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")


class DecklistTooLong(ValueError):
    """More lines than any decklist has: refused before reading (a workflow error, not a violation)."""


# Plain slotted lines, as games.base.Line: a frozen one took 1.1 us to build against 0.24 us, once per line of every
# list read (a line's reading is kept, its number is not); nothing changes a line once it is read.
@dataclass(slots=True)
class ReadLine:
    """One non-blank line of a decklist and what it was read as."""

    line: int  # 1-based line number
    text: str  # the line as written, trimmed
    status: LineStatus
    zone: Zone | None = None  # card lines: the zone it counts in; zone headings: the zone they open
    count: int | None = None  # card lines: copies; headings: the count written beside them, if any
    card_number: str | None = None  # the base card number (card lines)
    written_number: str | None = None  # the number as written, when it differs from the base (a variant)
    zone_inferred: bool = False  # no heading placed the line: the card's own zone was used
    candidates: tuple[str, ...] = ()  # ambiguous: the matching numbers; unknown: the suggested numbers
    note: str = ""

    @property
    def is_card_line(self) -> bool:
        return self.status in _CARD_LINE


_CARD_LINE = frozenset((LineStatus.CARD, LineStatus.UNKNOWN, LineStatus.AMBIGUOUS))
_ZONE_VALUE = {zone: zone.value for zone in Zone}


@dataclass(frozen=True, slots=True)
class Decklist:
    lines: tuple[ReadLine, ...]
    errors: tuple[games.base.LineError, ...] = ()  # lines not read as written: a count outside games.base's rule

    def card_lines(self, zone: Zone | None = None) -> tuple[ReadLine, ...]:
        if zone is None:
            return tuple(line for line in self.lines if line.status in _CARD_LINE)
        return tuple(line for line in self.lines if line.status in _CARD_LINE and line.zone == zone)

    def copies(self, zone: Zone) -> dict[str, int]:
        """Base card number -> copies in the zone (several lines of one number summed, variants folded)."""
        return self.copies_by_zone().get(zone, {})

    def copies_by_zone(self) -> dict[Zone, dict[str, int]]:
        """`copies` of every zone, in one pass over the lines."""
        out: dict[Zone, dict[str, int]] = {}
        for line in self.lines:
            if line.status is LineStatus.CARD and line.zone is not None and line.card_number is not None:
                zone = out.setdefault(line.zone, {})
                zone[line.card_number] = zone.get(line.card_number, 0) + (line.count or 0)
        return out

    def unresolved(self) -> tuple[ReadLine, ...]:
        return tuple(line for line in self.lines if line.status in (LineStatus.UNKNOWN, LineStatus.AMBIGUOUS))

    def counts(self) -> dict[str, int]:
        """Copies per zone, unresolved lines included (an unknown card still takes a slot)."""
        out = {zone.value: 0 for zone in ZONES}
        for line in self.card_lines():
            if line.zone is not None:
                out[_ZONE_VALUE[line.zone]] += line.count or 0
        return out


def _clean(raw: str) -> str:
    if raw.isascii():  # NFKC leaves ASCII as it is, and no invisible character is ASCII
        return " ".join(raw.split())
    return " ".join(unicodedata.normalize("NFKC", _INVISIBLE.sub("", raw)).split())


def _bare(word: str) -> str:
    return re.sub(r"[\s\-_.]+", "", word.casefold())


def _heading(text: str) -> tuple[Zone | None, bool, int | None] | None:
    """(zone or None for a group heading, is a zone heading, the written count) if the line is a heading."""
    if len(text) > 40:
        return None
    match = _HEADING.match(text)
    if not match:
        # A group heading with its count first, as players write it ("40 Battle", "10 Extra", issue 28): only a
        # group word (no card is named like one, checked on the full card data).
        first = _COUNT_FIRST_GROUP.match(text)
        if first and _bare(first.group("word")) in _GROUP_WORDS:
            return None, False, int(first.group("count"))
        return None
    word = _bare(match.group("word"))
    raw_count = match.group("count") or match.group("count2")
    count = int(raw_count) if raw_count else None
    if word in _HEADING_ZONE:
        return _HEADING_ZONE[word], True, count
    if word in _GROUP_WORDS:
        return None, False, count
    return None


def _split_count(text: str) -> tuple[int | None, str]:
    """(count, the rest) for `4 X`, `4x X`, `x4 X`, `X x4`, `X (4)`; a trailing bare number only beside a card number
    (names end in digits: `Android 17`)."""
    for pattern in (_LEADING_X, _LEADING_COUNT, _TRAILING_X, _TRAILING_BRACKETED):
        match = pattern.match(text)
        if match and int(match.group("count")) <= MAX_COUNT:
            return int(match.group("count")), match.group("rest").strip()
    match = _TRAILING_SPACED.match(text)
    if match and NUMBER.search(fold_number(match.group("rest"))) and int(match.group("count")) <= MAX_COUNT:
        return int(match.group("count")), match.group("rest").strip()
    return None, text


@dataclass(frozen=True, slots=True)
class _Resolved:
    status: LineStatus
    card: DbsCard | None = None
    written_number: str | None = None
    candidates: tuple[str, ...] = ()
    note: str = ""
    leader_form: bool = False


def _by_name(name: str, catalogue: Catalogue, zone: Zone | None) -> tuple[DbsCard, ...]:
    """Cards of a name (as written, brackets and all); a name printed under several numbers is narrowed by the zone
    a heading set."""
    found = catalogue.named(name)
    if not found:
        stripped = _TRAILING_NOTE.sub("", name)  # a trailing note: `Name (SPR)`, `Name (set 06)`
        if stripped and stripped != name:
            found = catalogue.named(stripped)
    if len(found) > 1 and zone is not None:
        in_zone = tuple(card for card in found if card.zone == zone)
        if in_zone:
            found = in_zone
    return found


def _resolve(body: str, catalogue: Catalogue, zone: Zone | None) -> _Resolved:
    number = NUMBER.search(fold_number(body))
    leader_form = "//" in body
    if number:
        written = number.group(0)
        looked = catalogue.lookup_number(written)
        if looked.card_number is None:
            return _Resolved(LineStatus.UNKNOWN, written_number=written, note=f"no card numbered {written}")
        variant = written if looked.variant or written != looked.card_number else None
        return _Resolved(
            LineStatus.CARD, catalogue.card(looked.card_number), variant, note=looked.note, leader_form=leader_form
        )
    if _SIMULATOR_ID.match(body):
        return _Resolved(LineStatus.UNKNOWN, note="a simulator card id: the card data maps no simulator ids")
    name = body.strip()
    if leader_form:
        front, _, back = (part.strip() for part in body.partition("//"))
        leaders = tuple(card for card in catalogue.named(front) if card.is_leader)
        if len(leaders) > 1 and back:
            leaders = tuple(card for card in leaders if fold_name(card.back_name or "") == fold_name(back))
        if not leaders and back:
            leaders = catalogue.leaders_back_named(back)
        if len(leaders) == 1:
            return _Resolved(LineStatus.CARD, leaders[0], leader_form=True)
        if leaders:
            return _Resolved(LineStatus.AMBIGUOUS, candidates=tuple(c.card_number for c in leaders), leader_form=True)
        name = front
    found = _by_name(name, catalogue, zone)
    if not found and zone is Zone.LEADER:
        found = catalogue.leaders_back_named(name)
    if len(found) == 1:
        return _Resolved(LineStatus.CARD, found[0], leader_form=leader_form)
    if found:
        return _Resolved(LineStatus.AMBIGUOUS, candidates=tuple(card.card_number for card in found))
    return _Resolved(LineStatus.UNKNOWN, note=f"no card named '{_BRACKETS.sub(' ', name).strip()}'")


def _card_line(
    index: int, text: str, body: str, catalogue: Catalogue, zone: Zone | None, *, forced_zone: Zone | None = None
) -> ReadLine:
    count, rest = _split_count(body)
    resolved = _resolve(rest, catalogue, forced_zone or zone)
    if resolved.status is not LineStatus.CARD and count is not None:
        # A name that begins with a number (`7 Shadow Dragons Assembled`) read as a count: the whole text may be it.
        whole = _resolve(body, catalogue, forced_zone or zone)
        if whole.status is LineStatus.CARD:
            count, resolved = None, whole
    if count is None and resolved.status is LineStatus.UNKNOWN and not resolved.written_number:
        if forced_zone is None and zone is not Zone.LEADER and not _SIMULATOR_ID.match(rest):
            # No count, no card number, no known name, outside the leader's place: a title or a comment.
            return ReadLine(index, text, LineStatus.IGNORED, note="no count, card number or known card name")
    if resolved.status is LineStatus.UNKNOWN and not resolved.written_number and not _SIMULATOR_ID.match(rest):
        # Suggestions only for a line that stays unknown (a fuzzy search over every name is the reader's dearest step).
        name = _BRACKETS.sub(" ", rest.partition("//")[0]).strip()
        suggested = tuple(card.card_number for card in catalogue.suggestions(name))
        resolved = _Resolved(LineStatus.UNKNOWN, candidates=suggested, note=resolved.note)
    card = resolved.card
    inferred = False
    if forced_zone is not None:
        line_zone = forced_zone
    elif card is not None and card.is_leader and resolved.leader_form:
        line_zone = Zone.LEADER  # `Name // Back [NUMBER]` is the leader line wherever it stands
    elif zone is not None:
        line_zone = zone
    else:
        line_zone, inferred = (card.zone if card is not None else Zone.MAIN), True
    return ReadLine(
        line=index,
        text=text,
        status=resolved.status,
        zone=line_zone,
        count=1 if count is None else count,
        card_number=card.card_number if card is not None else None,
        written_number=resolved.written_number,
        zone_inferred=inferred,
        candidates=resolved.candidates,
        note=resolved.note,
    )


def _read_line(text_line: str, zone: Zone | None, catalogue: Catalogue) -> tuple[Zone | None, ReadLine | str]:
    """One non-blank line (cleaned) read under the zone in force: the zone in force after it, and its reading (a
    ReadLine numbered 0, or the message of a line not read as written, games.base.count_problem's)."""
    heading = _heading(text_line)
    if heading is not None:
        heading_zone, is_zone, count = heading
        return (heading_zone if is_zone else zone), ReadLine(0, text_line, LineStatus.HEADING, heading_zone, count)
    if _TABLE_RULE.match(text_line) or _TOTAL.match(text_line) or _TITLE.match(text_line):
        return zone, ReadLine(0, text_line, LineStatus.IGNORED)
    marker = _SECTION_MARKER.match(text_line)
    marker_zone = _MARKER_ZONE.get(_bare(marker.group("word"))) if marker else None
    if marker_zone is not None:
        return marker_zone, ReadLine(0, text_line, LineStatus.HEADING, zone=marker_zone)
    if _COMMENT.match(text_line) and not NUMBER.search(fold_number(text_line)):
        return zone, ReadLine(0, text_line, LineStatus.IGNORED, note="comment")
    bad = _BAD_COUNT.match(text_line)
    if bad is not None:
        return zone, games.base.count_problem(int(bad["count"].replace("\u2212", "-"))) or ""
    inline = _INLINE_ZONE.match(text_line)
    inline_zone = _HEADING_ZONE.get(_bare(inline.group("word"))) if inline else None
    if inline is not None and inline_zone is not None:
        # `Leader: Name // Back [BT1-001]`: the zone for this line only (and for the lines after it).
        zone = inline_zone
        line = _card_line(0, text_line, inline.group("rest"), catalogue, zone, forced_zone=inline_zone)
    else:
        line = _card_line(0, text_line, text_line, catalogue, zone)
    if line.is_card_line and (problem := games.base.count_problem(line.count)):  # `X x0`: an error, not a card
        return zone, problem
    return zone, line


# A line's reading depends only on its text, the zone in force and the catalogue, and the lists of one event share
# most of their lines: each catalogue keeps the readings of the lines it has read (bounded; emptied when full), so a
# batch of decklists reads each distinct line once.
_READINGS: "weakref.WeakKeyDictionary[Catalogue, dict]" = weakref.WeakKeyDictionary()
READINGS_KEPT = 20_000


def _readings(catalogue: Catalogue) -> dict:
    readings = _READINGS.get(catalogue)
    if readings is None:
        readings = _READINGS.setdefault(catalogue, {})
    elif len(readings) >= READINGS_KEPT:
        readings.clear()
    return readings


def read_decklist(text: str, catalogue: Catalogue) -> Decklist:
    """Every non-blank line of `text`, read. Never rejects a list for its lines; refuses only an absurd length."""
    raw_lines = text.splitlines()
    if sum(1 for raw in raw_lines if raw.strip()) > MAX_LINES:
        raise DecklistTooLong(f"a decklist has at most {MAX_LINES} non-blank lines")
    readings = _readings(catalogue)
    zone: Zone | None = None
    out: list[ReadLine] = []
    errors: list[games.base.LineError] = []
    for index, raw in enumerate(raw_lines, start=1):
        text_line = _clean(raw)
        if not text_line:
            continue
        key = (text_line, zone)
        reading = readings.get(key)
        if reading is None:
            reading = readings[key] = _read_line(text_line, zone, catalogue)
        zone, line = reading
        if isinstance(line, str):
            errors.append(games.base.LineError(index, text_line, line))
        else:
            out.append(
                ReadLine(
                    index,
                    line.text,
                    line.status,
                    line.zone,
                    line.count,
                    line.card_number,
                    line.written_number,
                    line.zone_inferred,
                    line.candidates,
                    line.note,
                )
            )
    return Decklist(tuple(out), tuple(errors))


_ZONE_TITLES = {Zone.LEADER: "Leader", Zone.MAIN: "Main Deck", Zone.Z: "Z-Deck", Zone.SIDE: "Side Deck"}


def write_decklist(decklist: Decklist, catalogue: Catalogue) -> str:
    """The list as text with card numbers, zone by zone (`4 Name [BT10-100]`, the leader as `1 Front // Back
    [NUMBER]`); copies of one number summed; unresolved lines kept as written so reading it back loses nothing."""
    sections: list[str] = []
    for zone in ZONES:
        rows: dict[str, int] = {}
        unresolved: list[str] = []
        for line in decklist.card_lines(zone):
            if line.status is LineStatus.CARD and line.card_number is not None:
                rows[line.card_number] = rows.get(line.card_number, 0) + (line.count or 0)
            else:
                unresolved.append(f"{line.count or 1} {_split_count(line.text)[1]}")
        if not rows and not unresolved:
            continue
        total = sum(line.count or 0 for line in decklist.card_lines(zone))  # unresolved lines take their slots too
        title = _ZONE_TITLES[zone] if zone is Zone.LEADER else f"{_ZONE_TITLES[zone]} ({total})"
        body = [f"{count} {catalogue.card(number).display_name} [{number}]" for number, count in rows.items()]
        sections.append("\n".join([title, *body, *unresolved]))
    return "\n\n".join(sections) + "\n"
