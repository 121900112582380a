"""The effects import (effects.json as data): idempotent, keyed by the catalogue's names, all-or-nothing."""

import json

import pytest
from django.core.management import call_command

from cards.models import Card
from cards.services import card_import
from cards.tests.fixtures import BOLSHACK, MALT, catalogue
from games.dm.effects import EffectsImportError, card_effects_by_card, card_effects_import
from games.dm.models import CardEffects

pytestmark = pytest.mark.django_db

DRAW = {"kind": "draw", "when": "on_play", "confidence": "medium", "n": 1, "line": 0}
RAMP = {"kind": "mana_boost", "when": "on_cast", "confidence": "medium", "n": 1, "source": "deck_top", "line": 1}


def _write(tmp_path, cards: dict, name: str = "effects.json", version: int = 1) -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"version": version, "source": {}, "vocabulary": {}, "stats": {}, "cards": cards}))
    return str(path)


@pytest.fixture
def catalogue_ids():
    card_import(records=catalogue(), source="fixture")
    return dict(Card.objects.values_list("name_ja", "id"))


def test_import_stores_each_cards_list_and_a_second_run_changes_nothing(tmp_path, catalogue_ids):
    path = _write(tmp_path, {BOLSHACK: [DRAW], MALT: [RAMP, DRAW], "存在しないカード": [DRAW]})
    first = card_effects_import(source=path)
    second = card_effects_import(source=path)
    assert (first.created, first.updated, first.unknown_cards) == (2, 0, 1)
    assert (second.created, second.updated, second.unchanged, second.deleted) == (0, 0, 2, 0)
    assert card_effects_by_card(card_ids=[catalogue_ids[MALT]]) == {catalogue_ids[MALT]: [RAMP, DRAW]}


def test_changed_and_removed_cards_are_updated_and_deleted(tmp_path, catalogue_ids):
    card_effects_import(source=_write(tmp_path, {BOLSHACK: [DRAW], MALT: [RAMP]}))
    summary = card_effects_import(source=_write(tmp_path, {BOLSHACK: [RAMP]}, "v2.json"))
    assert (summary.updated, summary.deleted) == (1, 1)
    assert dict(CardEffects.objects.values_list("card__name_ja", "effects")) == {BOLSHACK: [RAMP]}


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "not valid JSON"),
        (json.dumps({"version": 1, "cards": []}), "`cards` object"),
        (json.dumps({"version": 9, "cards": {}}), "unsupported version"),
        (json.dumps({"version": 1, "cards": {BOLSHACK: [{"n": 1}]}}), "with a `kind`"),
    ],
    ids=["not JSON", "cards not an object", "unknown version", "effect without kind"],
)
def test_a_bad_file_is_rejected_and_changes_nothing(tmp_path, catalogue_ids, content, message):
    card_effects_import(source=_write(tmp_path, {BOLSHACK: [DRAW]}))
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(EffectsImportError, match=message):
        card_effects_import(source=str(bad))
    assert CardEffects.objects.count() == 1


def test_management_command_reports_the_counts(tmp_path, catalogue_ids, capsys):
    call_command("import_effects", _write(tmp_path, {BOLSHACK: [DRAW]}))
    assert "created 1, updated 0, unchanged 0, deleted 0, not in the catalogue 0" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_effects_stored_by_the_simulations_app_are_duel_masters_own_after_the_move(catalogue_ids):
    """The model moved to Duel Masters' app in the migration state only: a row written when the simulations app held
    the model is read, unchanged, through the new one."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    call_command("migrate", "dm", "zero", verbosity=0)
    call_command("migrate", "simulations", "0002_card_effects", verbosity=0)
    state = MigrationExecutor(connection).loader.project_state([("simulations", "0002_card_effects")])
    old_model = state.apps.get_model("simulations", "CardEffects")
    old_model.objects.create(card_id=catalogue_ids[MALT], effects=[RAMP], data_version=1, source_hash="before")
    call_command("migrate", verbosity=0)
    assert list(CardEffects.objects.values_list("card_id", "effects", "source_hash")) == [
        (catalogue_ids[MALT], [RAMP], "before")
    ]
    assert Card.objects.get(id=catalogue_ids[MALT]).effects.effects == [RAMP]
