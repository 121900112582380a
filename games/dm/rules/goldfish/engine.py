"""Run goldfish games: the kernel compiled by numba (once per process, cached on disk) or interpreted.

`play_side(deck, going=..., first_game=..., games=..., seed=...)` returns integer counts; `summarise` turns
merged counts into the published result. Counts (not shares) are what chunks store, so merging chunks in any
order gives exactly the same result, and a game depends only on (seed, game number), never on the chunking.
"""

import types
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from games.dm.rules.goldfish import intervals, kernel
from games.dm.rules.goldfish.deck import DeckArrays

MAX_TURN_MARGIN = 2
NOT_MODELED = (
    "Modeled from the effects data, on your own turn only: draw, mana from the deck top and charger spells, static "
    "cost reductions, searches, GR summons, psychic/dragheart summons, creatures put into play from the hand, "
    "侵略 and 革命チェンジ from the hand, granted speed attackers (self) and extra turns, G・ゼロ and other ways to "
    "pay, B・A・D, キリフダッシュ, アタック・チャンス, D・D・D and win-the-game effects when their condition can be "
    "evaluated (creatures, mana, hand size, spells cast this turn, shields). Not modeled: other conditions (treated "
    "as not firing), variable amounts, ムゲンクライム, マナ爆誕 and the other alternative costs, removal, shield "
    "triggers, blockers; each card with effects the engine skips (or cannot perform in this deck) is listed in "
    "`vanilla` and `effects_modeled`, whose share counts the copies of the cards it fully reproduces. The "
    "opponent has 5 shields and does nothing (spec 2.6)."
)
# Every function of the kernel is compiled (workspace, which allocates, aside). The functions that take the bundles
# (kernel.Deck, Zones, Scratch: the steps of a game and their helpers) are inlined into their callers by numba: a
# bundle then costs nothing, and the steps compile into one loop as fast as a single function (inlining the
# helpers gave about 30 % faster games for about 40 % more compile time, once per machine: the machine code is
# cached on disk). These keep machine code of their own: resolve_effects (its one call site, kernel.played, is
# inlined in five places), play_games (the entry) and small helpers called rarely.
_OWN_CODE = (
    "play_games",
    "resolve_effects",
    "popcount",
    "mix32",
    "rng_seed_game",
    "tornado",
    "resolve_attacks",
    "condition_holds",
    "reduced",
    "remove_from_library",
    "queue",
    "lethal",
)
_KERNEL_FUNCTIONS = tuple(
    name
    for name, value in vars(kernel).items()
    if isinstance(value, types.FunctionType) and value.__module__ == kernel.__name__ and name != "workspace"
)
GR_STREAM = 0x5E11_6A7E_0000_0001  # the super GR zone's shuffles come from their own generator
_compiled: dict[str, Callable[..., Any]] = {}


def compiled_kernel() -> Callable[..., Any]:
    """The numba versions of the kernel functions, built once per process (disk cache: `cache=True`)."""
    if not _compiled:
        import numba

        namespace = dict(vars(kernel))
        for name in _KERNEL_FUNCTIONS:
            func = getattr(kernel, name)
            clone = types.FunctionType(func.__code__, namespace, func.__name__, func.__defaults__, func.__closure__)
            clone.__module__ = kernel.__name__
            clone.__qualname__ = func.__qualname__
            # _nrt=False: the loop allocates nothing (play_side passes its workspace), so no array is reference
            # counted; counting every array argument of every call cost about 40 % of the run time
            inline = "never" if name in _OWN_CODE else "always"
            # (_nrt is numba's own flag, absent from its typed signature)
            namespace[name] = numba.njit(cache=True, nogil=True, _nrt=False, inline=inline)(clone)  # type: ignore[call-overload]
        _compiled.update({name: namespace[name] for name in _KERNEL_FUNCTIONS})
    return _compiled["play_games"]


def base_seed(seed: int) -> np.ndarray:
    """Four 32-bit words from any integer seed (splitmix64)."""
    words = []
    x = seed & 0xFFFFFFFFFFFFFFFF
    for _ in range(2):
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        words += [z & 0xFFFFFFFF, z >> 32]
    return np.array(words, dtype=np.int64)


