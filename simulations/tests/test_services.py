"""Runs: chunking, idempotent chunks, exactly-once merge, cancel, reproducibility (Celery eager)."""

import pytest

from accounts.tests.factories import UserFactory
from cards.models import Card
from games.dm.rules import goldfish
from games.dm.rules.decklist import parse_text
from simulations import jobs, services, tasks
from simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return UserFactory(username="sim")


def create(user, text="40 Bolt Soldier", *, kind="goldfish", games=3500, seed=11, going="both", **params):
    return services.simulation_run_create(
        user=user, kind=kind, decklist=parse_text(text), games=games, seed=seed, going=going,
        params={"chunk_games": 1000, **params},
    )  # fmt: skip


def test_goldfish_run_in_chunks_gives_the_g19_result(user, resolver, eager_celery, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user)
    run.refresh_from_db()
    assert run.chunks_total == 4
    assert run.status == RunStatus.DONE
    assert run.progress == 1.0
    assert run.result["kill_turn"]["first"]["distribution"] == {"5": 1.0}
    assert run.result["kill_turn"]["second"] == {
        "distribution": {"5": 1.0}, "mean": 5.0, "mean_ci95": [5.0, 5.0], "p50": 5, "p90": 5,
        "kill_by_turn": {"5": 1.0}, "kill_by_turn_ci95": {"5": [pytest.approx(0.99890, abs=1e-5), 1.0]},
        "kill_rate": 1.0, "kill_rate_ci95": [pytest.approx(0.99890, abs=1e-5), 1.0],
    }  # fmt: skip
    assert "Not modeled" in run.result["not_modeled"]
    assert [(row["name_ja"], row["played"]) for row in run.result["cards"]] == [
        ("Bolt Soldier", {"first": 1.0, "second": 1.0})
    ]


def test_chunked_run_equals_one_batch_with_the_same_seed(
    user, resolver, eager_celery, django_capture_on_commit_callbacks
):
    text = "12 Bolt Soldier\n12 Forest Giant\n8 Twin Dragon\n8 Flame Runner"
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user, text, key_cards=["Forest Giant"])
    run.refresh_from_db()
    cards = [goldfish.EngineCard.from_dict(c) for c in run.params["deck"]]
    counts = goldfish.play(cards, games=3500, seed=11, going="both", key_cards=["3"])
    direct = goldfish.summarise(counts, cards=cards, key_cards=["3"])
    assert run.result["kill_turn"] == direct["kill_turn"]
    assert run.result["first_cast"] == direct["first_cast"]
    assert run.result["cards"] == direct["cards"]
    assert "3" in run.result["first_cast"]["first"]


def test_chunks_are_idempotent_and_the_merge_is_written_once(user, resolver):
    run = create(user, games=2500)  # on-commit callbacks not run: nothing was enqueued
    SimulationRun.objects.filter(id=run.id).update(status=RunStatus.RUNNING)
    chunk_ids = list(SimulationChunk.objects.filter(run=run).values_list("id", flat=True))
    for chunk_id in chunk_ids[:-1]:
        jobs.simulation_chunk_execute(chunk_id=chunk_id)
        jobs.simulation_chunk_execute(chunk_id=chunk_id)  # a redelivered message
    first = SimulationChunk.objects.get(id=chunk_ids[0])
    assert first.status == ChunkStatus.DONE and first.attempts == 1
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING and run.chunks_done == 2
    jobs.simulation_chunk_execute(chunk_id=chunk_ids[-1])
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert jobs.simulation_run_merge(run_id=run.id) is False  # already merged: no second write


def test_cancelled_run_skips_its_chunks(user, resolver):
    run = create(user)
    services.simulation_run_cancel(run=run)
    assert run.status == RunStatus.CANCELLED
    chunk = SimulationChunk.objects.filter(run=run).first()
    assert jobs.simulation_chunk_execute(chunk_id=chunk.id) == "skipped"
    assert jobs.simulation_run_start(run_id=run.id) == []


def test_opening_hands_run_estimates_match_the_exact_values(
    user, resolver, eager_celery, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user, "4 Aqua Guard\n36 Bolt Soldier", kind="opening_hands", games=200_000, chunk_games=50_000)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    row = next(r for r in run.result["cards"] if r["card"] == "2")
    exact = run.result["exact"]["2"]
    assert abs(row["in_hand"] - 3903 / 9139) < 0.005
    assert abs(row["in_shields"] - exact["in_shields"]) < 0.005
    assert abs(row["seen_by_turn"]["second"]["3"] - 5543 / 9139) < 0.005


