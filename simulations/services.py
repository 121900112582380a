"""Simulation and odds services.

`simulation_run_create` resolves the deck once, stores it as engine card records in the run's params, splits
the games into chunks and enqueues the start task after the transaction commits. Workers then need only ids: the
work they do (start, chunks, merge) lives in simulations.jobs, below the tasks; services send tasks, tasks never
import services (the import-linter contract "Services send tasks; tasks run jobs").
"""

import logging
import secrets
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode, field_errors
from deckbuilder.jobs import enqueue_failed, enqueue_on_commit
from games.dm.rules import goldfish, odds
from games.dm.rules.cards import CardFacts
from games.dm.rules.decklist import Decklist
from games.dm.rules.goldfish.deck import DeckError, EngineCard, engine_card_from_facts
from games.dm.rules.vocabulary import DeckZone, Zone
from regulations.selectors import format_setup
from regulations.services import start_set_of
from simulations.jobs import odds_cards_from_engine, simulation_run_fail, stale_runs
from simulations.models import RunStatus, SimulationChunk, SimulationKind, SimulationRun
from simulations.tasks import simulation_run_start_task

logger = logging.getLogger(__name__)

GOINGS = ("first", "second", "both")
# Chunk sizes: at least ~0.1 s of work each on one core (goldfish ~1M games/s per side, hands ~2M/s).
CHUNK_GAMES = {SimulationKind.GOLDFISH: 100_000, SimulationKind.OPENING_HANDS: 250_000}
MIN_CHUNK_GAMES = 1_000


class SimulationRejected(ApplicationError):
    """The request cannot become a run or an odds answer (bad deck, unknown cards, bad parameters)."""


def max_games() -> int:
    return int(getattr(settings, "SIMULATION_MAX_GAMES", 10_000_000))


def max_active_runs() -> int:
    return int(getattr(settings, "SIMULATION_MAX_ACTIVE_RUNS", 5))


# --- decks --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResolvedDeck:
    main: tuple[tuple[CardFacts, int], ...]  # distinct cards of the main deck (and start-of-game cards) with counts
    facts_unavailable: tuple[str, ...]
    outside: tuple[tuple[CardFacts, int], ...] = ()  # hyperspatial and super GR zone cards (used by effects)


def _get_resolver():
    from games.dm.resolver import get_resolver

    return get_resolver()


def deck_resolve(*, decklist: Decklist) -> ResolvedDeck:
    """The main deck as CardFacts with counts (hyperspatial / GR / considering lines never enter the library)."""
    if decklist.errors:
        raise SimulationRejected(
            ErrorCode.DECKLIST_UNREADABLE,
            "Some decklist lines could not be read.",
            {"lines": [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]},
        )
    resolver = _get_resolver()
    counts: dict[int, int] = {}
    facts: dict[int, CardFacts] = {}
    outside: dict[int, tuple[CardFacts, int]] = {}
    problems: list[dict[str, Any]] = []
    for index, line in enumerate(decklist.lines, start=1):
        if line.zone not in (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR):
            continue
        resolution = resolver.resolve(line.card)
        if resolution.status != "ok" or resolution.card is None:
            code = ErrorCode.AMBIGUOUS_CARD if resolution.status == "ambiguous" else ErrorCode.UNKNOWN_CARD
            problems.append(
                {
                    "line": line.line if line.line is not None else index,
                    "written": str(line.card),
                    "code": code,
                    "candidates": [
                        {"id": c.id, "name_ja": c.name_ja, "name_en": c.name_en} for c in resolution.candidates
                    ],
                }
            )
            continue
        card = resolution.card
        if card.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR) or line.zone != DeckZone.MAIN:
            # 100.3, 100.4: these zones are not shuffled into the deck; effects summon from them
            if card.zone in (Zone.HYPERSPATIAL, Zone.SUPER_GR):
                seen = outside.get(card.id, (card, 0))[1]
                outside[card.id] = (card, seen + line.count)
            continue
        start_set = start_set_of(card=card)
        if start_set != card.start_set:
            # 100.5, 103.3: a start-of-game card the set table knows (the data may list it as a main deck card)
            # is put into the battle zone before the shields and the hand are dealt.
            card = replace(card, start_set=start_set)
        facts[card.id] = card
        counts[card.id] = counts.get(card.id, 0) + line.count
    if problems:
        code = problems[0]["code"] if len({p["code"] for p in problems}) == 1 else ErrorCode.UNKNOWN_CARD
        raise SimulationRejected(code, "Some cards could not be identified.", {"lines": problems})
    if not counts:
        raise SimulationRejected(ErrorCode.DECK_EMPTY, "The main deck is empty.")
    main = tuple((facts[i], n) for i, n in counts.items())
    unavailable = tuple(str(f.id) for f, _ in main if not f.facts_available)
    return ResolvedDeck(main=main, facts_unavailable=unavailable, outside=tuple(outside.values()))


