"""The card page: where its facts come from and which it lacks, its printings with set names and release dates, its
first release, and its Hall of Fame status today with the dated history."""

import datetime
import re

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from cards.models import Card
from cards.tests.factories import CardRecordFactory
from regulations.tests.catalogue import BANNED, FIRST_SET, LIMITED, PSYCHICS, catalogue, hall_of_fame, sets

pytestmark = pytest.mark.django_db


@pytest.fixture
def listed(db):
    from cards.services import card_import, set_import
    from games.dm.hall_of_fame import regulation_import

    records = catalogue()
    for record in records:
        if record["name_ja"] == BANNED:
            record["facts_source"] = "cgi3"
            record["facts_unknown"] = ["mana_number", "cant_attack"]
    set_import(records=sets(), source="fixture")
    card_import(records=records, source="fixture")
    regulation_import(data=hall_of_fame(), source="fixture")


def rows(body: str, table_class: str) -> list[list[str]]:
    table = re.search(rf'<table class="{table_class}(?: [^"]*)?">(.*?)</table>', body, re.S).group(1)
    body_rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in body_rows]  # fmt: skip


def test_card_page_shows_source_unknown_fields_and_release(listed):
    card = Card.objects.get(name_ja=BANNED)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert "cgi3" in body
    assert re.search(r'class="facts-unknown">mana_number, cant_attack<', body)
    assert f'<time datetime="2002-05-30">2002-05-30</time> ({FIRST_SET} テスト弾 {FIRST_SET})' in body
    number = str(card.printings.get().number)
    # The test set code has no official id: no link to the official site (games.dm.official).
    assert rows(body, "printings") == [[f"{FIRST_SET} テスト弾 {FIRST_SET}", "2002-05-30", number, "C", BANNED, "–"]]


@pytest.mark.parametrize(
    ("name", "today", "history"),
    [
        pytest.param(
            BANNED,
            "Banned",
            [["2010-01-01", "Advance", "Unrestricted → Limited"], ["2012-06-01", "Advance", "Limited → Banned"]],
            id="banned-since-2012",
        ),
        pytest.param(
            LIMITED,
            "Unrestricted",
            [["2010-01-01", "Advance", "Unrestricted → Limited"], ["2018-01-01", "Advance", "Limited → Unrestricted"]],
            id="limited-then-lifted",
        ),
    ],
)
def test_card_page_shows_hall_of_fame_today_and_history(listed, name, today, history):
    card = Card.objects.get(name_ja=name)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    # Original, Duel Party and 2 Block follow advance's list (the Hall of Fame binds オリジナル and 2ブロック too).
    assert rows(body, "hall-of-fame") == [
        ["Advance", today],
        ["Original", today],
        ["Duel Party", today],
        ["2 Block", today],
    ]
    assert rows(body, "hall-of-fame-history") == history


def test_card_page_of_an_undated_card_says_unknown(listed):
    from cards.services import card_import

    card_import(records=[CardRecordFactory(name_ja="日付のないカード")], source="fixture")
    card = Card.objects.get(name_ja="日付のないカード")
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert re.search(r"First release</th><td>Unknown</td>", body)
    assert "hall-of-fame-history" not in body


@pytest.mark.parametrize(
    ("exact", "language", "note"),
    [
        pytest.param(True, "en", None, id="exact"),
        pytest.param(False, "en", "or earlier: a printing of this card has no date", id="out-by-en"),
        pytest.param(False, "ja", "またはそれ以前（発売日のわからない収録があります）", id="out-by-ja"),
    ],
)
def test_card_page_says_when_a_printing_of_no_date_may_be_the_first(listed, exact, language, note):
    Card.objects.filter(name_ja=LIMITED).update(release_date=datetime.date(2019, 3, 16), release_date_exact=exact)
    card = Card.objects.get(name_ja=LIMITED)
    body = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/cards/{card.id}/").content.decode()
    assert '<time datetime="2019-03-16">' in body
    notes = ("or earlier: a printing of this card has no date", "またはそれ以前（発売日のわからない収録があります）")
    assert [text for text in notes if text in body] == ([note] if note else [])


def test_card_browser_says_how_many_cards_a_term_cannot_decide(listed):
    from django.utils import timezone

    Card.objects.filter(name_ja=LIMITED).update(release_date=None, release_set="", updated_at=timezone.now())
    body = Client().get("/cards/", {"q": "date<=2010-01-01", "as_of": "2010-01-01"}).content.decode()
    assert "1 more cards may match date&lt;=2010-01-01: their release date is not known." in body
    query = {"q": "date<=2010-01-01", "as_of": "2010-01-01"}
    ja = Client(HTTP_ACCEPT_LANGUAGE="ja").get("/cards/", query).content.decode()
    assert "（発売日 が不明）" in ja and "release_date" not in ja  # the field by its name, never its code
    banned = Client().get("/cards/", {"q": "banned:advance", "as_of": "2013-01-01"}).content.decode()
    assert BANNED in banned and LIMITED not in banned