REJECTIONS = [
    ("unknown card", "40 Nobody", {}, "UNKNOWN_CARD"),
    ("too small", "9 Bolt Soldier", {}, "DECK_TOO_SMALL"),
    ("key card not in deck", "40 Bolt Soldier", {"key_cards": ["Forest Giant"]}, "KEY_CARD_NOT_IN_DECK"),
    ("bad line", "40 Bolt Soldier\n0 Bolt Soldier", {}, "DECKLIST_UNREADABLE"),
]


@pytest.mark.parametrize("text, params, code", [r[1:] for r in REJECTIONS], ids=[r[0] for r in REJECTIONS])
def test_rejections(user, resolver, text, params, code):
    with pytest.raises(services.SimulationRejected) as info:
        create(user, text, **params)
    assert info.value.code == code


def test_psychic_and_start_cards_never_enter_the_library(user, resolver):
    report = services.odds_deck_report(decklist=parse_text("1 Sealed One\n39 Bolt Soldier\n1 Psy"))
    assert report["deck_size"] == 39


def test_g02_the_set_table_start_card_takes_its_seals_before_shields_and_hand(
    user, resolver, eager_celery, django_capture_on_commit_callbacks
):
    """G02: 40 - 1 (to the battle zone) - 6 seals - 5 shields - 5 hand = 23 cards left in the library."""
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user, "1 禁断～封印されしX～\n39 Bolt Soldier", games=200)
    run.refresh_from_db()
    assert run.status == "done", run.error
    assert {side: rows[0]["library"] for side, rows in run.result["sample_game"].items()} == {"first": 23, "second": 23}


def test_ab_comparison_run_uses_the_same_shuffles(user, resolver, eager_celery, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user, "40 Bolt Soldier", compare={"decklist": parse_text("40 Flame Runner")}, going="first")
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    compare = run.result["compare"]
    assert compare["same_shuffles"] is True
    assert compare["b"]["kill_turn"]["first"]["distribution"] == {"4": 1.0}  # G19: Speed Attackers win on turn 4
    assert compare["b_minus_a"]["first"]["mean"] == -1.0
    assert compare["b_minus_a"]["first"]["kill_by_turn"] == {"4": 1.0, "5": 0.0}


def test_compare_is_goldfish_only(user, resolver):
    with pytest.raises(services.SimulationRejected) as info:
        create(user, kind="opening_hands", compare={"decklist": parse_text("40 Flame Runner")})
    assert info.value.code == "COMPARE_NOT_SUPPORTED"


def test_a_user_has_at_most_n_active_runs(user, resolver, settings):
    settings.SIMULATION_MAX_ACTIVE_RUNS = 2
    create(user)
    create(user)
    with pytest.raises(services.SimulationRejected) as info:
        create(user)
    assert info.value.code == "TOO_MANY_RUNS"


def test_resume_resends_stale_runs_and_they_complete(user, resolver, eager_celery):
    from datetime import timedelta

    from django.utils import timezone

    run = create(user, games=1500)  # its start message was "lost": on-commit callbacks never ran
    SimulationRun.objects.filter(id=run.id).update(created_at=timezone.now() - timedelta(hours=1))
    assert tasks.simulation_runs_resume(older_than_seconds=600) == []  # its chunks were written just now
    SimulationChunk.objects.filter(run=run).update(updated_at=timezone.now() - timedelta(hours=1))
    assert tasks.simulation_runs_resume(older_than_seconds=600) == [run.id]
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.result["sample_game"]["first"][0]["library"] == 30  # G01 in the published trace


@pytest.mark.parametrize(
    ("facts_source", "unknown"),
    [
        ("tw", False),  # the records whose texts the effects data read: no entry means no effect the engine uses
        ("geekstack", True),  # a record whose text nobody read: its effects are unknown, never "reproduced"
        ("", False),  # a row with no recorded source (a hand-made catalogue) is taken as read
    ],
)
def test_a_card_whose_text_was_never_read_is_not_counted_as_modeled(
    user, resolver, eager_celery, django_capture_on_commit_callbacks, facts_source, unknown
):
    Card.objects.create(id=1, name_ja="Bolt Soldier", name_key="bolt soldier", facts_source=facts_source)
    with django_capture_on_commit_callbacks(execute=True):
        run = create(user, games=1000)
    run.refresh_from_db()
    modeled = run.result["effects_modeled"]
    not_modeled = {row["name_ja"]: row["unmodeled"] for row in modeled["not_modeled"]}
    assert ("Bolt Soldier" in not_modeled) is unknown
    assert modeled["share"] == (0.0 if unknown else 1.0)
