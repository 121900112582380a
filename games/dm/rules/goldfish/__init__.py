"""Goldfish: rules-faithful solo play against an empty opponent with 5 shields (spec section 2).

Policy (documented in docs/simulation.md):
- Charge (503): one card every turn if the hand holds one that is not a named key card and charging it does not
  lower the mana this turn's creatures can use: the card that adds a civilization the deck needs and the mana
  zone lacks, then one that gives mana at once (monocoloured, 405.1), then the one furthest from castable (at the
  lowest cost its modeled reductions and other ways to pay allow in this deck); extra copies are charged first.
- Main (504): repeatedly play the payable creature (112.2) that belongs to a set of creatures using the most
  mana this turn (a knapsack over the hand), the most expensive and most powerful first; spells and other
  non-creature cards (effects not modeled) only use mana that no creature can use.
  Evolution creatures need a creature to evolve onto (801); a NEO creature evolves only onto a creature that
  could not attack this turn. Mana is tapped so that the scarcest civilizations stay untapped.
- Attack (505-509): everything that may attack (301.5), the biggest breaker first; the attack on 0 shields wins.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np

from games.dm.rules.goldfish import intervals
from games.dm.rules.goldfish.deck import (
    EFFECTS_UNKNOWN,
    DeckError,
    EngineCard,
    EngineHalf,
    compile_deck,
    effect_claims,
    effects_known,
    engine_card_from_facts,
)
from games.dm.rules.goldfish.engine import NOT_MODELED, SideCounts, play_side, summarise_side

__all__ = [
    "EFFECTS_UNKNOWN",
    "DeckError",
    "EngineCard",
    "EngineHalf",
    "NOT_MODELED",
    "POLICY",
    "SideCounts",
    "compare",
    "compare_counts",
    "merge_joint",
    "paired_outcomes",
    "claims",
    "compile_deck",
    "effects_known",
    "effects_modeled",
    "engine_card_from_facts",
    "play",
    "sides",
    "summarise",
    "trace",
]

POLICY = (
    "charge: one card a turn (never a named key card, never at the cost of this turn's plays): a needed missing "
    "civilization first, then mana now "
    "(monocoloured), then the card furthest from castable (at the lowest cost its modeled reductions and other "
    "ways to pay allow); play: the creatures that use the most mana (knapsack), "
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


def claims(cards: Sequence[EngineCard]) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per card key: (effect kinds the engine performs in this deck, the card's kinds it does not), read from the
    compiled tables the kernel dispatches on (deck.effect_claims): the one source of every "modeled" claim."""
    cards = [c for c in cards if c.copies > 0]
    if not cards:
        return {}
    try:
        deck = compile_deck(cards)
    except DeckError:  # too small to play: nothing is performed
        return {c.key: ((), tuple(dict.fromkeys((*c.unmodeled, *(e["kind"] for e in c.effects))))) for c in cards}
    return {
        card.key: (performed, tuple(dict.fromkeys((*card.unmodeled, *skipped))))
        for card, (performed, skipped) in zip(deck.cards, effect_claims(deck), strict=True)
    }


def effects_modeled(cards: Sequence[EngineCard], claimed: dict | None = None) -> dict:
    """The share of the deck's cards (by copies; main deck, hyperspatial and GR zones) whose every effect of the
    effects data the engine performs, the same for the main deck alone, and the cards that fall short."""
    claimed = claims(cards) if claimed is None else claimed
    cards = [c for c in cards if c.copies > 0]
    short = [c for c in cards if claimed[c.key][1]]
    total = sum(c.copies for c in cards)
    main = sum(c.copies for c in cards if c.zone == "main")
    short_main = sum(c.copies for c in short if c.zone == "main")
    return {
        "share": (total - sum(c.copies for c in short)) / total if total else None,
        "main_share": (main - short_main) / main if main else None,
        "copies": total,
        "not_modeled": [
            {
                "card": c.key,
                "name_ja": c.name_ja or c.name,
                "zone": c.zone,
                "copies": c.copies,
                "unmodeled": list(claimed[c.key][1]),
                "partly": bool(claimed[c.key][0]),
            }
            for c in short
        ],
    }


