"""The names closest to a written one, for a name no card has (a misspelt decklist line): pure Python, any script.

A game hands over its names as comparison keys (folded as its own lookups fold them). The written key's rarest
character bigrams pick the names that share most of them (a few dozen of tens of thousands), which are then ranked
by a rapidfuzz scorer (`ratio`, 2 × the longest common subsequence over the two lengths, by default; `WRatio` also
scores a name the written one is part of, `Ash Blosom` for `Ash Blossom & Joyous Spring`): bounded work per name
however large the catalogue, and no table of characters by names (a Japanese catalogue's thousands of kanji by its
40,000 names would be hundreds of megabytes). Built on first use.
"""

from collections import Counter
from collections.abc import Callable, Iterable

from rapidfuzz import fuzz

Scorer = Callable[..., float]

GRAMS_PER_QUERY = 8  # the written key's rarest bigrams, which pick the names to rank
NAMES_RANKED = 48  # names ranked by ratio per query


def grams(key: str) -> list[str]:
    """Character bigrams of a key (the key itself when it is one character)."""
    return [key[i : i + 2] for i in range(len(key) - 1)] or [key]


class NameSuggester:
    def __init__(self, keys: Iterable[str]) -> None:
        self.keys: list[str] = list(dict.fromkeys(key for key in keys if key))
        postings: dict[str, list[int]] = {}
        for index, key in enumerate(self.keys):
            for gram in set(grams(key)):
                postings.setdefault(gram, []).append(index)
        self._postings = postings

    def closest(self, key: str, *, limit: int, cutoff: float, scorer: Scorer = fuzz.ratio) -> list[tuple[str, float]]:
        """Up to `limit` (name key, score) at or above `cutoff` (0 to 100), best first, ties by the key."""
        present = [gram for gram in set(grams(key)) if gram in self._postings] if key else []
        present.sort(key=lambda gram: (len(self._postings[gram]), gram))
        hits: Counter[int] = Counter()
        for gram in present[:GRAMS_PER_QUERY]:
            hits.update(self._postings[gram])
        pool = sorted(hits.items(), key=lambda item: (-item[1], item[0]))[:NAMES_RANKED]
        scored = [(scorer(key, self.keys[index]), self.keys[index]) for index, _ in pool]
        scored = sorted((item for item in scored if item[0] >= cutoff), key=lambda item: (-item[0], item[1]))
        return [(name, score) for score, name in scored[:limit]]