@dataclass
class SideCounts:
    """Integer outcomes of a batch of games for one side (going first or second)."""

    games: int = 0
    kills: list[int] = field(default_factory=list)  # index = own turn of the winning attack; [0] = unfinished
    deckouts: list[int] = field(default_factory=list)  # index = own turn of the losing draw
    first_cast: dict[str, list[int]] = field(default_factory=dict)  # card key -> index = turn; [0] = never

    def to_dict(self) -> dict:
        return {"games": self.games, "kills": self.kills, "deckouts": self.deckouts, "first_cast": self.first_cast}

    @classmethod
    def from_dict(cls, data: dict) -> "SideCounts":
        return cls(
            games=data["games"],
            kills=list(data["kills"]),
            deckouts=list(data["deckouts"]),
            first_cast={k: list(v) for k, v in data["first_cast"].items()},
        )

    def merge(self, other: "SideCounts") -> "SideCounts":
        def add(a: list[int], b: list[int]) -> list[int]:
            size = max(len(a), len(b))
            return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(size)]

        keys = dict.fromkeys([*self.first_cast, *other.first_cast])
        return SideCounts(
            games=self.games + other.games,
            kills=add(self.kills, other.kills),
            deckouts=add(self.deckouts, other.deckouts),
            first_cast={k: add(self.first_cast.get(k, []), other.first_cast.get(k, [])) for k in keys},
        )


_DECK_NAMES = {"lib0": "library", "gr0": "gr_zone", "hs0": "hyperspatial_zone"}  # the others: c_X is X, h_X is h_X


def kernel_deck(deck: DeckArrays) -> kernel.Deck:
    """The deck's tables as the kernel reads them (kernel.Deck: its numbers as numpy integers)."""
    tables = {name: getattr(deck, _DECK_NAMES.get(name, name.removeprefix("c_"))) for name in kernel.Deck._fields[:-1]}
    numbers = {"seals": np.int64(deck.seals), "need_mask": np.int64(deck.need_mask)}
    return kernel.Deck(**{**tables, **numbers}, n_track=np.int64(len(deck.tracked)))


def play_side(
    deck: DeckArrays,
    *,
    going: str,
    first_game: int,
    games: int,
    seed: int,
    compiled: bool = True,
    trace_game: int | None = None,
    trace_out: list | None = None,
    outcomes_out: np.ndarray | None = None,
) -> SideCounts:
    """Play `games` games (numbers first_game..) going "first" or "second" with the documented policy."""
    max_turn = len(deck.library) + MAX_TURN_MARGIN
    kills = np.zeros(max_turn + 1, dtype=np.int64)
    deckouts = np.zeros(max_turn + 1, dtype=np.int64)
    first_cast = np.zeros((max(len(deck.tracked), 1), max_turn + 1), dtype=np.int64)
    trace = np.full((max_turn + 1, kernel.TRACE_COLUMNS), -1, dtype=np.int64)
    run = compiled_kernel() if compiled else kernel.play_games
    outcomes = outcomes_out if outcomes_out is not None else np.zeros(0, dtype=np.int64)
    zones, scratch = kernel.workspace(len(deck.library), len(deck.gr_zone), len(deck.cards), len(deck.tracked))
    run(
        np.int64(first_game),
        np.int64(games),
        base_seed(seed),
        base_seed(seed ^ GR_STREAM),
        np.int64(1 if going == "first" else 0),
        np.int64(max_turn),
        kernel_deck(deck),
        zones,
        scratch,
        kills,
        deckouts,
        first_cast,
        outcomes,
        np.int64(-1 if trace_game is None else trace_game),
        trace,
    )
    if trace_out is not None:
        trace_out.extend(_trace_rows(trace))
    return SideCounts(
        games=games,
        kills=kills.tolist(),
        deckouts=deckouts.tolist(),
        first_cast={key: first_cast[i].tolist() for i, key in enumerate(deck.tracked)},
    )


TRACE_KEYS = (
    "library",
    "hand_after_draw",
    "mana",
    "untapped_mana_in_main",
    "creatures",
    "hand_at_end",
    "attacks",
    "opponent_shields",
)


