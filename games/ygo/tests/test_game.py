"""The Yu-Gi-Oh! OCG through the real core (issue 20), with the real data imported once for the module: real .ydk
files through the legality API (every card in its zone, judged against the list of its date as limits.json says),
a deck created, checked, registered at an OCG event and exported as .ydk and text, the card search's fields, the
odds, and check_deck --game ygo. Expected values come from the data files themselves, never typed in."""

import html
import io
import json
from collections import Counter
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db.models import Value
from django.db.models.functions import Concat
from django.utils import timezone

from decks.tests.fixtures import organizer, owner, token_client  # noqa: F401
from games.ygo.tests.conftest import DATA
from games.ygo.tests.tournament_lists import TOURNAMENT_LISTS
from tournaments.tests.round_trip import assert_export_reimports

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

FILES = sorted((Path(__file__).parent / "decklists").glob("*.ydk"))
SECTION = {"#main": "main", "#extra": "extra", "!side": "side"}
RECORDS = json.loads((DATA / "cards.json").read_text(encoding="utf-8")) if (DATA / "cards.json").exists() else []
LISTS = json.loads((DATA / "limits.json").read_text(encoding="utf-8")) if (DATA / "limits.json").exists() else []
BY_PASSWORD = {number: record for record in RECORDS for number in record["passwords"]}
_GENESYS = json.loads((DATA / "genesys.json").read_text(encoding="utf-8")) if (DATA / "genesys.json").exists() else []
GENESYS_POINTS_2026_10 = {int(k): v for item in _GENESYS if item["effective_date"] == "2026-10-01"
                          for k, v in item["points"].items()}  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def real_ocg(django_db_setup, django_db_blocker):
    """The real OCG cards and lists imported once for the module; removed afterwards."""
    from cards.models import Card
    from games.ygo.catalogue import ygo_data_import
    from games.ygo.models import YgoLimitList

    if not RECORDS:
        pytest.skip("the OCG card data is not present")
    with django_db_blocker.unblock():
        had = Card.objects.filter(game="ygo").exists()
        summary = ygo_data_import(directory=DATA)
        yield summary
        if not had:
            Card.objects.filter(game="ygo").delete()
            YgoLimitList.objects.all().delete()


