"""The shared pages render what each game gives them through games.registry (issue 19): a deck list row counts the
game's zones and passes the colour filter by the game's cards, a card page's "add to a deck" offers the game's
zones, the tiles' official pictures are the game's, and the event desk reads a typed decklist as the event's game."""

import re

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from games import registry
from web.tests.games_catalogue import DBS_MAIN, YGO_EXTRA, YGO_MAIN
from web.tests.games_catalogue import card_id as card

pytestmark = pytest.mark.django_db


DECKS = {
    "dm": [
        ("main", "テスト火炎兵", 4),
        ("hyperspatial", "テスト超次元獣アルファ", 1),
        ("considering", "テスト火炎兵", 2),
    ],
    "ygo": [("main", YGO_MAIN[0][0], 3), ("extra", YGO_EXTRA[0][0], 2), ("side", YGO_MAIN[1][0], 1)],
    "dbs": [("leader", "BT99-001", 1), ("main", DBS_MAIN[0][0], 4), ("side", DBS_MAIN[1][0], 2)],
}


def make_deck(owner, game: str):
    from decks.services import deck_create

    rows = [(zone, card(game, name), count) for zone, name, count in DECKS[game]]
    return deck_create(owner=owner, name=f"{game} deck", game=game, decklist=registry.get(game).decklist(rows))


def rows_of(body: str) -> dict[str, str]:
    """Deck name -> the row's `data-counts`."""
    found = re.findall(r'<a href="/decks/\d+/">([^<]+)</a>.*?data-counts="([^"]*)"', body, re.S)
    return dict(found)


def test_a_deck_list_row_counts_each_games_zones(catalogues):
    owner = UserFactory(username="lister", password="a-long-passw0rd!")
    for game in DECKS:
        make_deck(owner, game)
    client = Client()
    client.force_login(owner)
    pages = {game: client.get("/decks/", {"game": game}).content.decode() for game in DECKS}
    # Duel Masters: main / hyperspatial / GR (the considering list after them); the OCG: main / extra / side;
    # Dragon Ball Super: leader / main / Z / side. Each game's list holds that game's decks.
    assert {game: rows_of(body) for game, body in pages.items()} == {
        "dm": {"dm deck": "4/1/0"}, "ygo": {"ygo deck": "3/2/1"}, "dbs": {"dbs deck": "1/4/0/2"}
    }  # fmt: skip
    assert "(+2)" in pages["dm"]


@pytest.mark.parametrize("parameter", ["colour", "civ"])  # the filter's name, and its name before (each game's aliases)
@pytest.mark.parametrize(
    ("game", "civ", "expected"),
    [
        pytest.param("dm", "fire", {"dm deck"}, id="fire-only-the-dm-deck"),
        pytest.param("dm", "water", set(), id="water-none"),
        pytest.param("dm", "purple", {"dm deck"}, id="not-a-colour-ignored"),
        pytest.param("ygo", "fire", set(), id="ygo-no-fire-monster"),
        pytest.param("dbs", "red", {"dbs deck"}, id="dbs-red"),
        pytest.param("dbs", "fire", {"dbs deck"}, id="dbs-a-dm-colour-ignored"),
    ],
)
def test_the_colour_filter_takes_the_games_cards(catalogues, game, civ, expected, parameter):
    owner = UserFactory(username="filterer", password="a-long-passw0rd!")
    for each in DECKS:
        make_deck(owner, each)
    client = Client()
    client.force_login(owner)
    body = client.get("/decks/", {"game": game, parameter: civ}).content.decode()
    assert (set(rows_of(body)), body.count('<select id="filter-colour" name="colour">')) == (expected, 1)


