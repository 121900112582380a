"""Short forms players write for a card, built from its name itself (issue 28): no list names them. One owner for
every game: a game opts in by naming the rules its names allow (`short_forms(name, rules=...)`); a game whose names
allow none (English names only) names none. Pure: no Django.

The rules (each gives at most one form; a form equal to the name, or shorter than 2 characters, is none):

- `PARTS`: the first morae of each part. The name after its title (the last space-separated part) is cut into runs
  of katakana, of kanji and of Latin letters; each katakana run (a Latin run with its ruby reading) gives its first
  two morae, a kanji run stays whole, and the form joins them: 《蒼き団長 ドギラゴン剣》 ドギ剣, 《超戦龍覇 モルトNEXT
  （ネクスト）》 モルネク (NEXT read as its ruby, ネクスト); a part ending in a long vowel also without it (《スモール・
  ワールド》 スモワー and スモワ). Only names with two runs or more have one (a single
  run's first two morae, `ボル`, would name far too many cards); a Latin word without its reading gives none.
- `FIRST_WORD`: a leading kanji word of two characters or more that the rest of the name follows after a kana
  particle: 《墓穴の指名者》 墓穴, 《抹殺の指名者》 抹殺.
- `KANJI_HEADS`: the first kanji of each of the first two kanji words, or of the one kanji word and the Latin word
  after it: 《増殖するG》 増G, 《金満で謙虚な壺》 金謙.
- `KANA_TAIL`: the kana word that ends a name after its kanji, three kana or more: 《灰流うらら》 うらら.
- `INITIALS`: a name of three katakana words or more read back to English initials, each word's first mora as the
  letter its English word starts with (ボ B, ホワ W, ド D: 《ボルメテウス・ホワイト・ドラゴン》 BWD). A mora with two
  readings (ク: C or K; ラ: L or R) gives each spelling, a few at most.

A resolver uses a short form only when the written text names no card otherwise, and only when one card has it
(several: they are offered as candidates), so a name that resolved before resolves to the same card.
"""

import itertools
import re
import unicodedata
from collections.abc import Iterable

PARTS = "parts"
FIRST_WORD = "first_word"
KANJI_HEADS = "kanji_heads"
KANA_TAIL = "kana_tail"
INITIALS = "initials"
RULES = (PARTS, FIRST_WORD, KANJI_HEADS, KANA_TAIL, INITIALS)

_SMALL = set("ァィゥェォャュョヮヵヶぁぃぅぇぉゃゅょゎ")
_KANA = "\u30a1-\u30fa\u30fc"
_HIRAGANA = "\u3041-\u3096"
_KANJI = "\u4e00-\u9fff々"
_RUN = re.compile(rf"(?P<kana>[{_KANA}]+)|(?P<kanji>[{_KANJI}]+)|(?P<latin>[A-Za-z]+)")
_RUBY = re.compile(rf"[（(]([{_HIRAGANA}{_KANA}]+)[）)]")
_MORAE = 2
_FIRST_WORD = re.compile(rf"^(?P<word>[{_KANJI}]{{2,}})[のでとにをはがへ].")
_KANJI_START = re.compile(rf"[{_KANJI}]")
_WORDS = re.compile(rf"[{_KANJI}]+|[A-Za-z]+|[{_HIRAGANA}{_KANA}]+")
_KANA_TAIL = re.compile(rf"[{_KANJI}](?P<tail>[{_HIRAGANA}]{{3,}}|[{_KANA}]{{3,}})$")
_KATAKANA_WORDS = re.compile(rf"^[{_KANA}]+(?:[・･=＝][{_KANA}]+){{2,}}$")
_WORD_SPLIT = re.compile(r"[・･=＝]")
_MAX_SPELLINGS = 8

