"""Decklist input, accepted everywhere (API, CLI, web): text or JSON, parsed into zones, cards and counts.

Pure Python. A text decklist is read the way players publish them (tournament reports, shop articles, deck sites):
every non-blank line becomes either a card line (a count and a written name, resolved later) or a note with a
status (`heading` for zone and group headings, `ignored` for titles, comments, table rules). A text decklist is
never rejected because of some lines. Only a JSON document whose *structure* is wrong (not an object, a zone that
is not a list) raises `DecklistFormatError`.

Names are not known here: a caller that knows the catalogue passes `identify` (written text -> a card identity, or
None), which lets the reader tell a name from a comment after it, a twinpact written on two table cells, or a
count glued to a nickname. Without it, the reader still reads every layout that carries an explicit count.
"""

import re
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

import games.base
from games.base import MAX_COPIES as MAX_COPIES  # the bounds of every game's decklist, read here by their old name
from games.base import MAX_LINES as MAX_LINES
from games.dm.rules.vocabulary import DeckZone, LineStatus

MAX_COUNT = games.base.MAX_LINE_COUNT  # a line count above this is a typo, not a deck (the rule of every game)

Identify = Callable[[str], Hashable | None]


class DecklistFormatError(games.base.DecklistFormatError):
    """The JSON document is not a decklist at all (wrong structure); the core answers every game's alike."""


# One object per line of every decklist read: plain slotted dataclasses, built about five times faster than frozen
# ones (whose every field is set through object.__setattr__). Nothing changes a line once it is read.
@dataclass(slots=True)
class DecklistLine(games.base.Line):
    zone: DeckZone
    # card: a name in any spelling, or a card id; line: 1-based line of a text decklist, None for JSON input
    # True when no heading placed the line (the main deck by default, or main-deck lines after a blank line): a
    # card that belongs elsewhere (a psychic, a GR creature) then goes to its own zone. Under an explicit heading
    # the written zone stands (the legality check flags a misplaced card).
    zone_inferred: bool = False
    # The blank-line-separated block the line is in (0, 1, ...): the cards of a block without a heading are one
    # zone's, so an unknown name among psychics is counted with them.
    paragraph: int = 0


LineError = games.base.LineError


@dataclass(slots=True)
class LineNote:
    """A text line that is not a card: a heading or an ignored line (title, comment, table rule)."""

    line: int
    text: str
    status: LineStatus
    zone: DeckZone | None = None  # the zone a zone heading switches to


@dataclass(frozen=True, slots=True)
class Decklist(games.base.Decklist):
    lines: tuple[DecklistLine, ...]
    notes: tuple[LineNote, ...] = ()

    def zone_lines(self, zone: DeckZone) -> tuple[DecklistLine, ...]:
        return tuple(line for line in self.lines if line.zone == zone)

    @property
    def copies(self) -> int:
        return sum(line.count for line in self.lines)


# --- text decklists ---------------------------------------------------------------------------------------

