"""An organizer runs an OCG event in Debian's Chromium (Playwright), with real published decks
(web/tests/real_games.py): the event created with its game from the event form, two players register (one list of
60 + 15 + 15 cards: the Main Decks of two published lists, one's Extra Deck and the other's as its Side Deck), a Duel
Masters deck offered to the OCG event is refused in words, the event desk and its printable pack speak the OCG's
words (no Duel Masters word), the pack prints one A4 page per player (printed to PDF by Chromium, pages counted),
and both CSVs open: Shift-JIS with Japanese headings (statuses and violations in Japanese) and UTF-8.
Screenshots: artifacts/screenshots/event-ygo-*.png."""

import csv
import io
import re

import pytest

from web.tests.test_browser import browser, eager_celery, shot  # noqa: F401
from web.tests.test_browser_layout import _context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

DUEL_MASTERS_WORDS = [
    "Duel Masters", "Shield", "Mana", "Hyperspatial", "Super GR", "Hall of Fame", "Civilization",
    "デュエル・マスターズ", "デュエマ", "シールド", "マナ", "超次元", "超GR", "殿堂", "文明",
]  # fmt: skip


def _passwords(text: str, section: str) -> list[str]:
    """The passwords of one section of a .ydk (#main, #extra, !side)."""
    found, current = [], None
    for line in text.splitlines():
        if line.startswith(("#", "!")):
            current = line.strip() if line.strip() in {"#main", "#extra", "!side"} else current
        elif line.strip().isdigit() and current == section:
            found.append(line.strip())
    return found


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games import registry
    from web.tests.real_games import YGO_DECK, YGO_LISTS, ygo_real_import

    nekroz, qliphort = ((YGO_LISTS / name).read_text() for name in ("nekroz-2015.ydk", "qliphort-2015.ydk"))
    shaddoll = (YGO_LISTS / YGO_DECK).read_text()
    also = tuple(int(p) for text in (qliphort, shaddoll) for p in text.split() if p.isdigit())
    ygo_real_import("nekroz-2015.ydk", also=also)
    big = "\n".join(
        ["#main", *_passwords(nekroz, "#main"), *_passwords(qliphort, "#main")[:20], "#extra",
         *_passwords(nekroz, "#extra"), "!side", *_passwords(qliphort, "#extra")]
    )  # fmt: skip
    users = {
        name: get_user_model().objects.create_user(username=name, password="a-long-passw0rd!")
        for name in ("organizer", "alice", "bob")
    }
    ygo = registry.get("ygo")
    decks = {
        "alice": deck_create(owner=users["alice"], name="Nekroz 60", game="ygo", decklist=ygo.parse_text(big)),
        "bob": deck_create(owner=users["bob"], name="Shaddoll", game="ygo", decklist=ygo.parse_text(shaddoll)),
        "bob-dm": deck_create(owner=users["bob"], name="Bob's DM deck", decklist=registry.get("dm").decklist([])),
    }  # fmt: skip
    return {"users": users, "decks": decks, "base": live_server.url}


def _as(browser, world, name, language="en", width="desktop"):  # noqa: F811
    return _context(browser, {**world, "user": world["users"][name]}, width=width, language=language)


def _register(page, event_url, deck_name):
    from playwright.sync_api import expect

    page.goto(event_url + "register/")
    page.locator("#register-deck").select_option(label=deck_name)
    page.get_by_role("button", name="Register", exact=True).click()
    if page.locator(".legality.illegal").count():
        page.get_by_label("Register it anyway").check()
        page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Your deck is registered.")


def _no_duel_masters_words(page, where):
    text = page.locator("main").inner_text()
    assert [word for word in DUEL_MASTERS_WORDS if word in text] == [], where


