"""The legality verdict as players read it (web/verdict.py): what is wrong, on which card, and the fix, in both
languages, on the import page, the deck page and the editor's live legality.

The finding: a 41-card deck was called "deck not complete" (it has one card too many), and the import page showed
only rule codes (`DECK_SIZE · HALL_OF_FAME`) without the card or the fix.
"""

import json

import pytest
from django.test import Client
from django.utils import translation

from web.tests.catalogue import LEGAL_MAIN
from web.verdict import legality_verdict, violation_text


def _violation(code, *, zone=None, cards=(), count=None, limit=None, message="long", message_ja="長い"):
    return {
        "code": code,
        "rule": "100.2",
        "zone": zone,
        "cards": [{"id": 1, "name": name} for name in cards],
        "message": message,
        "message_ja": message_ja,
        "count": count,
        "limit": limit,
    }


TEXTS = [
    # (violation, English, Japanese)
    pytest.param(_violation("DECK_SIZE", zone="main", count=41, limit=40), "Main deck: 1 card too many",
                 "メインデッキ：1枚多い", id="41-cards-one-too-many"),
    pytest.param(_violation("DECK_SIZE", zone="main", count=43, limit=40), "Main deck: 3 cards too many",
                 "メインデッキ：3枚多い", id="43-cards-three-too-many"),
    pytest.param(_violation("DECK_SIZE", zone="main", count=37, limit=40), "Main deck: 3 cards short",
                 "メインデッキ：3枚足りない", id="37-cards-three-short"),
    pytest.param(_violation("DECK_SIZE", zone="main", count=39, limit=40), "Main deck: 1 card short",
                 "メインデッキ：1枚足りない", id="39-cards-one-short"),
    pytest.param(_violation("HYPERSPATIAL_SIZE", zone="hyperspatial", count=10, limit=8),
                 "Hyperspatial zone: 2 cards too many", "超次元ゾーン：2枚多い", id="100.3-hyperspatial-over"),
    pytest.param(_violation("GR_SIZE", zone="gr", count=9, limit=12),
                 "Super GR zone: 3 cards short (or leave it empty)", "超GRゾーン：3枚足りない（または空にする）",
                 id="100.4-gr-short-or-empty"),
    pytest.param(_violation("GR_SIZE", zone="gr", count=13, limit=12), "Super GR zone: 1 card too many",
                 "超GRゾーン：1枚多い", id="100.4-gr-over"),
    pytest.param(_violation("COPY_LIMIT", zone="main", cards=["X"], count=5, limit=4), "《X》 5 copies: at most 4",
                 "《X》5枚：4枚まで", id="100.2a-copy-limit"),
    pytest.param(_violation("HALL_OF_FAME", cards=["X"], count=2, limit=1), "《X》 2 copies: Hall of Fame, at most 1",
                 "《X》2枚：殿堂入り、1枚まで", id="100.2-hall-of-fame"),
    pytest.param(_violation("PREMIUM_HALL_OF_FAME", cards=["X"], count=1, limit=0),
                 "《X》 1 copy: Premium Hall of Fame, none allowed", "《X》1枚：プレミアム殿堂、使用できません",
                 id="100.2-premium-hall-of-fame"),
    pytest.param(_violation("PREMIUM_COMBO", cards=["X", "Y"]), "《X》《Y》: banned together, keep only one of them",
                 "《X》《Y》：同時に使えない組み合わせ、どちらか一方だけにする", id="100.2-premium-combo"),
    # The OCG's and DBS's size rules (their games' size_codes), their zones named as the games name them.
    pytest.param(_violation("DECK_SIZE", zone="main", count=61, limit=60), "Main deck: 1 card too many",
                 "メインデッキ：1枚多い", id="ocg-main-deck-over-60"),
    pytest.param(_violation("EXTRA_DECK_SIZE", zone="extra", count=16, limit=15), "Extra Deck: 1 card too many",
                 "エクストラデッキ：1枚多い", id="ocg-extra-deck-over"),
    pytest.param(_violation("SIDE_DECK_SIZE", zone="side", count=17, limit=15), "Side Deck: 2 cards too many",
                 "サイドデッキ：2枚多い", id="ocg-side-deck-over"),
    pytest.param(_violation("Z_DECK_SIZE", zone="z", count=9, limit=7), "Z-Deck: 2 cards too many",
                 "Zデッキ：2枚多い", id="dbs-z-deck-over"),
    pytest.param(_violation("LEADER_COUNT", zone="leader", count=0, limit=1), "Leader: 1 card short",
                 "リーダー：1枚足りない", id="dbs-no-leader"),
    # A problem whose own message already names the card and the fix (or a code of another game or format): as is.
    pytest.param(_violation("ZONE_MISPLACED", cards=["X"], message="X is a GR card", message_ja="《X》はGRカード"),
                 "X is a GR card", "《X》はGRカード", id="own-message-zone-misplaced"),
    pytest.param(_violation("SOME_NEW_CODE", message="new", message_ja="新しい"), "new", "新しい",
                 id="own-message-unknown-code"),
]  # fmt: skip


