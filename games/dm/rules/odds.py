"""Exact opening-hand and shield odds (rules 103.3, 500.6): multivariate hypergeometric, with exact fractions.

Pure Python (`fractions`, `math.comb`), no SciPy. Setup per rule 103: the shuffled deck gives 5 shields from
the top, then a 5-card hand; the first player skips the draw of their first turn (103.5, 500.6). Shields and
hand are both uniform 5-card samples of the shuffled cards, and so is every prefix of the deck, so every
question here is a question about a uniform sample of `n` cards:

- `hand` by own turn t: the cards seen so far (opening hand plus draws): 5 + (t - 1) going first, 5 + t going
  second; `by_turn = 0` means the opening hand (5 cards).
- `shields`: the 5 shields (fixed at setup; later turns do not change them).
- `hand_or_shields`: the 5 shields plus the cards seen by that turn.

The setup is a parameter (`Setup`): the default is rule 103.3's (5 and 5, the first player skips the first draw);
デュエパーティー deals 6 shields and a 6-card hand, and every player draws on their first turn (official Duel Party
rules), so its odds are the same laws with other sample sizes (`DUEL_PARTY`).

Cards that start the game outside the deck (start-of-game sets, 103.3 / 116.1a) are not part of the shuffled
pool; the caller passes the pool size. Seals taken from the top (116.1a) are again a uniform sample, so they do
not change the law of the hand or the shields.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

from games.dm.rules.vocabulary import Civilization

SHIELDS = 5  # 103.3
HAND = 5  # 103.3
REPORT_TURNS = (2, 3, 4, 5)


class OddsError(ValueError):
    """A question that has no answer (more cards asked for than the deck holds, overlapping groups...)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """How a game starts: shields and hand dealt from the shuffled deck, and whether the first player draws on their
    first turn (103.3, 103.5, 500.6; a format may deal more, as Duel Party does)."""

    hand: int = HAND
    shields: int = SHIELDS
    first_player_draws: bool = False

    def __post_init__(self) -> None:
        if self.hand < 0 or self.shields < 0:
            raise OddsError("a setup deals 0 or more cards")


STANDARD = Setup()  # 103.3, 500.6
# デュエパーティー (official Duel Party rules): 6 shields, a 6-card hand, a draw on every player's first turn.
DUEL_PARTY = Setup(hand=6, shields=6, first_player_draws=True)


class Where(StrEnum):
    HAND = "hand"
    SHIELDS = "shields"
    HAND_OR_SHIELDS = "hand_or_shields"


class Going(StrEnum):
    FIRST = "first"
    SECOND = "second"


def cards_seen(*, by_turn: int, going: Going | str, setup: Setup = STANDARD) -> int:
    """Cards in hand or drawn by the draw step of own turn `by_turn` (0 = the opening hand); 500.6 (the first player
    skips the first draw, unless the setup gives every player that draw)."""
    if by_turn < 0:
        raise OddsError("by_turn must be 0 or more")
    if by_turn == 0:
        return setup.hand
    skips = Going(going) == Going.FIRST and not setup.first_player_draws
    return setup.hand + (by_turn - 1 if skips else by_turn)


def sample_size(
    *, where: Where | str, by_turn: int = 0, going: Going | str = Going.FIRST, setup: Setup = STANDARD
) -> int:
    where = Where(where)
    if where == Where.SHIELDS:
        return setup.shields
    seen = cards_seen(by_turn=by_turn, going=going, setup=setup)
    return seen + setup.shields if where == Where.HAND_OR_SHIELDS else seen


@lru_cache(maxsize=4096)
def copies_distribution(*, deck_size: int, copies: int, drawn: int) -> tuple[Fraction, ...]:
    """P(exactly j copies among `drawn` cards), j = 0..min(copies, drawn): the hypergeometric law."""
    _check(deck_size=deck_size, copies=copies, drawn=drawn)
    total = comb(deck_size, drawn)
    return tuple(
        Fraction(comb(copies, j) * comb(deck_size - copies, drawn - j), total) for j in range(min(copies, drawn) + 1)
    )


