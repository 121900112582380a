"""Integration (PostgreSQL): the real card data, then the real hall_of_fame.json; matching report and spec cases
with real cards. Runs only with DATABASE_URL pointing at PostgreSQL (see the root conftest)."""

import json
from datetime import date

import pytest
from django.conf import settings

from games.dm.rules.decklist import parse_text
from regulations import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _listed_entries(data: dict) -> list[tuple[str, bool]]:
    """Every (listed name, has a card_key) of the file, in the importer's order."""
    entries = []
    for event in data["events"]:
        if event["kind"] == "card":
            entries.append(("/".join(event.get("names_ja") or []) or event["raw_name_ja"], bool(event.get("card_key"))))
            continue
        keys = event.get("combo_pairs_card_keys") or []
        for pair_index, pair in enumerate(event.get("combo_pairs_ja") or []):
            for side, listed in enumerate(pair[:2]):
                keyed = pair_index < len(keys) and side < len(keys[pair_index]) and bool(keys[pair_index][side])
                entries.append((listed, keyed))
    return entries


def _card_names(records: list[dict]) -> set[str]:
    from cards.names import name_key

    return {name_key(n) for r in records for n in [r["name_ja"], *(r.get("face_names_ja") or [])] if n}


@pytest.fixture(scope="module")
def real_regulations(full_catalogue, django_db_blocker):
    from games.dm.hall_of_fame import regulation_import
    from regulations.models import RegulationEvent

    with django_db_blocker.unblock():
        first = regulation_import(source=settings.REGULATION_DATA_SOURCE)
        second = regulation_import(source=settings.REGULATION_DATA_SOURCE)
        yield first, second
        RegulationEvent.objects.all().delete()


@pytest.fixture(scope="module")
def filler(real_regulations, django_db_blocker):
    """Ordinary main-deck cards that no list names, no start set uses and that resolve by name: 15 names."""
    from cards.models import Card
    from games.dm.resolver import get_resolver
    from regulations.models import RegulationEventCard

    with django_db_blocker.unblock():
        listed = set(RegulationEventCard.objects.values_list("name_key", flat=True))
        resolver = get_resolver()
        names = []
        query = Card.objects.filter(
            facts_available=True, dm__zone="main_deck", dm__twinpact=False, dm__multi_face=False
        )
        for card in query.filter(dm__deck_limit_exceptions__isnull=True, dm__start_set__isnull=True).order_by("id")[
            :200
        ]:
            if card.name_key in listed:
                continue
            resolution = resolver.resolve(card.name_ja)
            if resolution.status == "ok" and resolution.card.id == card.id:
                names.append(card.name_ja)
            if len(names) == 15:
                break
    assert len(names) == 15
    return names


def test_matching_report_of_the_real_file(real_regulations):
    first, second = real_regulations
    data = json.loads(open(settings.REGULATION_DATA_SOURCE, encoding="utf-8").read())
    entries = _listed_entries(data)
    keyed = sum(1 for _listed, has_key in entries if has_key)
    # A name without a card_key is matched by name when the card data has a record of that name (data v2 added
    # the three names v1 lacked); only names the card data does not carry stay unmatched.
    cards = json.loads(open(settings.CARD_DATA_SOURCE, encoding="utf-8").read())
    known = _card_names(cards)
    from cards.names import name_key

    unmatched = [listed for listed, has_key in entries if not has_key and name_key(listed) not in known]
    assert first.events == len(data["events"])
    assert (first.entries, first.matched) == (len(entries), len(entries) - len(unmatched))
    assert first.matched_by["card_key"] == keyed
    assert sum(first.matched_by.values()) == first.matched
    assert first.unmatched == list(dict.fromkeys(unmatched))
    assert (second.created, second.updated, second.unchanged) == (0, 0, len(data["events"]))


