"""games.suggestions: the closest names to a written one, best first, within the cutoff and the limit."""

import pytest
from rapidfuzz import fuzz

from games.suggestions import NameSuggester

KEYS = [
    "ash blossom & joyous spring",
    "ashened city",
    "blue-eyes white dragon",
    "せんこうりゅうすたーだすと",
    "すたーだすと",
]


@pytest.mark.parametrize(
    ("written", "scorer", "cutoff", "limit", "expected"),
    [
        # 75 and 70 (2 x 8 common characters over 10 + 6 and 10 + 13)
        pytest.param(
            "せん著竜すたーだすと", fuzz.ratio, 60, 3, ["すたーだすと", "せんこうりゅうすたーだすと"], id="ranked"
        ),
        pytest.param("せん著竜すたーだすと", fuzz.ratio, 60, 1, ["すたーだすと"], id="limit"),
        pytest.param("せん著竜すたーだすと", fuzz.ratio, 95, 3, [], id="cutoff"),
        pytest.param("ash blosom", fuzz.ratio, 70, 3, [], id="ratio-of-the-whole-names"),
        pytest.param("ash blosom", fuzz.WRatio, 70, 1, ["ash blossom & joyous spring"], id="part-of-a-name"),
        pytest.param("", fuzz.ratio, 0, 3, [], id="empty"),
        pytest.param("zzzz", fuzz.ratio, 0, 3, [], id="no-bigram-in-common"),
    ],
)
def test_the_closest_names(written, scorer, cutoff, limit, expected):
    found = NameSuggester(KEYS).closest(written, limit=limit, cutoff=cutoff, scorer=scorer)
    assert [name for name, _score in found] == expected
    scores = [score for _name, score in found]
    assert scores == sorted(scores, reverse=True) and all(score >= cutoff for score in scores)


def test_a_name_given_twice_is_one_name():
    assert NameSuggester(["abc", "abc", ""]).keys == ["abc"]