# Zone headings (NFKC + casefold, decoration and spaces removed). "デッキ" alone means the main deck.
_HEADERS = {
    DeckZone.MAIN: (
        "main", "maindeck", "deck", "メイン", "メインデッキ", "デッキ", "山札", "メインデッキリスト", "デッキリスト",
        "デッキレシピ", "レシピ", "リスト", "本体", "40枚",
    ),
    DeckZone.HYPERSPATIAL: (
        "hyperspatial", "hyperspatialzone", "hyper", "psychic", "超次元", "超次元ゾーン", "超次元デッキ", "超次元枠",
        "サイキック", "ドラグハート",
    ),
    DeckZone.GR: ("gr", "grzone", "supergr", "supergrzone", "超gr", "超grゾーン", "grゾーン", "grデッキ", "超grデッキ"),
    DeckZone.CONSIDERING: ("considering", "maybe", "sideboard", "検討", "検討中", "検討中のカード", "候補", "採用候補"),
    # デュエパーティー: the partner is written under its own heading (パートナー / Partner).
    DeckZone.PARTNER: ("partner", "partnerzone", "パートナー", "パートナーゾーン", "パートナーカード"),
}  # fmt: skip
_HEADER_LOOKUP = {word: zone for zone, words in _HEADERS.items() for word in words}
# Group headings that carry a count: civilizations and card types (`火文明*16`, `クリーチャー 29`, `11 ツインパクト`).
_GROUP_WORDS = frozenset(
    (
        "光", "水", "闇", "火", "自然", "多色", "無色", "ゼロ", "レインボー", "光文明", "水文明", "闇文明", "火文明",
        "自然文明", "多色文明", "無色文明", "多文明", "ゼロ文明", "クリーチャー", "クリ", "呪文", "ツインパクト",
        "進化クリーチャー", "進化",
        "クロスギア", "城", "フィールド", "d2フィールド", "オーラ", "タマシード", "ウエポン", "フォートレス", "gr",
        "grクリーチャー", "サイキッククリーチャー", "サイキック", "ドラグハート", "creature", "creatures", "spell",
        "spells", "twinpact", "twinpacts", "light", "water", "darkness", "fire", "nature", "multicolor",
        "multicolored", "その他", "メタカード", "初動", "受け札", "フィニッシャー", "ドロー",
    )
)  # fmt: skip
_DECORATION = "■□◆◇●○★☆▼▽▲△◎※♦♢◉#＃【】[]［］〔〕<>＜＞《》『』「」:：|｜=＝"
_X = r"[xX×*]"
_COUNT_WORD = r"(?:枚|cards?|copies)"
# What may surround a count: "(4)", "【3枚】", "[4]", "x4", "×4", "*4", "4枚".
# "4 name", "4x name", "4 x name", "4×name", "4: name", "4枚 name": a separator x is attached to the count or stands
# alone between spaces, so that names beginning with X or * (`*/弐幻キューギョドリ/*`) stay whole.
_LEADING_COUNT = re.compile(
    rf"^(?P<count>\d{{1,4}})(?:(?:[×*@:]|[xX](?=\s|[^\x00-\x7f])|\s*{_COUNT_WORD})\s*|\s+(?:{_X}\s+)?)(?P<rest>\S.*)$"
)
_LEADING_X = re.compile(rf"^{_X}\s*(?P<count>\d{{1,4}})\s*{_COUNT_WORD}?\s+(?P<rest>.+)$")
_TRAILING_BRACKETED = re.compile(
    rf"^(?P<rest>.+?)\s*[(\[【（]\s*{_X}?\s*(?P<count>\d{{1,4}})\s*{_COUNT_WORD}?\s*[)\]】）]$"
)
_TRAILING_X = re.compile(rf"^(?P<rest>.+?)(?:\s+[xX]|\s*[×*])\s*(?P<count>\d{{1,4}})\s*{_COUNT_WORD}?$")
_TRAILING_MAI = re.compile(rf"^(?P<rest>.+?)\s*(?P<count>\d{{1,4}})\s*{_COUNT_WORD}$")
_TRAILING_NOTE = re.compile(r"^(?P<rest>.*\S)\s*[(（][^()（）]*[)）]$")
_TRAILING_SPACED = re.compile(r"^(?P<rest>.+?)\s+(?P<count>\d{1,4})$")
_TRAILING_GLUED = re.compile(r"^(?P<rest>.*\D)(?P<count>\d{1,2})$")
# A single count glued after a Japanese name (`スパイアル4`): a count-bearing line even when the name is unknown (a
# nickname the data lacks), so that it is shown as an unknown card instead of being lost. One digit after a
# non-ASCII letter only, so that names and codes that end in numbers (`Code:1059`, `DMRP-04`) are not cut.
_TRAILING_GLUED_DIGIT = re.compile(r"^(?P<rest>.*[^\x00-\x7f\d\s])(?P<count>[1-9])$")
_GLUED_NAME_MIN = 3
# A count glued before a Japanese name (`4スパイアル`), not before a count word (`4枚`) or a cost (`4コスト`).
_LEADING_GLUED = re.compile(rf"^(?P<count>[1-9])(?!\s*{_COUNT_WORD}|コスト)(?P<rest>[^\x00-\x7f\d\s].*)$")
# A note written after a line's count (`ランジャ4 st`, `name 1 (殿)`, `name×1★`, `name 2 殿`): the count is the
# one before it. `st` marks a shield trigger, `殿` a Hall of Fame card (殿堂), the stars a player's own marks.
_NOTE_AFTER_COUNT = re.compile(
    r"^(?P<rest>.*\d(?:\s*枚)?)\s*(?:[(（][^()（）]*[)）]|[★☆※◎◯○●◆◇♦]+|(?:st|s\.t\.|S\.T\.|ST|St|殿|プレ殿|殿堂|準殿))$"
)
# Several entries on one line (`1×《A》 3×《B》 1×《C》 |`, `《A》×2 《B》×4`): each bracketed name with its count.
_MULTI_ENTRY = re.compile(
    r"(?P<before>\d{1,3})\s*[xX×*]?\s*《(?P<name>[^《》]+)》|《(?P<name_after>[^《》]+)》\s*[xX×*]?\s*(?P<after>\d{1,3})"
)
_BULLET = re.compile(r"^(?:[-−–‐・•●◆◇○▪︎]|\*(?!/))+\s*")
# A deck site's printed row `<name> <cost> <type> <comment>`: what follows the name is not part of it.
_COMMENTED = re.compile(
    r"^(?P<name>.+?)\s+\d{1,2}\s+(?:クリ|呪文|進化|ツイン|D2|城|クロス|GR|サイキック|フィールド|タマシード|オーラ|ドラグハート)"
    r"(?:\s.*)?$"
)
# The header row of a space-separated table with a count column after the name column (`文明 カード名 種類 コスト 枚数
# 種族 …`, an official site's table): the rows below carry their count that many columns after the name.
_NAME_COLUMNS = ("カード名", "card", "name")
_COUNT_COLUMNS = ("枚数", "数", "count", "qty")


