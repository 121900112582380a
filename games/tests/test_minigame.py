"""A second game through the real core (issue 19): the miniature game (games/tests/minigame/, registered here only
by settings.GAMES) gets a deck created, checked, registered at an event and exported by the core's own API, with
no line of the core naming it. Duel Masters stays as it was beside it: its resolver does not see the other game's
cards, and every request that names no game is Duel Masters'."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from decks.tests.fixtures import organizer, owner, token_client  # noqa: F401
from games import registry
from games.capabilities import HandOdds
from games.hand_odds import Opening
from games.tests.minigame import game as mini
from regulations.models import LegalityBatch
from tournaments.models import Registration
from tournaments.services import audit_chain_verify
from tournaments.tests.round_trip import assert_export_reimports

GAMES = ["games.dm", "games.tests.minigame"]
FULL = "3 Ember Fox\n3 Tide Crab\n"  # six cards: the one rule holds
SHORT = "3 Ember Fox\n2 Tide Crab\n"  # five


@pytest.fixture
def mini_game(db):
    with override_settings(GAMES=GAMES):
        mini.catalogue_load()
        yield registry.get(mini.CODE)
    registry.load()  # back to the project's games


def _event(client) -> dict:
    today = timezone.localdate()
    body = {
        "game": "mini",
        "name": "Mini cup",
        "date": (today + timedelta(days=3)).isoformat(),
        "registration_deadline": (timezone.now() + timedelta(days=2)).isoformat(),
    }
    response = client.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_mini_deck_is_created_checked_registered_and_exported(mini_game, owner, organizer):  # noqa: F811
    player = token_client(owner)
    created = player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json")
    assert created.status_code == 201, created.json()
    deck = created.json()
    assert (deck["game"], deck["format"], deck["counts"]) == ("mini", "standard", {"deck": 6})
    assert [(row["name_ja"], row["count"]) for row in deck["entries"]["deck"]] == [("Ember Fox", 3), ("Tide Crab", 3)]

    check = player.post("/api/v1/legality/", {"game": "mini", "text": FULL}, format="json").json()
    assert (check["legal"], check["violations"], check["format"]) == (True, [], "standard")
    deck_check = player.get(f"/api/v1/decks/{deck['id']}/legality/").json()
    assert (deck_check["legal"], deck_check["deck_hash"]) == (True, check["deck_hash"])

    event = _event(token_client(organizer))
    assert (event["game"], event["format"]) == ("mini", "standard")
    registered = player.post(f"/api/v1/events/{event['id']}/registrations/", {"deck_id": deck["id"]}, format="json")
    assert registered.status_code == 201, registered.json()
    registration = Registration.objects.get(event_id=event["id"])
    assert (registration.status, registration.deck_hash) == ("legal", check["deck_hash"])
    assert registration.snapshot["game"] == "mini"
    assert audit_chain_verify(event_id=event["id"]) == []

    # The organizer amends it with a mini text decklist: read by the mini reader, checked by the mini rule.
    amended = token_client(organizer).post(
        f"/api/v1/events/{event['id']}/registrations/{registration.id}/amend/",
        {"reason": "a card swapped at the desk", "text": "3 Ember Fox\n2 Tide Crab\n1 Sky Wisp\n"},
        format="json",
    )
    assert amended.status_code == 200, amended.json()
    registration.refresh_from_db()
    assert registration.status == "legal"
    assert sorted(row["name_ja"] for row in registration.snapshot["entries"]["deck"]) == [
        "Ember Fox",
        "Sky Wisp",
        "Tide Crab",
    ]
    assert audit_chain_verify(event_id=event["id"]) == []

    # The organizer's registrations export: the mini zone's column, read back by the registration import.
    rows = assert_export_reimports(event=Registration.objects.get(id=registration.id).event, organizer=organizer)
    assert [(row["player"], row["deck"]) for row in rows] == [
        (registration.player_name, "3 Ember Fox; 2 Tide Crab; 1 Sky Wisp")
    ]

    text = player.get(f"/api/v1/decks/{deck['id']}/export/text/")
    assert text.content.decode() == FULL
    exported = player.get(f"/api/v1/decks/{deck['id']}/export/json/").json()
    assert [(row["card"], row["count"]) for row in exported["deck"]] == [("Ember Fox", 3), ("Tide Crab", 3)]


@pytest.mark.parametrize(
    ("text", "legal", "codes", "count"),
    [
        pytest.param(FULL, True, [], 6, id="six-cards-legal"),
        pytest.param(SHORT, False, ["DECK_SIZE"], 5, id="five-cards-deck-size"),
        pytest.param(FULL + "1 Sky Wisp\n", False, ["DECK_SIZE"], 7, id="seven-cards-deck-size"),
    ],
)
def test_the_mini_rule_through_the_legality_api(mini_game, text, legal, codes, count):
    report = token_client(None).post("/api/v1/legality/", {"game": "mini", "text": text}, format="json").json()
    assert (report["legal"], [v["code"] for v in report["violations"]], report["counts"]["deck"]) == (
        legal,
        codes,
        count,
    )


def test_a_mini_batch_is_checked_entry_by_entry(mini_game):
    decks = [{"player": "a", "text": FULL}, {"player": "b", "text": SHORT}, {"player": "c", "deck": [1]}]
    answer = token_client(None).post("/api/v1/legality/batch/", {"game": "mini", "decks": decks}, format="json")
    results = answer.json()["results"]
    assert (answer.status_code, answer.json()["legal"]) == (200, 1)
    assert [r.get("report", {}).get("legal", r.get("error", {}).get("code")) for r in results] == [
        True,
        False,
        "MALFORMED_DECKLIST",
    ]


def test_an_illegal_mini_deck_is_refused_at_the_event(mini_game, owner, organizer):  # noqa: F811
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Short", "game": "mini", "text": SHORT}, format="json").json()
    event = _event(token_client(organizer))
    answer = player.post(f"/api/v1/events/{event['id']}/registrations/", {"deck_id": deck["id"]}, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "DECK_ILLEGAL")


def test_a_deck_of_another_game_is_refused_at_the_event(mini_game, owner, organizer):  # noqa: F811
    player = token_client(owner)
    dm_deck = player.post("/api/v1/decks/", {"name": "DM", "text": ""}, format="json").json()
    assert dm_deck["game"] == "dm"
    event = _event(token_client(organizer))
    answer = player.post(f"/api/v1/events/{event['id']}/registrations/", {"deck_id": dm_deck["id"]}, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "VALIDATION_ERROR")


def test_the_mini_zone_is_the_only_zone_of_a_mini_deck(mini_game, owner):  # noqa: F811
    from cards.models import Card
    from decks.services import deck_cards_add

    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json").json()
    card_id = Card.objects.filter(game="mini").values_list("id", flat=True).first()  # a mini card: only the zone is off
    with pytest.raises(Exception) as refused:
        deck_cards_add(deck_id=deck["id"], user=owner, if_match=1, card_id=card_id, zone="main", count=1)
    assert getattr(refused.value, "code", None) == "INVALID_ZONE"


def test_duel_masters_does_not_see_the_mini_cards(mini_game):
    """The same name checked without a game is Duel Masters': the mini catalogue's cards are not its cards."""
    report = token_client(None).post("/api/v1/legality/", {"text": "4 Ember Fox"}, format="json").json()
    assert [line["status"] for line in report["lines"]] == ["unknown"]


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        pytest.param("post", "/api/v1/decks/", {"name": "x", "game": "nope"}, id="deck-create"),
        pytest.param("post", "/api/v1/legality/", {"game": "nope", "text": "4 x"}, id="legality"),
        pytest.param("post", "/api/v1/legality/batch/", {"game": "nope", "decks": []}, id="batch"),
        pytest.param("get", "/api/v1/cards/?game=nope", None, id="card-search"),
        pytest.param("get", "/api/v1/formats/?game=nope", None, id="formats"),
        pytest.param("get", "/api/v1/decks/?game=nope", None, id="deck-list"),
        pytest.param("get", "/api/v1/events/?game=nope", None, id="event-list"),
        pytest.param("post", "/api/v1/events/", None, id="event-create"),
    ],
)
def test_an_unknown_game_is_unknown_game(mini_game, owner, method, url, body):  # noqa: F811
    if url == "/api/v1/events/":
        today = timezone.localdate()
        body = {
            "game": "nope",
            "name": "x",
            "date": today.isoformat(),
            "registration_deadline": timezone.now().isoformat(),
        }
    client = token_client(owner)
    answer = getattr(client, method)(url, body, format="json") if body is not None else client.get(url)
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "UNKNOWN_GAME")
    assert answer.json()["error"]["details"]["games"] == ["dm", "mini"]


def test_the_mini_game_lists_its_cards_and_formats(mini_game):
    found = token_client(None).get("/api/v1/cards/?game=mini&q=fox").json()
    assert [(card["name_ja"], card["game"]) for card in found["results"]] == [("Ember Fox", "mini")]
    formats = token_client(None).get("/api/v1/formats/").json()
    assert formats and {fmt["game"] for fmt in formats} == {"dm"}  # no game named: Duel Masters', as always


@pytest.mark.parametrize(
    ("text", "status"), [pytest.param(FULL, "legal", id="six-legal"), pytest.param(SHORT, "buildable", id="five")]
)
def test_the_deck_list_page_checks_a_mini_deck_by_its_game(mini_game, owner, text, status):  # noqa: F811
    from decks.models import Deck
    from web.selectors import deck_list_summaries

    token_client(owner).post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": text}, format="json")
    deck = Deck.objects.get(owner=owner)
    summary = deck_list_summaries(decks=[deck], as_of=timezone.localdate())[deck.id]
    assert (summary["status"], summary["counts"]["deck"]) == (status, sum(int(row[0]) for row in text.splitlines()))


@pytest.mark.parametrize(
    ("url", "body"),
    [
        pytest.param("/api/v1/simulations/", {"kind": "goldfish", "games": 10}, id="simulation"),
        pytest.param("/api/v1/odds/", {"queries": [{"cards": ["Ember Fox"]}]}, id="odds"),
        pytest.param("/api/v1/odds/report/", {}, id="odds-report"),
    ],
)
def test_a_game_without_simulations_is_refused_them(mini_game, owner, url, body):  # noqa: F811
    """The goldfish and the odds are Duel Masters' engines: another game's deck is a 400, never a 500."""
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json").json()
    answer = player.post(url, {**body, "deck": deck["id"]}, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "VALIDATION_ERROR")
    assert "deck_id" in answer.json()["error"]["details"]["fields"]


@pytest.mark.parametrize(
    ("query", "names"),
    [
        pytest.param("", ["DM deck", "Foxes"], id="every-game"),
        pytest.param("?game=mini", ["Foxes"], id="mini"),
        pytest.param("?game=dm", ["DM deck"], id="dm"),
    ],
)
def test_decks_are_listed_by_game(mini_game, owner, query, names):  # noqa: F811
    player = token_client(owner)
    player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json")
    player.post("/api/v1/decks/", {"name": "DM deck", "text": ""}, format="json")
    listed = player.get(f"/api/v1/decks/{query}").json()["results"]
    assert sorted(deck["name"] for deck in listed) == names


def test_events_are_listed_by_game(mini_game, organizer):  # noqa: F811
    client = token_client(organizer)
    mini_event = _event(client)
    listed = {
        game: [e["id"] for e in client.get(f"/api/v1/events/?game={game}").json()["results"]] for game in ("mini", "dm")
    }
    assert listed == {"mini": [mini_event["id"]], "dm": []}


@pytest.mark.parametrize(
    ("count", "status", "code"),
    [
        pytest.param(2, 200, None, id="at-the-sync-max-answered-at-once"),
        pytest.param(3, 202, None, id="over-the-sync-max-checked-on-the-workers"),
        pytest.param(7, 400, "BATCH_TOO_LARGE", id="over-the-anonymous-cap-refused"),
    ],
)
def test_the_core_applies_its_batch_caps_to_a_game_without_its_own_context(mini_game, settings, count, status, code):
    """The mini game gives no legality context: its batches still take the core's one path (answered at once up to
    LEGALITY_BATCH_SYNC_MAX, else queued for the workers; an anonymous one under the anonymous cap), never a large
    batch checked in the request."""
    settings.LEGALITY_BATCH_SYNC_MAX = 2
    settings.LEGALITY_BATCH_ANON_MAX_DECKS = 6
    decks = [{"player": f"p{i}", "text": FULL} for i in range(count)]
    answer = token_client(None).post("/api/v1/legality/batch/", {"game": "mini", "decks": decks}, format="json")
    body = answer.json()
    assert (answer.status_code, (body.get("error") or {}).get("code")) == (status, code)
    if status == 202:
        batch = LegalityBatch.objects.get(token=body["id"])
        assert (batch.game, batch.format_code, batch.total, batch.owner_id) == ("mini", "standard", count, None)
    else:
        assert LegalityBatch.objects.count() == 0


@pytest.fixture
def search_gate_full(settings):
    """The process's gate of expensive requests with its one slot held by another request and no room to wait."""
    from api import concurrency

    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    gate = concurrency.expensive_gate()
    assert gate.enter(wait_seconds=0)
    yield
    gate.leave()