def _sections(text: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {"main": [], "extra": [], "side": []}
    zone = "main"
    for line in text.splitlines():
        line = line.strip()
        if line in SECTION:
            zone = SECTION[line]
        elif line.isdigit():
            out[zone].append(int(line))
    return out


def _list_in_force(day: str) -> dict:
    return [item for item in LISTS if item["effective"] <= day][-1]


def _deck_date(numbers: dict[str, list[int]]) -> str:
    """A file's date: the day its newest card was first released in Japan (decklists/README.md)."""
    dates = [BY_PASSWORD[n]["first_ocg_date"] for zone in numbers.values() for n in zone]
    return max(day for day in dates if day)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_real_ydk_through_the_legality_api(path):
    text = path.read_text(encoding="utf-8")
    numbers = _sections(text)
    day = _deck_date(numbers)
    report = (
        token_client(None).post("/api/v1/legality/", {"game": "ygo", "text": text, "as_of": day}, format="json").json()
    )

    # Every card line is a card, in the zone of its section, as the konami_id of its password.
    cards = [line for line in report["lines"] if line["status"] == "card"]
    assert [line for line in report["lines"] if line["status"] in ("unknown", "ambiguous")] == []
    read = {zone: sorted(line["card"]["konami_id"] for line in cards if line["zone"] == zone) for zone in numbers}
    assert read == {zone: sorted(BY_PASSWORD[n]["konami_id"] for n in ns) for zone, ns in numbers.items()}
    assert report["counts"] == {zone: len(ns) for zone, ns in numbers.items()}

    # Judged against the list in force on its date, exactly as limits.json lists it.
    listed = _list_in_force(day)
    allowed = {
        **{k: 2 for k in listed["semi_limited"]},
        **{k: 1 for k in listed["limited"]},
        **{k: 0 for k in listed["forbidden"]},
    }
    copies: dict[int, int] = {}
    for ns in numbers.values():
        for n in ns:
            copies[BY_PASSWORD[n]["konami_id"]] = copies.get(BY_PASSWORD[n]["konami_id"], 0) + 1
    expected = sorted(
        ("FORBIDDEN" if allowed[k] == 0 else "LIMITED", k, n, allowed[k])
        for k, n in copies.items()
        if k in allowed and n > allowed[k]
    )
    found = sorted(
        (v["code"], v["cards"][0]["konami_id"], v["count"], v["limit"])
        for v in report["violations"]
        if v["code"] in ("FORBIDDEN", "LIMITED")
    )
    assert (found, report["regulation"]["effective_date"]) == (expected, listed["effective"])
    assert [v["code"] for v in report["violations"] if v["code"] not in ("FORBIDDEN", "LIMITED")] == []
    assert report["legal"] == (expected == [])


@pytest.mark.parametrize("item", TOURNAMENT_LISTS, ids=lambda item: item.id)
def test_a_real_tournament_list_through_the_legality_api_on_its_day(item):
    text = item.path.read_text(encoding="utf-8")
    body = {"game": "ygo", "text": text, "as_of": item.day.isoformat()}
    report = token_client(None).post("/api/v1/legality/", body, format="json").json()

    assert [line for line in report["lines"] if line["status"] in ("unknown", "ambiguous")] == []
    assert report["counts"] == item.counts
    by_konami = {record["konami_id"]: record for record in RECORDS}
    for line in report["lines"]:
        if line["status"] == "card" and line["zone"] != "side":
            assert by_konami[line["card"]["konami_id"]]["deck_zone"] == line["zone"], line["text"]
    assert report["regulation"]["effective_date"] == _list_in_force(item.day.isoformat())["effective"]
    assert (report["regulation"]["effective_date"], report["legal"]) == (item.list_effective, item.legal)
    assert report["violations"] == []


def test_a_ydk_file_upload_is_read_as_its_text():
    path = FILES[0]
    client = token_client(None)
    as_text = client.post("/api/v1/legality/", {"game": "ygo", "text": path.read_text("utf-8")}, format="json")
    upload = io.BytesIO(path.read_bytes())
    upload.name = path.name
    as_file = client.post("/api/v1/legality/", {"game": "ygo", "file": upload}, format="multipart")
    assert (as_file.status_code, as_file.json()["deck_hash"]) == (200, as_text.json()["deck_hash"])


def _legal_today_ydk() -> tuple[str, dict[str, list[int]]]:
    """A deck legal on today's list, chosen from the data: 13 Normal monsters x3 and one more (40), and one Fusion
    monster in the Extra Deck, all released, none on the list in force."""
    today = timezone.localdate().isoformat()
    listed = _list_in_force(today)
    on_list = {*listed["forbidden"], *listed["limited"], *listed["semi_limited"]}

    def usable(record):
        return (
            record["konami_id"] not in on_list
            and record["passwords"]
            and record["first_ocg_date"]
            and record["first_ocg_date"] <= today
            and not record["aliases"]
        )

    normals = [r for r in RECORDS if r["monster_types"] == ["Normal"] and usable(r)][:14]
    fusion = next(r for r in RECORDS if "Fusion" in r["monster_types"] and usable(r))
    main = [n["passwords"][0] for n in normals[:13] for _ in range(3)] + [normals[13]["passwords"][0]]
    numbers = {"main": main, "extra": [fusion["passwords"][0]], "side": []}
    text = "#created by a test\n#main\n" + "\n".join(map(str, main)) + f"\n#extra\n{numbers['extra'][0]}\n!side\n"
    return text, numbers


def test_an_ocg_deck_is_created_checked_registered_and_exported(owner, organizer):  # noqa: F811
    from tournaments.models import Registration
    from tournaments.services import audit_chain_verify

    text, numbers = _legal_today_ydk()
    player = token_client(owner)
    created = player.post("/api/v1/decks/", {"name": "Normals", "game": "ygo", "text": text}, format="json")
    assert created.status_code == 201, created.json()
    deck = created.json()
    assert (deck["game"], deck["format"], deck["counts"]) == ("ygo", "ocg", {"main": 40, "extra": 1, "side": 0})

    check = player.post("/api/v1/legality/", {"game": "ygo", "text": text}, format="json").json()
    assert (check["legal"], check["violations"]) == (True, [])
    deck_check = player.get(f"/api/v1/decks/{deck['id']}/legality/").json()
    assert (deck_check["legal"], deck_check["deck_hash"]) == (True, check["deck_hash"])

    today = timezone.localdate()
    event = token_client(organizer).post(
        "/api/v1/events/",
        {
            "game": "ygo",
            "name": "OCG cup",
            "date": (today + timedelta(days=3)).isoformat(),
            "registration_deadline": (timezone.now() + timedelta(days=2)).isoformat(),
        },
        format="json",
    )
    assert event.status_code == 201, event.json()
    assert (event.json()["game"], event.json()["format"]) == ("ygo", "ocg")
    event_id = event.json()["id"]
    registered = player.post(f"/api/v1/events/{event_id}/registrations/", {"deck_id": deck["id"]}, format="json")
    assert registered.status_code == 201, registered.json()
    registration = Registration.objects.get(event_id=event_id)
    assert (registration.status, registration.deck_hash, registration.snapshot["game"]) == (
        "legal",
        check["deck_hash"],
        "ygo",
    )
    assert audit_chain_verify(event_id=event_id) == []

    # The registrations export has the OCG's zones and reads back through the registration import, in both encodings.
    for encoding in ("utf-8", "sjis"):
        rows = assert_export_reimports(event=registration.event, organizer=organizer, encoding=encoding)
        assert [list(row)[5:8] for row in rows] == [["main", "extra", "side"]]
        assert (sum(int(c.split()[0]) for c in rows[0]["main"].split("; ")), rows[0]["side"]) == (40, "")

    ydk = player.get(f"/api/v1/decks/{deck['id']}/export/ydk/")
    assert ydk["Content-Disposition"].endswith('.ydk"')
    read_back = {zone: sorted(ns) for zone, ns in _sections(ydk.content.decode()).items()}
    assert read_back == {zone: sorted(ns) for zone, ns in numbers.items()}
    exported = player.get(f"/api/v1/decks/{deck['id']}/export/text/").content.decode()
    again = player.post("/api/v1/legality/", {"game": "ygo", "text": exported}, format="json").json()
    assert (again["deck_hash"], again["counts"]) == (check["deck_hash"], check["counts"])

    stats = player.get(f"/api/v1/decks/{deck['id']}/stats/").json()
    assert (stats["counts"], stats["card_types"]) == (deck["counts"], {"monster": 40, "spell": 0, "trap": 0})
    assert sum(row["count"] for row in stats["levels"]) == 40


def _search(q: str, as_of: str | None = None) -> list[int]:
    """The konami ids the card search answers, every page."""
    from games.ygo.models import YgoCard

    url = f"/api/v1/cards/?game=ygo&q={q}&page_size=200" + (f"&as_of={as_of}" if as_of else "")
    ids: list[int] = []
    client = token_client(None)
    while url:
        answer = client.get(url)
        assert answer.status_code == 200, answer.json()
        ids += [row["id"] for row in answer.json()["results"]]
        url = answer.json().get("next")
    return sorted(YgoCard.objects.filter(card_id__in=ids).values_list("ygo_id", flat=True))


def _ids(records) -> list[int]:
    return sorted(r["konami_id"] if r["konami_id"] is not None else -r["yugipedia_page_id"] for r in records)


def _ash() -> dict:
    return next(r for r in RECORDS if r["name_ja"] == "灰流うらら")


@pytest.mark.parametrize(
    ("q", "as_of", "expected"),
    [
        pytest.param("はるうらら", None, lambda: [_ash()], id="reading-hiragana"),
        pytest.param("ハルウララ", None, lambda: [_ash()], id="reading-katakana"),
        pytest.param("ﾊﾙｳﾗﾗ", None, lambda: [_ash()], id="reading-half-width"),
        pytest.param(
            "ash blossom",
            None,
            lambda: [r for r in RECORDS if "ash blossom" in r["name_en"].lower()],
            id="english-words",
        ),
        pytest.param(  # Ritual monsters and Ritual Spells: both are "Ritual" cards
            "arch:nekroz type:ritual",
            None,
            lambda: [
                r
                for r in RECORDS
                if "Nekroz" in r["archetypes"] and ("Ritual" in r["monster_types"] or r["property"] == "Ritual")
            ],
            id="archetype-and-type",
        ),
        pytest.param(
            "atk>=3000 attr:light race:dragon",
            None,
            lambda: [
                r
                for r in RECORDS
                if isinstance(r["atk"], int)
                and r["atk"] >= 3000
                and r["attribute"] == "LIGHT"
                and r["race"] == "Dragon"
            ],
            id="stats-attribute-race",
        ),
        pytest.param(  # a number's != compares known values: "?" and a spell's missing ATK never match
            "atk!=3000 attr:light race:dragon",
            None,
            lambda: [
                r
                for r in RECORDS
                if isinstance(r["atk"], int)
                and r["atk"] != 3000
                and r["attribute"] == "LIGHT"
                and r["race"] == "Dragon"
            ],
            id="stats-not-equal",
        ),
        pytest.param(
            "zone:extra type:xyz rank=4",
            None,
            lambda: [
                r for r in RECORDS if r["deck_zone"] == "extra" and "Xyz" in r["monster_types"] and r["rank"] == 4
            ],
            id="extra-xyz-rank",
        ),
        pytest.param(
            "type:link link>=5",
            None,
            lambda: [r for r in RECORDS if "Link" in r["monster_types"] and (r["link_rating"] or 0) >= 5],
            id="link-rating",
        ),
        pytest.param(
            "type:quick-play",
            None,
            lambda: [r for r in RECORDS if r["card_type"] == "spell" and r["property"] == "Quick-Play"],
            id="quick-play",
        ),
        pytest.param(
            "limit:forbidden",
            "2015-06-01",
            lambda: [r for r in RECORDS if r["konami_id"] in set(_list_in_force("2015-06-01")["forbidden"])],
            id="forbidden-2015",
        ),
        pytest.param(
            "limit:semi-limited",
            "2024-01-01",
            lambda: [r for r in RECORDS if r["konami_id"] in set(_list_in_force("2024-01-01")["semi_limited"])],
            id="semi-limited-2024",
        ),
        pytest.param(
            "legal:ocg date>=2024-01-01 date<2024-02-01",
            "2024-06-01",
            lambda: [
                r
                for r in RECORDS
                if r["in_ocg"]
                and r["first_ocg_date"]
                and "2024-01-01" <= r["first_ocg_date"] < "2024-02-01"
                and r["konami_id"] not in set(_list_in_force("2024-06-01")["forbidden"])
            ],
            id="legal-and-dated",
        ),
        pytest.param(
            "points>0",
            "2026-10-01",
            lambda: [r for r in RECORDS if GENESYS_POINTS_2026_10.get(r["konami_id"] or 0, 0) > 0],
            id="genesys-points-2026-10",
        ),
        pytest.param(
            "points>=20",
            "2026-10-01",
            lambda: [r for r in RECORDS if GENESYS_POINTS_2026_10.get(r["konami_id"] or 0, 0) >= 20],
            id="genesys-points-at-least-20",
        ),
        pytest.param("points>0", "2026-05-31", lambda: [], id="no-genesys-list-before-2026-06"),
    ],
)
def test_the_card_search_fields(q, as_of, expected):
    assert _search(q, as_of) == _ids(expected())


@pytest.mark.parametrize(
    "q",
    [
        pytest.param("level>>3", id="bad-number"),
        pytest.param("colour:red", id="unknown-field"),
        pytest.param("type:wizard", id="unknown-type"),
        pytest.param("limit:sometimes", id="unknown-limit"),
    ],
)
def test_a_malformed_search_is_invalid_query(q):
    answer = token_client(None).get(f"/api/v1/cards/?game=ygo&q={q}")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "INVALID_QUERY")


