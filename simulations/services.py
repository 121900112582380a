"""Simulation and odds services.

`simulation_run_create` resolves the deck once, through its game (games.registry: the deck's game, or the default
game for a decklist), stores it as the game's records in the run's params, splits the games into chunks and enqueues
the start task after the transaction commits. Workers then need only ids: the work they do (start, chunks, merge)
lives in simulations.jobs, below the tasks; services send tasks, tasks never import services (the import-linter
contract "Services send tasks; tasks run jobs"). What a game is (its cards, its goldfish, its odds) is the game's own
(Duel Masters: games/dm/simulation.py), reached only through the registry.
"""

import logging
import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode, field_errors
from deckbuilder.jobs import enqueue_failed, enqueue_on_commit
from games import registry
from games.capabilities import OddsQueries
from games.registry import SimulationRejected
from simulations.jobs import simulation_run_fail, stale_runs
from simulations.models import RunStatus, SimulationChunk, SimulationKind, SimulationRun
from simulations.tasks import simulation_run_start_task

__all__ = ["SimulationRejected"]  # raised here and by the games' simulation operations (games.registry)

logger = logging.getLogger(__name__)

GOINGS = ("first", "second", "both")
# Chunk sizes: at least ~0.1 s of work each on one core (goldfish ~1M games/s per side, hands ~2M/s).
CHUNK_GAMES = {SimulationKind.GOLDFISH: 100_000, SimulationKind.OPENING_HANDS: 250_000}
MIN_CHUNK_GAMES = 1_000


def max_games() -> int:
    return int(getattr(settings, "SIMULATION_MAX_GAMES", 10_000_000))


def max_active_runs() -> int:
    return int(getattr(settings, "SIMULATION_MAX_ACTIVE_RUNS", 5))


# --- decks --------------------------------------------------------------------------------------------------


def deck_game(*, user, decklist: Any | None, deck_id: int | None) -> tuple[Any, registry.Game]:
    """A saved deck (visible to the user) and its game, or the given decklist and the default game (a decklist sent
    to the simulations is read as the default game's)."""
    if deck_id is not None:
        from decks.selectors import deck_get_visible
        from decks.services import deck_to_decklist

        deck = deck_get_visible(deck_id=deck_id, user=user)
        game = registry.get(deck.game)
        if game.simulation is None:  # a game without simulations of its own (docs/games.md, `simulation`)
            message = f"Simulations are not available for {game.name_en} decks."
            raise SimulationRejected(ErrorCode.VALIDATION_ERROR, message, field_errors(deck_id=(message, "invalid")))
        return deck_to_decklist(deck), game
    if decklist is None:
        raise SimulationRejected(ErrorCode.DECK_REQUIRED, "Give a deck id or a decklist.")
    return decklist, registry.get(None)


def odds_queries_of(*, user, data: dict) -> OddsQueries:
    """What `POST /odds/` may ask of the request's deck's game (its places, its checks of a query): the game's own
    exact odds (`simulation`, else `odds`), or the defaults (the hand alone) for a game without odds. A saved deck
    names its game; a text or JSON decklist is of `game` (the default game)."""
    deck_value = data.get("deck") if data.get("deck") is not None else data.get("decklist")
    if isinstance(deck_value, str) and deck_value.isdigit():
        deck_value = int(deck_value)
    if isinstance(deck_value, int) and not isinstance(deck_value, bool):
        from decks.selectors import deck_get_visible

        game = registry.get(deck_get_visible(deck_id=deck_value, user=user).game)
    else:
        game = registry.get(data.get("game"))
    return game.simulation or game.odds or OddsQueries()