def engine_cards(resolved: ResolvedDeck) -> list[EngineCard]:
    """The deck's engine cards (main deck, then hyperspatial and GR zones) with their imported effects."""
    from simulations.effects import card_effects_by_card

    everything = [*resolved.main, *resolved.outside]
    effects = card_effects_by_card(card_ids=[f.id for f, _ in everything])
    return [engine_card_from_facts(f, n, effects=effects.get(f.id, ())) for f, n in everything]


def decklist_for(*, user, decklist: Decklist | None, deck_id: int | None) -> Decklist:
    """A saved deck (visible to the user) or the given decklist."""
    if deck_id is not None:
        from decks.selectors import deck_get_visible
        from decks.services import deck_to_decklist
        from games import registry

        deck = deck_get_visible(deck_id=deck_id, user=user)
        if not registry.get(deck.game).simulates:  # the goldfish and the odds here are Duel Masters' (issue 19)
            message = f"Simulations are not available for {registry.get(deck.game).name_en} decks."
            raise SimulationRejected(ErrorCode.VALIDATION_ERROR, message, field_errors(deck_id=(message, "invalid")))
        return deck_to_decklist(deck)
    if decklist is None:
        raise SimulationRejected(ErrorCode.DECK_REQUIRED, "Give a deck id or a decklist.")
    return decklist


def game_odds_query(*, user, data: dict, queries: list[dict]) -> list[dict] | None:
    """The odds of another game than Duel Masters (its `opening_odds`, exact fractions): one answer per query, the
    query's `cards` as one group ("at least one of these"), or its two `groups` as starters and extenders ("at least
    one of each"). None: the deck is Duel Masters' (the engines below), or its game has no odds of its own."""
    from games import registry

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
        if game.code == registry.DEFAULT_GAME:
            return None
        decklist = deck_to_decklist(deck)
    else:
        game = registry.get(data.get("game"))
        if game.code == registry.DEFAULT_GAME:
            return None
        decklist = game.parse_text(data["text"]) if data.get("text") else game.parse_json(deck_value)
    results = []
    for query in queries:
        if query.get("groups"):
            names = ("starters", "extenders", *(f"group{i}" for i in range(3, 9)))
            groups = {name: group["cards"] for name, group in zip(names, query["groups"], strict=False)}
        else:
            groups = {"cards": query["cards"]}
        answer = game.opening_odds(decklist=decklist, groups=groups, going_first=query.get("going") != "second")
        if answer is None:
            return None
        results.append(answer)
    return results


def _key_ids(resolved: ResolvedDeck, written: list) -> list[str]:
    """Key card names or ids -> card ids of the deck (a named card not in the deck is an error)."""
    resolver = _get_resolver()
    in_deck = {f.id for f, _ in resolved.main}
    keys = []
    for item in written:
        resolution = resolver.resolve(item)
        if resolution.status != "ok" or resolution.card is None or resolution.card.id not in in_deck:
            raise SimulationRejected(
                ErrorCode.KEY_CARD_NOT_IN_DECK, f"{item} is not a card of the main deck.", {"card": item}
            )
        keys.append(str(resolution.card.id))
    return keys


# --- runs ---------------------------------------------------------------------------------------------------