def test_the_opening_odds_of_an_ocg_deck():
    """At least one of three copies in 5 cards of 40: 1 - C(37,5)/C(40,5); a starter (3) and an extender (3)."""
    from math import comb

    text, numbers = _legal_today_ydk()
    starter, extender = (BY_PASSWORD[numbers["main"][0]], BY_PASSWORD[numbers["main"][3]])
    body = {
        "game": "ygo",
        "text": text,
        "queries": [
            {"cards": [starter["name_ja"]]},
            {"cards": [starter["name_ja"]], "going": "second"},
            {"groups": [{"cards": [starter["name_en"]]}, {"cards": [extender["name_en"]]}]},
        ],
    }
    results = token_client(None).post("/api/v1/odds/", body, format="json").json()["results"]
    first, second, both = results
    assert first["groups"]["cards"]["fraction"] == _fraction(comb(40, 5) - comb(37, 5), comb(40, 5))
    assert second["groups"]["cards"]["fraction"] == _fraction(comb(40, 6) - comb(37, 6), comb(40, 6))
    neither = comb(40, 5) - 2 * comb(37, 5) + comb(34, 5)  # inclusion-exclusion: at least one of each
    assert both["starter_and_extender"]["fraction"] == _fraction(neither, comb(40, 5))


def _fraction(a: int, b: int) -> str:
    from fractions import Fraction

    value = Fraction(a, b)
    return f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize(
    ("args", "status"),
    [
        pytest.param([], 0, id="legal-today"),
        pytest.param(["--format", "advance"], 2, id="unknown-format"),
        pytest.param(["--game", "nope"], 2, id="unknown-game"),
    ],
)
def test_check_deck_game_ygo_exit_codes(tmp_path, args, status):
    text, _ = _legal_today_ydk()
    path = tmp_path / "deck.ydk"
    path.write_text(text, encoding="utf-8")
    game = [] if "--game" in args else ["--game", "ygo"]
    with pytest.raises(SystemExit) as exit_:
        call_command("check_deck", str(path), *game, *args, stdout=io.StringIO(), stderr=io.StringIO())
    assert exit_.value.code == status


def test_check_deck_game_ygo_illegal_is_one(tmp_path):
    """A real 2015 deck checked on its date under the OCG list: its Forbidden cards make it illegal (exit 1)."""
    path = FILES[[p.stem for p in FILES].index("nekroz-2015")]
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command(
            "check_deck", str(path), "--game", "ygo", "--as-of", "2015-06-01", stdout=out, stderr=io.StringIO()
        )
    assert exit_.value.code == 1 and out.getvalue().startswith("ILLEGAL")