@lru_cache(maxsize=4096)
def at_least(*, deck_size: int, copies: int, drawn: int, k: int = 1) -> Fraction:
    """P(at least k of a group of `copies` cards among `drawn` cards of a `deck_size`-card pool)."""
    if k <= 0:
        return Fraction(1)
    dist = copies_distribution(deck_size=deck_size, copies=copies, drawn=drawn)
    return sum(dist[k:], Fraction(0))


def expected_copies(*, deck_size: int, copies: int, drawn: int) -> Fraction:
    _check(deck_size=deck_size, copies=copies, drawn=drawn)
    return Fraction(copies * drawn, deck_size)


def joint_at_least(*, deck_size: int, groups: Sequence[tuple[int, int]], drawn: int) -> Fraction:
    """P(for every disjoint group (copies, k): at least k of it among `drawn` cards), multivariate hypergeometric.

    Sums C(K1, j1)...C(Km, jm) C(N - sum K, n - sum j) over every j_i >= k_i by convolution over the groups.
    """
    total_copies = sum(c for c, _ in groups)
    _check(deck_size=deck_size, copies=total_copies, drawn=drawn)
    # ways[s] = number of ways to pick s cards from the groups seen so far, each meeting its minimum
    ways = {0: 1}
    for copies, k in groups:
        nxt: dict[int, int] = {}
        for used, w in ways.items():
            for j in range(max(k, 0), min(copies, drawn - used) + 1):
                nxt[used + j] = nxt.get(used + j, 0) + w * comb(copies, j)
        ways = nxt
    rest = deck_size - total_copies
    favourable = sum(w * comb(rest, drawn - used) for used, w in ways.items() if drawn - used <= rest)
    return Fraction(favourable, comb(deck_size, drawn))


def _check(*, deck_size: int, copies: int, drawn: int) -> None:
    if deck_size <= 0 or not 0 <= copies <= deck_size or not 0 <= drawn <= deck_size:
        raise OddsError(f"impossible question: {copies} cards of {deck_size}, {drawn} drawn")


# --- the deck report -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OddsCard:
    """One distinct card of the main deck as the odds need it."""

    key: str  # the caller's identity (card id as text)
    name: str
    copies: int
    civilizations: frozenset[Civilization] = frozenset()
    shield_trigger: bool = False
    starts_outside_deck: bool = False  # start-of-game cards (103.3): not shuffled into the pool
    seals: int = 0  # 116.1a: cards each copy takes from the top of the deck at setup (Forbidden start cards)
    extra: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class Query:
    groups: tuple[tuple[int, int], ...]  # (copies in the pool, at least k) per disjoint group
    where: Where = Where.HAND
    by_turn: int = 0
    going: Going = Going.FIRST


def pool_size(cards: Sequence[OddsCard]) -> int:
    return sum(c.copies for c in cards if not c.starts_outside_deck)


def total_seals(cards: Sequence[OddsCard]) -> int:
    return sum(c.seals * c.copies for c in cards if c.starts_outside_deck)


def last_turn(*, deck_size: int, seals: int, going: Going | str, setup: Setup = STANDARD) -> int:
    """The last own turn the player reaches: the draw that takes the last card of the library loses (104.2b), so
    with L = deck_size - seals - 10 cards left after the setup, the first player's draw of own turn L + 1 loses
    (turn 1 has no draw, 500.6) and the second player's of own turn L (with a draw on every first turn, as in Duel
    Party, both players' of own turn L)."""
    library = deck_size - seals - setup.shields - setup.hand
    skips = Going(going) == Going.FIRST and not setup.first_player_draws
    return library if skips else library - 1