def _card_rows(counts: dict[str, SideCounts], cards: Sequence[EngineCard], claimed: dict) -> list[dict]:
    """Per distinct card (main deck, hyperspatial and GR zones): the share of games in which it was played before
    the game ended, per side, with its Wilson interval, and the distribution of the turn it was first played;
    `effects` the kinds the engine performs for it in this deck, `unmodeled` the card's other kinds."""
    rows = []
    for card in cards:
        if card.key not in claimed:
            continue
        played, ci, turns = {}, {}, {}
        for side, c in counts.items():
            hist = c.first_cast.get(card.key)
            if hist is None or not c.games:
                continue
            hits = sum(hist[1:])
            played[side] = hits / c.games
            ci[side] = intervals.wilson(hits, c.games)
            turns[side] = {str(t): hist[t] / c.games for t in range(1, len(hist)) if hist[t]}
        rows.append(
            {
                "card": card.key,
                "name_ja": card.name_ja or card.name,
                "zone": card.zone,
                "copies": card.copies,
                "played": played,
                "played_ci95": ci,
                "first_played_turn": turns,
                "effects": list(claimed[card.key][0]),
                "unmodeled": list(claimed[card.key][1]),
            }
        )
    return rows


def summarise(
    counts: dict[str, SideCounts],
    *,
    cards: Sequence[EngineCard] = (),
    key_cards: Sequence[str] = (),
    track_cards: Sequence[str] = (),
) -> dict:
    names = {c.key: c.name for c in cards}
    named = {str(k) for k in (*key_cards, *track_cards)}
    per_side = {side: summarise_side(c, names=names, first_cast_keys=named) for side, c in counts.items()}
    games = min((c.games for c in counts.values()), default=0)
    warnings = []
    if games < intervals.MIN_GAMES:
        warnings.append(
            {
                "code": "FEW_GAMES",
                "games": games,
                "min_games": intervals.MIN_GAMES,
                "message": f"Only {games} games: the intervals are wide; run at least {intervals.MIN_GAMES}.",
            }
        )
    claimed = claims(cards)
    modeled = effects_modeled(cards, claimed)
    return {
        "kill_turn": {
            side: {
                k: s[k]
                for k in (
                    "distribution",
                    "mean",
                    "mean_ci95",
                    "p50",
                    "p90",
                    "kill_by_turn",
                    "kill_by_turn_ci95",
                    "kill_rate",
                    "kill_rate_ci95",
                )
            }
            for side, s in per_side.items()
        },
        "deck_outs": {
            side: {"games": s["deck_outs"], "by_turn": s["deck_out_distribution"]} for side, s in per_side.items()
        },
        "first_cast": {side: s["first_cast"] for side, s in per_side.items()},
        "cards": _card_rows(counts, cards, claimed),
        # cards with effects the engine does not perform here (wholly: none performed; partly: some kinds skipped)
        "vanilla": [
            {key: row[key] for key in ("card", "name_ja", "unmodeled", "partly")} for row in modeled["not_modeled"]
        ],
        "effects_modeled": modeled,
        "games": {side: s["games"] for side, s in per_side.items()},
        "warnings": warnings,
        "policy": POLICY,
        "not_modeled": NOT_MODELED,
    }