@pytest.mark.parametrize(
    ("words", "status", "code"),
    [
        pytest.param(24, 200, None, id="at-the-word-limit"),
        pytest.param(25, 400, "INVALID_QUERY", id="one-word-over"),
        pytest.param(250, 400, "INVALID_QUERY", id="250-one-letter-words"),
    ],
)
def test_the_core_bounds_a_games_card_search_by_its_words(mini_game, settings, words, status, code):
    """A game without its own search fields (the core's search by name words) under the core's word limit."""
    settings.SEARCH_MAX_WORDS = 24
    q = " ".join(["o"] * words)
    answer = token_client(None).get("/api/v1/cards/", {"game": "mini", "q": q})
    assert (answer.status_code, (answer.json().get("error") or {}).get("code")) == (status, code)
    if code:
        assert answer.json()["error"]["details"] == {"position": 48, "expected": "at most 24 words"}


def test_a_games_card_search_waits_for_the_gate_of_expensive_requests(mini_game, search_gate_full):
    answer = token_client(None).get("/api/v1/cards/", {"game": "mini", "q": "fox"})
    assert (answer.status_code, answer.json()["error"]["code"], answer["Retry-After"]) == (503, "SERVER_BUSY", "1")


@pytest.mark.parametrize("count", [-2, 0, 1000])
def test_the_core_refuses_a_count_a_games_reader_let_through(mini_game, owner, count):  # noqa: F811
    """The mini reader takes any integer count: the core holds it to games.base's count rule on the legality check
    and on a deck write alike (regulations.decklists.decklist_copies), naming the line."""
    deck = {"deck": [{"card": "Ember Fox", "count": 7}, {"card": "Tide Crab", "count": count}]}
    check = token_client(None).post("/api/v1/legality/", {"game": "mini", "deck": deck}, format="json")
    created = token_client(owner).post("/api/v1/decks/", {"name": "x", "game": "mini", "deck": deck}, format="json")
    for answer in (check, created):
        error = answer.json()["error"]
        assert (answer.status_code, error["code"]) == (400, "DECKLIST_UNREADABLE")
        assert [(row["text"], row["message"]) for row in error["details"]["errors"]] == [
            ("Tide Crab", "the count must be a whole number from 1 to 999")
        ]


