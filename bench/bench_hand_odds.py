"""Hand odds by groups (games.hand_odds), the figure the deck editor recomputes on every edit: a 60-card deck of 25
distinct cards with 4 overlapping groups and 4 conditions, going first and going second, under each game's opening
(the OCG's 5 and 6 cards, Duel Masters' 5 shields and 5 cards, DBS's 6 cards with its redraw); beside it, in the same
run, the per-card odds a deck's odds page computes (the OCG's `at_least_one` of each of the 25 cards, both goings).

`.venv/bin/python -m bench hand_odds`. Pure Python, no data file. Targets: the group odds of one edit p95 < 20 ms
(DBS, with its redraw, < 50 ms).
"""

import statistics
import time

from games.hand_odds import Comparison, Condition, Opening, _ways_of, hand_odds, question

# DBS computes the hand three times (6 cards, 7 cards, 6 and 7 together for the redraw going second).
TARGETS = {"group_odds_ocg_p95_ms": 20.0, "group_odds_dm_p95_ms": 20.0, "group_odds_dbs_p95_ms": 50.0}
ITERATIONS = 300
OPENINGS = {
    "ocg": Opening(hand=5, draws_going_second=1),
    "dm": Opening(hand=5, draws_going_second=1, set_aside=5),
    "dbs": Opening(hand=6, draws_going_second=1, set_aside=8, redraw=True),
}


def _deck() -> tuple[dict[int, int], dict[str, set[int]], list[Condition]]:
    """25 distinct cards, 60 copies: 15 of 3, 5 of 2, 5 of 1 and the rest; 4 groups, one card in two of them."""
    copies = [3] * 15 + [2] * 5 + [1] * 5
    deck = dict(enumerate(copies))
    deck[24] += 60 - sum(deck.values())
    groups = {
        "starters": {0, 1, 2, 3},
        "extenders": {3, 4, 5, 6},
        "hand_traps": {7, 8, 9, 10, 20},
        "bricks": {21, 22},
    }
    conditions = [
        Condition("starters", Comparison.AT_LEAST, 1),
        Condition("extenders", Comparison.AT_LEAST, 1),
        Condition("hand_traps", Comparison.AT_LEAST, 1),
        Condition("bricks", Comparison.EXACTLY, 0),
    ]
    return deck, groups, conditions


def _timed(action) -> list[float]:
    times = []
    for _ in range(ITERATIONS):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def _p95(times: list[float]) -> float:
    return round(times[int(len(times) * 0.95) - 1], 3)


def run() -> dict:
    from games.ygo.rules.odds import at_least_one

    deck, groups, conditions = _deck()
    assert sum(deck.values()) == 60
    figures: dict = {}
    for name, opening in OPENINGS.items():
        # An edit: the question is built anew from the working copy, then answered both ways, with nothing cached
        # (an edit that adds a card of a group changes every cell count the cache keys on).
        def edit(opening=opening) -> None:
            _ways_of.cache_clear()
            hand_odds(question(deck, groups, conditions), opening)

        times = _timed(edit)
        figures[f"group_odds_{name}_median_ms"] = round(statistics.median(times), 3)
        figures[f"group_odds_{name}_p95_ms"] = _p95(times)
    answer = hand_odds(question(deck, groups, conditions), OPENINGS["ocg"])
    figures["ocg_first_percent"] = answer["first"]["percent"]
    figures["ocg_second_percent"] = answer["second"]["percent"]

    def per_card() -> None:
        for copies in deck.values():
            for going in ("first", "second"):
                at_least_one(deck_size=60, copies=copies, going=going)

    times = _timed(per_card)
    figures["per_card_odds_25_cards_median_ms"] = round(statistics.median(times), 3)
    figures["per_card_odds_25_cards_p95_ms"] = _p95(times)
    figures["targets"] = TARGETS
    figures["met"] = all(figures[key] <= limit for key, limit in TARGETS.items())
    return figures