def _trace_rows(trace: np.ndarray) -> list[dict]:
    """Rows of the traced game: turn 0 is the setup; opponent_shields -1 means the direct attack won."""
    rows = []
    for turn in range(trace.shape[0]):
        if trace[turn, kernel.T_LIBRARY] < 0:
            break
        row = {"turn": turn, **{key: int(trace[turn, i]) for i, key in enumerate(TRACE_KEYS)}}
        rows.append({k: v for k, v in row.items() if v != -1 or k == "opponent_shields"})
        if trace[turn, kernel.T_SHIELDS] == -1 and turn > 0:
            break
    return rows


def _percentile(hist: list[int], total: int, q: float) -> int | None:
    """The smallest turn t with P(kill by t) >= q (games that never kill count as "later than any turn")."""
    if total == 0:
        return None
    running = 0
    for turn in range(1, len(hist)):
        running += hist[turn]
        if running >= q * total:
            return turn
    return None


def summarise_side(
    counts: SideCounts, *, names: dict[str, str] | None = None, first_cast_keys: Collection[str] | None = None
) -> dict:
    """Shares by own turn, mean (over games that kill) with its 95 % interval, p50/p90, P(kill by turn t) with
    Wilson intervals, deck-outs, first casts (of `first_cast_keys`; every tracked card when None)."""
    games = counts.games
    kills = counts.kills
    killed = sum(kills[1:])
    distribution = {str(t): kills[t] / games for t in range(1, len(kills)) if kills[t]} if games else {}
    mean = sum(t * kills[t] for t in range(1, len(kills))) / killed if killed else None
    by_turn, by_turn_ci, running = {}, {}, 0
    for t in range(1, len(kills)):
        running += kills[t]
        if running:
            by_turn[str(t)] = running / games
            by_turn_ci[str(t)] = intervals.wilson(running, games)
        if running == killed:
            break
    first_cast = {}
    for key, hist in counts.first_cast.items():
        if first_cast_keys is not None and key not in first_cast_keys:
            continue
        cast = sum(hist[1:])
        first_cast[key] = {
            "name": (names or {}).get(key, key),
            "distribution": {str(t): hist[t] / games for t in range(1, len(hist)) if hist[t]},
            "never": hist[0] / games if games else 0.0,
            "mean": sum(t * hist[t] for t in range(1, len(hist))) / cast if cast else None,
        }
    return {
        "games": games,
        "distribution": distribution,
        "mean": mean,
        "mean_ci95": intervals.mean_interval([0, *kills[1:]]) if killed else None,
        "p50": _percentile(kills, games, 0.5),
        "p90": _percentile(kills, games, 0.9),
        "kill_by_turn": by_turn,
        "kill_by_turn_ci95": by_turn_ci,
        "kill_rate": killed / games if games else 0.0,
        "kill_rate_ci95": intervals.wilson(killed, games),
        "deck_outs": sum(counts.deckouts),
        "deck_out_distribution": {str(t): n / games for t, n in enumerate(counts.deckouts) if n},
        "first_cast": first_cast,
    }


def payment_preview(mana: list[tuple[frozenset, int]], *, civilizations: frozenset, cost: int) -> list[int] | None:
    """Which untapped mana cards (civilizations, mana number) a payment taps (112.2), or None if not payable."""
    from games.dm.rules.vocabulary import CivMask

    count = len(mana)
    masks = np.array([int(CivMask.of(civs)) for civs, _ in mana] + [0], dtype=np.int64)
    numbers = np.array([n for _, n in mana] + [0], dtype=np.int64)
    tapped = np.zeros(count + 1, dtype=np.int64)
    civ = int(CivMask.of(civilizations))
    if sum(numbers) < cost or not kernel.civs_coverable(civ, masks, tapped, count):
        return None
    scratch = [np.zeros(count + 1, dtype=np.int64), np.zeros(count + 1, dtype=np.int64)]
    kernel.pay(
        cost, civ, masks, numbers, tapped, count, scratch[0], scratch[1], *(np.zeros(5, np.int64) for _ in range(3))
    )
    return [j for j in range(count) if tapped[j]]
