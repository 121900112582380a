"""Duel Masters' options of a format are its own table's (games.dm.models.DmFormat), no longer the core's format row's
(issue 19): the data migration copies every value of every Duel Masters format and copies them back when reversed, a
format without a row is read with the defaults, and the format API answers for Duel Masters as it always did."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from rest_framework.test import APIClient

from games.dm.legality import format_rules_from, format_setup
from games.dm.models import DmFormat
from games.dm.rules.vocabulary import DeckZone
from regulations.models import Format

DEFAULTS = {
    "uses_hyperspatial": True,
    "uses_gr": True,
    "start_of_game_cards": True,
    "main_size": 40,
    "hyperspatial_max": 8,
    "gr_size": 12,
    "main_copies": 4,
    "hyperspatial_copies": 4,
    "gr_copies": 2,
    "uses_partner": False,
    "partner_min_cost": 5,
    "hand_size": 5,
    "shield_count": 5,
    "first_player_draws": False,
}
MAIN_ONLY = {"uses_hyperspatial": False, "uses_gr": False, "start_of_game_cards": False}
# The formats of the data migrations (regulations 0002 and 0007), and one made in the admin with every value changed.
FORMATS = {
    "advance": DEFAULTS,
    "original": {**DEFAULTS, **MAIN_ONLY},
    "unrestricted": DEFAULTS,
    "duel_party": {
        **DEFAULTS,
        **MAIN_ONLY,
        "main_size": 60,
        "main_copies": 1,
        "uses_partner": True,
        "hand_size": 6,
        "shield_count": 6,
        "first_player_draws": True,
    },
}
EVERY_VALUE_CHANGED = {
    "uses_hyperspatial": False,
    "uses_gr": False,
    "start_of_game_cards": False,
    "main_size": 50,
    "hyperspatial_max": 6,
    "gr_size": 10,
    "main_copies": 3,
    "hyperspatial_copies": 2,
    "gr_copies": 1,
    "uses_partner": True,
    "partner_min_cost": 7,
    "hand_size": 7,
    "shield_count": 4,
    "first_player_draws": True,
}
# The Duel Masters keys of the format API (GET /formats/), as it always gave them.
API_KEYS = (
    "uses_hyperspatial",
    "uses_gr",
    "start_of_game_cards",
    "main_size",
    "main_copies",
    "uses_partner",
    "partner_min_cost",
    "hand_size",
    "shield_count",
    "first_player_draws",
)
BEFORE = ("dm", "0001_initial")  # unapplies the table, the copy and regulations 0009: the columns are back
COLUMNS_STATE = [("regulations", "0008_list_statuses_by_game"), BEFORE]


def _format_before():
    """regulations.Format as it was with the columns (the migrations' historical model)."""
    return MigrationExecutor(connection).loader.project_state(COLUMNS_STATE).apps.get_model("regulations", "Format")


def _options(row) -> dict:
    return {name: getattr(row, name) for name in DEFAULTS}


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize(
    ("code", "options"),
    [
        *(pytest.param(code, options, id=code) for code, options in FORMATS.items()),
        pytest.param("store", EVERY_VALUE_CHANGED, id="made-in-the-admin"),
    ],
)
def test_the_data_migration_copies_every_option_and_back(code, options):
    call_command("migrate", *BEFORE, verbosity=0)
    old_format = _format_before()
    if code not in FORMATS:
        old_format.objects.create(game="dm", code=code, name="Store", **options)
    old_format.objects.create(game="ygo", code="ocg-test", name="OCG", **EVERY_VALUE_CHANGED)  # not Duel Masters'
    assert _options(old_format.objects.get(game="dm", code=code)) == options

    call_command("migrate", verbosity=0)
    assert _options(DmFormat.objects.get(format__game="dm", format__code=code)) == options
    assert set(DmFormat.objects.values_list("format__game", flat=True)) == {"dm"}
    assert DmFormat.objects.count() == Format.objects.filter(game="dm").count()

    call_command("migrate", *BEFORE, verbosity=0)  # reversed: the values are the columns' again
    assert _options(_format_before().objects.get(game="dm", code=code)) == options
    call_command("migrate", verbosity=0)


@pytest.mark.parametrize("code", list(FORMATS))
def test_the_format_api_answers_for_duel_masters_as_before(db, code):
    """Every key the format API always had, the Duel Masters ones with the values the format's columns held; whether
    its Hall of Fame applies under every game's key (`dated_list`) and under its own older one (`hall_of_fame`)."""
    answer = {fmt["code"]: fmt for fmt in APIClient().get("/api/v1/formats/").json()}[code]
    fmt = Format.objects.get(game="dm", code=code)
    row = {"game": "dm", "code": code, "name": fmt.name, "name_ja": fmt.name_ja, "description": fmt.description}
    options = {key: FORMATS[code][key] for key in API_KEYS}
    listed = code != "unrestricted"
    assert answer == {**row, "dated_list": listed, "hall_of_fame": listed, **options, "block_count": 0}


def test_the_format_api_answers_two_block(db):
    """2ブロック (games/dm/migrations/0007): the standard construction, the Hall of Fame of advance, two blocks."""
    answer = {fmt["code"]: fmt for fmt in APIClient().get("/api/v1/formats/").json()}["2block"]
    assert (answer["name"], answer["name_ja"], answer["dated_list"], answer["hall_of_fame"], answer["block_count"]) == (
        "2 Block",
        "2ブロック",
        True,
        True,
        2,
    )
    assert {key: answer[key] for key in API_KEYS} == {key: DEFAULTS[key] for key in API_KEYS}
    assert Format.objects.get(game="dm", code="2block").regulation_format == "advance"


def test_the_schema_documents_the_duel_masters_keys_beside_the_rows():
    from drf_spectacular.generators import SchemaGenerator

    component = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]["Format"]
    row = {"game", "code", "name", "name_ja", "description", "dated_list"}
    assert set(component["properties"]) == row | {"hall_of_fame"} | set(API_KEYS) | {"block_count"}
    assert set(component["required"]) == row  # another game's format has not Duel Masters' keys