def test_the_card_api_and_page_show_the_facts_the_official_page_and_the_list_history():
    from cards.models import Card

    ash = _ash()
    card = Card.objects.get(game="ygo", ygo__konami_id=ash["konami_id"])
    details = token_client(None).get(f"/api/v1/cards/{card.id}/").json()["game_details"]
    official = f"https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=2&cid={ash['konami_id']}"
    assert [link["url"] for link in details["links"]] == [
        f"{official}&request_locale=ja",
        f"{official}&request_locale=en",
    ]
    # The history is every change of the card's status, list by list, as limits.json gives them.
    expected, previous = [], None
    for listed in LISTS:
        copies = next(
            (
                n
                for key, n in (("forbidden", 0), ("limited", 1), ("semi_limited", 2))
                if ash["konami_id"] in listed[key]
            ),
            3,
        )
        if copies != previous:
            expected.append((listed["effective"], copies))
            previous = copies
    assert [(row["effective"], row["copies"]) for row in details["history"]] == expected
    page = token_client(None).get(f"/cards/{card.id}/").content.decode()
    assert html.escape(f"{official}&request_locale=ja") in page


def test_the_card_pages_list_history_is_in_the_ocgs_own_words():
    """禁止・制限・準制限・無制限, as the official lists say: never Duel Masters' 殿堂入り for a limited card."""
    from cards.models import Card

    konami_id = LISTS[-1]["limited"][0]  # a card limited on the newest list
    card = Card.objects.get(game="ygo", ygo__konami_id=konami_id)
    details = token_client(None).get(f"/api/v1/cards/{card.id}/").json()["game_details"]
    page = token_client(None).get(f"/cards/{card.id}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    history = page.split("<tbody>")[-1]
    words = {0: "禁止", 1: "制限", 2: "準制限", 3: "無制限"}
    assert [row["copies"] for row in details["history"] if f"<td>{words[row['copies']]}</td>" not in history] == []
    assert 1 in {row["copies"] for row in details["history"]} and "殿堂" not in history


def test_a_ydk_file_is_imported_on_the_deck_import_page(owner):  # noqa: F811
    from django.test import Client
    from django.urls import reverse

    from decks.models import Deck

    text, numbers = _legal_today_ydk()
    token_client(owner).post("/api/v1/decks/", {"name": "Empty", "game": "ygo", "text": ""}, format="json")
    deck = Deck.objects.get(owner=owner)
    client = Client()
    client.force_login(owner)
    url = reverse("web:deck-import", kwargs={"deck_id": deck.id})
    upload = io.BytesIO(text.encode())
    upload.name = "deck.ydk"
    preview = client.post(url, {"file": upload, "preview": "1", "version": deck.version})
    assert preview.status_code == 200
    lines = preview.context["lines"]
    assert (sum(1 for line in lines if line["status"] == "card"), preview.context["legality"]["legal"]) == (41, True)
    applied = client.post(url, {"text": text, "apply": "1", "version": deck.version, "mode": "replace"})
    assert applied.status_code == 302
    counts = token_client(owner).get(f"/api/v1/decks/{deck.id}/").json()["counts"]
    assert counts == {zone: len(ns) for zone, ns in numbers.items()}


@pytest.mark.parametrize(
    ("status", "cutoff", "codes"),
    [
        pytest.param("banned", None, ["FORBIDDEN"], id="extra-ban"),
        pytest.param("limited", None, ["LIMITED"], id="extra-limit"),
        pytest.param(None, "1999-01-01", ["CARD_POOL_CUTOFF"], id="card-pool-cut-off"),
        pytest.param(None, None, [], id="overlay-without-changes"),
    ],
)
def test_an_event_overlay_on_the_ocg_format(status, cutoff, codes):
    """An overlay (regulations.EventOverlay on the `ocg` format) adds extra bans {card: 0}, limits {card: 1} and a
    card-pool cut-off to the list in force."""
    from cards.models import Card
    from regulations.models import EventOverlay, Format, OverlayCard

    text, numbers = _legal_today_ydk()
    overlay = EventOverlay.objects.create(
        slug="ocg-house", name="House", base_format=Format.objects.get(game="ygo", code="ocg"), card_pool_cutoff=cutoff
    )
    target = BY_PASSWORD[numbers["main"][0]]  # three copies in the deck
    if status:
        OverlayCard.objects.create(
            overlay=overlay, card=Card.objects.get(game="ygo", ygo__konami_id=target["konami_id"]), status=status
        )
    body = {"game": "ygo", "text": text, "overlay": "ocg-house"}
    report = token_client(None).post("/api/v1/legality/", body, format="json").json()
    assert sorted({v["code"] for v in report["violations"]}) == codes
    if status:
        (item,) = report["violations"]
        assert (item["cards"][0]["konami_id"], item["count"], item["limit"], item["rule"]) == (
            target["konami_id"],
            3,
            {"banned": 0, "limited": 1}[status],
            "event overlay",
        )
    assert report["overlay"]["overlay_id"] == "ocg-house"


def test_an_ocg_batch_is_checked_entry_by_entry():
    legal, _ = _legal_today_ydk()
    nekroz = FILES[[p.stem for p in FILES].index("nekroz-2015")].read_text("utf-8")
    decks = [{"player": "a", "text": legal}, {"player": "b", "text": nekroz}, {"player": "c", "deck": {"main": 3}}]
    answer = token_client(None).post(
        "/api/v1/legality/batch/", {"game": "ygo", "decks": decks, "as_of": "2015-06-01"}, format="json"
    )
    results = answer.json()["results"]
    # On 2015-06-01 the Normal-monster deck holds cards not yet released or is legal; Nekroz holds listed cards.
    single = [
        token_client(None)
        .post("/api/v1/legality/", {"game": "ygo", "text": text, "as_of": "2015-06-01"}, format="json")
        .json()["legal"]
        for text in (legal, nekroz)
    ]
    assert answer.status_code == 200
    assert [r.get("report", {}).get("legal", r.get("error", {}).get("code")) for r in results] == [
        *single,
        "MALFORMED_DECKLIST",
    ]
    assert results[1]["report"]["regulation"]["effective_date"] == _list_in_force("2015-06-01")["effective"]


def test_the_deck_page_of_an_ocg_deck_shows_its_three_zones_and_its_report(owner):  # noqa: F811
    """The owner's page is the editor (web/editor.py through the registry): the three zones with their cards, the
    report of today's list, and the .ydk export beside the others."""
    from django.test import Client

    text, numbers = _legal_today_ydk()
    created = token_client(owner).post("/api/v1/decks/", {"name": "N", "game": "ygo", "text": text}, format="json")
    client = Client()
    client.force_login(owner)
    page = client.get(f"/decks/{created.json()['id']}/")
    assert page.status_code == 200
    state = page.context["config"]["state"]
    shown = {zone: sum(row["count"] for row in rows) for zone, rows in state["deck"].items()}
    assert (shown, state["legality"]["legal"]) == ({zone: len(ns) for zone, ns in numbers.items()}, True)
    assert [zone["code"] for zone in state["zones"]] == ["main", "extra", "side"]
    assert f'href="/api/v1/decks/{created.json()["id"]}/export/ydk/"' in page.content.decode()


def test_the_simulations_page_of_an_ocg_deck_gives_the_exact_odds_of_each_main_deck_card(owner):  # noqa: F811
    from math import comb

    from django.test import Client

    text, numbers = _legal_today_ydk()
    created = token_client(owner).post("/api/v1/decks/", {"name": "N", "game": "ygo", "text": text}, format="json")
    client = Client()
    client.force_login(owner)
    page = client.get(f"/decks/{created.json()['id']}/simulate/")
    assert (page.status_code, page.context["simulates"], page.context["odds_error"]) == (200, False, None)
    rows = page.context["table"]["rows"]
    assert sorted(row["copies"] for row in rows) == sorted(Counter(numbers["main"]).values())
    size = len(numbers["main"])
    for row in rows:  # at least one copy in 5 cards (going first) and 6 (going second): 1 - C(size-k, n) / C(size, n)
        miss = [Fraction(comb(size - row["copies"], n), comb(size, n)) for n in (5, 6)]
        assert [Fraction(value["fraction"]) for value in row["values"]] == [1 - m for m in miss]
    assert 'id="simulate-form"' not in page.content.decode()  # no goldfish for a game that does not simulate


@pytest.mark.parametrize("page", ["", "print/", "deck-check/", "audit/"], ids=["event", "print", "deck-check", "audit"])
def test_the_event_pages_of_an_ocg_event(owner, organizer, page):  # noqa: F811
    from django.test import Client

    text, numbers = _legal_today_ydk()
    deck = token_client(owner).post("/api/v1/decks/", {"name": "N", "game": "ygo", "text": text}, format="json").json()
    body = {
        "game": "ygo",
        "name": "OCG cup",
        "date": (timezone.localdate() + timedelta(days=3)).isoformat(),
        "registration_deadline": (timezone.now() + timedelta(days=2)).isoformat(),
    }
    event = token_client(organizer).post("/api/v1/events/", body, format="json").json()
    registered = token_client(owner).post(
        f"/api/v1/events/{event['id']}/registrations/", {"deck_id": deck["id"]}, format="json"
    )
    assert registered.status_code == 201
    client = Client()
    client.force_login(organizer)
    answer = client.get(f"/tournaments/{event['id']}/{page}")
    assert answer.status_code == 200
    if page == "print/":  # the printable pack lists the registered cards
        assert BY_PASSWORD[numbers["main"][0]]["name_ja"] in answer.content.decode()


def test_the_set_list_dates_leave_ocg_cards_alone_and_a_reimport_restores_changed_rows():
    """Another game's import of its set list (the default game's `card_release_dates_refresh`) never touches an OCG
    card's first release; and an OCG re-import that finds changed rows rewrites them (on PostgreSQL too: the names
    set aside while rows exchange names hold no NUL)."""
    from cards.models import Card
    from cards.services import card_release_dates_refresh
    from games.ygo.catalogue import ygo_data_import

    dated = dict(Card.objects.filter(game="ygo", release_date__isnull=False).values_list("id", "release_date")[:200])
    card_release_dates_refresh()
    assert dict(Card.objects.filter(id__in=dated).values_list("id", "release_date")) == dated

    Card.objects.filter(id__in=dated).update(release_date=None, name_ja=Concat(Value("old "), "name_ja"))
    ygo_data_import(directory=DATA)
    assert dict(Card.objects.filter(id__in=dated).values_list("id", "release_date")) == dated
    assert not Card.objects.filter(game="ygo", name_ja__startswith="old ").exists()


# GENESYS (format `genesys`, issue 28) through the legality API, single and batch, with the real point lists: a deck
# of the real cards whose points the list gives, checked against the default cap and against caps a request sets.
GENESYS_LISTS = (
    json.loads((DATA / "genesys.json").read_text(encoding="utf-8")) if (DATA / "genesys.json").exists() else []
)


def _genesys_text(points_wanted: int) -> tuple[str, int]:
    """A 40-card Main Deck in Japanese names: pointed cards of the newest list (released before its card-pool date, no
    Link or Pendulum) up to `points_wanted`, then unpointed old cards. Returns (text, its points)."""
    newest = GENESYS_LISTS[-1]
    cutoff = newest["card_pool_released_before"]
    points = {int(k): v for k, v in newest["points"].items()}
    by_name = Counter(record["name_ja"] for record in RECORDS)

    def plain(record) -> bool:
        return (
            record["deck_zone"] == "main"
            and record.get("first_ocg_date")
            and record["first_ocg_date"] < cutoff
            and not {"Link", "Pendulum"} & set(record.get("monster_types") or ())
            and not record.get("aliases")
            and by_name[record["name_ja"]] == 1
            and all(record["konami_id"] not in item[key] for item in LISTS[-3:] for key in ("forbidden", "limited",
                                                                                            "semi_limited"))
        )  # fmt: skip

    lines, total, copies = [], 0, 0
    for record in RECORDS:
        value = points.get(record["konami_id"] or 0, 0)
        if value and plain(record) and total + value <= points_wanted and copies < 40:
            lines.append(f"1 {record['name_ja']}")
            total, copies = total + value, copies + 1
    for record in RECORDS:
        if copies >= 40:
            break
        if not points.get(record["konami_id"] or 0) and plain(record) and record["first_ocg_date"] < "2000-01-01":
            lines.append(f"1 {record['name_ja']}")
            copies += 1
    return "メインデッキ\n" + "\n".join(lines) + "\n", total


@pytest.mark.parametrize(
    ("wanted", "cap", "over"),
    [
        pytest.param(90, None, False, id="under-the-default-cap"),
        pytest.param(130, None, True, id="over-the-default-cap"),
        pytest.param(130, 200, False, id="under-a-cap-of-200"),
        pytest.param(30, 0, True, id="over-a-cap-of-0"),
    ],
)
def test_genesys_through_the_legality_api(wanted, cap, over):
    text, total = _genesys_text(wanted)
    body = {"game": "ygo", "format": "genesys", "text": text, "as_of": GENESYS_LISTS[-1]["effective_date"]}
    if cap is not None:
        body["point_cap"] = cap
    client = token_client(None)
    report = client.post("/api/v1/legality/", body, format="json").json()
    expected_cap = 100 if cap is None else cap
    assert (report["format"], report["points"]) == ("genesys", {"total": total, "cap": expected_cap})
    assert [v["code"] for v in report["violations"]] == (["GENESYS_POINTS"] if over else [])
    assert report["regulation"]["effective_date"] == GENESYS_LISTS[-1]["effective_date"]

    batch = {key: value for key, value in body.items() if key != "text"}
    batch["decks"] = [{"player": "p1", "text": text}]
    answer = client.post("/api/v1/legality/batch/", batch, format="json").json()
    (result,) = answer["results"]
    assert (result["report"]["points"], result["report"]["legal"]) == (report["points"], not over)


def test_point_cap_applies_to_genesys_only():
    text, _total = _genesys_text(10)
    body = {"game": "ygo", "format": "ocg", "text": text, "point_cap": 100}
    answer = token_client(None).post("/api/v1/legality/", body, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "VALIDATION_ERROR")


def test_the_card_page_shows_a_cards_genesys_points_list_by_list():
    """A card the newest GENESYS list points: its points on each list (0 where a list does not name it), a row per
    change, in the API's game_details and on the card page."""
    from cards.models import Card

    newest = {int(k): v for k, v in _GENESYS[-1]["points"].items()}
    konami_id = next(k for k, v in sorted(newest.items()) if v > 0)
    card = Card.objects.get(game="ygo", ygo__konami_id=konami_id)
    expected: list[tuple[str, int]] = []
    for item in _GENESYS:
        points = int(item["points"].get(str(konami_id), 0))
        if not expected or expected[-1][1] != points:
            expected.append((item["effective_date"], points))
    details = token_client(None).get(f"/api/v1/cards/{card.id}/").json()["game_details"]
    assert [(row["effective"], row["points"]) for row in details["points_history"]] == expected
    page = token_client(None).get(f"/cards/{card.id}/").content.decode()
    table = page.split('id="genesys-points"')[1].split("</table>")[0]
    assert [f"<td>{day}</td><td>{points}</td>" in table for day, points in expected] == [True] * len(expected)


def test_the_editor_shows_genesys_points_on_tiles_and_a_running_total(monkeypatch):
    """The points of the list in force (the newest on 2026-10-01) on each pointed card's tile, and the deck's total
    against the default cap ("57 / 100") among the editor's statistics."""
    from datetime import date as day

    from django.utils import timezone

    from cards.models import Card
    from games import registry

    monkeypatch.setattr(timezone, "localdate", lambda *args: day(2026, 10, 1))
    newest = {int(k): v for k, v in _GENESYS[-1]["points"].items()}
    pointed = [k for k, v in sorted(newest.items()) if v > 0][:2]
    pks = dict(Card.objects.filter(game="ygo", ygo__konami_id__in=pointed).values_list("ygo__konami_id", "id"))
    game = registry.get("ygo")
    tiles = game.editor.cards(list(pks.values()))
    assert {konami: tiles[pk]["genesys_points"] for konami, pk in pks.items()} == {k: newest[k] for k in pointed}
    assert all(f"GENESYS {newest[k]} pt" in tiles[pks[k]]["tile"]["lines_en"] for k in pointed)
    entries = [(pks[pointed[0]], "main", 2), (pks[pointed[1]], "side", 1)]
    charts = {chart["id"]: chart for chart in game.editor.statistics(entries)["charts"]}
    total = 2 * newest[pointed[0]] + newest[pointed[1]]
    assert [item["value"] for item in charts["ygo-genesys-points"]["items"]] == [f"{total} / 100"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_real_ydk_deck_is_exported_as_ydke_and_imported_back_to_the_same_deck(owner, path):  # noqa: F811
    """A deck made of a real .ydk, exported as a ydke:// URL (`/export/ydke/`), pasted into the deck API and the
    legality API: the same cards in the same zones, the same deck hash."""
    text = path.read_text(encoding="utf-8")
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": path.stem, "game": "ygo", "text": text}, format="json").json()
    exported = player.get(f"/api/v1/decks/{deck['id']}/export/ydke/")
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/plain")
    url = exported.content.decode().strip()
    assert url.startswith("ydke://") and url.count("!") == 3
    again = player.post("/api/v1/decks/", {"name": "again", "game": "ygo", "text": url}, format="json").json()
    entries = lambda d: sorted((z, e["card_id"], e["count"]) for z, es in d["entries"].items() for e in es)  # noqa: E731
    assert entries(player.get(f"/api/v1/decks/{again['id']}/").json()) == entries(
        player.get(f"/api/v1/decks/{deck['id']}/").json()
    )
    as_ydk = player.post("/api/v1/legality/", {"game": "ygo", "text": text}, format="json").json()
    as_ydke = player.post("/api/v1/legality/", {"game": "ygo", "text": url}, format="json").json()
    assert (as_ydke["deck_hash"], as_ydke["counts"]) == (as_ydk["deck_hash"], as_ydk["counts"])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param("ydke://o6lXBZyFNAI=", "parts", id="one-part"),
        pytest.param("ydke://o6lX!!!", "length", id="three-bytes"),
        pytest.param("ydke://@@@@!!!", "base64", id="not-base64"),
    ],
)
def test_a_malformed_ydke_url_is_a_clear_error(owner, text, reason):  # noqa: F811
    from django.test import Client
    from django.urls import reverse

    answer = token_client(None).post("/api/v1/legality/", {"game": "ygo", "text": text}, format="json")
    error = answer.json()["error"]
    assert (answer.status_code, error["code"], error["details"]["reason"]) == (400, "MALFORMED_DECK_CODE", reason)
    deck = token_client(owner).post("/api/v1/decks/", {"name": "x", "game": "ygo", "text": ""}, format="json").json()
    client = Client()
    client.force_login(owner)
    page = client.post(reverse("web:deck-import", kwargs={"deck_id": deck["id"]}), {"text": text, "preview": "1"})
    assert page.status_code == 200 and "text" in page.context["form"].errors