# Every page of a deck of a game that gives only the required core (no capability of its own: the defaults render).
DECK_PAGES = [
    "/decks/{id}/",
    "/decks/{id}/versions/",
    "/decks/{id}/import/",
    "/decks/{id}/export/text/",
    "/decks/{id}/export/json/",
    "/decks/{id}/export/sheet/",
    "/decks/{id}/simulate/",
    "/decks/{id}/solo/",
    "/decks/",
    "/decks/public/",
    "/cards/{card}/",
    "/api/v1/decks/{id}/",
    "/api/v1/decks/{id}/legality/",
    "/api/v1/decks/{id}/stats/",
    "/api/v1/decks/{id}/export/text/",
    "/api/v1/decks/{id}/export/json/",
    "/api/v1/decks/{id}/export/sheet/",
]


def test_every_page_of_a_deck_of_a_game_with_the_core_alone_answers(mini_game, owner, client):  # noqa: F811
    assert all(getattr(mini_game, name) is getattr(registry.Game, name) for name in ("odds", "simulation"))
    assert type(mini_game.editor) is type(registry.Game.editor) and type(mini_game.pages) is type(registry.Game.pages)
    deck = token_client(owner).post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json")
    card = deck.json()["entries"]["deck"][0]["card_id"]
    client.force_login(owner)
    answers = {page: client.get(page.format(id=deck.json()["id"], card=card)).status_code for page in DECK_PAGES}
    assert answers == dict.fromkeys(DECK_PAGES, 200)
    # The solo board: the default table, dealt from the game's one zone.
    board = client.get(f"/decks/{deck.json()['id']}/solo/").context["config"]["board"]
    assert (board["main"], board["deal"]) == ("deck", [["hand", 5]])
    state = client.post(
        "/editor/state/",
        {"game": "mini", "format": "standard", "zones": {"deck": {str(card): 6}}},
        content_type="application/json",
    )
    assert state.status_code == 200, state.content[:500]