def test_a_format_without_options_is_read_with_the_defaults(db):
    """A Duel Masters format added in the admin with its options left as they were has no row: the defaults, the
    standard construction (all zones but the partner, 40 cards, 5 shields and 5 in hand); the API answers them."""
    Format.objects.create(game="dm", code="plain", name="Plain", position=9)
    answer = APIClient().get("/api/v1/formats/").json()[-1]
    assert (answer["code"], {key: answer[key] for key in API_KEYS}) == (
        "plain",
        {key: DEFAULTS[key] for key in API_KEYS},
    )
    rules = format_rules_from(Format.objects.get(code="plain"))
    assert (rules.zones, rules.main_size, rules.gr_size) == (
        {DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR},
        40,
        12,
    )
    setup = format_setup(code="plain")
    assert (setup.hand, setup.shields, setup.first_player_draws) == (5, 5, False)


def test_an_edited_option_is_read_at_once(db):
    """Saving an option touches its format's `updated_at`, so the processes' cached formats are read again."""
    assert format_setup(code="advance").hand == 5
    options = DmFormat.objects.get(format__code="advance")
    options.hand_size = 7
    options.save()
    assert format_setup(code="advance").hand == 7


def test_another_games_format_has_only_the_rows_keys(db):
    Format.objects.create(game="ygo", code="ocg-test", name="OCG")
    answer = APIClient().get("/api/v1/formats/?game=ygo").json()
    assert {key for fmt in answer for key in fmt} == {"game", "code", "name", "name_ja", "description", "dated_list"}


def _posted(page) -> dict:
    """The admin page's forms posted back as they were shown (the format's and its inlines')."""
    data: dict = {}
    forms = [page.context["adminform"].form]
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data.update({management.add_prefix(name): value for name, value in management.initial.items()})
        forms += inline.formset.forms
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is not None and value is not False:
                data[form.add_prefix(name)] = "on" if value is True else value
    return data


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="a-long-test-password-42"))
    return client


def test_the_admin_edits_a_formats_options_on_its_page(admin_client):
    fmt = Format.objects.get(game="dm", code="duel_party")
    page = admin_client.get(f"/admin/regulations/format/{fmt.pk}/change/")
    assert [inline.formset.prefix for inline in page.context["inline_admin_formsets"]] == ["dm"]
    data = _posted(page)
    assert (data["dm-0-main_size"], data["dm-0-hand_size"], "dm-0-uses_gr" in data) == (60, 6, False)
    answer = admin_client.post(f"/admin/regulations/format/{fmt.pk}/change/", {**data, "dm-0-hand_size": 8})
    assert answer.status_code == 302, answer.content[:2000]
    assert (DmFormat.objects.get(format=fmt).hand_size, format_setup(code="duel_party").hand) == (8, 8)


def test_a_format_added_in_the_admin_with_its_options_untouched_has_the_defaults(admin_client):
    data = {**_posted(admin_client.get("/admin/regulations/format/add/")), "code": "store", "name": "Store"}
    assert (data["dm-TOTAL_FORMS"], data["dm-0-main_size"]) == (1, 40)  # the default game's options, as they are
    answer = admin_client.post("/admin/regulations/format/add/", data)
    assert answer.status_code == 302, answer.content[:2000]
    fmt = Format.objects.get(game="dm", code="store")
    assert not DmFormat.objects.filter(format=fmt).exists()
    assert format_rules_from(fmt).main_size == 40


def test_another_games_format_has_no_duel_masters_options_in_the_admin(admin_client):
    fmt = Format.objects.create(game="ygo", code="ocg-test", name="OCG")
    page = admin_client.get(f"/admin/regulations/format/{fmt.pk}/change/")
    assert (page.status_code, page.context["inline_admin_formsets"]) == (200, [])
