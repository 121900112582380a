"""Short forms players write for a card, built from its name itself (issue 28): no list names them.

Players shorten a name to the first morae of each part: 《蒼き団長 ドギラゴン剣》 is ドギ剣 (ドギ + 剣),
《超戦龍覇 モルトNEXT（ネクスト）》 is モルネク (モル + ネク: NEXT read as its ruby, ネクスト).
Built here: the part of the name after its title (the last space-separated part), cut into runs of
katakana, of kanji and of Latin letters; each katakana run (a Latin run with its ruby reading) gives its
first two morae, a kanji run stays whole; the short form joins them. Only names with two runs or more
have one (a single run's first two morae, `ボル`, would name far too many cards). Pure: no Django.

A resolver uses a short form only when the written text names no card otherwise, and only when one card
has it (several: they are offered as candidates), so a name that resolved before resolves to the same card.
"""

import re
import unicodedata

_SMALL = set("ァィゥェォャュョヮヵヶぁぃぅぇぉゃゅょゎ")
_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]+")
_RUN = re.compile(r"(?P<kana>[\u30a1-\u30fa\u30fc]+)|(?P<kanji>[\u4e00-\u9fff々]+)|(?P<latin>[A-Za-z]+)")
_RUBY = re.compile(r"[（(]([\u3041-\u3096\u30a1-\u30fa\u30fc]+)[）)]")
_MORAE = 2


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


def short_forms(name: str) -> set[str]:
    """The short forms of a card name (empty when it has fewer than two runs)."""
    name = unicodedata.normalize("NFKC", name).split("/")[0].strip()
    core = name.split(" ")[-1] if " " in name else name
    # A Latin run followed by its ruby (`NEXT（ネクスト）`) is read as the ruby.
    readings: dict[int, str] = {}
    for ruby in _RUBY.finditer(core):
        readings[ruby.start()] = _to_katakana(ruby.group(1))
    bare = _RUBY.sub(lambda m: "\x00" * len(m.group(0)), core)
    parts: list[str] = []
    for run in _RUN.finditer(bare):
        if run.group("kana"):
            parts.append("".join(morae(run.group("kana"))[:_MORAE]))
        elif run.group("kanji"):
            parts.append(run.group("kanji"))
        else:
            reading = readings.get(run.end())
            if reading is None:
                return set()  # a Latin word without its reading: no short form from it
            parts.append("".join(morae(reading)[:_MORAE]))
    if len(parts) < 2:
        return set()
    short = "".join(parts)
    return {short} if short != core and len(short) >= 3 else set()
