"""The pages: status per page and caller, escaping of user text, log-in limiting, the editor's state endpoint."""

import json
import re

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from api.codes import ErrorCode
from web.tests.catalogue import LEGAL_MAIN

PASSWORD = "a-long-passw0rd!"


@pytest.fixture
def owner_client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def deck(user, catalogue):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    decklist = parse_json({"main": [{"card": name, "count": 4} for name in LEGAL_MAIN]})
    return deck_create(owner=user, name="<script>alert(1)</script>", decklist=decklist, visibility="public")


@pytest.fixture
def other_client(db):
    other = UserFactory(username="bob", password=PASSWORD)
    client = Client()
    client.force_login(other)
    return client


PAGES = [
    # (url, anonymous status, owner status)
    pytest.param("/", 200, 200, id="home"),
    pytest.param("/cards/", 200, 200, id="card-browser"),
    pytest.param("/cards/?q=ドラゴン&civ=fire&cost_max=3&keywords=trigger", 200, 200, id="card-browser-filters"),
    pytest.param("/accounts/login/", 200, 200, id="login"),
    pytest.param("/accounts/signup/", 200, 200, id="signup"),
    pytest.param("/decks/", 302, 200, id="my-decks"),
    pytest.param("/decks/public/", 200, 200, id="public-decks"),
    pytest.param("/decks/{deck}/", 200, 200, id="deck-editor-or-view"),
    pytest.param("/decks/{deck}/versions/", 302, 200, id="versions"),
    pytest.param("/decks/{deck}/import/", 302, 200, id="import"),
    pytest.param("/decks/{deck}/export/text/", 200, 200, id="export-text"),
    pytest.param("/decks/{deck}/export/json/", 200, 200, id="export-json"),
    pytest.param("/decks/{deck}/export/sheet/", 200, 200, id="export-sheet"),
    pytest.param("/decks/{deck}/export/pdf/", 404, 404, id="export-unknown"),
    pytest.param("/decks/{deck}/simulate/", 200, 200, id="simulate"),
    pytest.param("/decks/999999/", 404, 404, id="missing-deck"),
]


@pytest.mark.parametrize(("url", "anonymous", "owner"), PAGES)
def test_page_status(owner_client, deck, url, anonymous, owner):
    url = url.format(deck=deck.id)
    assert Client().get(url).status_code == anonymous
    assert owner_client.get(url).status_code == owner


def test_card_detail_shows_faces_and_printings(catalogue):
    from cards.models import Card

    card = Card.objects.get(name_ja="テスト超次元獣アルファ")
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert "テスト超次元獣アルファ" in body and "DM-99" in body


def test_card_browser_composes_the_query_and_reports_errors(catalogue):
    body = Client().get("/cards/", {"civ": ["fire"], "cost_max": 2, "type": "creature"}).content.decode()
    assert "civ:fire cost&lt;=2 type:creature" in body
    assert "テスト疾風ドラゴン" in body and "テスト爆炎王" not in body
    malformed = Client().get("/cards/", {"q": "cost<=abc"})
    assert malformed.status_code == 200 and 'class="query-error"' in malformed.content.decode()


@pytest.mark.parametrize(
    ("params", "suggested"),
    [
        pytest.param({"q": "テスト紅連竜"}, "テスト紅蓮竜", id="one-wrong-kanji"),
        pytest.param({"q": "Test Crimsen Wyrm"}, "テスト紅蓮竜", id="english-misspelt"),
        pytest.param({"q": "テスト紅連竜", "civ": ["fire"]}, "テスト紅蓮竜", id="beside-a-filter"),
        pytest.param({"q": "cost>=99"}, None, id="filters-only-no-suggestion"),
    ],
)
def test_card_browser_says_nothing_matches_and_suggests_names(catalogue, params, suggested):
    from urllib.parse import quote

    body = Client().get("/cards/", params).content.decode()
    assert 'id="no-results"' in body and "No card matches this search." in body
    assert 'id="card-results"></ul>' in body and 'id="more-results"' not in body
    if suggested is None:
        assert 'class="suggestions"' not in body
    else:
        first = body.split('class="suggestions"', 1)[1].split("</li>", 1)[0]
        assert suggested in first and quote(f'"{suggested}"') in first  # the link searches the exact name