@pytest.mark.parametrize(("violation", "english", "japanese"), TEXTS)
def test_each_problem_is_one_short_line_in_both_languages(violation, english, japanese):
    with translation.override("en"):
        assert violation_text(violation) == english
    with translation.override("ja"):
        assert violation_text(violation) == japanese


@pytest.mark.parametrize("game", ["dm", "ygo", "dbs"])
def test_every_size_rule_of_every_game_is_worded(game):
    """Each code of a game's size rules (Game.pages.size_codes: what its buildable flag allows) gets the short line."""
    from games import registry

    the_game = registry.get(game)
    assert the_game.pages.size_codes
    for code in the_game.pages.size_codes:
        violation = _violation(code, zone=the_game.zones[0].code, count=99, limit=60)
        with translation.override("en"):
            assert violation_text(violation).endswith("39 cards too many"), code


HEADLINES = [
    # (report, status, English headline, Japanese headline, rows)
    pytest.param({"legal": True, "buildable": True, "violations": []}, "legal", "Legal", "構築ルールに適合", 0,
                 id="legal"),
    pytest.param({"legal": False, "buildable": True,
                  "violations": [_violation("DECK_SIZE", zone="main", count=41, limit=40)]},
                 "buildable", "Main deck: 1 card too many", "メインデッキ：1枚多い", 0,
                 id="41-cards-says-one-too-many"),
    pytest.param({"legal": False, "buildable": False,
                  "violations": [_violation("DECK_SIZE", zone="main", count=41, limit=40),
                                 _violation("HALL_OF_FAME", cards=["X"], count=2, limit=1)]},
                 "illegal", "Not legal", "構築ルールに不適合", 2, id="illegal-lists-every-problem"),
]  # fmt: skip


@pytest.mark.parametrize(("report", "status", "english", "japanese", "rows"), HEADLINES)
def test_the_headline_says_what_is_true(report, status, english, japanese, rows):
    for language, headline in (("en", english), ("ja", japanese)):
        with translation.override(language):
            verdict = legality_verdict(report)
            assert (verdict["status"], verdict["headline"], len(verdict["items"])) == (status, headline, rows)


# --- the pages -------------------------------------------------------------------------------------------------


@pytest.fixture
def owner_client(user):
    client = Client()
    client.force_login(user)
    return client


def _deck(user, main):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    return deck_create(owner=user, name="Words", decklist=parse_json({"main": main}), visibility="public")


FORTY_ONE = [{"card": name, "count": 4} for name in LEGAL_MAIN] + [{"card": "テスト天空騎士", "count": 1}]
THIRTY_SEVEN = [{"card": name, "count": 4} for name in LEGAL_MAIN[:9]] + [{"card": LEGAL_MAIN[9], "count": 1}]

PAGE_CASES = [
    # (main deck, language, status, headline shown)
    pytest.param(FORTY_ONE, "ja", "buildable", "メインデッキ：1枚多い", id="41-ja"),
    pytest.param(FORTY_ONE, "en", "buildable", "Main deck: 1 card too many", id="41-en"),
    pytest.param(THIRTY_SEVEN, "ja", "buildable", "メインデッキ：3枚足りない", id="37-ja"),
    pytest.param(THIRTY_SEVEN, "en", "buildable", "Main deck: 3 cards short", id="37-en"),
]