def test_an_organizer_runs_an_ocg_event_to_its_printed_pack_and_csvs(browser, world):  # noqa: F811
    from playwright.sync_api import expect

    # The organizer creates the event: ?game=ygo chooses the game, the format is the game's own.
    context, page = _as(browser, world, "organizer")
    page.goto(world["base"] + "/tournaments/?game=ygo")
    expect(page.locator("#id_game")).to_have_value("ygo")
    page.get_by_label("Name").fill("OCG store CS")
    page.get_by_label("Event date", exact=True).fill("2030-01-10")
    page.locator("#id_registration_deadline").fill("2030-01-09")
    shot(page, "event-ygo-create-en")
    page.get_by_role("button", name="Create event").click()
    expect(page.locator("h1")).to_have_text("OCG store CS")
    expect(page.locator("#event-game")).to_have_text("Yu-Gi-Oh! OCG")
    event_url = page.url
    event_id = int(event_url.rstrip("/").rsplit("/", 1)[1])

    # Alice registers her 60 + 15 + 15; Bob's picker offers his OCG deck only, and a Duel Masters deck sent anyway
    # (a form of another page, a stale option) is refused in words.
    alice_context, alice = _as(browser, world, "alice")
    _register(alice, event_url, "Nekroz 60")
    alice_context.close()
    for language, words in (
        ("en", "This is a Duel Masters deck; the event is a Yu-Gi-Oh! OCG event. Choose a Yu-Gi-Oh! OCG deck."),
        ("ja", "デュエル・マスターズのデッキです。この大会は遊☆戯☆王OCGの大会です。"),
    ):
        bob_context, bob = _as(browser, world, "bob", language=language)
        bob.goto(event_url + "register/")
        options = bob.locator("#register-deck option").all_inner_texts()
        assert options == ["Shaddoll"]
        bob.evaluate(
            "(id) => { const s = document.getElementById('register-deck');"
            " s.append(new Option('other', id)); s.value = String(id); }",
            world["decks"]["bob-dm"].id,
        )
        bob.locator("#register-deck").locator("xpath=ancestor::form").locator("button[type=submit]").click()
        expect(bob.locator(".messages")).to_contain_text(words)
        shot(bob, f"event-ygo-refused-{language}")
        if language == "en":
            _register(bob, event_url, "Shaddoll")
        bob_context.close()

    # The desk in the OCG's words, in English and Japanese.
    page.goto(event_url)
    expect(page.locator("#registrations tbody tr")).to_have_count(2)
    _no_duel_masters_words(page, "event page en")
    shot(page, "event-ygo-desk-en")
    page.goto(event_url + "print/")
    expect(page.locator(".deck-sheet")).to_have_count(2)
    _no_duel_masters_words(page, "print en")
    # One A4 page per player: Chromium prints the pack to PDF, and its pages are counted.
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf)) == 2
    shot(page, "event-ygo-print-en")
    context.close()

    context, page = _as(browser, world, "organizer", language="ja")
    for path, name in (("", "desk"), ("print/", "print")):
        page.goto(event_url + path)
        _no_duel_masters_words(page, f"{name} ja")
        shot(page, f"event-ygo-{name}-ja")
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing wider than the screen
        shot(page, f"event-ygo-{name}-phone-ja")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        page.set_viewport_size({"width": 1366, "height": 900})
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf)) == 2
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, as printed
    page.emulate_media(media="print")
    shot(page, "event-ygo-print-media-ja")
    page.emulate_media(media="screen")

    # Both CSVs: Shift-JIS with Japanese headings for Excel (statuses and violations in Japanese), and UTF-8.
    export = f"{world['base']}/api/v1/events/{event_id}/registrations/export/csv/"
    sjis = page.request.get(export + "?encoding=sjis&header=ja")
    assert sjis.status == 200
    rows = list(csv.reader(io.StringIO(sjis.body().decode("cp932"))))
    assert rows[0][:5] == ["プレイヤー", "構築判定", "デッキハッシュ", "登録日時", "違反"]
    assert [row[0] for row in rows[1:]] == ["alice", "bob"]
    assert {row[1] for row in rows[1:]} <= {"構築ルールに適合", "不適正"}
    assert not re.search(r"[A-Z_]{6,}", " ".join(row[4] for row in rows[1:]))  # no violation codes
    utf8 = page.request.get(export)
    rows = list(csv.DictReader(io.StringIO(utf8.body().decode("utf-8-sig"))))
    assert [row["player"] for row in rows] == ["alice", "bob"]
    assert {row["status"] for row in rows} <= {"legal", "illegal"}
    assert list(rows[0])[5:8] == ["main", "extra", "side"]
    context.close()
