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
"""

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


def username_skeleton(username: str) -> str:
    folded = unicodedata.normalize("NFKC", username).casefold()
    found = confusables.is_confusable(folded, greedy=True, preferred_aliases=["latin"]) or []
    latin: dict[str, str] = {}
    for row in found:
        for glyph in row["homoglyphs"]:
            if all(categories.alias(c) in ("LATIN", COMMON) for c in glyph["c"]):
                latin.setdefault(row["character"], glyph["c"])
                break
    return "".join(latin.get(char, char) for char in folded).casefold()