def test_card_browser_offers_more_when_there_is_a_next_page(catalogue, monkeypatch):
    from web.views import cards

    monkeypatch.setattr(cards, "PAGE_SIZE", 4)
    body = Client().get("/cards/", {"q": "テスト", "order": "cost"}).content.decode()
    more = body.split('id="more-results"', 1)[1].split(">", 1)[0]
    assert 'href="?q=%E3%83%86%E3%82%B9%E3%83%88&amp;order=cost&amp;page=2"' in more
    # the script appends the next pages' own tiles (the server's, as on this page) from the same addresses
    assert 'data-pages="?q=%E3%83%86%E3%82%B9%E3%83%88&amp;order=cost&amp;page="' in more
    assert 'data-next-page="2"' in more and "No card matches" not in body
    count = int(re.search(r'data-count="(\d+)"', more).group(1))
    last = Client().get("/cards/", {"q": "テスト", "order": "cost", "page": (count + 3) // 4}).content.decode()
    assert 'id="more-results"' not in last  # the last page offers no more: the script stops there


@pytest.mark.parametrize("url", ["/decks/", "/decks/public/", "/decks/{deck}/", "/decks/{deck}/versions/"])
def test_deck_name_is_escaped(owner_client, deck, url):
    body = owner_client.get(url.format(deck=deck.id)).content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body or "\\u003Cscript\\u003E" in body


def test_private_deck_is_not_visible_to_others(owner_client, other_client, user, catalogue):
    from decks.services import deck_create

    private = deck_create(owner=user, name="secret")
    assert other_client.get(f"/decks/{private.id}/").status_code == 404
    assert "secret" not in other_client.get("/decks/public/").content.decode()


def test_signup_logs_in_and_login_is_limited(db, settings):
    settings.LOGIN_FREE_FAILURES_PAIR = 3
    client = Client(enforce_csrf_checks=False)
    response = client.post("/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    assert client.get("/decks/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/decks/").status_code == 302
    statuses = [
        client.post("/accounts/login/", {"username": "carol", "password": "wrong"}).status_code for _ in range(5)
    ]
    assert statuses == [200, 200, 200, 200, 429]  # 3 free failures, a 4th that starts a wait
    # Waiting: even the right password is refused from this address until the wait ends.
    locked = client.post("/accounts/login/", {"username": "carol", "password": PASSWORD})
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0


def test_signup_rejects_weak_password(db):
    response = Client().post("/accounts/signup/", {"username": "dave", "password1": "123", "password2": "123"})
    assert response.status_code == 200 and 'class="errorlist"' in response.content.decode()


def test_csrf_is_required_on_log_in(db):
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403


def _state(client, body):
    return client.post("/editor/state/", json.dumps(body), content_type="application/json")


def test_editor_state_endpoint(catalogue):
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    psychic = resolver.resolve("テスト超次元獣ベータ").card.id
    response = _state(Client(), {"deck": {}, "op": {"op": "add", "card": psychic}, "format": "advance"})
    assert response.status_code == 200
    data = response.json()
    assert data["deck"]["hyperspatial"] == [{"card": psychic, "count": 1}]
    assert data["legality"]["buildable"] is True and data["legality"]["legal"] is False
    assert {"curve", "civilizations", "types", "shield_triggers", "p_trigger_in_shields"} <= set(data["stats"])


STATE_ERRORS = [
    pytest.param(b"not json", "MALFORMED_REQUEST", id="not-json"),
    pytest.param(b"[1]", "MALFORMED_REQUEST", id="not-an-object"),
    pytest.param(json.dumps({"deck": {"x": []}}).encode(), "INVALID_ZONE", id="bad-zone"),
    pytest.param(json.dumps({"deck": {}, "as_of": "yesterday"}).encode(), "INVALID_DATE", id="bad-date"),
    pytest.param(json.dumps({"deck": {}, "as_of": 5}).encode(), "INVALID_DATE", id="date-not-a-string"),
    pytest.param(json.dumps({"deck": {}, "as_of": ["2020-01-01"]}).encode(), "INVALID_DATE", id="date-in-a-list"),
    pytest.param(
        json.dumps({"deck": {"main": [{"card": 999999999, "count": 1}]}}).encode(), "UNKNOWN_CARD", id="unknown-id"
    ),
    pytest.param(json.dumps({"deck": {}, "format": "nope"}).encode(), "UNKNOWN_FORMAT", id="unknown-format"),
    pytest.param(json.dumps({"deck": {}, "overlay": "no-such"}).encode(), "UNKNOWN_OVERLAY", id="unknown-overlay"),
    pytest.param(json.dumps({"deck": {}, "overlay": ["x"]}).encode(), "INVALID_OVERLAY", id="overlay-not-a-slug"),
]


@pytest.mark.parametrize(("body", "code"), STATE_ERRORS)
def test_editor_state_errors_have_the_one_error_shape(catalogue, body, code):
    response = Client().post("/editor/state/", body, content_type="application/json")
    assert response.status_code == ErrorCode(code).status  # UNKNOWN_OVERLAY: 404, as in the API
    assert response.json()["error"]["code"] == code


def test_import_preview_shows_every_line_then_applies(owner_client, deck):
    text = "4 テスト火炎兵\n2 存在しないカード\n1 テスト超次元獣アルファ\n"
    preview = owner_client.post(f"/decks/{deck.id}/import/", {"text": text, "version": deck.version, "preview": "1"})
    body = preview.content.decode()
    assert "st-card" in body and "st-unknown" in body and 'name="drop" value="2"' in body
    assert 'id="import-legality"' in body  # the legality of the result, before applying
    deck.refresh_from_db()
    assert deck.version == 1  # a preview writes nothing
    refused = owner_client.post(f"/decks/{deck.id}/import/", {"text": text, "version": deck.version, "apply": "1"})
    assert refused.status_code == 200  # an unknown line: nothing is imported, nothing is lost
    deck.refresh_from_db()
    assert deck.version == 1
    dropped = owner_client.post(f"/decks/{deck.id}/import/", {"text": text, "version": 1, "drop": "2"})
    fixed_text = dropped.context["form"]["text"].value()
    assert "存在しないカード" not in fixed_text and "テスト火炎兵" in fixed_text
    applied = owner_client.post(f"/decks/{deck.id}/import/", {"text": fixed_text, "version": 1, "apply": "1"})
    assert applied.status_code == 302
    deck.refresh_from_db()
    assert deck.version == 2


def test_versions_diff_and_restore(owner_client, deck):
    from decks.services import deck_update
    from games.dm.rules.decklist import parse_json

    deck_update(
        deck_id=deck.id,
        user=deck.owner,
        if_match=1,
        decklist=parse_json({"main": [{"card": "テスト火炎兵", "count": 4}]}),
    )
    body = owner_client.get(f"/decks/{deck.id}/versions/").content.decode()
    assert "diff-remove" in body and "テスト紅蓮竜" in body
    stale = owner_client.post(f"/decks/{deck.id}/versions/1/restore/", {"version": 1})
    assert stale.status_code == 302
    deck.refresh_from_db()
    assert deck.version == 2  # stale If-Match: nothing written
    owner_client.post(f"/decks/{deck.id}/versions/1/restore/", {"version": 2})
    deck.refresh_from_db()
    assert deck.version == 3


def test_create_copy_delete(owner_client, other_client, deck):
    from decks.models import Deck

    response = owner_client.post("/decks/", {"name": "New one", "format": "advance", "visibility": "private"})
    assert response.status_code == 302
    created = Deck.objects.get(name="New one")
    assert other_client.post(f"/decks/{deck.id}/copy/").status_code == 302
    assert Deck.objects.filter(copied_from=deck).count() == 1
    owner_client.post(f"/decks/{created.id}/delete/", {"version": created.version})
    assert not Deck.objects.filter(id=created.id).exists()


def test_tournament_pages(owner_client, other_client, catalogue):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json
    from tournaments.models import Event, Registration

    response = owner_client.post(
        "/tournaments/",
        {"name": "Store CS", "date": "2030-01-10", "registration_deadline": "2030-01-09", "format": "advance"},
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Store CS")
    bob = other_client.get("/decks/").wsgi_request.user
    legal = deck_create(
        owner=bob, name="Bob legal", decklist=parse_json({"main": [{"card": n, "count": 4} for n in LEGAL_MAIN]})
    )
    short = deck_create(
        owner=bob, name="Bob short", decklist=parse_json({"main": [{"card": "テスト火炎兵", "count": 4}]})
    )

    refused = other_client.post(f"/tournaments/{event.id}/register/", {"deck": short.id})
    assert refused.status_code == 200 and "DECK_SIZE" in refused.content.decode()
    assert not Registration.objects.exists()
    flagged = other_client.post(f"/tournaments/{event.id}/register/", {"deck": short.id, "accept_illegal": "on"})
    assert flagged.status_code == 302
    assert Registration.objects.get().status == "illegal"
    other_client.post(f"/tournaments/{event.id}/register/", {"deck": legal.id})
    assert Registration.objects.get().status == "legal"

    organizer_page = owner_client.get(f"/tournaments/{event.id}/").content.decode()
    assert "bob" in organizer_page and "st-ok" in organizer_page and "Lock registrations" in organizer_page
    player_page = Client().get(f"/tournaments/{event.id}/").content.decode()
    assert "bob" in player_page and "Deck hash" not in player_page  # decklists hidden until published
    assert other_client.post(f"/tournaments/{event.id}/", {"lock": "1"}).status_code == 403  # not the organizer
    event.refresh_from_db()
    assert event.locked_at is None
    owner_client.post(f"/tournaments/{event.id}/", {"lock": "1"})
    event.refresh_from_db()
    assert event.locked_at is not None
    closed = other_client.post(f"/tournaments/{event.id}/register/", {"deck": legal.id})
    assert closed.status_code == 302 and Registration.objects.get().deck_id == legal.id


def test_unlisted_deck_by_its_link_only(other_client, user, catalogue):
    from decks.services import deck_create

    unlisted = deck_create(owner=user, name="by link", visibility="unlisted")
    assert other_client.get(f"/decks/{unlisted.id}/").status_code == 404
    assert "by link" not in other_client.get("/decks/public/").content.decode()
    assert Client().get(f"/decks/shared/{unlisted.share_slug}/").status_code == 200
    private = deck_create(owner=user, name="private one")
    assert Client().get(f"/decks/shared/{private.share_slug}/").status_code == 404


def test_editor_lists_overlays_and_checks_against_one(owner_client, deck):
    from regulations.models import EventOverlay, Format

    advance = Format.objects.get(code="advance")
    EventOverlay.objects.create(slug="city-league", name="City <League>", base_format=advance)
    body = owner_client.get(f"/decks/{deck.id}/").content.decode()
    assert '<option value="city-league" data-base-format="advance">City &lt;League&gt; (city-league)</option>' in body
    response = _state(owner_client, {"deck": {}, "op": {"op": "none"}, "overlay": "city-league"})
    assert response.status_code == 200
    assert response.json()["legality"]["overlay"]["id"] == "city-league"


@pytest.fixture
def three_decks(user, catalogue):
    """A legal 40-card fire/water deck, a small light deck, and a public deck of another player."""

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    def make(owner, name, cards, **kwargs):
        decklist = parse_json({"main": [{"card": card, "count": 4} for card in cards]})
        return deck_create(owner=owner, name=name, decklist=decklist, **kwargs)

    other = UserFactory(username="carol", password=PASSWORD)
    return {
        "legal": make(user, "Legal fire", LEGAL_MAIN, visibility="public"),
        "small": make(user, "Small light", ["テスト光の守護者", "テスト天空騎士"]),
        "theirs": make(other, "Carol's water", ["テスト水流兵", "テスト深海獣"], visibility="public"),
    }


def _rows(body: str) -> dict[str, str]:
    """Deck id -> its row in a deck list page."""
    return dict(re.findall(r'<tr data-deck-id="(\d+)">(.*?)</tr>', body, re.S))


def test_my_decks_show_counts_legality_civilizations_and_a_key_card(owner_client, three_decks):
    rows = _rows(owner_client.get("/decks/").content.decode())
    legal, small = rows[str(three_decks["legal"].id)], rows[str(three_decks["small"].id)]
    assert 'data-counts="40/0/0"' in legal  # cards, not distinct cards
    assert 'data-counts="8/0/0"' in small
    assert 'data-status="legal"' in legal and 'data-status="buildable"' in small
    assert re.findall(r'colour colour-(\w+)"', legal) == ["water", "fire"]
    assert "テスト爆炎王" in legal  # the key card: the main deck's most expensive card
    assert str(three_decks["theirs"].id) not in rows


LIST_FILTERS = [
    # page, query string, expected deck keys (three_decks)
    pytest.param("/decks/", "legality=legal", ["legal"], id="mine-legal-today"),
    pytest.param("/decks/", "legality=buildable", ["small"], id="mine-buildable"),
    pytest.param("/decks/", "colour=light", ["small"], id="mine-light"),
    pytest.param("/decks/", "civ=light", ["small"], id="mine-light-under-the-older-name"),
    pytest.param("/decks/", "colour=light&civ=fire", ["small"], id="mine-the-new-name-wins"),
    pytest.param("/decks/", "civ=fire&legality=legal", ["legal"], id="mine-fire-and-legal"),
    pytest.param("/decks/", "format=original", [], id="mine-other-format"),
    pytest.param("/decks/public/", "", ["legal", "theirs"], id="public-all"),
    pytest.param("/decks/public/", "card=深海獣", ["legal", "theirs"], id="public-by-card"),
    pytest.param("/decks/public/", "card=Stream Guard", ["legal", "theirs"], id="public-by-english-card-name"),
    pytest.param("/decks/public/", "card=天空騎士", [], id="public-card-only-in-a-private-deck"),
    pytest.param("/decks/public/", "civ=water&card=爆炎王", ["legal"], id="public-civ-and-card"),
]


@pytest.mark.parametrize(("url", "query", "expected"), LIST_FILTERS)
def test_deck_list_filters(owner_client, three_decks, url, query, expected):
    rows = _rows(owner_client.get(f"{url}?{query}").content.decode())
    assert sorted(rows) == sorted(str(three_decks[key].id) for key in expected)


def test_deck_view_counts_cards_not_distinct_cards(other_client, deck):
    body = other_client.get(f"/decks/{deck.id}/").content.decode()
    assert 'data-zone-total="main">40 cards<' in body


def test_solo_page_gets_the_deck_for_the_browser(other_client, deck):
    body = other_client.get(f"/decks/{deck.id}/solo/").content.decode()
    config = json.loads(re.search(r'id="solo-config" type="application/json">(.*?)</script>', body).group(1))
    assert sum(entry["count"] for entry in config["deck"]["main"]) == 40
    assert {card["name_ja"] for card in config["cards"].values()} == set(LEGAL_MAIN)


def test_cached_deck_rows_follow_an_edit_of_the_data(owner_client, three_decks):
    """The rows and statuses are cached under the data version: an import or an admin edit is seen at once."""
    from regulations.models import Format

    legal = str(three_decks["legal"].id)
    assert "<td>Advance</td>" in _rows(owner_client.get("/decks/").content.decode())[legal]
    advance = Format.objects.get(code="advance")
    advance.name = "Advance (new list)"
    advance.save()
    assert "<td>Advance (new list)</td>" in _rows(owner_client.get("/decks/").content.decode())[legal]


VERSIONLESS_WRITES = [
    # id, url, posted fields besides the version
    pytest.param("/decks/{deck}/delete/", {}, id="delete"),
    pytest.param("/decks/{deck}/versions/1/restore/", {}, id="restore"),
    pytest.param("/decks/{deck}/import/", {"text": "4 x", "apply": "1"}, id="import"),
]


@pytest.mark.parametrize("url, fields", VERSIONLESS_WRITES)
@pytest.mark.parametrize(
    "version", [pytest.param(None, id="no-version"), pytest.param("9" * 5000, id="5000-digit-version")]
)
def test_a_deck_write_form_without_its_version_is_a_400_page(owner_client, deck, url, fields, version):
    """These answered 500 (the service's PreconditionRequired, or int() of 5,000 digits); nothing is written."""
    posted = dict(fields) if version is None else {**fields, "version": version}
    response = owner_client.post(url.format(deck=deck.id), posted)
    assert response.status_code == 400
    assert "did not say which version of the deck" in response.content.decode()
    deck.refresh_from_db()
    assert deck.version == 1