def test_list_in_force_agrees_with_the_files_own_replay(real_regulations):
    """The data file carries its own replay (`current`): our replay of the events gives the same statuses."""
    from regulations.selectors import regulation_in_force

    data = json.loads(open(settings.REGULATION_DATA_SOURCE, encoding="utf-8").read())
    latest = max(date.fromisoformat(e["effective_date"]) for e in data["events"])
    in_force = regulation_in_force(format_code="advance", as_of=latest)
    ours = {(item.name, str(item.status)) for item in in_force.cards}
    theirs = {
        (entry["name_ja"], entry["status"]) for entry in data["current"] if entry["status"] in ("limited", "banned")
    }
    assert len(ours) == len(theirs)
    assert {status for _name, status in ours} == {"limited", "banned"}
    assert len(in_force.combos) == len(data["current_combos"]) == 1


def _deck(filler: list[str], n: int, skip: int = 0) -> str:
    lines, names = [], iter(filler[skip:])
    while n > 0:
        take = min(4, n)
        lines.append(f"{take} {next(names)}")
        n -= take
    return "\n".join(lines)


PSY_A, PSY_B = "その先の未来へ、カミヤ・ミキ・ユア・ナルハ", "愛しい場所、マイカ・月ノ・ハルナ"  # share one back face
GR_OTHERS = ["ＧＲの犬 ワンワンワン"]

CASES = [
    ("L01", lambda f: _deck(f, 40), None, []),
    ("L13", lambda f: "12 四十日鼠 チョロチュー\n" + _deck(f, 28), None, []),
    ("L21", lambda f: f"# main\n1 {PSY_A}\n" + _deck(f, 39), None, ["ZONE_MISPLACED"]),
    # Without a heading a psychic creature goes to its own zone: the main deck is then one card short.
    ("L21-no-heading", lambda f: f"1 {PSY_A}\n" + _deck(f, 39), None, ["DECK_SIZE"]),
    ("L34", lambda f: _deck(f, 40) + "\n# 超次元\n1 13番目の計画", None, ["DECK_SIZE"]),
    ("L35", lambda f: _deck(f, 45) + "\n# 超次元\n1 13番目の計画", None, []),
    ("L37", lambda f: "1 禁断～封印されしX～\n" + _deck(f, 39), None, []),
    (
        "L39",
        lambda f: (
            "1 禁断～封印されしX～\n1 滅亡の起源 零無\n1 手札の儀\n1 墓地の儀\n1 破壊の儀\n1 復活の儀\n" + _deck(f, 34)
        ),
        None,
        ["START_SET_MULTIPLE"],
    ),
    ("L40", lambda f: "2 Forbidden ~The Sealed X~\n" + _deck(f, 38), None, ["START_SET_MULTIPLE"]),
    ("L41", lambda f: "1 FORBIDDEN STAR ～世界最後の日～\n" + _deck(f, 35), None, []),
    ("L45", lambda f: "1 無双竜機ボルバルザーク\n" + _deck(f, 39), None, ["PREMIUM_HALL_OF_FAME"]),
    (
        "L46",
        lambda f: "1 未来王龍 モモキングJO\n1 禁断英雄 モモキングダムX\n" + _deck(f, 38),
        date(2023, 1, 1),
        ["PREMIUM_COMBO"],
    ),
    ("L42-twinpact", lambda f: "1 魔導管理室 カリヤドネ/ハーミット・サークル\n" + _deck(f, 39), None, []),
    (
        "L43-twinpact",
        lambda f: "2 魔導管理室 カリヤドネ／ハーミット・サークル\n" + _deck(f, 38),
        None,
        ["HALL_OF_FAME"],
    ),
    ("shared-back-face", lambda f: _deck(f, 40) + f"\n# 超次元\n3 {PSY_A}\n2 {PSY_B}", None, []),
]