class MiniHandOdds(HandOdds):
    """An opening of two cards, no draw: the hand odds of a game whose one zone is not called `main`."""

    def opening(self, *, format_code: str | None) -> Opening:
        return Opening(hand=2, draws_going_first=0, draws_going_second=0)


def _mini_hand_odds_by_api(player, client, deck_id, groups) -> dict:
    body = {"deck": deck_id, "groups": groups["groups"], "conditions": groups["conditions"]}
    answer = player.post("/api/v1/odds/hand/", body, format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()["first"]


def _mini_hand_odds_by_editor(player, client, deck_id, groups) -> dict:
    entries = player.get(f"/api/v1/decks/{deck_id}/").json()["entries"]["deck"]
    working_copy = {"deck": [{"card": entry["card_id"], "count": entry["count"]} for entry in entries]}
    odds_groups = {"groups": [{"name": "fox", "cards": [entries[0]["card_id"]]}], "conditions": groups["conditions"]}
    body = {"game": "mini", "deck": working_copy, "odds_groups": odds_groups}
    state = client.post("/editor/state/", body, content_type="application/json").json()
    assert "error" not in state["hand_odds"], state["hand_odds"]
    return state["hand_odds"]["first"]


def _mini_hand_odds_by_page(player, client, deck_id, groups) -> dict:
    card_id = player.get(f"/api/v1/decks/{deck_id}/").json()["entries"]["deck"][0]["card_id"]
    post = {"name_0": "fox", "cards_0": [str(card_id)], "comparison_0": "at_least", "count_0": "1"}
    page = client.post(f"/decks/{deck_id}/simulate/", post)
    assert page.status_code == 200
    hand_odds = page.context["hand_odds"]
    assert (hand_odds["error"], len(hand_odds["cards"])) == (None, 2)  # the deck's two cards offered for the groups
    return hand_odds["answer"]["first"]


@pytest.mark.parametrize(
    "ask", [_mini_hand_odds_by_api, _mini_hand_odds_by_editor, _mini_hand_odds_by_page], ids=["api", "editor", "page"]
)
def test_the_hand_odds_deal_from_a_games_own_zone(mini_game, owner, client, monkeypatch, ask):  # noqa: F811
    """A game whose deck zone is not `main` (the miniature game's `deck`) has its hand odds over that zone: at least
    one of 3 Ember Fox in 2 cards of 6 is 1 - C(3,2)/C(6,2) = 12/15."""
    monkeypatch.setattr(mini_game, "hand_odds", MiniHandOdds().bound(mini_game))
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Foxes", "game": "mini", "text": FULL}, format="json").json()
    client.force_login(owner)
    groups = {"groups": [{"name": "fox", "cards": ["Ember Fox"]}], "conditions": [{"group": "fox", "at_least": 1}]}
    assert ask(player, client, deck["id"], groups)["fraction"] == "4/5"
