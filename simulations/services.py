"""Simulation and odds services.

`simulation_run_create` resolves the deck once, stores it as engine card records in the run's params, splits
the games into chunks and enqueues the start task after the transaction commits. Workers then need only ids:
`simulation_run_start` fans the pending chunks out, `simulation_chunk_execute` computes one chunk (idempotent:
a chunk is written once, by a conditional update) and the last chunk to finish merges the run (again a
conditional update, so the merge is written exactly once). Every game depends only on (seed, game number),
so the result never depends on which worker ran which chunk, or how often.
"""

import logging
import secrets
import time
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Max, Q
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode
from deckbuilder.jobs import enqueue_failed, enqueue_on_commit, jobs_max_attempts, jobs_resend, jobs_stale_seconds
from dmrules import goldfish, odds
from dmrules.cards import CardFacts
from dmrules.decklist import Decklist
from dmrules.goldfish import hands
from dmrules.goldfish.deck import DeckError, EngineCard, engine_card_from_facts
from dmrules.goldfish.engine import SideCounts
from dmrules.vocabulary import DeckZone, Zone
from regulations.services import start_set_of
from simulations.models import FINISHED, ChunkStatus, RunStatus, SimulationChunk, SimulationKind, SimulationRun

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
    from cards.resolver import get_resolver

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

        return deck_to_decklist(deck_get_visible(deck_id=deck_id, user=user))
    if decklist is None:
        raise SimulationRejected(ErrorCode.DECK_REQUIRED, "Give a deck id or a decklist.")
    return decklist


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
        .exclude(id__in=_stale_runs())
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
    from simulations.tasks import simulation_run_start_task

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


def _stale_runs(*, older_than_seconds: int | None = None):
    """Queued or running runs with no progress (no chunk started or finished) for JOBS_STALE_SECONDS: their
    messages were lost (a killed worker, a broker restarted without persistence). A subquery of ids."""
    cutoff = timezone.now() - timedelta(
        seconds=jobs_stale_seconds() if older_than_seconds is None else older_than_seconds
    )
    return (
        SimulationRun.objects.filter(status__in=[RunStatus.QUEUED, RunStatus.RUNNING], created_at__lt=cutoff)
        .annotate(last_progress=Max("chunks__updated_at"))
        .filter(Q(last_progress__isnull=True) | Q(last_progress__lt=cutoff))
        .values("id")
    )


def simulation_runs_resume(*, older_than_seconds: int | None = None) -> list[int]:
    """The sweep (Celery beat, the worker's start-up, `manage.py resume_simulations`): re-send the start task of
    stale runs, which re-enqueues their pending chunks (safe to repeat). A run whose chunk was already tried
    JOBS_MAX_ATTEMPTS times (it keeps killing workers, or keeps being lost) is failed instead."""
    from simulations.tasks import simulation_run_start_task

    def worn(run_id: int) -> str:
        lost = SimulationChunk.objects.filter(
            run_id=run_id, status=ChunkStatus.PENDING, attempts__gte=jobs_max_attempts()
        ).exists()
        return f"a chunk was lost {jobs_max_attempts()} times" if lost else ""

    stale = list(_stale_runs(older_than_seconds=older_than_seconds).values_list("id", flat=True))
    return jobs_resend(
        ((run_id, worn(run_id)) for run_id in stale),
        send=simulation_run_start_task.delay,
        fail=lambda run_id, error: simulation_run_fail(run_id=run_id, error=error),
        what="simulation run",
    )


def simulation_run_start(*, run_id: int) -> int:
    """Mark the run running and fan its pending chunks out (safe to repeat: chunks are idempotent)."""
    from simulations.tasks import simulation_chunk_execute_task

    SimulationRun.objects.filter(id=run_id, status=RunStatus.QUEUED).update(
        status=RunStatus.RUNNING, started_at=timezone.now()
    )
    run = SimulationRun.objects.filter(id=run_id).first()
    if run is None or run.status != RunStatus.RUNNING:
        return 0
    pending = list(
        SimulationChunk.objects.filter(run_id=run_id, status=ChunkStatus.PENDING).values_list("id", flat=True)
    )
    if not pending:
        simulation_run_merge(run_id=run_id)
        return 0
    from celery import group

    group(simulation_chunk_execute_task.s(chunk_id) for chunk_id in pending).apply_async()
    return len(pending)