# The letters an English word written in katakana may start with, by its first mora (or first kana): the sounds
# katakana writes for English consonants (ホワ, ウィ are W; フ is F; ヴ is V), with both spellings where English
# has two (カ, ク, コ: C or K; シ, セ, サ, ス, ソ: S or C; ラ行: L or R; ジ, ジャ: J or G).
_LETTER_OF_MORA = {
    "ホワ": "W", "ウィ": "W", "ウェ": "W", "ウォ": "W", "ワ": "W",
    "ファ": "F", "フィ": "F", "フェ": "F", "フォ": "F", "フ": "F",
    "ヴァ": "V", "ヴィ": "V", "ヴェ": "V", "ヴォ": "V", "ヴ": "V",
    "ティ": "T", "ディ": "D", "チ": "CH", "シ": "SC", "ジ": "JG", "ジャ": "J", "ジョ": "J", "ジュ": "J",
}  # fmt: skip
_LETTER_OF_ROW = {
    **dict.fromkeys("アイウエオ", ""),  # the vowel itself (below)
    **dict.fromkeys("カキクケコ", "CK"), **dict.fromkeys("ガギグゲゴ", "G"),
    **dict.fromkeys("サスセソ", "SC"), **dict.fromkeys("ザズゼゾ", "Z"),
    **dict.fromkeys("タツテト", "T"), **dict.fromkeys("ダヂヅデド", "D"),
    **dict.fromkeys("ナニヌネノ", "N"), **dict.fromkeys("ハヒヘホ", "H"),
    **dict.fromkeys("バビブベボ", "B"), **dict.fromkeys("パピプペポ", "P"),
    **dict.fromkeys("マミムメモ", "M"), **dict.fromkeys("ヤユヨ", "Y"),
    **dict.fromkeys("ラリルレロ", "LR"),
}  # fmt: skip
_VOWELS = {"ア": "A", "イ": "IE", "ウ": "U", "エ": "AE", "オ": "O"}


def morae(kana: str) -> list[str]:
    """Katakana cut into morae: a kana with the small kana after it (`ショ`), ッ and ー on their own."""
    out: list[str] = []
    for char in kana:
        if char in _SMALL and out:
            out[-1] += char
        else:
            out.append(char)
    return out


def _to_katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


def _parts(core: str) -> list[str] | None:
    # A Latin run followed by its ruby (`NEXT（ネクスト）`) is read as the ruby.
    readings: dict[int, str] = {}
    for ruby in _RUBY.finditer(core):
        readings[ruby.start()] = _to_katakana(ruby.group(1))
    bare = _RUBY.sub(lambda m: "\x00" * len(m.group(0)), core)
    parts: list[str] = []  # each part's first morae
    for run in _RUN.finditer(bare):
        if run.group("kana"):
            parts.append("".join(morae(run.group("kana"))[:_MORAE]))
        elif run.group("kanji"):
            parts.append(run.group("kanji"))
        else:
            reading = readings.get(run.end())
            if reading is None:
                return None  # a Latin word without its reading: no short form from it
            parts.append("".join(morae(reading)[:_MORAE]))
    return parts if len(parts) >= 2 and len("".join(parts)) >= 3 else None


def _kanji_heads(core: str) -> str | None:
    heads: list[str] = []
    for word in _WORDS.findall(core):
        if _KANJI_START.match(word):
            heads.append(word[0])
        elif word.isascii() and heads:
            heads.append(word)
        if len(heads) == 2:
            return "".join(heads)
    return None


def _letters(word: str) -> str:
    for length in (2, 1):
        if word[:length] in _LETTER_OF_MORA:
            return _LETTER_OF_MORA[word[:length]]
    head = word[0]
    if head in _VOWELS:
        return _VOWELS[head]
    return _LETTER_OF_ROW.get(head, "")


def _initials(core: str) -> set[str]:
    if not _KATAKANA_WORDS.match(core):
        return set()
    choices = []
    for word in _WORD_SPLIT.split(core):
        letters = _letters(word)
        if not letters:
            return set()
        choices.append(["CH"] if letters == "CH" else list(letters))
    spellings = list(itertools.islice(itertools.product(*choices), _MAX_SPELLINGS + 1))
    if len(spellings) > _MAX_SPELLINGS:
        return set()  # too many readings to name one card
    return {"".join(letters) for letters in spellings}


def short_forms(name: str, *, rules: Iterable[str] = (PARTS,)) -> set[str]:
    """The short forms of a card name under the given rules (empty when none applies)."""
    name = unicodedata.normalize("NFKC", name).split("/")[0].strip()
    core = name.split(" ")[-1] if " " in name else name
    found: set[str] = set()
    rules = set(rules)
    if PARTS in rules and (parts := _parts(core)):
        found.add("".join(parts))
        # A part ending in a long vowel is also written without it (スモール・ワールド: スモワー and スモワ).
        found.add("".join(part.removesuffix("ー") if len(part) > 1 else part for part in parts))
    if FIRST_WORD in rules and (match := _FIRST_WORD.match(core)):
        found.add(match.group("word"))
    if KANJI_HEADS in rules and (form := _kanji_heads(core)):
        found.add(form)
    if KANA_TAIL in rules and (match := _KANA_TAIL.search(core)):
        found.add(match.group("tail"))
    if INITIALS in rules:
        found |= _initials(core)
    return {form for form in found if form != core and len(form) >= 2}