@pytest.mark.parametrize(("main", "language", "status", "headline"), PAGE_CASES)
def test_the_deck_page_says_how_many_cards_are_too_many_or_short(catalogue, user, main, language, status, headline):
    deck = _deck(user, main)
    page = Client().get(f"/decks/{deck.id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    block = page.split('id="deck-legality"')[1].split("</div>")[0]
    assert (f'data-status="{status}"' in block, f"<strong>{headline}</strong>" in block) == (True, True)
    assert "未完成" not in page and "not complete" not in page


@pytest.mark.parametrize(("main", "language", "status", "headline"), PAGE_CASES)
def test_the_editor_state_carries_the_verdict_in_the_pages_language(catalogue, main, language, status, headline):
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    deck = {"main": [{"card": resolver.resolve(row["card"]).card.id, "count": row["count"]} for row in main]}
    response = Client().post(
        "/editor/state/",
        json.dumps({"deck": deck, "op": {"op": "none"}, "format": "advance"}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    verdict = response.json()["legality"]["verdict"]
    assert (verdict["status"], verdict["headline"]) == (status, headline)


IMPORT_CASES = [
    # (decklist, language, headline, a row shown)
    pytest.param("\n".join([*(f"4 {name}" for name in LEGAL_MAIN), "1 テスト天空騎士"]), "ja", "メインデッキ：1枚多い",
                 None, id="41-ja"),
    pytest.param("\n".join([*(f"4 {name}" for name in LEGAL_MAIN), "1 テスト天空騎士"]), "en",
                 "Main deck: 1 card too many", None, id="41-en"),
    pytest.param("\n".join([*(f"4 {name}" for name in LEGAL_MAIN[1:]), "5 テスト火炎兵"]), "ja", "構築ルールに不適合",
                 "《テスト火炎兵》5枚：4枚まで", id="copy-limit-names-the-card-ja"),
    pytest.param("\n".join([*(f"4 {name}" for name in LEGAL_MAIN[1:]), "5 テスト火炎兵"]), "en", "Not legal",
                 "《テスト火炎兵》 5 copies: at most 4", id="copy-limit-names-the-card-en"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "language", "headline", "row"), IMPORT_CASES)
def test_the_import_verdict_names_the_card_and_the_fix(catalogue, user, owner_client, text, language, headline, row):
    deck = _deck(user, [])
    page = owner_client.post(
        f"/decks/{deck.id}/import/",
        {"text": text, "mode": "replace", "version": deck.version, "preview": "1"},
        HTTP_ACCEPT_LANGUAGE=language,
    ).content.decode()
    block = page.split('id="import-legality"')[1].split("</div>")[0]
    assert f"<strong>{headline}</strong>" in block
    if row is not None:
        assert f'<span class="report-message">{row}</span>' in block
    # The counts say which zone in the page's language (no English words on a Japanese page).
    counts = block.split('<span class="muted">')[1].split("</span>")[0]
    assert counts.startswith(
        {"ja": "メインデッキ 41 枚 · 超次元ゾーン 0 枚", "en": "Main deck 41 cards · Hyperspatial"}[language]
    )


def test_remarks_are_folded_below_the_problems_to_fix(catalogue, user, owner_client):
    """Warnings (e.g. RELEASE_DATE_UNKNOWN, one per card of a catalogue without dates) never make a deck illegal:
    they are folded under "n notes", after the violations."""
    deck = _deck(user, [])
    text = "\n".join([*(f"4 {name}" for name in LEGAL_MAIN[1:]), "5 テスト火炎兵"])
    page = owner_client.post(
        f"/decks/{deck.id}/import/",
        {"text": text, "mode": "replace", "version": deck.version, "preview": "1"},
        HTTP_ACCEPT_LANGUAGE="ja",
    ).content.decode()
    block = page.split('id="import-legality"')[1].split("</div>")[0]
    problems, notes = block.split('<details class="verdict-warnings">')
    assert ('data-code="COPY_LIMIT"' in problems, 'class="warning"' in problems) == (True, False)
    assert notes.count('class="warning"') == int(notes.split("<summary>注意 ")[1].split(" 件")[0]) > 0