def game_odds_query(*, user, data: dict, queries: list[dict]) -> list[dict] | None:
    """The odds of a game that does not simulate (its `odds.opening_odds`, exact fractions): one answer per query, the
    query's `cards` as one group ("at least one of these"), or its two `groups` as starters and extenders ("at least
    one of each"). None: the deck's game has exact odds of its own (its `simulation`: `odds_queries` below), or no odds
    at all."""
    deck_value = data.get("deck") if data.get("deck") is not None else data.get("decklist")
    deck_id = None
    if isinstance(deck_value, int) and not isinstance(deck_value, bool):
        deck_id = deck_value
    elif isinstance(deck_value, str) and deck_value.isdigit():
        deck_id = int(deck_value)
    if deck_id is not None:
        from decks.selectors import deck_get_visible
        from decks.services import deck_to_decklist

        deck = deck_get_visible(deck_id=deck_id, user=user)
        game = registry.get(deck.game)
        if game.simulation is not None or game.odds is None:
            return None
        decklist = deck_to_decklist(deck)
    else:
        game = registry.get(data.get("game"))
        if game.simulation is not None or game.odds is None:
            return None
        decklist = game.parse_text(data["text"]) if data.get("text") else game.parse_json(deck_value)
    results = []
    for query in queries:
        if query.get("groups"):
            names = ("starters", "extenders", *(f"group{i}" for i in range(3, 9)))
            groups = {name: group["cards"] for name, group in zip(names, query["groups"], strict=False)}
        else:
            groups = {"cards": query["cards"]}
        answer = game.odds.opening_odds(decklist=decklist, groups=groups, going_first=query.get("going") != "second")
        if answer is None:
            return None
        results.append(answer)
    return results


# --- runs ---------------------------------------------------------------------------------------------------


def simulation_run_create(
    *,
    user,
    kind: str,
    decklist: Any | None = None,
    deck_id: int | None = None,
    games: int,
    seed: int | None,
    going: str,
    params: dict | None = None,
) -> SimulationRun:
    """Validate, resolve the deck, create the run and its chunks; the start task is enqueued on commit."""
    params = dict(params or {})
    try:
        kind = SimulationKind(kind)
    except ValueError:
        raise SimulationRejected(
            ErrorCode.INVALID_KIND, f"kind must be one of {[k.value for k in SimulationKind]}."
        ) from None
    if going not in GOINGS:
        raise SimulationRejected(ErrorCode.INVALID_GOING, "going must be first, second or both.")
    if not 1 <= games <= max_games():
        raise SimulationRejected(ErrorCode.INVALID_GAMES, f"games must be between 1 and {max_games()}.")
    if seed is None:
        seed = secrets.randbits(62)
    # Orphans (no progress for JOBS_STALE_SECONDS: the sweep is resuming or failing them) do not count.
    active = (
        SimulationRun.objects.filter(owner=user, status__in=[RunStatus.QUEUED, RunStatus.RUNNING])
        .exclude(id__in=stale_runs())
        .count()
    )
    if active >= max_active_runs():
        raise SimulationRejected(
            ErrorCode.TOO_MANY_RUNS,
            f"At most {max_active_runs()} runs may be queued or running at once.",
            {"active": active},
        )
    decklist, game = deck_game(user=user, decklist=decklist, deck_id=deck_id)
    simulation = registry.simulation_of(game)
    deck = simulation.deck(decklist=decklist)
    compare = params.get("compare")  # A/B: {"decklist": decklist} or {"deck_id": int}, goldfish only
    deck_b = None
    if compare:
        if kind != SimulationKind.GOLDFISH:
            raise SimulationRejected(ErrorCode.COMPARE_NOT_SUPPORTED, "Only goldfish runs compare two decks.")
        decklist_b, game_b = deck_game(user=user, decklist=compare.get("decklist"), deck_id=compare.get("deck_id"))
        if game_b.code != game.code:
            raise SimulationRejected(ErrorCode.COMPARE_NOT_SUPPORTED, "Both decks of a comparison are of one game.")
        deck_b = simulation.deck(decklist=decklist_b).cards
    stored = {
        "deck_b": deck_b,
        "key_cards": simulation.key_cards(deck=deck, written=list(params.get("key_cards", []))),
        "track_cards": simulation.key_cards(deck=deck, written=list(params.get("track_cards", []))),
        "chunk_games": params.get("chunk_games"),
        "deck_id": deck_id,
        "facts_unavailable": list(deck.facts_unavailable),
    }
    return simulation_run_create_from_cards(
        user=user, kind=kind, cards=deck.cards, games=games, seed=seed, going=going, params=stored, game=game.code
    )