def paired_outcomes(
    deck_a: Sequence[EngineCard],
    deck_b: Sequence[EngineCard],
    *,
    games: int,
    seed: int,
    going: str = "both",
    first_game: int = 0,
    compiled: bool = True,
) -> tuple[dict[str, SideCounts], dict[str, SideCounts], dict[str, dict[str, int]]]:
    """Counts of A and B on the same shuffles and, per side, the joint histogram of their per-game outcomes
    ("turn_a,turn_b" -> games; a turn is the kill turn, 0 when the game did not kill): the paired data."""
    arrays_a, arrays_b = compile_deck(deck_a), compile_deck(deck_b)
    counts_a, counts_b, joint = {}, {}, {}
    for side in sides(going):
        out_a = np.zeros(games, dtype=np.int64)
        out_b = np.zeros(games, dtype=np.int64)
        kw: dict[str, Any] = {
            "going": side,
            "first_game": first_game,
            "games": games,
            "seed": seed,
            "compiled": compiled,
        }
        counts_a[side] = play_side(arrays_a, outcomes_out=out_a, **kw)
        counts_b[side] = play_side(arrays_b, outcomes_out=out_b, **kw)
        pairs = np.maximum(out_a, 0) * 1000 + np.maximum(out_b, 0)
        values, numbers = np.unique(pairs, return_counts=True)
        joint[side] = {
            f"{v // 1000},{v % 1000}": int(n) for v, n in zip(values.tolist(), numbers.tolist(), strict=True)
        }
    return counts_a, counts_b, joint


def merge_joint(a: dict[str, dict[str, int]], b: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    merged = {side: dict(hist) for side, hist in a.items()}
    for side, hist in b.items():
        into = merged.setdefault(side, {})
        for key, n in hist.items():
            into[key] = into.get(key, 0) + n
    return merged


def compare(
    deck_a: Sequence[EngineCard], deck_b: Sequence[EngineCard], *, games: int, seed: int, going: str = "both"
) -> dict:
    """A/B on the same shuffles: the same seed gives both decks the same position permutation in every game."""
    counts_a, counts_b, joint = paired_outcomes(deck_a, deck_b, games=games, seed=seed, going=going)
    return compare_counts(counts_a, counts_b, cards_a=deck_a, cards_b=deck_b, joint=joint)


def _paired(joint: dict[str, int]) -> dict:
    """Paired 95 % intervals of B − A from the joint histogram: P(kill by t) per turn and the mean kill turn
    (over the games both decks kill)."""
    pairs = [(tuple(int(x) for x in key.split(",")), n) for key, n in joint.items()]
    games = sum(n for _, n in pairs)
    turns = sorted({t for (ta, tb), _ in pairs for t in (ta, tb) if t > 0})
    by_turn = {}
    for t in turns:
        b_only = sum(n for (ta, tb), n in pairs if 0 < tb <= t and not 0 < ta <= t)
        a_only = sum(n for (ta, tb), n in pairs if 0 < ta <= t and not 0 < tb <= t)
        by_turn[str(t)] = intervals.paired_share_difference(b_only, a_only, games)
    both: dict[int, int] = {}
    for (ta, tb), n in pairs:
        if ta > 0 and tb > 0:
            both[tb - ta] = both.get(tb - ta, 0) + n
    mean = intervals.mean_interval(both) if both else None
    return {"kill_by_turn": by_turn, "mean_when_both_kill": mean, "games": games}


def compare_counts(
    counts_a: dict[str, SideCounts],
    counts_b: dict[str, SideCounts],
    *,
    cards_a: Sequence[EngineCard],
    cards_b: Sequence[EngineCard],
    joint: dict[str, dict[str, int]] | None = None,
) -> dict:
    """Both summaries and B - A: the mean kill turn and P(kill by own turn t) for every turn, with paired 95 %
    intervals when the joint outcomes are given."""
    delta: dict[str, dict[str, Any]] = {}
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
        if joint and side in joint:
            delta[side]["paired_ci95"] = _paired(joint[side])
    result_a = summarise(counts_a, cards=cards_a)
    result_b = summarise(counts_b, cards=cards_b)
    for side in delta:
        mean_a, mean_b = result_a["kill_turn"][side]["mean"], result_b["kill_turn"][side]["mean"]
        delta[side]["mean"] = None if mean_a is None or mean_b is None else mean_b - mean_a
    size_a = sum(c.copies for c in cards_a if c.in_library)
    size_b = sum(c.copies for c in cards_b if c.in_library)
    return {"a": result_a, "b": result_b, "b_minus_a": delta, "same_shuffles": size_a == size_b}