@pytest.mark.parametrize(
    ("game", "name", "language", "choices", "selected"),
    [
        pytest.param("dm", "テスト超次元獣アルファ", "en", [("hyperspatial", "Hyperspatial zone"),
                     ("considering", "Considering")], "hyperspatial", id="dm-psychic-own-zone"),
        pytest.param("dm", "テスト火炎兵", "ja", [("main", "メインデッキ"), ("considering", "検討中")], "main",
                     id="dm-creature-japanese"),
        pytest.param("ygo", YGO_EXTRA[0][0], "en", [("main", "Main Deck"), ("extra", "Extra Deck"),
                     ("side", "Side Deck")], "main", id="ygo-every-zone"),
        pytest.param("dbs", "BT99-001", "en", [("leader", "Leader"), ("main", "Main deck"), ("z", "Z-Deck"),
                     ("side", "Side deck")], "main", id="dbs-main-selected"),
    ],
)  # fmt: skip
def test_add_to_deck_offers_the_games_zones(catalogues, game, name, language, choices, selected):
    from django.utils import translation

    from cards.models import Card
    from web.forms import CardAddToDeckForm

    with translation.override(language):
        form = CardAddToDeckForm(card=Card.objects.get(id=card(game, name)))
        assert [(value, str(label)) for value, label in form.fields["zone"].choices] == choices
    assert form.fields["zone"].initial == selected


def test_official_pictures_are_each_games_own(catalogues, settings):
    """Duel Masters' official card site knows its printings only: another game's card printed under a set code the
    site would map gets no picture from it. A DBS card has its official image by its card number (on its own host)
    and its card-list page; the OCG's have none."""
    from cards.models import Printing
    from web.selectors import card_pictures

    settings.CARD_IMAGES_EXTERNAL = True
    ids = [card("dm", "テスト火炎兵"), card("ygo", YGO_MAIN[0][0]), card("dbs", "BT99-001")]
    Printing.objects.create(card_id=ids[1], set_code="DM-01", number="52")
    pictures = card_pictures(card_ids=ids)
    assert sorted(pictures) == sorted([ids[0], ids[2]])
    assert "/card/detail/?id=dm99-" in pictures[ids[0]]["page"]
    dbs = f"https://{settings.DBS_CARD_IMAGE_HOST}/images/cardlist/cardimg/BT99-001.png"
    assert pictures[ids[2]] == {
        "image": dbs,
        "image_back": dbs.replace("BT99-001.png", "BT99-001_b.png"),  # a leader's awakened side
        "page": "https://www.dbs-cardgame.com/europe-en/cardlist/index.php?search=true&free=BT99-001",
    }
    settings.CARD_IMAGES_EXTERNAL = False  # the link stays, the pictures go
    assert card_pictures(card_ids=ids)[ids[2]]["image"] is None
    assert card_pictures(card_ids=ids)[ids[2]]["image_back"] is None


@pytest.mark.parametrize(
    ("game", "text", "lines"),
    [
        pytest.param(
            "dm", "4 テスト火炎兵\n超次元\n1 テスト超次元獣アルファ", [("main", 4), ("hyperspatial", 1)], id="dm"
        ),
        pytest.param("ygo", f"3 {YGO_MAIN[0][0]}\n#extra\n2 {YGO_EXTRA[0][0]}", [("main", 3), ("extra", 2)], id="ygo"),
    ],
)
def test_the_event_desk_reads_text_as_the_events_game(game, text, lines):
    from web.views.tournaments import _parse_text

    class Event:
        pass

    event = Event()
    event.game = game  # type: ignore[attr-defined]
    decklist = _parse_text(event, text)
    assert type(decklist).__module__.startswith(f"games.{game}.")
    assert [(str(line.zone), line.count) for line in decklist.lines] == lines


def test_card_browser_of_a_game_without_filters_searches_names_and_shows_no_panel(db, monkeypatch):
    """The browser shows the default game's cards: a game that gives no filters (the miniature game) gets the
    search box, found by name words, and no filter panel."""
    from django.test import override_settings

    from games.tests.minigame import game as mini

    try:
        with override_settings(GAMES=["games.dm", "games.tests.minigame"]):
            mini.catalogue_load()
            monkeypatch.setattr(registry, "DEFAULT_GAME", mini.CODE)
            body = Client().get("/cards/", {"q": "fox", "civ": ["fire"]}).content.decode()
    finally:
        registry.load()  # back to the project's games
    assert "Ember Fox" in body and "Tide Crab" not in body
    assert 'id="card-filters"' not in body and 'name="civ"' not in body and "civ:" not in body
    assert "Names in Japanese or English</div>" in body