def _chunk_counts(run: SimulationRun, chunk: SimulationChunk) -> dict:
    params = run.params
    cards = [EngineCard.from_dict(c) for c in params["deck"]]
    if run.kind == SimulationKind.GOLDFISH:
        decks = {"a": cards}
        if params.get("deck_b"):
            # A/B: both decks on the same shuffles, with the joint per-game outcomes for paired intervals
            deck_b = [EngineCard.from_dict(c) for c in params["deck_b"]]
            counts_a, counts_b, joint = goldfish.paired_outcomes(
                cards, deck_b, games=chunk.games, seed=run.seed, going=run.going, first_game=chunk.first_game
            )
            return {
                "a": {side: c.to_dict() for side, c in counts_a.items()},
                "b": {side: c.to_dict() for side, c in counts_b.items()},
                "joint": joint,
            }
        result = {}
        for name, deck in decks.items():
            counts = goldfish.play(
                deck,
                games=chunk.games,
                seed=run.seed,  # the same seed: deck B gets the same shuffles
                going=run.going,
                key_cards=params.get("key_cards", []),
                track_cards=params.get("track_cards", []),
                first_game=chunk.first_game,
            )
            result[name] = {side: c.to_dict() for side, c in counts.items()}
        return result
    copies = [c.copies for c in cards if c.in_library]
    return hands.sample_hands(copies, hands=chunk.games, seed=run.seed, stream=chunk.index).to_dict()


def simulation_chunk_execute(*, chunk_id: int) -> str:
    """Compute one chunk unless it is done or its run finished; the last chunk merges the run."""
    chunk = SimulationChunk.objects.select_related("run").filter(id=chunk_id).first()
    if chunk is None:
        return "missing"
    run = chunk.run
    if run.status in FINISHED:
        return "skipped"
    if chunk.status == ChunkStatus.PENDING:
        # updated_at is the run's heartbeat for the sweep (update() does not touch auto_now fields)
        SimulationChunk.objects.filter(id=chunk_id).update(attempts=F("attempts") + 1, updated_at=timezone.now())
        started = time.perf_counter()
        counts = _chunk_counts(run, chunk)
        seconds = time.perf_counter() - started
        # written once: a duplicate delivery computed the same counts and finds the chunk already done
        SimulationChunk.objects.filter(id=chunk_id, status=ChunkStatus.PENDING).update(
            status=ChunkStatus.DONE, counts=counts, seconds=seconds, updated_at=timezone.now()
        )
    done = SimulationChunk.objects.filter(run_id=run.id, status=ChunkStatus.DONE).count()
    SimulationRun.objects.filter(id=run.id, status=RunStatus.RUNNING, chunks_done__lt=done).update(
        chunks_done=done, progress=done / run.chunks_total
    )
    if done == run.chunks_total:
        simulation_run_merge(run_id=run.id)
    return "done"


