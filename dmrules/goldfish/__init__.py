"""Goldfish: rules-faithful solo play against an empty opponent with 5 shields (spec section 2).

Policy (documented in docs/simulation.md):
- Charge (503): one card every turn if the hand holds one that is not a named key card and charging it does not
  lower the mana this turn's creatures can use: the card that adds a civilization the deck needs and the mana
  zone lacks, then one that gives mana at once (monocoloured, 405.1), then the one furthest from castable;
  extra copies are charged first.
- Main (504): repeatedly play the payable creature (112.2) that belongs to a set of creatures using the most
  mana this turn (a knapsack over the hand), the most expensive and most powerful first; spells and other
  non-creature cards (effects not modeled) only use mana that no creature can use.
  Evolution creatures need a creature to evolve onto (801); a NEO creature evolves only onto a creature that
  could not attack this turn. Mana is tapped so that the scarcest civilizations stay untapped.
- Attack (505-509): everything that may attack (301.5), the biggest breaker first; the attack on 0 shields wins.
"""

from collections.abc import Sequence

from dmrules.goldfish.deck import DeckError, EngineCard, EngineHalf, compile_deck, engine_card_from_facts
from dmrules.goldfish.engine import NOT_MODELED, SideCounts, play_side, summarise_side

__all__ = [
    "DeckError",
    "EngineCard",
    "EngineHalf",
    "NOT_MODELED",
    "POLICY",
    "SideCounts",
    "compare",
    "compare_counts",
    "compile_deck",
    "engine_card_from_facts",
    "play",
    "sides",
    "summarise",
    "trace",
]

POLICY = (
    "charge: one card a turn (never a named key card, never at the cost of this turn's plays): a needed missing "
    "civilization first, then mana now "
    "(monocoloured), then the card furthest from castable; play: the creatures that use the most mana (knapsack), "
    "most expensive then most powerful first, spells only with leftover mana; attack: everything that may attack, "
    "biggest breakers first"
)


def sides(going: str) -> tuple[str, ...]:
    if going == "both":
        return ("first", "second")
    if going in ("first", "second"):
        return (going,)
    raise DeckError(f"going must be first, second or both, not {going!r}")


def play(
    cards: Sequence[EngineCard],
    *,
    games: int,
    seed: int,
    going: str = "both",
    key_cards: Sequence[str] = (),
    track_cards: Sequence[str] = (),
    first_game: int = 0,
    compiled: bool = True,
) -> dict[str, SideCounts]:
    """Counts per side for games first_game .. first_game + games - 1 (each game depends only on seed and number)."""
    deck = compile_deck(cards, key_cards=key_cards, track_cards=track_cards)
    return {
        side: play_side(deck, going=side, first_game=first_game, games=games, seed=seed, compiled=compiled)
        for side in sides(going)
    }


def trace(
    cards: Sequence[EngineCard],
    *,
    seed: int,
    game: int = 0,
    going: str = "first",
    key_cards: Sequence[str] = (),
    compiled: bool = True,
) -> list[dict]:
    """Turn-by-turn state of one game (spec 2.6: mana and hand traces): library, hand, mana, creatures, shields."""
    deck = compile_deck(cards, key_cards=key_cards)
    rows: list[dict] = []
    play_side(
        deck, going=going, first_game=game, games=1, seed=seed, compiled=compiled, trace_game=game, trace_out=rows
    )
    return rows


def summarise(counts: dict[str, SideCounts], *, cards: Sequence[EngineCard] = ()) -> dict:
    names = {c.key: c.name for c in cards}
    per_side = {side: summarise_side(c, names=names) for side, c in counts.items()}
    return {
        "kill_turn": {
            side: {k: s[k] for k in ("distribution", "mean", "p50", "p90", "kill_by_turn", "kill_rate")}
            for side, s in per_side.items()
        },
        "deck_outs": {
            side: {"games": s["deck_outs"], "by_turn": s["deck_out_distribution"]} for side, s in per_side.items()
        },
        "first_cast": {side: s["first_cast"] for side, s in per_side.items()},
        "games": {side: s["games"] for side, s in per_side.items()},
        "policy": POLICY,
        "not_modeled": NOT_MODELED,
    }


def compare(
    deck_a: Sequence[EngineCard], deck_b: Sequence[EngineCard], *, games: int, seed: int, going: str = "both"
) -> dict:
    """A/B on the same shuffles: the same seed gives both decks the same position permutation in every game."""
    counts_a = play(deck_a, games=games, seed=seed, going=going)
    counts_b = play(deck_b, games=games, seed=seed, going=going)
    return compare_counts(counts_a, counts_b, cards_a=deck_a, cards_b=deck_b)


def compare_counts(
    counts_a: dict[str, SideCounts],
    counts_b: dict[str, SideCounts],
    *,
    cards_a: Sequence[EngineCard],
    cards_b: Sequence[EngineCard],
) -> dict:
    """Both summaries and B - A: the mean kill turn and P(kill by own turn t) for every turn."""
    delta = {}
    for side in counts_a:
        a, b = counts_a[side], counts_b[side]
        games = a.games
        killed_a, killed_b = sum(a.kills[1:]), sum(b.kills[1:])
        cum_a = cum_b = 0
        by_turn = {}
        for t in range(1, max(len(a.kills), len(b.kills))):
            cum_a += a.kills[t] if t < len(a.kills) else 0
            cum_b += b.kills[t] if t < len(b.kills) else 0
            if cum_a or cum_b:
                by_turn[str(t)] = (cum_b - cum_a) / games
            if cum_a == killed_a and cum_b == killed_b:
                break
        delta[side] = {"kill_by_turn": by_turn}
    result_a = summarise(counts_a, cards=cards_a)
    result_b = summarise(counts_b, cards=cards_b)
    for side in delta:
        mean_a, mean_b = result_a["kill_turn"][side]["mean"], result_b["kill_turn"][side]["mean"]
        delta[side]["mean"] = None if mean_a is None or mean_b is None else mean_b - mean_a
    size_a = sum(c.copies for c in cards_a if not c.starts_in_battle_zone)
    size_b = sum(c.copies for c in cards_b if not c.starts_in_battle_zone)
    return {"a": result_a, "b": result_b, "b_minus_a": delta, "same_shuffles": size_a == size_b}