def simulation_run_create_from_cards(
    *, user, kind: str, cards: Any, games: int, seed: int, going: str, params: dict, game: str | None = None
) -> SimulationRun:
    """Create a run for an already resolved deck (the game's `simulation_deck(...).cards`; none named: the default
    game's); `params` holds key/track cards (card keys) and deck B's cards (`deck_b`)."""
    kind = SimulationKind(kind)
    the_game = registry.get(game)
    # rejects a deck too small for the setup before anything is queued
    deck, deck_b = registry.simulation_of(the_game).records(cards=cards, deck_b=params.get("deck_b"))
    chunk = max(MIN_CHUNK_GAMES, int(params.get("chunk_games") or CHUNK_GAMES[kind]))
    stored = {
        "deck": deck,
        "deck_b": deck_b,
        "key_cards": list(params.get("key_cards", [])),
        "track_cards": list(params.get("track_cards", [])),
        "chunk_games": chunk,
        "deck_id": params.get("deck_id"),
        "facts_unavailable": list(params.get("facts_unavailable", [])),
    }
    with transaction.atomic():
        run = SimulationRun.objects.create(
            owner=user, game=the_game.code, kind=kind.value, params=stored, seed=seed, games=games, going=going
        )
        chunks = [
            SimulationChunk(run=run, index=i, first_game=start, games=min(chunk, games - start))
            for i, start in enumerate(range(0, games, chunk))
        ]
        SimulationChunk.objects.bulk_create(chunks)
        SimulationRun.objects.filter(id=run.id).update(chunks_total=len(chunks))
        run.chunks_total = len(chunks)
        enqueue_on_commit(
            lambda: simulation_run_start_task.delay(run.id),
            on_failure=lambda error: simulation_run_fail(run_id=run.id, error=error),
        )
    run.refresh_from_db(fields=["status", "error"])
    if run.status == RunStatus.FAILED and enqueue_failed(run.error):
        raise SimulationRejected(
            ErrorCode.QUEUE_UNAVAILABLE,
            "The job queue is unavailable; the run was not started. Try again later.",
            {"run": run.id},
        )
    return run


def simulation_run_cancel(*, run: SimulationRun) -> SimulationRun:
    """Cancel a queued or running run (its remaining chunks are skipped); a finished run stays as it is."""
    SimulationRun.objects.filter(id=run.id, status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).update(
        status=RunStatus.CANCELLED, finished_at=timezone.now()
    )
    run.refresh_from_db()
    return run


def simulation_run_json(run: SimulationRun) -> dict:
    seconds = None
    if run.finished_at and run.started_at:
        seconds = (run.finished_at - run.started_at).total_seconds()
    return {
        "id": run.id,
        "kind": run.kind,
        "status": run.status,
        "progress": run.progress,
        "games": run.games,
        "going": run.going,
        "seed": run.seed,
        "chunks": {"total": run.chunks_total, "done": run.chunks_done},
        "params": {k: v for k, v in run.params.items() if k not in ("deck", "deck_b")},
        "deck": [{"card": c["key"], "name": c["name"], "copies": c["copies"]} for c in run.params.get("deck", [])],
        "deck_b": [{"card": c["key"], "name": c["name"], "copies": c["copies"]} for c in run.params.get("deck_b") or []]
        or None,
        "result": run.result,
        "error": run.error or None,
        "timings": {
            "created_at": run.created_at.isoformat() if run.created_at else None,
            "started_at": run.started_at.isoformat() if run.started_at else None,
            "finished_at": run.finished_at.isoformat() if run.finished_at else None,
            "wall_seconds": seconds,
            "compute_seconds": run.compute_seconds,
        },
    }


# --- exact odds ---------------------------------------------------------------------------------------------


def odds_deck_report(*, decklist: Any, format_code: str | None = None, game: str | None = None) -> dict:
    """The exact deck report of the game (none named: the default game), for the setup of the format (Duel Party: 6
    cards in hand, 6 shields, a draw on every first turn; its partner is not shuffled in)."""
    return registry.simulation_of(game).odds_report(decklist=decklist, format_code=format_code)


def odds_query(
    *, decklist: Any, queries: list[dict], format_code: str | None = None, game: str | None = None
) -> list[dict]:
    """Answer exact queries: each is {"groups": [{"cards": [...], "at_least": k}], "where", "by_turn", "going"}
    (or the one-group short form {"cards", "at_least", ...}). Groups of one query must not share cards. The setup is
    the format's (`format_code`; none: the game's own, Duel Masters' rule 103.3)."""
    return registry.simulation_of(game).odds_queries(decklist=decklist, queries=queries, format_code=format_code)


# --- hand odds by groups (every game) ------------------------------------------------------------------------

HAND_ODDS_ERRORS = {
    "card_not_in_deck": ErrorCode.CARD_NOT_IN_DECK,
    "deck_too_small": ErrorCode.DECK_TOO_SMALL,
    "opening": ErrorCode.IMPOSSIBLE_QUERY,
}