def _kind_deck(owner):
    """An OCG deck of 3 monsters, 2 spells and 1 trap in the Main Deck (the Extra Deck's monster not counted)."""
    from decks.services import deck_create

    rows = [
        ("main", card("ygo", YGO_MAIN[0][0]), 3),
        ("main", card("ygo", "テストの強欲"), 2),
        ("main", card("ygo", "テストの落とし穴"), 1),
        ("extra", card("ygo", YGO_EXTRA[0][0]), 2),
    ]
    return deck_create(owner=owner, name="kinds", game="ygo", decklist=registry.get("ygo").decklist(rows))


@pytest.mark.parametrize(
    ("game", "language", "header", "cell", "key"),
    [
        pytest.param("ygo", "en", "<th>Kind</th><th>Attributes</th>", "Monster 3 · Spell 2 · Trap 1", "Key card",
                     id="ygo-en"),
        pytest.param("ygo", "ja", "<th>種類</th><th>属性</th>", "モンスター 3 · 魔法 2 · 罠 1", "キーカード",
                     id="ygo-ja"),
        pytest.param("dbs", "en", "<th>Colours</th>", None, "Leader: Test Goku // Test Goku, Awakened", id="dbs-en"),
        pytest.param("dbs", "ja", "<th>色</th>", None, "リーダー: Test Goku // Test Goku, Awakened", id="dbs-ja"),
    ],
)  # fmt: skip
def test_my_decks_columns_are_the_games(catalogues, game, language, header, cell, key):
    """The OCG's list: each deck's Main Deck by kind (monster / spell / trap) and its monsters' Attributes; DBS's:
    each deck's leader and its cards' colours. No other game's column."""
    owner = UserFactory(username="columns", password="a-long-passw0rd!")
    deck = _kind_deck(owner) if game == "ygo" else make_deck(owner, game)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(owner)
    body = client.get("/decks/", {"game": game}).content.decode()
    table = body.split('class="deck-list"', 1)[1].split("</table>", 1)[0]
    assert header in table
    row = table.split(f'data-deck-id="{deck.id}"', 1)[1]
    if cell is None:
        assert 'class="deck-kinds"' not in row
        assert '<span class="colour colour-red"' in row
    else:
        kinds = row.split('class="deck-kinds">', 1)[1].split("</td>", 1)[0]
        assert re.sub(r"<[^>]+>", "", kinds) == cell
        assert '<span class="colour colour-light"' in row  # the monster's Attribute, not the spell's or trap's
    assert key in row


def _event(organizer, game: str, **fields):
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.services import event_create

    return event_create(organizer=organizer, name=f"{game} cup", date=timezone.localdate() + timedelta(days=30),
                        registration_deadline=timezone.now() + timedelta(days=29), game=game, **fields)  # fmt: skip


CODE = re.compile(r"^[A-Z][A-Z0-9_]+$")


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("game", ["dm", "ygo", "dbs"])
def test_the_recheck_shows_violations_in_words(catalogues, game, language, django_capture_on_commit_callbacks):
    """The event desk's re-check: each player's violations in sentences in the page's language, the stable code a
    small tag beside (the job rows keep each violation's numbers and cards, not only its code)."""
    from deckbuilder.celery import app
    from tournaments.services import registration_submit

    organizer, player = UserFactory(username="desk"), UserFactory(username="short")
    event = _event(organizer, game)
    registration_submit(event_id=event.id, user=player, deck_id=make_deck(player, game).id, accept_illegal=True)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organizer)
    before, app.conf.task_always_eager = app.conf.task_always_eager, True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/tournaments/{event.id}/", {"revalidate": "1"})
    finally:
        app.conf.task_always_eager = before
    results = client.get(response["Location"]).content.decode().split('id="reval-results"')[1].split("</table>")[0]
    texts = re.findall(r'<span class="violation-text">([^<]+)</span>', results)
    codes = re.findall(r'<span class="code">([^<]+)</span>', results)
    assert texts and codes and not [text for text in texts if CODE.match(text.strip())]
    if language == "ja":
        assert all(re.search(r"[ぁ-んァ-ヶ一-龠]", text) for text in texts), texts