def test_the_issues_ydke_example_through_the_legality_api():
    report = token_client(None).post(
        "/api/v1/legality/", {"game": "ygo", "text": "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!"}, format="json"
    )
    cards = [(line["zone"], line["card"]["konami_id"]) for line in report.json()["lines"] if line["status"] == "card"]
    by_password = [("main", 89631139), ("main", 36996508), ("extra", 44508094), ("side", 5318639)]
    assert cards == [(zone, BY_PASSWORD[n]["konami_id"]) for zone, n in by_password]


def test_hand_odds_by_groups_of_a_saved_ocg_deck(owner):  # noqa: F811
    """Groups saved with the deck's version (PATCH odds_groups), then POST /odds/hand/ with the deck alone: "at least
    one starter and at least one of the second group, and none of the third", computed by inclusion-exclusion."""
    from math import comb

    from decks.models import DeckVersion

    text, numbers = _legal_today_ydk()
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Normals", "game": "ygo", "text": text}, format="json").json()
    by_konami = {e["name_en"]: e["card_id"] for e in deck["entries"]["main"]}
    names = [BY_PASSWORD[n]["name_en"] for n in dict.fromkeys(numbers["main"])]
    # A (3 copies, plus the shared card): cards 0 and 1; B: cards 1 and 2; C ("bricks"): card 3. Card 1 is in both.
    groups = [
        {"name": "A", "cards": [by_konami[names[0]], by_konami[names[1]]]},
        {"name": "B", "cards": [by_konami[names[1]], by_konami[names[2]]]},
        {"name": "C", "cards": [by_konami[names[3]]]},
    ]
    conditions = [{"group": "A", "at_least": 1}, {"group": "B", "at_least": 1}, {"group": "C", "exactly": 0}]
    saved = player.patch(
        f"/api/v1/decks/{deck['id']}/",
        {"odds_groups": {"groups": groups, "conditions": conditions}},
        format="json",
        HTTP_IF_MATCH=f'"{deck["version"]}"',
    )
    assert saved.status_code == 200, saved.json()
    assert DeckVersion.objects.get(deck_id=deck["id"], number=saved.json()["version"]).odds_groups["conditions"] == [
        {"group": "A", "at_least": 1},
        {"group": "B", "at_least": 1},
        {"group": "C", "exactly": 0},
    ]
    answer = player.post("/api/v1/odds/hand/", {"deck": deck["id"]}, format="json")
    assert answer.status_code == 200, answer.json()

    def expected(n: int) -> str:
        # Cells: a = card 0 (3), s = card 1 (3), b = card 2 (3), c = card 3 (3), rest 28. Hands without c, of 37
        # cards: meet A and B unless (no a and no s) or (no s and no b): inclusion-exclusion over 37 cards.
        without_c = comb(37, n)
        no_a_s = comb(31, n)
        no_s_b = comb(31, n)
        no_a_s_b = comb(28, n)
        return _fraction(without_c - no_a_s - no_s_b + no_a_s_b, comb(40, n))

    body = answer.json()
    assert (body["first"]["fraction"], body["second"]["fraction"]) == (expected(5), expected(6))
    assert body["opening"]["cards_going_first"] == 5 and body["first"]["percent"] > 0

    refused = player.post(
        "/api/v1/odds/hand/",
        {"deck": deck["id"], "groups": groups, "conditions": [{"group": "Z", "at_least": 1}]},
        format="json",
    )
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "VALIDATION_ERROR")


