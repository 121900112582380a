"""Properties of the whole pipeline (text -> parser -> resolver -> engine -> report), no database: the resolver is
built from synthetic card identities."""

import random
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from games.dm.legality import LegalityContext, report_for
from games.dm.resolver import Resolver
from games.dm.rules.decklist import parse_text
from games.dm.tests.synthetic import (
    C1,
    C2,
    CHOROCHU,
    FILLER,
    GRS,
    HOF,
    NEBULAE,
    PREMIUM,
    PSY1,
    PSY2,
    REGULATION,
    REGULATION_ON,
    SEALED_X,
    START_SETS,
    THIRTEEN,
    XY,
    ZEROM,
    R,
    S,
)

CARDS = [*FILLER[:8], CHOROCHU, XY, PSY1, PSY2, THIRTEEN, *GRS[:3], SEALED_X, ZEROM, NEBULAE[0], HOF, PREMIUM, C1, C2]
CARDS += [R, S]
RESOLVER = Resolver([(card, [card.name_ja], []) for card in CARDS])
HEADERS = {"main": "# main", "hyperspatial": "# 超次元", "gr": "# 超GR"}


def context() -> LegalityContext:
    return LegalityContext(
        format_rules=REGULATION_ON,
        regulation=REGULATION,
        as_of=date(2026, 1, 1),
        overlay=None,
        start_sets=START_SETS,
        resolver=RESOLVER,
    )


def render(items, style: int) -> str:
    """Each line under its own header, in the given order, written in one of the accepted spellings."""
    forms = ("{n} {name}", "{name} x{n}", "{name} {n}枚", "《{name}》×{n}", "{n}x {name}")
    lines = []
    for zone, card, count in items:
        lines.append(HEADERS[zone])
        lines.append(forms[style % len(forms)].format(n=count, name=card.name_ja))
    return "\n".join(lines) + "\n"


def _without_lines(report: dict) -> dict:
    return {key: value for key, value in report.items() if key != "lines"}


items_strategy = st.lists(
    st.tuples(st.sampled_from(["main", "hyperspatial", "gr"]), st.sampled_from(CARDS), st.integers(1, 5)),
    max_size=20,
)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(items=items_strategy, seed=st.integers(0, 2**16), style=st.integers(0, 4), other_style=st.integers(0, 4))
def test_order_and_spelling_of_lines_never_change_the_report_or_the_hash(items, seed, style, other_style):
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    first = report_for(parse_text(render(items, style)), context())
    second = report_for(parse_text(render(shuffled, other_style)), context())
    assert first["errors"] == [] and second["errors"] == []
    assert all(line["status"] in ("card", "heading") for line in first["lines"] + second["lines"])
    assert _without_lines(first) == _without_lines(second)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(items=items_strategy, extra=st.tuples(st.sampled_from(["main", "hyperspatial", "gr"]), st.sampled_from(CARDS)))
def test_adding_a_copy_never_turns_an_illegal_report_legal_unless_only_sizes_were_wrong(items, extra):
    before = report_for(parse_text(render(items, 0)), context())
    after = report_for(parse_text(render([*items, (*extra, 1)], 0)), context())
    sizes = {"DECK_SIZE", "HYPERSPATIAL_SIZE", "GR_SIZE"}
    other = {(v["code"], v["zone"]) for v in before["violations"] if v["code"] not in sizes}
    assert other <= {(v["code"], v["zone"]) for v in after["violations"]}
    if other:
        assert not after["legal"]