def _merged_result(run: SimulationRun, chunks: list[SimulationChunk]) -> dict:
    cards = [EngineCard.from_dict(c) for c in run.params["deck"]]
    if run.kind == SimulationKind.GOLDFISH:
        merged: dict[str, dict[str, SideCounts]] = {}
        joint: dict[str, dict[str, int]] = {}
        for chunk in chunks:
            chunk_counts = chunk.counts or {}  # a done chunk always has its counts
            joint = goldfish.merge_joint(joint, chunk_counts.get("joint", {}))
            for name, per_side in chunk_counts.items():
                if name == "joint":
                    continue
                into = merged.setdefault(name, {})
                for side, data in per_side.items():
                    counts = SideCounts.from_dict(data)
                    into[side] = into[side].merge(counts) if side in into else counts
        result = goldfish.summarise(
            merged["a"],
            cards=cards,
            key_cards=run.params.get("key_cards", []),
            track_cards=run.params.get("track_cards", []),
        )
        result["sample_game"] = {  # spec 2.6: mana and hand traces, here of game 0 (same shuffle as the counts)
            side: goldfish.trace(cards, seed=run.seed, game=0, going=side, key_cards=run.params.get("key_cards", []))
            for side in merged["a"]
        }
        if "b" in merged:
            cards_b = [EngineCard.from_dict(c) for c in run.params["deck_b"]]
            comparison = goldfish.compare_counts(
                merged["a"], merged["b"], cards_a=cards, cards_b=cards_b, joint=joint or None
            )
            result["compare"] = {k: comparison[k] for k in ("b", "b_minus_a", "same_shuffles")}
    else:
        total = hands.HandCounts()
        for chunk in chunks:
            total = total.merge(hands.HandCounts.from_dict(chunk.counts or {}))
        in_pool = [c for c in cards if c.in_library]
        result = hands.summarise_hands(total, [(c.key, c.name) for c in in_pool])
        exact = odds.deck_report(odds_cards_from_engine(cards))
        result["exact"] = {row["card"]: row for row in exact["cards"]}
    result["seed"] = run.seed
    result["facts_unavailable"] = run.params.get("facts_unavailable", [])
    return result


def simulation_run_merge(*, run_id: int) -> bool:
    """Merge the chunks into the result; the conditional update makes the write happen exactly once."""
    run = SimulationRun.objects.get(id=run_id)
    chunks = list(SimulationChunk.objects.filter(run_id=run_id).order_by("index"))
    if run.status != RunStatus.RUNNING or any(c.status != ChunkStatus.DONE for c in chunks):
        return False
    result = _merged_result(run, chunks)
    written = SimulationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
        status=RunStatus.DONE,
        result=result,
        progress=1.0,
        chunks_done=len(chunks),
        finished_at=timezone.now(),
        compute_seconds=sum(c.seconds for c in chunks),
    )
    return written == 1


def simulation_run_fail(*, run_id: int, error: str) -> bool:
    return (
        SimulationRun.objects.filter(id=run_id, status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).update(
            status=RunStatus.FAILED, error=error[:2000], finished_at=timezone.now()
        )
        == 1
    )


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


def odds_cards_from_engine(cards: list[EngineCard]) -> list[odds.OddsCard]:
    return [
        odds.OddsCard(
            key=c.key,
            name=c.name,
            copies=c.copies,
            civilizations=c.mana_civilizations,
            shield_trigger=c.shield_trigger,
            starts_outside_deck=c.starts_in_battle_zone,
            seals=c.seals,
        )
        for c in cards
        if c.zone == "main"
    ]


def _odds_cards(resolved: ResolvedDeck) -> list[odds.OddsCard]:
    return odds_cards_from_engine([engine_card_from_facts(f, n) for f, n in resolved.main])


def odds_deck_report(*, decklist: Decklist) -> dict:
    """The exact deck report (per card, shield triggers, civilizations in the opening hand)."""
    resolved = deck_resolve(decklist=decklist)
    try:
        report = odds.deck_report(_odds_cards(resolved))
    except odds.OddsError as exc:
        raise SimulationRejected(ErrorCode.DECK_TOO_SMALL, str(exc)) from None
    report["facts_unavailable"] = list(resolved.facts_unavailable)
    return report


def odds_query(*, decklist: Decklist, queries: list[dict]) -> list[dict]:
    """Answer exact queries: each is {"groups": [{"cards": [...], "at_least": k}], "where", "by_turn", "going"}
    (or the one-group short form {"cards", "at_least", ...}). Groups of one query must not share cards."""
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
            value = odds.query_probability(deck_size=deck_size, query=q, seals=seals)
        except odds.OddsError as exc:
            raise SimulationRejected(ErrorCode.IMPOSSIBLE_QUERY, f"query {number}: {exc}", {"query": number}) from None
        row = odds.probability_json(value)
        drawn = odds.sample_size(where=q.where, by_turn=q.by_turn, going=q.going)
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