def test_the_odds_page_saves_groups_and_the_editor_recomputes_them_on_every_edit(owner):  # noqa: F811
    from django.test import Client
    from django.urls import reverse

    from decks.models import Deck

    text, numbers = _legal_today_ydk()
    deck = token_client(owner).post("/api/v1/decks/", {"name": "N", "game": "ygo", "text": text}, format="json").json()
    first, second = [e["card_id"] for e in deck["entries"]["main"][:2]]
    client = Client()
    client.force_login(owner)
    url = reverse("web:deck-simulate", kwargs={"deck_id": deck["id"]})
    form = {"version": deck["version"], "name_0": "starters", "cards_0": [first, second], "comparison_0": "at_least"}
    saved = client.post(url, {**form, "count_0": "1", "save": "1"})
    assert saved.status_code == 302
    stored = Deck.objects.get(id=deck["id"])
    assert (stored.version, stored.odds_groups["conditions"]) == (
        deck["version"] + 1,
        [{"group": "starters", "at_least": 1}],
    )
    page = client.get(url)
    assert page.context["hand_odds"]["answer"]["first"]["fraction"] == _fraction(
        comb_(40, 5) - comb_(34, 5), comb_(40, 5)
    )

    # The editor: the same groups over the working copy, one card of the group taken out (5 copies left of 40 - 1).
    state = client.post(
        reverse("web:editor-state"),
        {
            "game": "ygo",
            "deck": {"main": [{"card": e["card_id"], "count": e["count"]} for e in deck["entries"]["main"]]},
            "op": {"op": "set", "card": first, "zone": "main", "count": 2},
            "odds_groups": stored.odds_groups,
        },
        content_type="application/json",
    ).json()
    assert state["hand_odds"]["first"]["fraction"] == _fraction(comb_(39, 5) - comb_(34, 5), comb_(39, 5))


