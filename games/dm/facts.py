"""The one conversion from the catalogue's ORM rows to the engines' CardFacts (house style: one conversion point)."""

from typing import Any

from cards.models import Card, CardFace
from cards.names import name_key
from games.dm.rules.cards import CardFacts
from games.dm.rules.vocabulary import Breaker, Civilization, Zone

RULE_PLUS_TYPE_CODE = "RP"  # the source's type code for Rule Plus cards (314.1)
_TWINPACT_TOP = "twinpact_top"
_TWINPACT_BOTTOM = "twinpact_bottom"
_FACE_FLAGS = ("shield_trigger", "blocker", "speed_attacker", "slayer", "cant_attack", "cant_attack_players")


def _civilizations(values) -> frozenset[Civilization]:
    return frozenset(Civilization(value) for value in values)


def _zone(value: str | None) -> Zone:
    return Zone(value) if value else Zone.MAIN_DECK


def _deck_limits(exceptions) -> tuple[dict[Zone, int | None], int]:
    """100.2a, 100.4a, 314.3a: a card's own text may lift its copy limit or change the required deck size."""
    max_copies: dict[Zone, int | None] = {}
    delta = 0
    for exception in exceptions or ():
        zone = _zone(exception.get("zone"))
        if "max_copies" in exception:
            max_copies[zone] = exception["max_copies"]
        delta += exception.get("deck_size_delta") or 0
    return max_copies, delta


# Breakers the data files under "other" whose number of shields is fixed: G・ブレイカー breaks every shield
# like a World Breaker (JP 509.4); the Dragon / Master W and T Breakers break 2 and 3 (509.2b; their extra
# effects are not modeled). The remaining "other" breakers depend on conditions and stay as they are.
_OTHER_BREAKERS = {
    "G・ブレイカー": Breaker.WORLD,
    "ドラゴン・W・ブレイカー": Breaker.DOUBLE,
    "マスター・W・ブレイカー": Breaker.DOUBLE,
    "ドラゴン・T・ブレイカー": Breaker.TRIPLE,
    "マスター・T・ブレイカー": Breaker.TRIPLE,
}


def _breaker(value: str | None, raw: str | None) -> Breaker | None:
    if not value:
        return None
    breaker = Breaker(value)
    return _OTHER_BREAKERS.get(raw or "", breaker) if breaker == Breaker.OTHER else breaker


def _face_facts(card: Card, face: CardFace) -> CardFacts:
    """One half of a twinpact, with the face's own cost, civilizations and flags."""
    facts = face.facts or {}
    breaker = facts.get("breaker")
    flags: dict[str, Any] = {flag: bool(facts.get(flag)) for flag in _FACE_FLAGS}
    return CardFacts(
        id=card.id,
        name_key=name_key(face.name_ja) if face.name_ja else card.name_key,
        name_ja=face.name_ja,
        name_en=face.name_en,
        civilizations=_civilizations(face.colours),
        card_type=face.card_type,
        card_type_ja=face.card_type_ja,
        zone=_zone(facts.get("zone") or card.dm.zone),
        cost=face.cost,
        power=face.power_value,
        mana_number=card.dm.mana_number,
        races=tuple(face.races),
        evolution=bool(facts.get("evolution")),
        psychic=bool(facts.get("psychic")),
        dragheart=bool(facts.get("dragheart")),
        gr=bool(facts.get("gr")),
        zeron=bool(facts.get("zeron")),
        forbidden=bool(facts.get("forbidden")),
        breaker=_breaker(breaker, facts.get("breaker_ja")),
        power_attacker_bonus=facts.get("power_attacker_bonus"),
        type_codes=(facts["type_code"],) if facts.get("type_code") else (),
        zero_civilization=bool(facts.get("zero_civilization")),
        **flags,
    )


def card_to_facts(
    card: Card, *, faces: list[CardFace] | None = None, set_codes: tuple[str, ...] | None = None
) -> CardFacts:
    """The engine's view of one card identity. Uses `card.faces`, or `faces` when the caller loaded them in bulk; the
    set codes of its Japanese printings likewise (`card.printings`, or `set_codes`)."""
    if set_codes is None:
        set_codes = tuple(
            dict.fromkeys(card.printings.filter(tcg=False).values_list("set_code", flat=True)) if card.pk else ()
        )
    if not card.facts_available:
        return CardFacts(
            id=card.id,
            name_key=card.name_key,
            name_ja=card.name_ja,
            name_en=card.name_en,
            facts_available=False,
            mana_number=None,
            release_date=card.release_date,
            release_date_exact=card.release_date_exact,
            set_codes=set_codes,
        )
    dm = card.dm
    if faces is None:
        faces = list(card.faces.all())
    halves = (
        {face.role: face for face in faces if face.role in (_TWINPACT_TOP, _TWINPACT_BOTTOM)} if dm.twinpact else {}
    )
    top, bottom = halves.get(_TWINPACT_TOP), halves.get(_TWINPACT_BOTTOM)
    max_copies, deck_size_delta = _deck_limits(dm.deck_limit_exceptions)
    own = name_key(card.name_ja)
    face_names = tuple(dict.fromkeys(face.name_ja for face in faces if face.name_ja and name_key(face.name_ja) != own))
    return CardFacts(
        id=card.id,
        name_key=card.name_key,
        name_ja=card.name_ja,
        name_en=card.name_en,
        facts_available=True,
        civilizations=_civilizations(dm.civilizations),
        card_type=dm.card_type,
        card_type_ja=dm.card_type_ja,
        type_codes=tuple(dm.type_codes),
        zone=_zone(dm.zone),
        cost=dm.cost,
        power=dm.power_value,
        mana_number=dm.mana_number,
        races=tuple(dm.races),
        evolution=dm.evolution,
        psychic=dm.psychic,
        dragheart=dm.dragheart,
        gr=dm.gr,
        twinpact=dm.twinpact,
        zeron=dm.zeron,
        forbidden=dm.forbidden,
        hyper=dm.hyper,
        multi_face=dm.multi_face,
        zero_civilization=dm.zero_civilization,
        rule_plus=RULE_PLUS_TYPE_CODE in dm.type_codes,
        shield_trigger=dm.shield_trigger,
        blocker=dm.blocker,
        speed_attacker=dm.speed_attacker,
        slayer=dm.slayer,
        breaker=_breaker(dm.breaker, dm.breaker_ja),
        power_attacker_bonus=dm.power_attacker_bonus,
        cant_attack=dm.cant_attack,
        cant_attack_players=dm.cant_attack_players,
        max_copies=max_copies,
        deck_size_delta=deck_size_delta,
        twinpact_top=_face_facts(card, top) if top is not None else None,
        twinpact_bottom=_face_facts(card, bottom) if bottom is not None else None,
        start_set=dm.start_set,
        start_set_size=dm.start_set_size,
        face_names=face_names,
        release_date=card.release_date,
        release_date_exact=card.release_date_exact,
        set_codes=set_codes,
    )