# --- add to a deck -------------------------------------------------------------------------------------------------


@pytest.fixture
def players(listed):
    return UserFactory(username="alice"), UserFactory(username="bob")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def new_deck(owner, name: str, visibility: str = "private", cards: dict | None = None):
    """A deck with {(zone, card name): count} entries."""
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    entries: dict[str, list] = {}
    for (zone, name_ja), count in (cards or {}).items():
        entries.setdefault(zone, []).append({"card": name_ja, "count": count})
    return deck_create(owner=owner, name=name, visibility=visibility, decklist=parse_json(entries))


def entries_of(deck) -> dict[tuple[str, str], int]:
    return {(e.zone, e.card.name_ja): e.quantity for e in deck.entries.select_related("card")}


ADD_CASES = [
    # id, card, entries before, posted zone, posted count, entries after
    ("one-copy-to-the-main-deck", BANNED, {}, "main", "1", {("main", BANNED): 1}),
    ("adds-to-the-copies-already-there", BANNED, {("main", BANNED): 2}, "main", "2", {("main", BANNED): 4}),
    ("four-to-the-considering-list", LIMITED, {("main", LIMITED): 1}, "considering", "4",
     {("main", LIMITED): 1, ("considering", LIMITED): 4}),
    ("a-psychic-to-the-hyperspatial-zone", PSYCHICS[0], {}, "hyperspatial", "1", {("hyperspatial", PSYCHICS[0]): 1}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "before", "zone", "count", "after"), [c[1:] for c in ADD_CASES], ids=[c[0] for c in ADD_CASES]
)
def test_owner_adds_copies_from_the_card_page(players, name, before, zone, count, after):
    alice, _ = players
    deck = new_deck(alice, "火のデッキ", cards=before)
    card = Card.objects.get(name_ja=name)
    client = signed_in(alice)
    response = client.post(
        f"/cards/{card.id}/add-to-deck/", {"deck": deck.id, f"version-{deck.id}": deck.version, "zone": zone,
                                           "count": count}
    )  # fmt: skip
    assert (response.status_code, response["Location"]) == (302, f"/cards/{card.id}/")
    deck.refresh_from_db()
    assert entries_of(deck) == after
    assert deck.version == 2
    assert deck.versions.get(number=2).note == "added from a card page"
    body = client.get(response["Location"]).content.decode()
    assert f'Added {count} × {name} to <a href="/decks/{deck.id}/">火のデッキ</a>.' in body


REFUSED_CASES = [
    # id, whose deck, its visibility, posted version (None: the deck's own), posted count, status, message
    ("someone-elses-private-deck", "bob", "private", None, "1", 404, None),
    ("someone-elses-public-deck", "bob", "public", None, "1", 404, None),
    ("a-stale-version", "alice", "private", 0, "1", 302, "changed elsewhere"),
    ("no-version", "alice", "private", "", "1", 400, "did not say which version"),
    ("a-5000-digit-version", "alice", "private", "1" * 5000, "1", 400, "did not say which version"),
    ("five-copies", "alice", "private", None, "5", 302, "1 to 4 copies"),
    ("no-copies", "alice", "private", None, "0", 302, "1 to 4 copies"),
]


@pytest.mark.parametrize(
    ("whose", "visibility", "version", "count", "status", "message"),
    [c[1:] for c in REFUSED_CASES],
    ids=[c[0] for c in REFUSED_CASES],
)
def test_adding_is_refused_and_writes_nothing(players, whose, visibility, version, count, status, message):
    alice, bob = players
    deck = new_deck(alice if whose == "alice" else bob, "デッキ", visibility=visibility)
    card = Card.objects.get(name_ja=BANNED)
    client = signed_in(alice)
    posted = {"deck": deck.id, "zone": "main", "count": count}
    posted[f"version-{deck.id}"] = deck.version if version is None else version
    response = client.post(f"/cards/{card.id}/add-to-deck/", posted)
    assert response.status_code == status
    if message:  # a 400 page shows its message itself; a redirect shows it on the next page
        body = response if status == 400 else client.get(f"/cards/{card.id}/")
        assert message in body.content.decode()
    deck.refresh_from_db()
    assert (deck.version, entries_of(deck)) == (1, {})


def test_adding_needs_a_signed_in_user_and_csrf(players):
    alice, _ = players
    deck = new_deck(alice, "デッキ")
    card = Card.objects.get(name_ja=BANNED)
    posted = {"deck": deck.id, f"version-{deck.id}": 1, "zone": "main", "count": 1}
    anonymous = Client().post(f"/cards/{card.id}/add-to-deck/", posted)
    assert (anonymous.status_code, anonymous["Location"].split("?")[0]) == (302, "/accounts/login/")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(f"/cards/{card.id}/add-to-deck/", posted).status_code == 403
    deck.refresh_from_db()
    assert (deck.version, entries_of(deck)) == (1, {})