def query_probability(*, deck_size: int, query: Query, seals: int = 0, setup: Setup = STANDARD) -> Fraction:
    """P(query) on a pool of `deck_size` cards; `seals` (116.1a) leave fewer cards to draw, so turns after the
    player has decked out (104.2b) have no answer."""
    drawn = sample_size(where=query.where, by_turn=query.by_turn, going=query.going, setup=setup)
    if query.where != Where.SHIELDS and query.by_turn > last_turn(
        deck_size=deck_size, seals=seals, going=query.going, setup=setup
    ):
        raise OddsError(
            f"own turn {query.by_turn} is never reached: the player decks out before it (104.2b, {seals} seals)"
        )
    if drawn > deck_size - seals:
        raise OddsError(f"{drawn} cards asked for but the deck holds {deck_size - seals} after the seals")
    if len(query.groups) == 1:
        copies, k = query.groups[0]
        _check(deck_size=deck_size, copies=copies, drawn=drawn)
        return at_least(deck_size=deck_size, copies=copies, drawn=drawn, k=k)
    return joint_at_least(deck_size=deck_size, groups=query.groups, drawn=drawn)


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def probability_json(value: Fraction) -> dict:
    return {"probability": float(value), "fraction": _fraction_text(value), "exact": True}


def deck_report(cards: Sequence[OddsCard], *, setup: Setup = STANDARD) -> dict:
    """Per distinct card: P(in hand), P(in shields), P(seen by own turns 2-5, first and second); triggers; civs."""
    deck_size = pool_size(cards)
    hand_size, shields = setup.hand, setup.shields
    if deck_size < shields + hand_size:
        raise OddsError(f"the deck holds {deck_size} cards: setup needs at least {shields + hand_size}")
    rows = []
    for card in cards:
        if card.starts_outside_deck:
            continue
        k = card.copies

        def p(drawn: int, copies: int = k) -> float:
            return float(at_least(deck_size=deck_size, copies=copies, drawn=drawn))

        hand = at_least(deck_size=deck_size, copies=k, drawn=hand_size)
        rows.append(
            {
                "card": card.key,
                "name": card.name,
                "copies": k,
                "in_hand": float(hand),
                "in_hand_fraction": _fraction_text(hand),
                # exchangeable: shields and hand are both uniform samples (of the same size in every setup we know)
                "in_shields": p(shields),
                "all_in_shields": float(
                    copies_distribution(deck_size=deck_size, copies=k, drawn=shields)[k] if k <= shields else 0
                ),
                "in_hand_or_shields": p(hand_size + shields),
                "expected_in_hand": float(expected_copies(deck_size=deck_size, copies=k, drawn=hand_size)),
                "seen_by_turn": {
                    going.value: {str(t): p(cards_seen(by_turn=t, going=going, setup=setup)) for t in REPORT_TURNS}
                    for going in Going
                },
            }
        )
    triggers = sum(c.copies for c in cards if c.shield_trigger and not c.starts_outside_deck)
    trigger_dist = copies_distribution(deck_size=deck_size, copies=triggers, drawn=shields)
    civs = {}
    for civ in Civilization:
        having = sum(c.copies for c in cards if civ in c.civilizations and not c.starts_outside_deck)
        civs[civ.value] = {
            "cards": having,
            "in_opening_hand": float(at_least(deck_size=deck_size, copies=having, drawn=hand_size)),
        }
    return {
        "deck_size": deck_size,
        "cards": rows,
        "shield_triggers": {
            "cards": triggers,
            "expected_in_shields": float(expected_copies(deck_size=deck_size, copies=triggers, drawn=shields)),
            "distribution": {str(j): float(v) for j, v in enumerate(trigger_dist)},
            "at_least_one": float(1 - trigger_dist[0]),
        },
        "civilizations_in_opening_hand": civs,
        "model": _model_text(setup),
    }


def _model_text(setup: Setup) -> str:
    draw = (
        "every player draws on their first turn"
        if setup.first_player_draws
        else "first player skips the first draw (500.6)"
    )
    rule = " (103.3)" if setup == STANDARD else ""
    return f"exact (multivariate hypergeometric); shields = top {setup.shields}, hand = next {setup.hand}{rule}; {draw}"
