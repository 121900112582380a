"""The regulations app knows no game (issue 19): the dated lists replay with the game's statuses, the commands and the
batch jobs reach the game through games.registry, and migration 0008 (statuses as the game's strings, a batch's
game) keeps every stored status, an overlay's signed fingerprint and every batch Duel Masters'."""

import io
import json
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from games import registry
from regulations import selectors, services
from regulations.models import EventOverlay, LegalityBatch, OverlayCard, OverlayCombo, RegulationEvent
from regulations.tests.catalogue import BANNED, COMBO, FILLER, LIMITED


def test_the_duel_masters_statuses_are_the_games():
    game = registry.get("dm")
    assert dict(game.lists.limits) == {"limited": 1, "banned": 0}
    assert game.lists.combo_statuses == ("premium_combo", "premium_hyperspatial_combo")
    assert game.lists.statuses() == (
        "unrestricted",
        "limited",
        "banned",
        "premium_combo",
        "premium_hyperspatial_combo",
    )


@pytest.mark.parametrize(
    ("as_of", "expected"),
    [
        pytest.param(date(2015, 1, 1), {BANNED: 0, LIMITED: 1}, id="both-listed"),
        pytest.param(date(2019, 1, 1), {BANNED: 0}, id="limited-released"),
    ],
)
def test_the_list_in_force_counts_copies_by_the_games_limits(hof, cards, as_of, expected):
    in_force = selectors.regulation_in_force(format_code="advance", as_of=as_of)
    by_name = {item.name: in_force.limits[item.name_key] for item in in_force.cards}
    assert {name: copies for name, copies in by_name.items() if name in expected} == expected
    assert [item.status for item in in_force.cards] == sorted(
        (item.status for item in in_force.cards), key=lambda status: registry.get("dm").lists.limits[status]
    )  # the strictest first


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        pytest.param({}, 200, None, id="default-game"),
        pytest.param({"game": "dm"}, 200, None, id="duel-masters"),
        pytest.param({"game": "ygo"}, 400, "UNKNOWN_FORMAT", id="a-format-of-another-game"),
        pytest.param({"game": "nope"}, 400, "UNKNOWN_GAME", id="unknown-game"),
    ],
)
def test_the_list_endpoints_read_a_games_format(hof, client, query, status, code):
    for url in ("/api/v1/regulations/advance/", "/api/v1/regulations/advance/changes/"):
        answer = client.get(url, {"as_of": "2015-01-01", "from": "2010-01-01", **query})
        assert answer.status_code == status
        assert (answer.json()["error"]["code"] if status != 200 else None) == code
    if status == 200:
        body = client.get("/api/v1/regulations/advance/", {"as_of": "2015-01-01", **query}).json()
        assert list(body) == ["format", "as_of", "available", "effective_date", "limited", "banned", "combos"]


@pytest.mark.parametrize(
    ("game", "message"),
    [
        pytest.param("nope", "No game has the code", id="unknown-game"),
        pytest.param("ygo", "keeps no dated lists", id="game-without-dated-events"),
    ],
)
def test_import_regulations_asks_the_game(db, game, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_regulations", "--game", game, stdout=io.StringIO())


def test_import_regulations_prints_the_games_summary(cards, tmp_path):
    from regulations.tests.catalogue import hall_of_fame

    path = tmp_path / "hof.json"
    path.write_text(json.dumps(hall_of_fame(), ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("import_regulations", str(path), "--game", "dm", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"{RegulationEvent.objects.count()} events from {path} (advance):")
    assert "listed cards matched" in lines[1]


def test_the_default_legality_service_is_the_default_games(hof):
    """regulations.services.legality_report dispatches: the default game's report in its default format."""
    decklist = registry.get().parse_text("\n".join(f"4 {name}" for name in FILLER[:10]))
    report = services.legality_report(decklist=decklist)
    assert (report["format"], report["legal"]) == ("advance", True)
    assert report == registry.get("dm").legality_report(
        decklist=decklist, format_code="advance", as_of=None, overlay_id=None
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_migration_0008_keeps_statuses_fingerprints_and_batches(hof, cards):
    owner = None
    overlay = services.overlay_create(
        owner=owner,
        overlay_id="before-0008",
        name="Before 0008",
        base_format="advance",
        entries=[{"card": FILLER[0], "status": "banned"}, {"card": LIMITED, "status": "unrestricted"}],
        combos=[{"cards": list(COMBO), "kind": "premium_hyperspatial_combo"}],
    )
    LegalityBatch.objects.create(token="t" * 43, format_code="advance", as_of=date(2020, 1, 1), total=1)

    def stored():
        return {
            "events": sorted(RegulationEvent.objects.values_list("natural_key", "status_from", "status_to")),
            "cards": sorted(OverlayCard.objects.values_list("card__name_ja", "status")),
            "combos": sorted(OverlayCombo.objects.values_list("first__name_ja", "second__name_ja", "kind")),
            "fingerprint": selectors.overlay_fingerprint(overlay_id=overlay.slug),
        }

    before = stored()
    call_command("migrate", "regulations", "0007_duel_party", verbosity=0)
    call_command("migrate", verbosity=0)  # every app forward: the games' migrations that were unapplied with it too
    assert stored() == before
    assert list(LegalityBatch.objects.values_list("game", flat=True)) == ["dm"]
    assert EventOverlay.objects.get(slug="before-0008").game == "dm"