def test_anonymous_sees_a_log_in_link_instead_of_the_form(players):
    card = Card.objects.get(name_ja=BANNED)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert 'id="add-to-deck"' not in body
    assert f'href="/accounts/login/?next=/cards/{card.id}/"' in body


def options(body: str, select_name: str) -> list[tuple[str, str, bool]]:
    select = re.search(rf'<select name="{select_name}"[^>]*>(.*?)</select>', body, re.S).group(1)
    found = re.findall(r'<option value="([^"]*)"( selected)?>(.*?)</option>', select)
    return [(value, label, bool(selected)) for value, selected, label in found]


@pytest.mark.parametrize(
    ("name", "zones"),
    [
        pytest.param(BANNED, [("main", "Main deck", True), ("considering", "Considering", False)], id="main-deck-card"),
        pytest.param(
            PSYCHICS[0],
            [("hyperspatial", "Hyperspatial zone", True), ("considering", "Considering", False)],
            id="psychic-starts-in-the-hyperspatial-zone",
        ),
    ],
)
def test_the_form_offers_only_the_users_decks_and_the_cards_own_zone(players, name, zones):
    alice, bob = players
    mine = [new_deck(alice, "アリスの公開", visibility="public"), new_deck(alice, "アリスの非公開")]
    new_deck(bob, "ボブの公開", visibility="public")
    card = Card.objects.get(name_ja=name)
    body = signed_in(alice).get(f"/cards/{card.id}/").content.decode()
    assert [label for _, label, _ in options(body, "deck")] == ["アリスの非公開", "アリスの公開"]  # newest first
    assert options(body, "zone") == zones
    assert options(body, "count") == [("1", "1", True), ("2", "2", False), ("3", "3", False), ("4", "4", False)]
    for deck in mine:
        assert f'name="version-{deck.id}" value="1"' in body


# --- public decks using the card -----------------------------------------------------------------------------------


def test_card_page_lists_only_public_decks_with_their_copies(players):
    alice, bob = players
    new_deck(alice, "アリスの公開", visibility="public", cards={("main", BANNED): 3, ("considering", BANNED): 1})
    new_deck(alice, "アリスの非公開", cards={("main", BANNED): 4})
    new_deck(bob, "ボブの限定公開", visibility="unlisted", cards={("main", BANNED): 4})
    new_deck(bob, "ボブの公開", visibility="public", cards={("main", BANNED): 2})
    new_deck(bob, "使っていない公開", visibility="public", cards={("main", LIMITED): 4})
    card = Card.objects.get(name_ja=BANNED)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert rows(body, "public-decks") == [["ボブの公開", "bob", "2"], ["アリスの公開", "alice", "4"]]
    assert "2 public decks use this card." in body
    assert "The newest" not in body


@pytest.mark.parametrize(
    ("decks", "shown", "sentence"),
    [
        pytest.param(0, 0, "No public deck uses this card yet.", id="none"),
        pytest.param(1, 1, "1 public deck uses this card.", id="one"),
        pytest.param(21, 20, "21 public decks use this card. The newest 20 are listed.", id="more-than-twenty"),
    ],
)
def test_card_page_shows_at_most_twenty_public_decks_and_the_total(players, decks, shown, sentence):
    alice, _ = players
    for number in range(decks):
        new_deck(alice, f"公開{number:02d}", visibility="public", cards={("main", BANNED): 1})
    card = Card.objects.get(name_ja=BANNED)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert sentence in body
    listed_rows = rows(body, "public-decks") if decks else []
    assert len(listed_rows) == shown
    assert [row[0] for row in listed_rows[:2]] == [f"公開{decks - 1 - i:02d}" for i in range(min(2, decks))]


@pytest.mark.parametrize("zone", ["main", "extra"])
def test_a_card_of_another_game_is_not_added_to_a_duel_masters_deck(players, zone):
    """An OCG card's page posted with a Duel Masters deck (its own zone, or one the DM deck has): a message and
    nothing written, where it was a 500."""
    from web.tests.games_catalogue import card_id, ygo_import

    ygo_import()
    alice, _ = players
    deck = new_deck(alice, "火のデッキ")
    card = card_id("ygo", "テスト光の剣士")
    client = signed_in(alice)
    response = client.post(
        f"/cards/{card}/add-to-deck/", {"deck": deck.id, f"version-{deck.id}": deck.version, "zone": zone, "count": "1"}
    )
    assert (response.status_code, response["Location"]) == (302, f"/cards/{card}/")
    deck.refresh_from_db()
    assert (entries_of(deck), deck.version) == ({}, 1)
    assert "another game" in client.get(response["Location"]).content.decode()