def test_an_event_offers_and_takes_only_overlays_of_its_game(catalogues):
    """The event form's overlay list holds the event's game's overlays only; another game's, posted anyway, is
    refused in words on the page and by the service (the API's 400), never stored."""
    from regulations.models import EventOverlay, Format
    from regulations.services import overlay_create
    from tournaments.models import Event
    from tournaments.services import EventInvalid

    organizer = UserFactory(username="organizer")
    dm_overlay = overlay_create(owner=organizer, name="Store ban", base_format="advance")
    ygo_overlay = EventOverlay.objects.create(
        slug="ocg-house", name="OCG house", base_format=Format.objects.get(game="ygo", code="ocg"), owner=organizer
    )
    event = _event(organizer, "ygo")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    page = client.get(f"/tournaments/{event.id}/").content.decode()
    settings_select = page.split('name="settings-overlay"', 1)[1].split("</select>", 1)[0]
    assert f'value="{ygo_overlay.slug}"' in settings_select and f'value="{dm_overlay.slug}"' not in settings_select
    # the new-event form groups them under each game's name (the script leaves the chosen game's group)
    create_select = client.get("/tournaments/").content.decode().split('name="overlay"', 1)[1].split("</select>")[0]
    assert re.search(rf'<optgroup label="Duel Masters">\s*<option value="{dm_overlay.slug}"', create_select)

    refused = client.post(f"/tournaments/{event.id}/", {
        "settings": "1", "settings-name": event.name, "settings-date": event.date.isoformat(),
        "settings-registration_deadline": event.date.isoformat(), "settings-format": "ocg",
        "settings-overlay": dm_overlay.slug,
    })  # fmt: skip
    assert refused.status_code == 400
    assert "This overlay is for Duel Masters, not Yu-Gi-Oh! OCG: choose one of the event&#x27;s game." in (
        refused.content.decode()
    )
    created = client.post("/tournaments/", {
        "name": "Wrong", "game": "dbs", "date": event.date.isoformat(),
        "registration_deadline": event.date.isoformat(), "overlay": ygo_overlay.slug,
    })  # fmt: skip
    assert created.status_code == 200 and "This overlay is for Yu-Gi-Oh! OCG" in created.content.decode()
    assert not Event.objects.filter(name="Wrong").exists()
    event.refresh_from_db()
    assert event.overlay_id is None
    with pytest.raises(EventInvalid, match="is for Duel Masters, not Yu-Gi-Oh! OCG"):
        _event(organizer, "ygo", overlay_id=dm_overlay.slug)


@pytest.mark.parametrize("page", ["", "register/", "deck-check/", "audit/", "import/"])
@pytest.mark.parametrize("game", ["ygo", "dbs"])
def test_an_event_s_pages_show_its_game_whatever_the_visitor_chose(catalogues, game, page):
    """A visitor who plays Duel Masters (their remembered choice) opens another game's event: its pages mark the
    event's game in the game switch, as a deck's pages mark the deck's, and change nothing remembered."""
    organizer = UserFactory(username="organizer")
    event = _event(organizer, game)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    client.get("/cards/", {"game": "dm"})  # the visitor's choice: Duel Masters
    body = client.get(f"/tournaments/{event.id}/{page}").content.decode()
    switch = body.split('class="game-switch"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'data-game="(\w+)" aria-current="true"', switch) == [game]
    again = client.get("/cards/").content.decode().split('class="game-switch"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'data-game="(\w+)" aria-current="true"', again) == ["dm"]


@pytest.mark.parametrize(
    ("importing", "page_game", "language", "notice"),
    [
        pytest.param("ygo", "ygo", "en", "The card data of Yu-Gi-Oh! OCG is being imported", id="the-games-import-en"),
        pytest.param("ygo", "ygo", "ja", "遊☆戯☆王OCGのカードデータを取り込み中です", id="the-games-import-ja"),
        pytest.param("ygo", "dm", "en", None, id="another-games-import-not-shown"),
        pytest.param(None, "ygo", "en", None, id="no-import-running"),
    ],
)
def test_a_games_pages_say_while_its_data_is_being_imported(db, importing, page_game, language, notice):
    """`make run` serves while the other games' data is imported (deckbuilder/serve.py): that game's pages say so."""
    from django.utils import timezone

    from cards.models import CatalogueImport

    if importing:
        CatalogueImport.objects.create(game=importing, importing_since=timezone.now())
    client = Client(headers={"accept-language": language})
    body = client.get("/cards/", {"game": page_game}).content.decode()
    shown = re.search(r'<p class="messages importing" role="status">([^<]*)</p>', body)
    assert (shown.group(1).split(" (")[0].split("（")[0] if shown else None) == notice
