"""Usernames that look alike: `аlice` (a Cyrillic а) must not register beside `alice`.

Two checks at sign-up (accounts.services.user_register), on the data of the maintained `confusable-homoglyphs`
package (Unicode's confusables.txt and script table, as django-registration uses it):

1. **One script** (Unicode TS #39, "highly restrictive"): a username's letters come from one script, or from Latin,
   Han, Hiragana and Katakana together (Japanese writes all four in one name: 山田タロウ, ゆうき_dm); digits and
   punctuation (script Common) go with any. `аlice` mixes Cyrillic and Latin: refused (`username_mixed_script`).
2. **One skeleton**: a name written entirely in another script can still look like a Latin one (Cyrillic `асе` and
   Latin `ace`). The skeleton is the name NFKC-normalised (full-width letters fold to ASCII), case-folded, with every
   letter that Unicode lists as confusable with a Latin letter replaced by it; two usernames with one skeleton look
   alike. Skeletons are stored unique (accounts.models.UsernameSkeleton), so a second look-alike is refused
   (`username_confusable`) even when two sign-ups race.

   Inside Latin too: Unicode lists capital I, small l and the digit 1 as one glyph, and 0 as O. Usernames are
   compared without case, so capital I is small i as well: `aIice`, `alice` and `a1ice` share one skeleton (every
   letter of one such class, closed under case, becomes the class's first character). The classes come from the same
   data (`_latin_classes`), not from a table written here.
"""

import functools
import string
import unicodedata

from confusable_homoglyphs import categories, confusables

COMMON = "COMMON"
# TS #39 5.2 "Highly Restrictive": a single script, or Latin + Han + Hiragana + Katakana (Japanese).
JAPANESE = frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"})


def username_scripts(username: str) -> set[str]:
    return {categories.alias(char) for char in username} - {COMMON}


def username_mixes_scripts(username: str) -> bool:
    scripts = username_scripts(unicodedata.normalize("NFKC", username))
    return len(scripts) > 1 and not scripts <= JAPANESE


@functools.cache
def _latin_classes() -> dict[str, str]:
    """Letter or digit -> the first character of its class: the ASCII letters and digits Unicode's confusables list as
    one glyph (I l 1, O 0), joined with their other case (usernames compare without case)."""
    chars = string.ascii_letters + string.digits
    parent = {char: char for char in chars}

    def root(char: str) -> str:
        while parent[char] != char:
            char = parent[char]
        return char

    def join(a: str, b: str) -> None:
        parent[max(root(a), root(b))] = min(root(a), root(b))

    for char in chars:
        join(char, char.lower())
        for row in confusables.is_confusable(char, greedy=True, preferred_aliases=[]) or []:
            for glyph in row["homoglyphs"]:
                if glyph["c"] in parent:
                    join(char, glyph["c"])
    return {char: root(char) for char in chars if root(char) != char}


def username_skeleton(username: str) -> str:
    folded = unicodedata.normalize("NFKC", username).casefold()
    found = confusables.is_confusable(folded, greedy=True, preferred_aliases=["latin"]) or []
    latin: dict[str, str] = {}
    for row in found:
        for glyph in row["homoglyphs"]:
            if all(categories.alias(c) in ("LATIN", COMMON) for c in glyph["c"]):
                latin.setdefault(row["character"], glyph["c"])
                break
    skeleton = "".join(latin.get(char, char) for char in folded).casefold()
    classes = _latin_classes()
    return "".join(classes.get(char, char) for char in skeleton).casefold()