def simulation_run_create(
    *,
    user,
    kind: str,
    decklist: Decklist | None = None,
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
    resolved = deck_resolve(decklist=decklist_for(user=user, decklist=decklist, deck_id=deck_id))
    cards = engine_cards(resolved)
    compare = params.get("compare")  # A/B: {"decklist": Decklist} or {"deck_id": int}, goldfish only
    deck_b = None
    if compare:
        if kind != SimulationKind.GOLDFISH:
            raise SimulationRejected(ErrorCode.COMPARE_NOT_SUPPORTED, "Only goldfish runs compare two decks.")
        resolved_b = deck_resolve(
            decklist=decklist_for(user=user, decklist=compare.get("decklist"), deck_id=compare.get("deck_id"))
        )
        deck_b = engine_cards(resolved_b)
    stored = {
        "deck_b": deck_b,
        "key_cards": _key_ids(resolved, list(params.get("key_cards", []))),
        "track_cards": _key_ids(resolved, list(params.get("track_cards", []))),
        "chunk_games": params.get("chunk_games"),
        "deck_id": deck_id,
        "facts_unavailable": list(resolved.facts_unavailable),
    }
    return simulation_run_create_from_cards(
        user=user, kind=kind, cards=cards, games=games, seed=seed, going=going, params=stored
    )


def simulation_run_create_from_cards(
    *, user, kind: str, cards: list[EngineCard], games: int, seed: int, going: str, params: dict
) -> SimulationRun:
    """Create a run for an already resolved deck (engine cards); `params` holds key/track cards (card keys)."""
    kind = SimulationKind(kind)
    deck_b = params.get("deck_b")
    try:
        goldfish.compile_deck(cards)  # rejects a deck too small for the setup before anything is queued
        if deck_b:
            goldfish.compile_deck(deck_b)
    except DeckError as exc:
        raise SimulationRejected(ErrorCode.DECK_TOO_SMALL, str(exc)) from None
    chunk = max(MIN_CHUNK_GAMES, int(params.get("chunk_games") or CHUNK_GAMES[kind]))
    stored = {
        "deck": [c.to_dict() for c in cards],
        "deck_b": [c.to_dict() for c in deck_b] if deck_b else None,
        "key_cards": list(params.get("key_cards", [])),
        "track_cards": list(params.get("track_cards", [])),
        "chunk_games": chunk,
        "deck_id": params.get("deck_id"),
        "facts_unavailable": list(params.get("facts_unavailable", [])),
    }
    with transaction.atomic():
        run = SimulationRun.objects.create(
            owner=user, kind=kind.value, params=stored, seed=seed, games=games, going=going
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


def _odds_cards(resolved: ResolvedDeck) -> list[odds.OddsCard]:
    return odds_cards_from_engine([engine_card_from_facts(f, n) for f, n in resolved.main])


def _setup(format_code: str | None) -> odds.Setup:
    """The format's setup (UNKNOWN_FORMAT for a code no format has); the rules' 103.3 setup without a format."""
    return format_setup(code=format_code) if format_code else odds.STANDARD


def odds_deck_report(*, decklist: Decklist, format_code: str | None = None) -> dict:
    """The exact deck report (per card, shield triggers, civilizations in the opening hand), for the setup of the
    format (Duel Party: 6 cards in hand, 6 shields, a draw on every first turn; its partner is not shuffled in)."""
    setup = _setup(format_code)
    resolved = deck_resolve(decklist=decklist)
    try:
        report = odds.deck_report(_odds_cards(resolved), setup=setup)
    except odds.OddsError as exc:
        raise SimulationRejected(ErrorCode.DECK_TOO_SMALL, str(exc)) from None
    report["facts_unavailable"] = list(resolved.facts_unavailable)
    return report


def odds_query(*, decklist: Decklist, queries: list[dict], format_code: str | None = None) -> list[dict]:
    """Answer exact queries: each is {"groups": [{"cards": [...], "at_least": k}], "where", "by_turn", "going"}
    (or the one-group short form {"cards", "at_least", ...}). Groups of one query must not share cards. The setup is
    the format's (`format_code`; none: rule 103.3's)."""
    setup = _setup(format_code)
    resolved = deck_resolve(decklist=decklist)
    cards = _odds_cards(resolved)
    deck_size = odds.pool_size(cards)
    seals = odds.total_seals(cards)
    copies = {c.key: c.copies for c in cards if not c.starts_outside_deck}
    resolver = _get_resolver()
    results = []
    for number, query in enumerate(queries):
        groups_in = query.get("groups") or [{"cards": query.get("cards", []), "at_least": query.get("at_least", 1)}]
        groups: list[tuple[int, int]] = []
        used: set[str] = set()
        for group in groups_in:
            ids = set()
            for written in group.get("cards", []):
                resolution = resolver.resolve(written)
                if resolution.status != "ok" or resolution.card is None:
                    raise SimulationRejected(
                        ErrorCode.UNKNOWN_CARD, f"query {number}: {written} could not be identified.", {"query": number}
                    )
                if str(resolution.card.id) not in copies:
                    # asking for a card the deck does not hold is a mistake, not a probability of 0
                    raise SimulationRejected(
                        ErrorCode.CARD_NOT_IN_DECK,
                        f"query {number}: {written} is not in the main deck.",
                        {"query": number, "card": written},
                    )
                ids.add(str(resolution.card.id))
            if ids & used:
                raise SimulationRejected(
                    ErrorCode.OVERLAPPING_GROUPS, f"query {number}: groups share a card.", {"query": number}
                )
            used |= ids
            groups.append((sum(copies.get(i, 0) for i in ids), int(group.get("at_least", 1))))
        q = odds.Query(
            groups=tuple(groups),
            where=odds.Where(query.get("where", "hand")),
            by_turn=int(query.get("by_turn", 0)),
            going=odds.Going(query.get("going", "first")),
        )
        try:
            value = odds.query_probability(deck_size=deck_size, query=q, seals=seals, setup=setup)
        except odds.OddsError as exc:
            raise SimulationRejected(ErrorCode.IMPOSSIBLE_QUERY, f"query {number}: {exc}", {"query": number}) from None
        row = odds.probability_json(value)
        drawn = odds.sample_size(where=q.where, by_turn=q.by_turn, going=q.going, setup=setup)
        row["cards_drawn"] = drawn
        row["deck_size"] = deck_size
        if len(groups) == 1:
            k = groups[0][0]
            row["expected"] = float(odds.expected_copies(deck_size=deck_size, copies=k, drawn=drawn))
            row["distribution"] = {
                str(j): float(p)
                for j, p in enumerate(odds.copies_distribution(deck_size=deck_size, copies=k, drawn=drawn))
            }
        results.append(row)
    return results