def comb_(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_ocg_deck_code_round_trips_through_the_import_and_the_legality_api(owner, path):  # noqa: F811
    player = token_client(owner)
    text = path.read_text(encoding="utf-8")
    deck = player.post("/api/v1/decks/", {"name": "x", "game": "ygo", "text": text}, format="json").json()
    code = player.get(f"/api/v1/decks/{deck['id']}/export/code/").content.decode().strip()
    assert code.startswith("dk1.ygo.")
    again = player.post("/api/v1/decks/", {"name": "again", "game": "ygo", "text": code}, format="json")
    assert again.status_code == 201, again.json()
    entries = lambda d: sorted((z, e["card_id"], e["count"]) for z, es in d["entries"].items() for e in es)  # noqa: E731
    assert entries(again.json()) == entries(deck)
    as_ydk = player.post("/api/v1/legality/", {"game": "ygo", "text": text}, format="json").json()
    as_code = player.post("/api/v1/legality/", {"game": "ygo", "text": code}, format="json").json()
    assert as_code["deck_hash"] == as_ydk["deck_hash"]
    # Read as another game's text, the code says whose it is.
    wrong = player.post("/api/v1/legality/", {"game": "dm", "text": code}, format="json")
    assert (wrong.status_code, wrong.json()["error"]["details"]["reason"]) == (400, "game")


def _genesys_event(organizer, **values):  # noqa: F811
    today = timezone.localdate()
    body = {
        "game": "ygo",
        "format": "genesys",
        "name": "GENESYS cup",
        "date": (today + timedelta(days=3)).isoformat(),
        "regulation_date": GENESYS_LISTS[-1]["effective_date"],
        "registration_deadline": (timezone.now() + timedelta(days=2)).isoformat(),
        **values,
    }
    return token_client(organizer).post("/api/v1/events/", body, format="json")


# An event's organizer sets its GENESYS point cap (issue 28): every registration is checked against the event's cap
# (none: the list's default, 100); a change of cap re-checks the registrations.
@pytest.mark.parametrize(
    ("wanted", "cap", "over"),
    [
        pytest.param(30, 0, True, id="event-cap-0"),
        pytest.param(90, None, False, id="event-default-cap-100-under"),
        pytest.param(130, None, True, id="event-default-cap-100-over"),
        pytest.param(130, 200, False, id="event-cap-200"),
    ],
)
def test_an_events_genesys_point_cap_binds_its_registrations(owner, organizer, wanted, cap, over):  # noqa: F811
    from tournaments.models import Registration

    text, total = _genesys_text(wanted)
    player = token_client(owner)
    deck = player.post(
        "/api/v1/decks/", {"name": "G", "game": "ygo", "format": "genesys", "text": text}, format="json"
    ).json()
    event = _genesys_event(organizer, **({"point_cap": cap} if cap is not None else {}))
    assert event.status_code == 201, event.json()
    assert event.json()["point_cap"] == cap
    registered = player.post(
        f"/api/v1/events/{event.json()['id']}/registrations/", {"deck_id": deck["id"], "accept_illegal": True},
        format="json",
    )  # fmt: skip
    assert registered.status_code == 201, registered.json()
    registration = Registration.objects.get(event_id=event.json()["id"])
    expected_cap = 100 if cap is None else cap
    assert registration.legality_report["points"] == {"total": total, "cap": expected_cap}
    assert [v["code"] for v in registration.legality_report["violations"]] == (["GENESYS_POINTS"] if over else [])
    assert registration.status == ("illegal" if over else "legal")


def test_a_change_of_the_events_point_cap_rechecks_its_registrations(owner, organizer):  # noqa: F811
    from tournaments.models import Registration

    text, total = _genesys_text(130)
    player = token_client(owner)
    deck = player.post(
        "/api/v1/decks/", {"name": "G", "game": "ygo", "format": "genesys", "text": text}, format="json"
    ).json()
    event_id = _genesys_event(organizer).json()["id"]
    player.post(f"/api/v1/events/{event_id}/registrations/", {"deck_id": deck["id"], "accept_illegal": True},
                format="json")  # fmt: skip
    assert Registration.objects.get(event_id=event_id).status == "illegal"
    changed = token_client(organizer).patch(f"/api/v1/events/{event_id}/", {"point_cap": 200}, format="json")
    assert (changed.status_code, changed.json()["point_cap"]) == (200, 200)
    registration = Registration.objects.get(event_id=event_id)
    assert (registration.status, registration.legality_report["points"]) == ("legal", {"total": total, "cap": 200})
    refused = token_client(owner).patch(f"/api/v1/events/{event_id}/", {"point_cap": 0}, format="json")
    assert refused.status_code == 403


@pytest.mark.parametrize(
    ("values", "field"),
    [
        pytest.param({"game": "dm", "format": "advance"}, "point_cap", id="duel-masters-event"),
        pytest.param({"format": "ocg"}, "point_cap", id="ocg-format-event"),
        pytest.param({"point_cap": -1}, "point_cap", id="negative-cap"),
    ],
)
def test_a_point_cap_is_refused_where_the_events_format_takes_none(organizer, values, field):  # noqa: F811
    answer = _genesys_event(organizer, **{"point_cap": 100, **values})
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "VALIDATION_ERROR")
    assert field in answer.json()["error"]["details"]["fields"]


