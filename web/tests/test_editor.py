"""The editor's working copy: changes, automatic zones, and the one-call state (deck + legality + statistics)."""

import pytest

from games.dm.rules.statistics import trigger_probability
from games.dm.rules.vocabulary import DeckZone
from web.editor import EditorInputError, editor_state, working_copy_apply, working_copy_from_json, working_copy_to_json


@pytest.fixture
def resolver(catalogue):
    from games.dm.resolver import get_resolver

    return get_resolver()


def card_id(resolver, name: str) -> int:
    resolution = resolver.resolve(name)
    assert resolution.status == "ok", name
    return resolution.card.id


ADD_CASES = [
    # (card, explicit zone, zone it lands in) -- rules 100.3/100.4: psychic -> hyperspatial, GR -> super GR zone
    pytest.param("テスト火炎兵", None, DeckZone.MAIN, id="creature-goes-to-main"),
    pytest.param("テスト超次元獣アルファ", None, DeckZone.HYPERSPATIAL, id="psychic-goes-to-hyperspatial"),
    pytest.param("テストGRロボ", None, DeckZone.GR, id="gr-goes-to-gr"),
    pytest.param("テスト火炎兵", "considering", DeckZone.CONSIDERING, id="explicit-considering"),
]


@pytest.mark.parametrize(("name", "zone", "expected"), ADD_CASES)
def test_add_puts_card_in_its_zone(resolver, name, zone, expected):
    copy = working_copy_from_json({})
    card = card_id(resolver, name)
    working_copy_apply(copy, {"op": "add", "card": card, "zone": zone})
    assert copy[expected] == {card: 1}
    assert sum(len(entries) for entries in copy.values()) == 1


def test_set_move_and_remove(resolver):
    card = card_id(resolver, "テスト紅蓮竜")
    copy = working_copy_from_json({"main": [{"card": card, "count": 3}]})
    working_copy_apply(copy, {"op": "set", "card": card, "zone": "main", "count": 4})
    assert copy[DeckZone.MAIN][card] == 4
    working_copy_apply(copy, {"op": "move", "card": card, "from": "main", "to": "considering", "count": 1})
    assert (copy[DeckZone.MAIN][card], copy[DeckZone.CONSIDERING][card]) == (3, 1)
    working_copy_apply(copy, {"op": "set", "card": card, "zone": "main", "count": 0})
    assert card not in copy[DeckZone.MAIN]
    assert working_copy_to_json(copy)["considering"] == [{"card": card, "count": 1}]


BAD_INPUT = [
    pytest.param({"main": "x"}, None, "INVALID_DECK", id="zone-not-a-list"),
    pytest.param({"graveyard": []}, None, "INVALID_ZONE", id="unknown-zone"),
    pytest.param({"main": [{"card": "abc", "count": 1}]}, None, "INVALID_CARD", id="card-not-an-id"),
    pytest.param({"main": [{"card": 1, "count": -1}]}, None, "INVALID_COUNT", id="negative-count"),
    pytest.param({}, {"op": "explode", "card": 1}, "INVALID_OPERATION", id="unknown-op"),
    pytest.param({}, {"op": "add", "card": 999999}, "UNKNOWN_CARD", id="unknown-card-id"),
    pytest.param({"main": [{"card": 999999, "count": 1}]}, None, "UNKNOWN_CARD", id="unknown-card-id-in-deck"),
    pytest.param({"main": [{"card": "²", "count": 1}]}, None, "INVALID_CARD", id="superscript-digit"),
]


@pytest.mark.parametrize(("deck", "op", "code"), BAD_INPUT)
def test_bad_input_is_a_coded_error(resolver, deck, op, code):
    with pytest.raises(EditorInputError) as raised:
        working_copy_apply(working_copy_from_json(deck), op or {})
    assert raised.value.code == code


def test_state_has_legality_and_statistics(resolver):
    from web.tests.catalogue import LEGAL_MAIN

    main = [{"card": card_id(resolver, name), "count": 4} for name in LEGAL_MAIN]
    state = editor_state(
        copy=working_copy_from_json({"main": main}),
        format_code="advance",
        as_of=None,
    )
    assert state["legality"]["legal"] is True
    assert state["legality"]["counts"]["main"] == 40
    assert state["stats"]["total"] == 40
    assert state["stats"]["shield_triggers"] == 8  # テスト火炎弾 x4 + テスト渦潮 x4
    assert state["stats"]["multicolored"] == 4
    assert state["stats"]["p_trigger_in_shields"] == pytest.approx(float(trigger_probability(deck_size=40, triggers=8)))
    assert state["stats"]["p_trigger_in_shields"] == pytest.approx(1 - 201376 / 658008)  # 1 - C(32,5)/C(40,5)
    assert set(state["cards"]) == {str(entry["card"]) for entry in main}