_COUNT_COLUMN_HINT = re.compile("|".join(_COUNT_COLUMNS), re.IGNORECASE)  # cheap test before splitting a line


def _count_column_offset(text: str) -> int | None:
    words = text.casefold().split(" ")
    if len(words) < 3 or any(len(word) > 8 for word in words):  # a header row is a few short words
        return None
    names = [i for i, word in enumerate(words) if word in _NAME_COLUMNS]
    counts = [i for i, word in enumerate(words) if word in _COUNT_COLUMNS]
    if names and counts and counts[0] > names[0]:
        return counts[0] - names[0]
    return None


_TABLE_RULE = re.compile(r"^[\s|:\-=+]+$")
_RULE_CHARS = frozenset("|:-=+")  # what a table rule starts with (a cleaned line has no leading space)
_INVISIBLE = re.compile("[\ufeff\u200b-\u200d\u2060\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_OPEN_BRACKETS = "《≪〈<＜"
_CLOSE_BRACKETS = "》≫〉>＞"
_TITLE_PREFIXES = ("デッキ名", "deck name", "作成者", "author", "使用者", "プレイヤー", "player", "大会", "event")
# The list's own total (`Total: 40`, `合計40枚`, `計 40`): not a card line.
_TOTAL = re.compile(
    rf"^(?:total(?:\s*cards)?|合計|計|総数|枚数)\s*[:：=]?\s*\d{{1,3}}\s*{_COUNT_WORD}?$", re.IGNORECASE
)


def _clean(raw: str) -> str:
    """The line as the reader sees it: width-folded (NFKC), invisible characters removed, spaces collapsed."""
    text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", raw))
    return " ".join(text.split())


_BARE_COUNTS = re.compile(rf"\d+\s*{_COUNT_WORD}?|{_X}(?=\s*$)|^{_X}")
_BARE_DROPPED = re.compile("[" + re.escape(_DECORATION + "()（）:：.。,、-=~〜 ") + "]")


def _bare_word(text: str) -> str:
    """A heading's word: decoration, counts and spaces removed, case-folded."""
    return _BARE_DROPPED.sub("", _BARE_COUNTS.sub("", text.casefold()))


# A zone heading with an optional count beside it, apart from the word (`超次元ゾーン(8枚)`, `メインデッキ 40`,
# `GR 12`): a count glued to a word (`GR1`) is part of a name, not a heading.
_HEADING = re.compile(
    rf"^(?:\d{{1,3}}\s*{_COUNT_WORD}?\s+)?(?P<word>.+?)"
    rf"(?:(?:\s+|\s*[(（【\[:：])\s*{_X}?\s*\d{{1,3}}\s*{_COUNT_WORD}?\s*[)）】\]]?)?\s*[:：]?$"
)


# No heading word is longer than this, counts and decoration included: a longer line is not tried as a heading.
_HEADING_MAX_LENGTH = 40


def _words_pattern(words: Iterable[str]) -> re.Pattern:
    return re.compile("|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)))


# A heading's word, decoration dropped, is a part of its line with decoration dropped: a line holding none of the
# words (most card lines) is no heading, without the patterns' backtracking over the whole line.
_HEADER_WORDS = _words_pattern(_HEADER_LOOKUP)
_GROUP_WORDS_PATTERN = _words_pattern(_GROUP_WORDS)


def _zone_heading(text: str) -> DeckZone | None:
    if len(text) > _HEADING_MAX_LENGTH or not _HEADER_WORDS.search(_BARE_DROPPED.sub("", text.casefold())):
        return None
    match = _HEADING.match(text)
    return _HEADER_LOOKUP.get(_BARE_DROPPED.sub("", match["word"].casefold())) if match else None


# The main-deck headings that say "this block is the main deck" (a psychic under one is ZONE_MISPLACED, spec L21),
# unlike an article's "the list" titles (デッキレシピ, リスト, 40枚), after which cards go to their zone by card.
_EXPLICIT_MAIN = frozenset(("main", "maindeck", "メイン", "メインデッキ", "メインデッキリスト"))


def declares_main_deck(text: str) -> bool:
    """Whether a heading line names the main deck itself (not only "the list")."""
    match = _HEADING.match(text) if len(text) <= _HEADING_MAX_LENGTH else None
    return match is not None and _BARE_DROPPED.sub("", match["word"].casefold()) in _EXPLICIT_MAIN


_GROUP_HEADING = re.compile(
    rf"^(?:(?P<before>\d{{1,3}})\s*{_COUNT_WORD}?\s+)?(?P<word>\D+?)"
    rf"(?:\s*(?:[*×:：]|\s|[(（【\[])\s*(?P<after>\d{{1,3}})\s*{_COUNT_WORD}?\s*[)）】\]]?"
    rf"|(?P<glued>\d{{1,3}})\s*{_COUNT_WORD})?$"
)


# Lists grouped by cost: `1コスト(1)`, `5コスト (7枚)`, `7コスト以上`.
_COST_HEADING = re.compile(
    rf"^\d{{1,2}}\s*コスト(?:以上|以下)?\s*(?:[(（【\[]\s*\d{{1,3}}\s*{_COUNT_WORD}?\s*[)）】\]])?$"
)


_CIVILIZATION_WORDS = frozenset(("光", "水", "闇", "火", "自然", "ゼロ", "無色"))
_WORD_PAIR = re.compile("[・/]")


def _is_group_word(word: str) -> bool:
    """A civilization or type word, civilizations joined (`火・自然`, `水/闇`: a multicolored group), or group words
    run together (`呪文その他`, `呪文・その他`: an official coverage page's 「13 呪文その他」). No card name is made of
    group words only (checked on the full card data)."""
    if word in _GROUP_WORDS:
        return True
    parts = _WORD_PAIR.split(word)
    if len(parts) > 1 and all(part in _CIVILIZATION_WORDS for part in parts):
        return True
    return _made_of_group_words(_GROUP_JOINERS.sub("", word))


_GROUP_JOINERS = re.compile("[・/、&＆,]")
_GROUP_WORDS_LONGEST = tuple(sorted(_GROUP_WORDS, key=len, reverse=True))


def _made_of_group_words(word: str, depth: int = 0) -> bool:
    """`呪文その他` = `呪文` + `その他`: at least two group words and nothing else (at most 4 parts)."""
    if not word or depth > 4:
        return False
    for part in _GROUP_WORDS_LONGEST:
        if word.startswith(part):
            rest = word[len(part) :]
            if (not rest and depth > 0) or (rest and _made_of_group_words(rest, depth + 1)):
                return True
    return False


def _is_group_heading(text: str) -> bool:
    """`火文明*16`, `クリーチャー 29`, `光 35枚`, `11 ツインパクト`, `火・自然*8`: a count separated from a
    civilization or type."""
    if len(text) > _HEADING_MAX_LENGTH:
        return False
    if _COST_HEADING.match(text):
        return True
    if not _GROUP_WORDS_PATTERN.search(_BARE_DROPPED.sub("", text.casefold())):
        return False
    match = _GROUP_HEADING.match(text)
    return bool(
        match and (match["before"] or match["after"] or match["glued"]) and _is_group_word(_bare_word(match["word"]))
    )


_OPENING_OF = {"》": "《", "≫": "≪", "〉": "〈", ">": "<"}
_WIDE_ANGLES = str.maketrans("＜＞", "<>")  # JSON input is not width-folded: ＜＞ are <> there too


def _strip_brackets(name: str) -> str:
    """《name》, ≪name≫, <name>, unbalanced ones (`4×《name`, `name》`): the brackets around a name, never the ones
    that are part of it. A closing bracket goes only when the name closes more of its kind than it opens, so
    `アクア・ジェット〈BOOON・スカイ〉` and `BAKUOOON <5000GT.Star>` keep theirs (cut, they would fold into other
    cards' names: `アクア・ジェット＜BOOON・スカイ＞` is another record)."""
    name = name.strip()
    while name and name[0] in _OPEN_BRACKETS:
        name = name[1:].strip()
    while name and name[-1] in _CLOSE_BRACKETS and _closes_unopened(name):
        name = name[:-1].strip()
    return name


def _closes_unopened(name: str) -> bool:
    """Whether the bracket `name` ends with closes more of its kind than `name` opens."""
    folded = name.translate(_WIDE_ANGLES)
    return folded.count(folded[-1]) > folded.count(_OPENING_OF[folded[-1]])


def _card_ref(name: str) -> str | int:
    name = _strip_brackets(name)
    if name.isascii() and name.isdigit():
        return int(name)
    return name


def _is_heading_word(text: str) -> bool:
    word = _bare_word(text)
    return word in _HEADER_LOOKUP or word in _GROUP_WORDS


def _has_letters(text: str) -> bool:
    return any(char.isalpha() for char in text)


def _has_name(text: str) -> bool:
    """Something a name can be: not only digits, spaces and separators (`♪2×2-4×5+17=1` is a name)."""
    return any(not (char.isdigit() or char.isspace() or char in "|/-:") for char in text)


def _same_card(a: Hashable, b: Hashable) -> bool:
    """Whether two identities can name one card: equal, or one of them is an ambiguous name (a tuple of identities,
    `唯我独尊ガイアール・オレドラゴン`, the back face several psychics share) that includes the other."""
    ids_a = a if isinstance(a, tuple) else (a,)
    ids_b = b if isinstance(b, tuple) else (b,)
    return bool(set(ids_a) & set(ids_b))


class _Reader:
    def __init__(self, identify: Identify | None, identify_whole: Identify | None = None):
        self.identify = identify
        self.identify_whole = identify_whole or identify

    def known(self, name: str) -> Hashable | None:
        return self.identify(name) if self.identify is not None and name else None

    def known_whole(self, name: str) -> Hashable | None:
        return self.identify_whole(name) if self.identify_whole is not None and name else None

    def name_part(self, rest: str) -> str:
        """The card name at the start of `rest`: the longest run of words that names a card (a deck site prints
        `<name> 3 クリ <comment>`); the whole text when nothing is known."""
        rest = rest.strip()
        if self.known(_strip_brackets(rest)) is not None:
            return rest
        commented = _COMMENTED.match(rest)
        if commented and (self.identify is None or self.known(_strip_brackets(commented["name"])) is not None):
            return commented["name"]  # a deck site's row: the cheap answer first
        if self.identify is not None:
            words = rest.split(" ")
            for end in range(len(words) - 1, 0, -1):
                candidate = " ".join(words[:end])
                # A whole name only: the first word of an unknown name often is the part of another card's name
                # (`Crystal Paladin` is not `Faerie Crystal` followed by a comment).
                if self.known_whole(_strip_brackets(candidate)) is not None:
                    return candidate
        return commented["name"] if commented else rest

    def leading_card(self, text: str) -> tuple[int, str] | None:
        """(count, name) of the commonest line, `<count> <a known card name>`, or None: such a line is a card line
        whatever the heading patterns would say, unless its name is also a heading or group word."""
        if self.identify is None:
            return None
        match = _LEADING_COUNT.match(text)
        if match is None or self.known(_strip_brackets(match["rest"])) is None:
            return None
        word = _bare_word(match["rest"])
        if word in _HEADER_LOOKUP or word in _GROUP_WORDS:
            return None
        return int(match["count"]), match["rest"]

    def counted(self, text: str) -> tuple[int, str] | None:
        """(count, name) of a line that carries a count in any position, else None."""
        match = _LEADING_X.match(text)
        if match:
            return int(match["count"]), self.name_part(match["rest"])
        match = _LEADING_COUNT.match(text)
        if match and (_has_name(match["rest"]) or match["rest"].isdigit()):
            return int(match["count"]), self.name_part(match["rest"])
        for pattern in (_TRAILING_BRACKETED, _TRAILING_X, _TRAILING_MAI):
            match = pattern.match(text)
            if match and _has_name(match["rest"]):
                return int(match["count"]), match["rest"]
        # A note after the count (`name 1枚(殿堂カード)`, `name ×1 (殿)`): the count is the one before it.
        match = _TRAILING_NOTE.match(text)
        if match:
            for pattern in (_TRAILING_X, _TRAILING_MAI):
                counted = pattern.match(match["rest"])
                if counted and _has_name(counted["rest"]):
                    return int(counted["count"]), counted["rest"]
        match = _TRAILING_SPACED.match(text)
        if match and _has_letters(match["rest"]) and self.known(_strip_brackets(text)) is None:
            return int(match["count"]), match["rest"]
        # A count glued to a name (`《name》4`, `<nickname>4`): when the name is known and the whole is not,
        # because many names end in digits (`Code:1059`).
        match = _TRAILING_GLUED.match(text)
        whole_unknown: bool | None = None
        if match and _has_letters(match["rest"]):
            rest = match["rest"]
            whole_unknown = self.known(_strip_brackets(text)) is None
            if rest.rstrip()[-1:] in _CLOSE_BRACKETS or (
                whole_unknown and self.known(_strip_brackets(rest)) is not None
            ):
                return int(match["count"]), rest
        # A line carries a count, so it is a card, known or not (the importer never drops a card line): a single
        # digit glued after or before a Japanese name the catalogue does not know (`スパイアル4`, `4スパイアル`).
        for pattern in (_TRAILING_GLUED_DIGIT, _LEADING_GLUED):
            match = pattern.match(text)
            # A numbered heading (`①デッキレシピ`, NFKC `1デッキレシピ`) or a short caption (`画像1`, an article's
            # image) is not a card: an unknown name glued to its count has three characters at least.
            glued = match["rest"].strip() if match else ""
            if match and len(glued) >= _GLUED_NAME_MIN and _has_letters(glued) and not _is_heading_word(glued):
                if whole_unknown is None:
                    whole_unknown = self.known(_strip_brackets(text)) is None
                if whole_unknown:
                    return int(match["count"]), self.name_part(glued) if pattern is _LEADING_GLUED else glued
        # A note after the count (`ランジャ4 st`, `name 2 (殿)`): the line without it.
        match = _NOTE_AFTER_COUNT.match(text)
        if match and self.known(_strip_brackets(text)) is None:
            return self.counted(match["rest"])
        return None

    def known_card_line(self, text: str) -> tuple[int, str] | None:
        """(count, name) of a line with a count whose name is a whole known name, else None: a line that reads as
        a table row or a title (`神聖十二神騎:|| ×4`, `Author-Unknown-Machine/... ×4`) but names a card."""
        counted = self.counted(text)
        return counted if counted and self.known_whole(_strip_brackets(counted[1])) is not None else None

    def column_row(self, text: str, offset: int) -> tuple[int, str] | None:
        """(count, name) of a space-separated table row whose count column is `offset` columns after the name
        (`アクア・ガード クリーチャー 1 1 リキッド・ピープル C 2000 DM-01` under `文明 カード名 種類 コスト 枚数 …`):
        only a whole known name starts it."""
        if self.identify is None:
            return None
        words = text.split(" ")
        for end in range(len(words) - 1, 0, -1):
            name = " ".join(words[:end])
            if self.known_whole(_strip_brackets(name)) is not None:
                rest = words[end:]
                if len(rest) >= offset and rest[offset - 1].isdigit():
                    return int(rest[offset - 1]), name
                return None
        return None

    def table_row(self, cells: list[str]) -> list[tuple[int, str]] | None:
        """Card entries of a `|`-separated row: `count | name | cost | type | ...`, a hyperspatial row
        `count | front | cost | back | cost`, several entries flattened on one line `4 | name | 4 | name`, or
        `count | cost | civilization | 《name》 | set` (the name the first later cell that names a card, or is one
        written in 《》)."""
        cells = [cell for cell in cells if cell]
        if not cells or not cells[0].isdigit() or len(cells) < 2:
            return None
        if not _has_letters(cells[1]):
            for cell in cells[2:]:
                if _has_letters(cell) and _bare_word(cell) not in _GROUP_WORDS:
                    if cell.startswith("《") or self.known(_strip_brackets(cell)) is not None:
                        return [(int(cells[0]), cell)]
            return None
        entries: list[tuple[int, str]] = [(int(cells[0]), cells[1])]
        first = self.known(_strip_brackets(cells[1]))
        index = 2
        while index + 1 < len(cells):
            if (
                cells[index].isdigit()
                and _has_letters(cells[index + 1])
                and _bare_word(cells[index + 1]) not in _GROUP_WORDS  # a type or civilization column
            ):
                other = self.known(_strip_brackets(cells[index + 1]))
                # Another entry only when its name is a different card than the row's first (a back face or a
                # super form names the same card, also one that several fronts share).
                if other is not None and first is not None and not _same_card(other, first):
                    entries.append((int(cells[index]), cells[index + 1]))
                index += 2
            else:
                index += 1
        return entries


_ENTRY_NOTES = re.compile(r"[(（][^()（）]*[)）]|[★☆※◎]|\b(?:st|ST)\b|殿")


def _multi_entries(text: str) -> list[tuple[int, str]]:
    """The entries of a line holding several `N×《name》` (or `《name》×N`) entries, else []: a site that prints a
    list eight entries per line (`1×《A》 3×《B》 1×《C》 … |`). Each is a card line of its own."""
    found = list(_MULTI_ENTRY.finditer(text))
    if len(found) < 2:
        return []
    # Only the entries' counts and names, with separators between them: not a comment that names two cards.
    rest = _ENTRY_NOTES.sub("", _MULTI_ENTRY.sub(" ", text))  # notes after an entry: `1×《A》(殿) 3×《B》 st`
    if _has_letters(rest.replace("…", "")):
        return []
    return [(int(match["before"] or match["after"]), match["name"] or match["name_after"]) for match in found]


# What a line read means whatever came before it, remembered by its raw text (see `parse_text`'s `memo`): a card
# line `(count, name or id)`, or a zone heading `DeckZone`.
LineMemo = dict[str, "tuple[int, str | int] | DeckZone"]
_MEMO_SIZE = 20_000


_GLUED_BAR = re.compile(r"[^\s|]\|")


def parse_text(
    text: str,
    *,
    identify: Identify | None = None,
    identify_whole: Identify | None = None,
    memo: LineMemo | None = None,
) -> Decklist:
    """Read a text decklist as published. Zone headings switch the zone (the main deck by default); a line with a
    count is a card line; a line of names under a lone count line (`4枚`) takes that count; any other line is
    ignored (and reported). `identify_whole` (default: `identify`) knows whole names only, without the looser
    part-of-a-name matches: it decides where a name ends and a comment after it begins.

    `memo` (owned by the caller, valid for one `identify`) remembers the lines whose reading does not depend on the
    lines before them, `<count> <a known name>` and zone headings: a batch of decklists, or a player's lists,
    repeat the same lines, and reading one is then a dictionary read."""
    reader = _Reader(identify, identify_whole)
    zone, inferred = DeckZone.MAIN, True
    paragraph, blank_before = 0, False
    group_count: int | None = None
    count_column: int | None = None  # set under a space-separated table header with a count column after the name
    lines: list[DecklistLine] = []
    notes: list[LineNote] = []
    errors: list[LineError] = []

    def note(number: int, raw: str, status: LineStatus, heading_zone: DeckZone | None = None) -> None:
        nonlocal blank_before
        notes.append(LineNote(line=number, text=raw.strip(), status=status, zone=heading_zone))
        # A heading, a table's header row or a comment ends a block as a blank line does: a psychic table under its
        # own header row is a block of its own, so that its cut last row counts with the psychics.
        blank_before = True

    def card(number: int, raw: str, count: int, name: str) -> str | int | None:
        """Adds the card line (returns its name or id), or a note or an error for a line that is not one."""
        nonlocal paragraph, blank_before
        ref = _card_ref(name)
        if ref == "" or (isinstance(ref, str) and not _has_name(ref)):
            note(number, raw, LineStatus.IGNORED)
        elif problem := games.base.count_problem(count):
            errors.append(LineError(line=number, text=raw, message=problem))
        else:
            if blank_before:
                paragraph, blank_before = paragraph + 1, False
            lines.append(DecklistLine(zone, ref, count, number, inferred, paragraph))  # positional: the hot path
            return ref
        return None

    if memo is not None and len(memo) > _MEMO_SIZE:
        memo.clear()
    for number, raw in enumerate(text.splitlines(), start=1):
        known = memo.get(raw) if memo is not None else None
        if known is not None:
            group_count = None
            if blank_before:
                paragraph, blank_before = paragraph + 1, False
            if isinstance(known, DeckZone):
                zone, inferred = known, False
                note(number, raw, LineStatus.HEADING, known)
            else:
                lines.append(DecklistLine(zone, known[1], known[0], number, inferred, paragraph))
            continue
        cleaned = _clean(raw)
        if not cleaned:
            blank_before = True
            group_count = count_column = None
            # Under the main deck a blank line may start the hyperspatial or GR cards without a heading.
            inferred = inferred or zone == DeckZone.MAIN
            continue
        if cleaned.startswith("//") or (cleaned[0] in _RULE_CHARS and _TABLE_RULE.match(cleaned)):
            note(number, raw, LineStatus.IGNORED)
            continue
        if "《" in cleaned:
            several = _multi_entries(cleaned)
            if several:
                group_count = None
                for count, name in several:
                    card(number, raw, count, name)
                continue
        # Most lines are `<count> <name>`: when the name is a card, the heading patterns need not be tried.
        fast = reader.leading_card(cleaned) if cleaned[0].isdigit() and "|" not in cleaned else None
        if fast is not None:
            group_count = None
            ref = card(number, raw, *fast)
            if memo is not None and ref is not None:
                memo[raw] = (fast[0], ref)
            continue
        heading = _zone_heading(cleaned)
        if heading is not None and reader.known(_strip_brackets(cleaned)) is None:
            zone, inferred = heading, False
            group_count = None
            note(number, raw, LineStatus.HEADING, heading)
            if memo is not None:
                memo[raw] = heading
            continue
        # A card whose name holds a `|` (`神聖十二神騎:||`) before a table's cells. Only a `|` glued to the text before
        # it can be part of a name: a spaced table row (`4 | name | 4`) skips the costly whole-name search.
        named = reader.known_card_line(cleaned) if "|" in cleaned and _GLUED_BAR.search(cleaned) else None
        if named is not None and "|" in named[1]:
            group_count = None
            card(number, raw, *named)
            continue
        if "|" in cleaned:
            cells = [cell.strip() for cell in cleaned.split("|")]
            filled = [cell for cell in cells if cell]
            if len(filled) == 1 and _has_letters(filled[0]):
                # One cell of a table flattened over several lines (`  4x name  |`): read as a line of its own
                # (a cell of numbers only, `7 3 |`, is the cost column of a twinpact split over lines).
                cleaned = filled[0]
        if "|" in cleaned:
            entries = reader.table_row(filled)
            if entries is None:
                note(number, raw, LineStatus.IGNORED)
            for count, name in entries or ():
                card(number, raw, count, name)
            continue
        body = _BULLET.sub("", cleaned)
        # A heading nested under another is indented with dashes (`‐クリーチャー*16`, `‐‐クリーチャー*8`).
        if _is_group_heading(body) and reader.known(_strip_brackets(body)) is None:
            note(number, raw, LineStatus.HEADING)
            continue
        offset = _count_column_offset(body) if "|" not in body and _COUNT_COLUMN_HINT.search(body) else None
        if offset is not None:
            count_column = offset
            note(number, raw, LineStatus.IGNORED)
            continue
        row = reader.column_row(body, count_column) if count_column is not None else None
        if row is not None:
            card(number, raw, *row)
            continue
        if (body.casefold().startswith(_TITLE_PREFIXES) or _TOTAL.match(body)) and reader.known_card_line(body) is None:
            note(number, raw, LineStatus.IGNORED)
            continue
        counted = reader.counted(body)
        if counted is not None:
            group_count = None
            card(number, raw, *counted)
            continue
        lone = re.fullmatch(rf"{_X}?\s*(\d{{1,3}})\s*{_COUNT_WORD}?\s*{_X}?", body)
        if lone:  # a count heading a group of names on the lines below
            group_count = int(lone[1])
            note(number, raw, LineStatus.HEADING)
            continue
        if group_count is not None and reader.known(_strip_brackets(body)) is not None:
            card(number, raw, group_count, body)
            continue
        note(number, raw, LineStatus.IGNORED)
    return Decklist(lines=tuple(lines), errors=tuple(errors), notes=tuple(notes))


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
            if problem := games.base.count_problem(count):
                errors.append(LineError(line=position, text=repr(entry), message=f"{where}: {problem}"))
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


def decklist_to_text(decklist: Decklist, *, headings: Mapping[str, str] | None = None) -> str:
    """A text decklist that `parse_text` reads back to the same lines (numbers aside). `headings` (zone code ->
    heading) writes the zones' headings in a player's language (`メインデッキ`); the default is the zone codes."""
    parts: list[str] = []
    for zone in DeckZone:
        lines = decklist.zone_lines(zone)
        if not lines:
            continue
        parts.append(f"# {(headings or {}).get(zone.value, zone.value)}")
        parts.extend(f"{line.count} {line.card}" for line in lines)
    return "\n".join(parts) + "\n"