SHORT_FORMS = [
    # (what players write, the card: games/ygo/tests/test_abbreviations.py cites where they write so)
    pytest.param("増G", "増殖するＧ", id="zou-g"),
    pytest.param("うらら", "灰流うらら", id="urara"),
    pytest.param("金謙", "金満で謙虚な壺", id="kinken"),
]


@pytest.mark.parametrize(("written", "name"), SHORT_FORMS)
def test_a_short_form_is_found_and_imported(written, name):
    from games.ygo.game import GAME

    konami_id = next(r["konami_id"] for r in RECORDS if r.get("name_ja") == name)
    assert konami_id in _search(written)
    line = GAME.parse_json({"main": [{"card": written, "count": 3}]}).lines[0]
    assert (line.status.value, line.card.name, line.count) == ("card", name, 3)


@pytest.mark.parametrize("include_lines", [True, False], ids=["with-lines", "without-lines"])
@pytest.mark.parametrize(
    ("text", "as_of"),
    [
        *[pytest.param(p.read_text("utf-8"), "2015-06-01", id=p.stem) for p in FILES],
        *[pytest.param(item.path.read_text("utf-8"), item.day.isoformat(), id=item.id) for item in TOURNAMENT_LISTS],
    ],
)
def test_a_batch_report_is_the_single_checks_report(text, as_of, include_lines):
    # A batch checks its lists against one context (the format, overlay and catalogue read once): each report is the
    # one the single check gives, its lines only when asked for.
    body = {"game": "ygo", "decks": [{"player": "a", "text": text}], "as_of": as_of, "include_lines": include_lines}
    batch = token_client(None).post("/api/v1/legality/batch/", body, format="json")
    single = token_client(None).post("/api/v1/legality/", {"game": "ygo", "text": text, "as_of": as_of}, format="json")
    assert (batch.status_code, single.status_code) == (200, 200)
    expected = single.json()
    if not include_lines:
        expected.pop("lines")
    assert batch.json()["results"][0]["report"] == expected
