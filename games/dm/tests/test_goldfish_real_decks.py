"""Acceptance: the real card data and effects imported, four published decklists (sources in real_decks.py)
played by the goldfish. Their finishers are played at the turns a player expects, the compiled kernel and the
plain-Python reference play the same games, and the cards whose effects are not modeled are listed."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from games.dm import simulation
from games.dm.rules import goldfish
from games.dm.rules.decklist import parse_text
from games.dm.tests.real_decks import DON_JUNGLE, JOKERS, JOKERS_GR, RAKKA_DRAGNER, REAL_DECKS, RED_ZONE

# django_db: the test database is set up for this module even when it runs alone (pytest-django sets up the
# databases that the selected tests ask for)
pytestmark = [pytest.mark.integration, pytest.mark.django_db]
GAMES = 20_000


@pytest.fixture(scope="module")
def real_catalogue(django_db_setup, django_db_blocker):
    """The real cards and effects imported once for the module (twice: the second effects import changes
    nothing); removed afterwards unless the database already held cards."""
    from cards.models import Card
    from cards.services import card_import
    from games.dm.effects import card_effects_import

    with django_db_blocker.unblock():
        had_cards = Card.objects.exists()
        card_import(source=settings.CARD_DATA_SOURCE)
        first = card_effects_import(source=settings.EFFECTS_DATA_SOURCE)
        second = card_effects_import(source=settings.EFFECTS_DATA_SOURCE)
        yield first, second
        if not had_cards:
            Card.objects.all().delete()


def _cards(deck: dict):
    return simulation.engine_cards(simulation.deck_resolve(decklist=parse_text(deck["text"])))


def _rows(cards) -> dict:
    result = goldfish.summarise(goldfish.play(cards, games=GAMES, seed=1, going="both"), cards=cards)
    return result, {row["name_ja"]: row for row in result["cards"]}


def _first_turn(row: dict, side: str = "first") -> int:
    turns = row["first_played_turn"][side]
    return int(max(turns, key=turns.get))


def test_the_real_effects_file_imports_every_card_once(real_catalogue, django_db_blocker):
    first, second = real_catalogue
    expected = json.loads(Path(settings.EFFECTS_DATA_SOURCE).read_text())["stats"]["records_with_effects"]
    assert (first.total, first.unknown_cards) == (expected, 0)
    assert (second.created, second.updated, second.unchanged) == (0, 0, expected)


@pytest.mark.parametrize("key", list(REAL_DECKS), ids=list(REAL_DECKS))
def test_real_decks_play_the_same_games_compiled_and_interpreted(real_catalogue, django_db_blocker, key):
    with django_db_blocker.unblock():
        cards = _cards(REAL_DECKS[key])
    assert sum(c.copies for c in cards if c.zone == "main") == 40
    fast = goldfish.play(cards, games=150, seed=3, going="both")
    slow = goldfish.play(cards, games=150, seed=3, going="both", compiled=False)
    assert {s: c.to_dict() for s, c in fast.items()} == {s: c.to_dict() for s, c in slow.items()}


def test_red_zone_invades_on_turn_four(real_catalogue, django_db_blocker):
    with django_db_blocker.unblock():
        cards = _cards(RED_ZONE)
    result, rows = _rows(cards)
    red_zone = rows["轟く侵略 レッドゾーン"]
    assert red_zone["effects"] == ["invasion"]
    assert red_zone["played"]["first"] > 0.6 and red_zone["played"]["second"] > 0.6  # was 0.4 % as a vanilla card
    assert _first_turn(red_zone) == 4  # a fire command summoned on turn 3 attacks on turn 4
    assert result["kill_turn"]["second"]["mean"] < 6.5
    vanilla = {row["name_ja"]: row for row in result["vanilla"]}
    assert vanilla["超轟速 レッド・エンド"] == {
        "card": vanilla["超轟速 レッド・エンド"]["card"], "name_ja": "超轟速 レッド・エンド",
        "unmodeled": ["put_into_play"], "partly": True,
    }  # fmt: skip


def test_jokers_list_their_unmodeled_free_plays(real_catalogue, django_db_blocker):
    with django_db_blocker.unblock():
        cards = _cards(JOKERS)
    result, rows = _rows(cards)
    assert rows["ヤッタレマン"]["effects"] == ["cost_reduction"]
    assert _first_turn(rows["ヤッタレマン"]) == 2
    vanilla = {row["name_ja"]: row["unmodeled"] for row in result["vanilla"]}
    # G・ゼロ: free with 11 jokers in the battle zone and mana zone; ジョラゴンJoe: 1 mana with 6 jokers in play
    assert rows["ジョジョジョ・マキシマム"]["effects"] == ["free_self"]
    assert rows["ジョット・ガン・ジョラゴンJoe"]["effects"] == ["alt_cost", "search"]
    assert "ジョジョジョ・マキシマム" not in vanilla and "ジョット・ガン・ジョラゴンJoe" not in vanilla
    # アタック・チャンス: cast free when a colorless creature attacks (its own effect is not in the data)
    assert (
        rows["破界秘伝ナッシング・ゼロ"]["effects"] == ["attack_chance"] and "破界秘伝ナッシング・ゼロ" not in vanilla
    )
    assert rows["破界秘伝ナッシング・ゼロ"]["played"]["first"] > 0
    # 5 less while you control 4 jokers, and every joker of yours has Speed Attacker
    assert rows["ガンバトラーG7"]["effects"] == ["grant_speed_attacker", "self_cost_reduction"]
    assert "ガンバトラーG7" not in vanilla


def test_don_jungle_summons_draghearts_from_the_hyperspatial_zone(real_catalogue, django_db_blocker):
    with django_db_blocker.unblock():
        cards = _cards(DON_JUNGLE)
    result, rows = _rows(cards)
    assert rows["“乱振”舞神 G・W・D"]["effects"] == ["bad"]  # B・A・D: 2 less, destroyed at the end of the turn
    molt = rows["龍覇 グレンモルト"]
    hyperspatial = [row for row in result["cards"] if row["zone"] == "hyperspatial"]
    assert len(hyperspatial) == 7
    # every Glenmolt that enters puts out one dragheart (cost 2, or a fire one of cost 4 or less)
    assert sum(row["played"]["first"] for row in hyperspatial) == pytest.approx(molt["played"]["first"], abs=1e-9)
    gr = [row for row in result["cards"] if row["zone"] == "gr"]
    assert [(row["name_ja"], row["played"]["first"]) for row in gr] == [("メタルポンの助", 0.0)]  # no GR summon


def test_jokers_gr_summons_from_the_shuffled_super_gr_zone(real_catalogue, django_db_blocker):
    with django_db_blocker.unblock():
        cards = _cards(JOKERS_GR)
    assert sum(c.copies for c in cards if c.zone == "gr") == 12
    result, rows = _rows(cards)
    summoners = [row for row in result["cards"] if row["zone"] == "main" and "gr_summon" in row["effects"]]
    assert summoners  # ガチャダマン and kin GR summon when they enter
    gr = [row for row in result["cards"] if row["zone"] == "gr"]
    assert len(gr) == 6
    # every GR creature comes up in some games (the zone is shuffled), none more often than the summoners allow
    assert all(row["played"]["first"] > 0 for row in gr)
    assert max(row["played"]["first"] for row in gr) <= 1.0
    assert result["kill_turn"]["first"]["mean"] is not None


# A claimed effect kind and the zone whose cards it must put into play in some of the seeded games.
PUTS_OUT = {"hyperspatial": "hyperspatial", "gr_summon": "gr"}


@pytest.mark.parametrize("key", list(REAL_DECKS), ids=list(REAL_DECKS))
def test_every_card_claimed_as_modeled_is_played_and_performs_its_effect(real_catalogue, django_db_blocker, key):
    """Honesty: a card listed with modeled effects is played in some seeded games, and a claimed hyperspatial or
    GR summon really puts a card of that zone into play (the claim comes from the engine's tables, not the data's
    labels)."""
    with django_db_blocker.unblock():
        cards = _cards(REAL_DECKS[key])
    result = goldfish.summarise(goldfish.play(cards, games=4_000, seed=5, going="both"), cards=cards)
    claimed = [row for row in result["cards"] if row["effects"]]
    assert claimed
    never = [row["name_ja"] for row in claimed if not any(row["played"].values())]
    assert never == []
    for kind, zone in PUTS_OUT.items():
        if any(kind in row["effects"] for row in claimed):
            assert any(row["played"]["first"] > 0 for row in result["cards"] if row["zone"] == zone), kind
    # the share by copies adds up with the cards listed as not modeled
    modeled = result["effects_modeled"]
    short = sum(row["copies"] for row in modeled["not_modeled"])
    assert modeled["share"] == pytest.approx(1 - short / modeled["copies"])
    assert {row["card"] for row in result["vanilla"]} == {row["card"] for row in modeled["not_modeled"]}


def test_rakka_dragner_claims_only_the_effects_the_engine_performs(real_catalogue, django_db_blocker):
    """The finding: 爆龍覇 リンクウッド listed "hyperspatial" as reproduced while no dragheart ever came out (its
    spell, 爆龍覇 ヒビキ and 龍覇 ラブエース ask for a dragheart of a civilization in your mana zone, a filter the
    engine did not evaluate): now evaluated, and the draghearts come out."""
    with django_db_blocker.unblock():
        cards = _cards(RAKKA_DRAGNER)
    assert [sum(c.copies for c in cards if c.zone == z) for z in ("main", "gr", "hyperspatial")] == [40, 12, 8]
    result, rows = _rows(cards)
    linkwood = rows["爆龍覇 リンクウッド /「お前の相手はオレだ、ザ=デッドマン！」"]
    assert linkwood["effects"] == ["hyperspatial", "search"]
    assert rows["爆龍覇 ヒビキ"]["effects"] == rows["龍覇 ラブエース"]["effects"] == ["hyperspatial"]
    # a dragner that resolves puts out a dragheart (cost 3 or less; the spell: 4 or less) of a civilization in
    # the mana zone: draghearts come out in most games, each only in games where some dragner was played
    summoners = ("爆龍覇 ヒビキ", "龍覇 ラブエース", "爆龍覇 リンクウッド /「お前の相手はオレだ、ザ=デッドマン！」")
    dragners = sum(rows[name]["played"]["first"] for name in summoners)
    weapons = [row["played"]["first"] for row in result["cards"] if row["zone"] == "hyperspatial"]
    assert sum(weapons) > 0.5 and max(weapons) <= dragners
    assert rows["爆熱剣 バトライ刃"]["played"]["first"] > 0.5  # the first choice among equal weapons
    # Code：1059 is an Orega Aura: used, it GR summons and is attached (310.2), so the GR creatures come out (they
    # were played in 0 % of games); its text's own end-of-turn GR summon is still listed as not modeled
    aura = rows["Code：1059"]
    assert (aura["effects"], aura["unmodeled"]) == (["gr_summon"], ["gr_summon"])
    gr = [row["played"]["first"] for row in result["cards"] if row["zone"] == "gr"]
    assert len(gr) == 6 and min(gr) > 0 and max(gr) <= aura["played"]["first"]
    modeled = result["effects_modeled"]
    assert 0 < modeled["share"] < 1
    assert "龍覇龍 デッドマン=ザ=オリジン" in {row["name_ja"] for row in modeled["not_modeled"]}  # variable