@pytest.mark.parametrize(("build", "as_of", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_spec_cases_with_real_cards(filler, build, as_of, expected):
    report = services.legality_report(decklist=parse_text(build(filler)), as_of=as_of)
    assert all(line["status"] in ("card", "heading") for line in report["lines"]), report["lines"]
    assert [v["code"] for v in report["violations"]] == expected, report["violations"]


# ------------------------------------------------------------------ the card pool of a date, with the real data

EARLY = date(2004, 12, 31)
GR_DAY = date(2019, 6, 1)


def _plain_cards(query, listed: set[str], resolver, limit: int) -> list:
    """Cards of `query` that no list names, with no deck-limit exception or start set, resolving to themselves."""
    cards = []
    for card in query.filter(dm__deck_limit_exceptions__isnull=True, dm__start_set__isnull=True).order_by(
        "release_date", "id"
    ):
        if card.name_key in listed:
            continue
        resolution = resolver.resolve(card.name_ja)
        if resolution.status == "ok" and resolution.card.id == card.id:
            cards.append(card)
        if len(cards) == limit:
            break
    return cards


@pytest.fixture(scope="module")
def dated_decks(real_regulations, django_db_blocker):
    """From the real catalogue: 10 plain main-deck cards first released by 2004 and 6 GR cards first released by
    2019-06-01 (a 40-card deck and a 12-card super GR zone), each dated by all its printings (release_date_exact: a
    card with a printing of no date may be older, and is only warned about before its dated printing)."""
    from cards.models import Card
    from games.dm.resolver import get_resolver
    from regulations.models import RegulationEventCard

    with django_db_blocker.unblock():
        listed = set(RegulationEventCard.objects.values_list("name_key", flat=True))
        resolver = get_resolver()
        plain = Card.objects.filter(
            facts_available=True, release_date_exact=True, dm__twinpact=False, dm__multi_face=False
        )
        main = _plain_cards(plain.filter(dm__zone="main_deck", release_date__lte=EARLY), listed, resolver, 10)
        gr = _plain_cards(
            plain.filter(dm__gr=True, dm__zone="super_gr_zone", release_date__lte=GR_DAY), listed, resolver, 6
        )
    assert (len(main), len(gr)) == (10, 6)
    text = "\n".join(f"4 {card.name_ja}" for card in main) + "\n# 超GR\n" + "\n".join(f"2 {c.name_ja}" for c in gr)
    return text, main, gr


def test_a_gr_deck_checked_as_of_2005_has_cards_not_yet_released(dated_decks):
    text, _main, gr = dated_decks
    report = services.legality_report(decklist=parse_text(text), as_of=date(2005, 1, 1))
    assert report["legal"] is False
    assert [(v["code"], v["zone"], v["rule"]) for v in report["violations"]] == [
        ("NOT_YET_RELEASED", "gr", "100.2")
    ] * 6
    assert {v["cards"][0]["id"] for v in report["violations"]} == {card.id for card in gr}
    for violation in report["violations"]:
        card = next(c for c in gr if c.id == violation["cards"][0]["id"])
        assert card.release_date.isoformat() in violation["message"]
        assert card.release_date.isoformat() in violation["message_ja"]


def test_the_same_deck_as_of_its_own_time_is_legal(dated_decks):
    text, main, gr = dated_decks
    as_of = max(card.release_date for card in gr)
    report = services.legality_report(decklist=parse_text(text), as_of=as_of)
    assert (report["legal"], report["violations"], report["warnings"]) == (True, [], [])
    assert all(card.release_date <= EARLY for card in main)


def test_the_batch_check_applies_the_card_pool_to_every_deck(dated_decks):
    text, _main, _gr = dated_decks
    main_only = "\n".join(line for line in text.split("# 超GR")[0].splitlines() if line)
    reports = services.legality_reports(decklists=[parse_text(text), parse_text(main_only)], as_of=date(2005, 1, 1))
    assert [[v["code"] for v in r["violations"]] for r in reports] == [["NOT_YET_RELEASED"] * 6, []]


def test_an_overlay_cutoff_is_enforced_on_real_cards(dated_decks, django_user_model):
    text, _main, gr = dated_decks
    owner = django_user_model.objects.create_user(username="organizer", password="a-long-passw0rd!")
    services.overlay_create(
        owner=owner, name="Classic cup", base_format="advance", card_pool_cutoff=EARLY, overlay_id="classic-cup"
    )
    report = services.legality_report(decklist=parse_text(text), overlay_id="classic-cup", as_of=GR_DAY)
    assert [(v["code"], v["zone"]) for v in report["violations"]] == [("CARD_POOL_CUTOFF", "gr")] * 6
    assert all(EARLY.isoformat() in v["message"] and "classic-cup" in v["message"] for v in report["violations"])


def test_which_cards_were_legal_in_advance_on_2019_06_01(real_regulations):
    """The question of the issue, answered by the search: released by that day, of a zone advance uses, and not
    banned on that day by the dated list."""
    from cards.models import Card
    from games.dm.search import card_search_result
    from regulations.selectors import regulation_in_force

    as_of = date(2019, 6, 1)
    result = card_search_result(q="legal:advance", as_of=as_of)
    banned = {
        item.name_key
        for item in regulation_in_force(format_code="advance", as_of=as_of).cards
        if item.status == "banned"
    }
    released = Card.objects.filter(release_date__lte=as_of)
    expected = {card_id for card_id, key in released.values_list("id", "name_key") if key not in banned}
    assert set(result.ids) == expected
    assert banned and len(expected) < released.count()
    assert [(n.field, n.unknown) for n in result.notes] == [
        ("release_date", Card.objects.filter(release_date__isnull=True).count())
    ]
    assert not set(card_search_result(q="date>2019-06-01").ids) & set(result.ids)


BOLBAL = "無双竜機ボルバルザーク"


@pytest.mark.parametrize(
    ("as_of", "codes"),
    [
        pytest.param(date(2004, 5, 1), ["NOT_YET_RELEASED"], id="before-DM-10"),
        pytest.param(date(2005, 1, 1), [], id="released-unrestricted"),
        pytest.param(date(2005, 8, 1), [], id="limited-one-copy"),
        pytest.param(date(2006, 4, 1), ["PREMIUM_HALL_OF_FAME"], id="premium-from-2006-03"),
    ],
)
def test_bolbalzak_through_its_history(dated_decks, as_of, codes):
    """《無双竜機ボルバルザーク》 came with DM-10 (聖拳編 第1弾, 2004) and was the first Premium Hall of Fame card, in
    March 2006 (https://gachi-matome.com/p-dm-clm-dbc-48): one copy with 39 cards of 2004 or earlier."""
    from cards.models import Card

    _text, main, _gr = dated_decks
    card = Card.objects.get(name_ja=BOLBAL)
    assert card.release_set == "DM-10" and card.release_date.year == 2004
    lines = [f"1 {BOLBAL}", *(f"4 {c.name_ja}" for c in main[:9]), f"3 {main[9].name_ja}"]
    report = services.legality_report(decklist=parse_text("\n".join(lines)), as_of=as_of)
    assert [v["code"] for v in report["violations"]] == codes
    if codes == ["NOT_YET_RELEASED"]:
        assert card.release_date.isoformat() in report["violations"][0]["message_ja"]


def test_a_real_list_with_a_promo_of_no_date_is_legal_on_its_tournament_day(real_regulations):
    """The list of a 2015-12-20 official area qualifier (corpus 018, dm.akrecord.com): its 《超轟速 レッド・エンド》
    came first as a 第14期 promo, which the set list does not date; the card data dates the card by its 2020 reprints.
    On the day the deck was played: legal, the card named in RELEASE_DATE_UNKNOWN (out by 2020-01-25, maybe before),
    not NOT_YET_RELEASED."""
    from cards.models import Card
    from games.dm.tests.corpus import corpus_decks

    card = Card.objects.get(game="dm", name_ja="超轟速 レッド・エンド")
    assert (card.release_date_exact, card.release_date.isoformat()) == (False, "2020-01-25")
    (deck,) = [deck for deck in corpus_decks() if deck.name.startswith("018_akrecord_2015")]
    report = services.legality_report(decklist=parse_text(deck.text), as_of=date(2015, 12, 20))
    assert (report["legal"], report["violations"]) == (True, [])
    unknown = [w for w in report["warnings"] if w["code"] == "RELEASE_DATE_UNKNOWN"]
    assert [card["name"] for w in unknown for card in w["cards"]] == ["超轟速 レッド・エンド"]
    assert "2020-01-25" in unknown[0]["message_ja"]