def test_fifth_copy_is_a_copy_limit_violation_on_that_card(resolver):
    card = card_id(resolver, "テスト紅蓮竜")
    copy = working_copy_from_json({"main": [{"card": card, "count": 4}]})
    working_copy_apply(copy, {"op": "add", "card": card})
    state = editor_state(copy=copy, format_code="advance", as_of=None)
    violations = [v for v in state["legality"]["violations"] if v["code"] == "COPY_LIMIT"]
    assert [c["id"] for v in violations for c in v["cards"]] == [card]
    assert violations[0]["rule"].startswith("100.2")


MOVE_CASES = [
    # (card, from, to, violation expected after the move) -- rule 100.3/100.4: a card placed in a zone where it does
    # not start the game is still kept in the working copy; the legality report flags it (ZONE_MISPLACED).
    pytest.param("テスト火炎兵", "main", "considering", None, id="main-to-considering"),
    pytest.param("テスト火炎兵", "considering", "main", None, id="considering-to-main"),
    pytest.param("テスト超次元獣アルファ", "hyperspatial", "main", "ZONE_MISPLACED", id="psychic-to-main"),
    pytest.param("テスト超次元獣アルファ", "hyperspatial", "considering", None, id="psychic-to-considering"),
    pytest.param("テストGRロボ", "gr", "hyperspatial", "ZONE_MISPLACED", id="gr-to-hyperspatial"),
    pytest.param("テスト火炎兵", "main", "gr", "ZONE_MISPLACED", id="creature-to-gr"),
]


@pytest.mark.parametrize(("name", "source", "target", "code"), MOVE_CASES)
def test_move_between_every_zone_keeps_the_card(resolver, name, source, target, code):
    card = card_id(resolver, name)
    copy = working_copy_from_json({source: [{"card": card, "count": 2}]})
    working_copy_apply(copy, {"op": "move", "card": card, "from": source, "to": target})
    assert copy[DeckZone(target)] == {card: 2}
    assert card not in copy[DeckZone(source)]
    state = editor_state(copy=copy, format_code="advance", as_of=None)
    assert state["deck"][target] == [{"card": card, "count": 2}]
    misplaced = [v for v in state["legality"]["violations"] if v["code"] == "ZONE_MISPLACED"]
    if code:
        assert [c["id"] for v in misplaced for c in v["cards"]] == [card]
    else:
        assert misplaced == []
    # ...and moved back, the violation is gone.
    working_copy_apply(copy, {"op": "move", "card": card, "from": target, "to": source})
    state = editor_state(copy=copy, format_code="advance", as_of=None)
    assert [v for v in state["legality"]["violations"] if v["code"] == "ZONE_MISPLACED"] == []


@pytest.fixture
def overlay(resolver):
    from cards.models import Card
    from regulations.models import EventOverlay, Format, OverlayCard

    overlay = EventOverlay.objects.create(
        slug="store-cs-2030", name="Store CS 2030", base_format=Format.objects.get(code="advance")
    )
    banned = Card.objects.get(id=card_id(resolver, "テスト紅蓮竜"))
    OverlayCard.objects.create(overlay=overlay, card=banned, status="banned")
    return overlay


def test_overlay_gives_the_overlays_report(resolver, overlay):
    from web.selectors import overlay_choices
    from web.tests.catalogue import LEGAL_MAIN

    assert {"id": "store-cs-2030", "name": "Store CS 2030", "base_format": "advance"} in overlay_choices()
    main = [{"card": card_id(resolver, name), "count": 4} for name in LEGAL_MAIN]
    copy = working_copy_from_json({"main": main})
    plain = editor_state(copy=copy, format_code="advance", as_of=None)
    assert plain["legality"]["legal"] is True
    state = editor_state(copy=copy, format_code="advance", as_of=None, overlay_id="store-cs-2030")
    assert state["legality"]["legal"] is False
    assert state["legality"]["overlay"]["id"] == "store-cs-2030"
    banned = card_id(resolver, "テスト紅蓮竜")
    assert banned in {c["id"] for v in state["legality"]["violations"] for c in v["cards"]}
