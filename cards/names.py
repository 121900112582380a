"""How card names are normalised: the copy-counting key and the looser keys the resolver and search match on.

Pure functions (no Django). Rule 1.2.3 [POLICY]: the counting key folds only Unicode width and whitespace, so
that the data's width-variant records (ＪＫ大バクチ / JK大バクチ) are one name while case, punctuation and
ruby stay significant. Lookup keys are looser because people type names in many ways.
"""

import re
import unicodedata

_SLASH = re.compile(r"\s*/\s*")
# A ruby reading that some names carry in full-width parentheses: 超戦龍覇 モルトNEXT（ネクスト）.
_RUBY_FULL_WIDTH = re.compile(r"（[^（）]*）")
# After NFKC both widths are "(...)"; used on written input only.
_PARENTHESISED = re.compile(r"\([^()]*\)")
_BRACKETS = str.maketrans("", "", "《》")
# Look-alike characters that NFKC keeps apart but keyboards and fonts mix up (lookup and search only; the counting
# key keeps them): wave dash / full-width tilde, and the minus / hyphen family.
_LOOKALIKES = str.maketrans({"\u301c": "~", "\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2013": "-"})
_HAS_LOOKALIKE = re.compile("[\u301c\u2212\u2010\u2011\u2013]")


def name_key(name: str) -> str:
    """The copy-counting key (1.2.3-1.2.4): NFKC width folding, whitespace collapsed, none around a twinpact's '/'."""
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    return _SLASH.sub("/", text) if "/" in text else text


def lookup_key(written: str) -> str:
    """The resolver's key: the counting key without 《》 brackets and case-folded (English names ignore case)."""
    key = name_key(written.replace("《", "").replace("》", ""))
    # str.translate walks every character through a dict; most names hold no look-alike, so look first.
    if _HAS_LOOKALIKE.search(key):
        key = key.translate(_LOOKALIKES)
    return key.casefold()


def without_ruby(name: str | None) -> str | None:
    """The name without its full-width-parenthesised ruby reading, or None when it carries none."""
    if not name or "（" not in name:
        return None
    stripped = _RUBY_FULL_WIDTH.sub("", name)
    return stripped if stripped.strip() and stripped != name else None


# Every character that NFKC turns into (or keeps as) an opening parenthesis: `(`, full width, small, ⑴, ㈠, 🄐...
_OPENING_PARENTHESES = frozenset(
    char for char in map(chr, (*range(0x10000), *range(0x1F100, 0x1F130))) if "(" in unicodedata.normalize("NFKC", char)
)


def written_without_parentheses(written: str) -> str | None:
    """Written input with any parenthesised group removed (a ruby written after a name that has none)."""
    if _OPENING_PARENTHESES.isdisjoint(written):  # most names: nothing to remove, no normalisation needed
        return None
    text = unicodedata.normalize("NFKC", written)
    stripped = _PARENTHESISED.sub("", text)
    return stripped if stripped.strip() and stripped != text else None


def fold_for_search(text: str) -> str:
    """Width, whitespace, look-alike characters and case folded: how names are stored and queried for search."""
    return name_key(text).translate(_LOOKALIKES).casefold()


def search_text(names: list[str | None]) -> str:
    """Lower-cased, width-folded text of every name and ruby-less variant, one per line, for free-word search."""
    seen: list[str] = []
    for name in names:
        if not name:
            continue
        for variant in (name, without_ruby(name)):
            if variant:
                key = fold_for_search(variant)
                if key not in seen:
                    seen.append(key)
    return "\n".join(seen)


# --- the loose key: how players actually type names ------------------------------------------------------------

_DROPPED_CHARS = "・･·•∙ 　/／《》≪≫〈〉<>＜＞『』「」\"'“”‘’`´!！?？.,、。:：=＝&＆()（）[]【】+＋*"
_LOOKALIKE_LETTERS = {"κ": "k", "Κ": "k", "Ζ": "z", "ζ": "z", "Α": "a", "Ο": "o", "о": "o", "х": "x"}
_SMALL_KANA = dict(zip("ァィゥェォッャュョヮヵヶ", "アイウエオツヤユヨワカケ", strict=True))


def _base_kana(char: str) -> str:
    """The katakana a kana folds to: hiragana as katakana, without voicing marks, small kana as large."""
    code = ord(char)
    if 0x3041 <= code <= 0x3096:
        char = chr(code + 0x60)
    base = unicodedata.normalize("NFD", char)[0]
    return _SMALL_KANA.get(base, base)


# One translation table (a single pass over the text): kana, voicing marks, small kana, look-alike letters,
# long-vowel and dash variants, and the characters that disappear.
_LOOSE_TABLE = {
    **{code: _base_kana(chr(code)) for code in (*range(0x3041, 0x3097), *range(0x30A1, 0x30F7))},
    **{ord(char): folded for char, folded in _LOOKALIKE_LETTERS.items()},
    **dict.fromkeys(map(ord, "ｰ−‐‑–—―─━-~〜～"), "ー"),
    **dict.fromkeys(map(ord, _DROPPED_CHARS), None),
    **dict.fromkeys([*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0), 0x200B, 0x200D, 0xFEFF], None),
}


# A hyphen between Latin letters or digits joins words the way a space does (`Bronze-Arm Tribe` / `Bronze Arm
# Tribe`); elsewhere a dash is a long vowel (folded to ー below).
_LATIN_HYPHEN = re.compile(r"(?<=[a-z0-9])-(?=[a-z0-9])")


def loose_key(written: str) -> str:
    """A forgiving key for names as players type them: width (NFKC, also Roman numerals Ⅻ = XII), case, hiragana for
    katakana, small kana and voicing marks (ホップ / ポップ, as the data's own near-duplicate rule does), long-vowel
    and dash variants, middle dots, spaces, slashes, brackets and quotes, variation selectors and Greek/Cyrillic
    look-alikes all folded. Used after the exact keys found nothing, never to count copies: two cards that fold
    together come back as ambiguous, never as one."""
    text = unicodedata.normalize("NFKC", written).casefold()
    if "-" in text:
        text = _LATIN_HYPHEN.sub("", text)
    return text.translate(_LOOSE_TABLE)


# A title of kanji glued before a katakana name (幽具ランジャ, 弐幻スパイアル, 無双竜機ボルバルザーク): players write
# the katakana name alone (ランジャ, スパイアル, ボルバルザーク).
_KANJI_TITLE = re.compile(r"^[\u4e00-\u9fff々]+(?P<name>[\u30a1-\u30fa\u30fc][\u30a1-\u30fa\u30fc・]*)$")


def name_suffixes(name: str) -> list[str]:
    """What players write instead of a whole name: the part after its title (ガトリング for 音速 ガトリング, ランジャ
    for 幽具ランジャ) and the part inside a decoration (ルタチノ for */零幻ルタチノ/*)."""
    found = []
    text = unicodedata.normalize("NFKC", name).strip()
    decorated = re.fullmatch(r"\*/(.+)/\*", text)
    if decorated:
        found.append(decorated.group(1))
    if " " in text:
        found.append(text.split(" ", 1)[1])
    for part in (*found, text):
        titled = _KANJI_TITLE.match(part)
        if titled:
            found.append(titled["name"])
    return [part for part in found if len(loose_key(part)) >= 2]
