"""Acceptance with the full card data and effects data: a published decklist's finishers, which its own cards make
cheap (ガンバトラーG7: 5 less while you control 4 jokers; ジョット・ガン・ジョラゴンJoe: 1 mana while you control 6),
are played by the goldfish at the rate their conditions allow before the deck kills, and the share of the deck
whose effects are modeled counts a card whose text the effects data never read as not reproduced.

Figures (20,000 games a side, seed 1): ガンバトラーG7 was played in 2.8 % (going first) / 4.0 % (second) of the games
while the charge step ranked the hand by printed cost (the finishers went to the mana zone first); ジョット・ガン・
ジョラゴンJoe in 0.4 % / 2.0 %; ジョリー・ザ・ジョルネード (put out free by マスターJトルネード, not modeled
then) in 0.3 % / 0.8 % of the GR list's games."""

import pytest

from games.dm.rules import goldfish
from games.dm.tests.real_data import data_present, engine_cards
from games.dm.tests.real_decks import JOKERS, JOKERS_GR

pytestmark = pytest.mark.skipif(not data_present(), reason="the card data is not present")
GAMES = 20_000


@pytest.fixture(scope="module")
def jokers():
    cards, unread = engine_cards(JOKERS["text"])
    result = goldfish.summarise(goldfish.play(cards, games=GAMES, seed=1, going="both"), cards=cards)
    return cards, unread, result, {row["name_ja"]: row for row in result["cards"]}


def test_every_line_of_the_list_is_read(jokers):
    cards, unread, _, rows = jokers
    assert unread == []
    assert sum(c.copies for c in cards if c.zone == "main") == 40
    assert set(JOKERS["finishers"]) <= set(rows)


# (finisher, its modeled effects, the lowest share of games it is played in per side (the 95 % interval's lower
# bound), the turn it is most often first played going second)
FINISHERS = [
    ("ガンバトラーG7", ["grant_speed_attacker", "self_cost_reduction"], {"first": 0.05, "second": 0.13}, "5"),
    ("ジョット・ガン・ジョラゴンJoe", ["alt_cost", "search"], {"first": 0.015, "second": 0.025}, "5"),
]


@pytest.mark.parametrize("name, effects, at_least, turn", FINISHERS, ids=[f[0] for f in FINISHERS])
def test_the_finishers_the_deck_makes_cheap_are_played(jokers, name, effects, at_least, turn):
    _, _, _, rows = jokers
    row = rows[name]
    assert row["effects"] == effects and row["unmodeled"] == []
    for side, share in at_least.items():
        assert row["played_ci95"][side][0] > share, (side, row["played"][side])
    turns = row["first_played_turn"]["second"]
    assert max(turns, key=turns.get) == turn
    # its condition needs jokers in play first: never on the first two turns
    assert min(int(t) for t in turns) >= 3


def test_the_modeled_share_counts_unknown_effects_as_not_reproduced(jokers):
    """ヘルコプ太 and チョコっとハウス come from a source whose texts the effects data did not read (no entry means
    unknown, not none); パーリ騎士 takes mana from the graveyard, which the goldfish does not keep."""
    _, _, result, _ = jokers
    modeled = result["effects_modeled"]
    short = {row["name_ja"]: (row["copies"], row["unmodeled"]) for row in modeled["not_modeled"]}
    assert short == {
        "ヘルコプ太": (4, [goldfish.EFFECTS_UNKNOWN]),
        "チョコっとハウス": (4, [goldfish.EFFECTS_UNKNOWN]),
        "パーリ騎士": (4, ["mana_boost"]),
    }
    assert modeled["share"] == pytest.approx(28 / 40)


def test_the_gr_list_puts_its_finisher_out_with_the_tornado():
    """ジョリー・ザ・ジョルネード: at the end of the opponent's turn, jokers costing 10 or more in total return to the
    hand and it comes out free with three GR creatures (the effects data's マスターJトルネード)."""
    cards, unread = engine_cards(JOKERS_GR["text"])
    assert unread == []
    assert [sum(c.copies for c in cards if c.zone == zone) for zone in ("main", "gr")] == [40, 12]
    result = goldfish.summarise(goldfish.play(cards, games=GAMES, seed=1, going="both"), cards=cards)
    row = next(row for row in result["cards"] if row["name_ja"] == "ジョリー・ザ・ジョルネード")
    assert row["effects"] == ["alt_cost", "gr_summon"] and row["unmodeled"] == []
    for side, share in {"first": 0.05, "second": 0.06}.items():
        assert row["played_ci95"][side][0] > share, (side, row["played"][side])
    gr = [r["played"]["first"] for r in result["cards"] if r["zone"] == "gr"]
    assert len(gr) == 6 and min(gr) > 0
