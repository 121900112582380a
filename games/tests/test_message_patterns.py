"""The pages' table of English messages (games.capabilities.message_patterns): the core's and each game's."""

import pytest

from games.capabilities import message_patterns


@pytest.mark.parametrize(
    ("entry", "text", "values"),
    [
        pytest.param("empty value", "empty value", {}, id="a-message-as-written"),
        pytest.param("empty value", "empty value!", None, id="the-whole-text"),
        pytest.param("unknown zone '%(value)s'", "unknown zone 'x.*'", {"value": "x.*"}, id="any-value"),
        pytest.param("unknown zone '%(value)s'", "unknown zone ''", {"value": ""}, id="an-empty-value"),
        pytest.param("a (b) c.", "a (b) c.", {}, id="regex-characters-are-text"),
        pytest.param(("%(n)d rows", "%(n)s rows."), "12 rows", {"n": "12"}, id="a-number"),
        pytest.param(("%(n)d rows", "%(n)s rows."), "x rows", None, id="not-a-number"),
        pytest.param((r"^no count(?P<rest>.*)", "no count"), "no count found", {"rest": " found"}, id="a-pattern"),
    ],
)
def test_an_entry_matches_its_text(entry, text, values):
    ((pattern, message),) = message_patterns(entry)
    match = pattern.match(text)
    assert (match.groupdict() if match else None) == values
    assert message == (entry if isinstance(entry, str) else entry[1])
