"""An exhaustive best-line solver for small goldfish decks, to measure the play policy's gap.

For decks of vanilla creatures of one civilization (mana number 1: a payment is just a number of cards), it
replays a game's exact shuffle (the kernel's own generator) and searches every line — which card to charge each
turn (or none), which cards of the hand to summon — to decide whether the deck can kill by a given own turn.
Attacking with everything that may is optimal against an empty board, so attacks are not branched on. The
policy's gap is the share of games in which the solver kills at least one turn earlier than the policy.
"""

from collections.abc import Sequence
from functools import cache
from itertools import product

import numpy as np

from games.dm.rules.goldfish import engine, kernel
from games.dm.rules.goldfish.deck import DeckError, EngineCard, compile_deck

SHIELDS = 5


def library_order(cards: Sequence[EngineCard], *, seed: int, game: int) -> list[int]:
    """The card indexes of game `game` in the order the kernel deals them (seals, shields, hand, then draws)."""
    deck = compile_deck(cards)
    state = np.zeros(4, dtype=np.int64)
    kernel.rng_seed_game(engine.base_seed(seed), game, state)
    lib = deck.library.copy()
    for pos in range(len(lib)):
        kernel.draw_position(lib, pos, len(lib), state)
    return [int(c) for c in lib]


def _check(cards: Sequence[EngineCard]) -> None:
    civs = {c for card in cards for c in card.mana_civilizations}
    for card in cards:
        if len(card.halves) != 1 or card.halves[0].kind != "creature" or card.effects or card.mana_number != 1:
            raise DeckError("the solver handles vanilla one-half creatures only")
    if len(civs) > 1:
        raise DeckError("the solver handles decks of one civilization only (a payment is then a number of cards)")


def _lethal(breaks: Sequence[int], shields: int) -> bool:
    return bool(breaks) and sum(breaks) - min(breaks) >= shields


def can_kill_by(cards: Sequence[EngineCard], *, order: Sequence[int], going: str, by_turn: int) -> bool:
    """Whether some line kills by own turn `by_turn` (going "first" or "second") with this library order."""
    _check(cards)
    cost = [c.halves[0].cost for c in cards]
    breaks = [c.halves[0].breaks for c in cards]
    speed = [c.halves[0].speed_attacker for c in cards]
    n = len(cards)
    start = 5 + 5
    opening = [0] * n
    for c in order[SHIELDS:start]:
        opening[c] += 1

    @cache
    def search(turn: int, held: tuple[int, ...], mana: int, board: tuple, shields: int, drawn: int) -> bool:
        hand = list(held)
        if not (going == "first" and turn == 1):
            hand[order[drawn]] += 1
            drawn += 1
        for charge in [None, *[i for i in range(n) if hand[i]]]:
            h = list(hand)
            m = mana
            if charge is not None:
                h[charge] -= 1
                m += 1
            for counts in product(*[range(h[i] + 1) for i in range(n)]):
                spent = sum(counts[i] * cost[i] for i in range(n))
                if spent > m:
                    continue
                new = [breaks[i] for i in range(n) for _ in range(counts[i])]
                ready = [breaks[i] for i in range(n) if speed[i] for _ in range(counts[i])]
                attackers = list(board) + ready
                if _lethal(attackers, shields):
                    return True
                if turn == by_turn:
                    continue
                left = max(0, shields - sum(attackers))
                rest = tuple(h[i] - counts[i] for i in range(n))
                if search(turn + 1, rest, m, tuple(sorted(board + tuple(new))), left, drawn):
                    return True
        return False

    return search(1, tuple(opening), 0, (), SHIELDS, start)


def policy_gap(cards: Sequence[EngineCard], *, games: int, seed: int, going: str) -> dict:
    """Games in which the exhaustive search kills at least one own turn earlier than the policy."""
    deck = compile_deck(cards)
    outcomes = np.zeros(games, dtype=np.int64)
    engine.play_side(deck, going=going, first_game=0, games=games, seed=seed, outcomes_out=outcomes)
    late = 0
    for game in range(games):
        turn = int(outcomes[game])
        if turn <= 1:
            continue
        order = library_order(cards, seed=seed, game=game)
        if can_kill_by(cards, order=order, going=going, by_turn=turn - 1):
            late += 1
    return {"games": games, "one_turn_late": late, "share": late / games}