def hand_odds_deck(*, decklist: Any, game: registry.Game) -> dict:
    """The shuffled deck of a decklist for the hand odds: card id -> copies of its main deck (a line that is no card
    still takes its places, under a key of its own)."""
    deck: dict = {}
    main = game.main_zone()
    for number, line in enumerate(game.read_decklist(decklist)):
        if line.zone != main or not line.count:
            continue
        key = line.card_id if line.card_id is not None else f"?{number}"
        deck[key] = deck.get(key, 0) + line.count
    return deck


def hand_odds_input(*, user, data: dict) -> tuple[Any, registry.Game, Any]:
    """(decklist, game, saved deck or None) of a hand odds request: a saved deck the user may see (any game), or a
    `text` / JSON decklist of `game` (default: the default game)."""
    value = data.get("deck") if data.get("deck") is not None else data.get("decklist")
    if isinstance(value, bool):
        raise ApplicationError(ErrorCode.VALIDATION_ERROR, "deck must be an id or a decklist object.")
    if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
        from decks.selectors import deck_get_visible
        from decks.services import deck_to_decklist

        deck = deck_get_visible(deck_id=int(value), user=user)
        return deck_to_decklist(deck), registry.get(deck.game), deck
    from regulations.decklists import decklist_from

    game = registry.get(data.get("game"))
    if data.get("text"):
        return decklist_from(text=data["text"], game=game.code), game, None
    if isinstance(value, dict):
        return decklist_from(deck=value, game=game.code), game, None
    raise ApplicationError(ErrorCode.VALIDATION_ERROR, "deck must be an id or a decklist object.")


def hand_odds_answer(
    *, decklist: Any, game: registry.Game, format_code: str | None, groups: list[dict], conditions: list[dict]
) -> dict:
    """Exact hand odds by groups (games.hand_odds) of a decklist's main deck under the game's opening
    (`game.hand_odds.opening`): `groups` are [{"name", "cards": [card id or name]}], `conditions` [{"group",
    "at_least" | "at_most" | "exactly": n}] (see hand_odds_of)."""
    return hand_odds_of(
        main=hand_odds_deck(decklist=decklist, game=game),
        game=game,
        format_code=format_code,
        groups=groups,
        conditions=conditions,
    )


def hand_odds_of(
    *, main: dict, game: registry.Game, format_code: str | None, groups: list[dict], conditions: list[dict]
) -> dict:
    """Exact hand odds by groups of a main deck (card id -> copies; the editor's working copy). A card of a group is
    a card id or the exact Japanese or English name of a card of the deck. Refusals are coded: a game without
    openings or a malformed condition VALIDATION_ERROR, a card the main deck does not hold CARD_NOT_IN_DECK, a deck
    too small for the opening DECK_TOO_SMALL (each with `details.reason`)."""
    from cards.models import Card
    from games import hand_odds

    if game.hand_odds is None:
        raise ApplicationError(ErrorCode.VALIDATION_ERROR, f"{game.name_en} decks have no hand odds.")
    opening = game.hand_odds.opening(format_code=format_code)
    main = game.hand_odds.shuffled(main)  # the cards the opening deals from (DM: no start-of-game card)
    written = [c for group in groups for c in group["cards"] if isinstance(c, str) and not c.isdigit()]
    names: dict[str, set] = {}
    if written:
        ids = [key for key in main if isinstance(key, int)]
        for card_id, name_ja, name_en in Card.objects.filter(id__in=ids).values_list("id", "name_ja", "name_en"):
            for name in (name_ja, name_en):
                if name:
                    names.setdefault(name.casefold(), set()).add(card_id)
    try:
        named: dict[str, set] = {}
        for group in groups:
            members: set = set()
            for card in group["cards"]:
                if isinstance(card, int) or (isinstance(card, str) and card.isdigit()):
                    members.add(int(card))
                elif isinstance(card, str) and card.casefold() in names:
                    members |= names[card.casefold()]
                else:
                    raise hand_odds.HandOddsError(
                        "card_not_in_deck", f"group {group['name']!r}: {card!r} is no card of the main deck"
                    )
            named[group["name"]] = members
        question = hand_odds.question(main, named, [hand_odds.condition_of(c) for c in conditions])
        answer = hand_odds.hand_odds(question, opening)
    except hand_odds.HandOddsError as exc:
        code = HAND_ODDS_ERRORS.get(exc.reason, ErrorCode.VALIDATION_ERROR)
        raise ApplicationError(code, str(exc), {"reason": exc.reason}) from None
    return {"game": game.code, "format": format_code, **answer}
