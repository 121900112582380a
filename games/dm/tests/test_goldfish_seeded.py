"""Seeded games are pinned: the same seed plays the same games, game by game, whatever the kernel's code looks like
(a refactoring of the kernel must not change one game). Each digest covers every game's outcome (the kill turn, or
the deck-out turn) and every card's first-played turn, going first and second; the compiled kernel is checked here,
the plain-Python reference against it in test_goldfish.py and test_goldfish_effects.py.

A digest changes only with a change of the play policy or of the rules modeled: then say so in the commit and
record the new digests (the kill-turn counts in the message tell what moved)."""

import hashlib

import numpy as np
import pytest

from games.dm.rules.goldfish import engine, examples
from games.dm.rules.goldfish.deck import compile_deck

GAMES = 2000
SEEDS = (1, 7)


def _digest(cards, going: str, key_cards=()) -> tuple[str, list[int]]:
    deck = compile_deck(cards, key_cards=key_cards)
    digest = hashlib.sha256()
    kills = []
    for seed in SEEDS:
        outcomes = np.zeros(GAMES, dtype=np.int64)
        counts = engine.play_side(
            deck, going=going, first_game=seed * 1000, games=GAMES, seed=seed, outcomes_out=outcomes
        )
        digest.update(outcomes.tobytes())
        digest.update(repr(sorted(counts.first_cast.items())).encode())
        kills.append(counts.kills[:12])
    return digest.hexdigest()[:16], kills


DECKS = {
    "typical, f6 kept": (examples.typical_deck, ("f6",)),
    "effect-rich": (examples.effect_rich_deck, ()),
    **{f"gap: {name}": (lambda cards=cards: cards, ()) for name, cards in examples.gap_decks().items()},
}
PINNED = {
    ("typical, f6 kept", "first"): "3c2743435c9f6191",
    ("typical, f6 kept", "second"): "d2bf5df508a13ff2",
    ("effect-rich", "first"): "d3b5322c2b061364",
    ("effect-rich", "second"): "3cc41bd0522d6e5b",
    ("gap: 2-cost speed, 3-drops, 4-cost W", "first"): "09a8578e892ec319",
    ("gap: 2-cost speed, 3-drops, 4-cost W", "second"): "a7c3c2ae7c8647d4",
    ("gap: 1- and 2-drops, 5-cost T", "first"): "4107a14438553099",
    ("gap: 1- and 2-drops, 5-cost T", "second"): "693d9cda088136a3",
    ("gap: 2-drops plain and speed, 5-cost W", "first"): "120a7632562000f5",
    ("gap: 2-drops plain and speed, 5-cost W", "second"): "18f6e9354b763214",
    ("gap: 1-cost speed, 3-drops, 4-cost speed W", "first"): "60ed79336c2f4afe",
    ("gap: 1-cost speed, 3-drops, 4-cost speed W", "second"): "9d92c56e27011c96",
}


@pytest.mark.parametrize("deck, going", list(PINNED), ids=[f"{d}, {g}" for d, g in PINNED])
def test_seeded_games_stay_the_same(deck, going):
    build, key_cards = DECKS[deck]
    digest, kills = _digest(build(), going, key_cards)
    assert digest == PINNED[deck, going], f"kill-turn counts now: {kills}"
