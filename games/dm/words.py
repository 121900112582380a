"""Duel Masters' data words as the pages show them (games.registry.Game.pages.words, the core's `|tr` filter): its
deck zones, where a card starts the game, its Hall of Fame statuses, civilizations, card face roles and breakers,
each keyed by the vocabulary's value (games/dm/rules/vocabulary.py) and translated when shown."""

from django.utils.translation import gettext_lazy as _

from games.dm.rules.vocabulary import Breaker, Civilization, DeckZone, RegulationStatus, Zone

DISPLAY_WORDS = {
    # deck zones (DeckZone)
    DeckZone.MAIN.value: _("Main deck"),
    DeckZone.HYPERSPATIAL.value: _("Hyperspatial zone"),
    DeckZone.GR.value: _("Super GR zone"),
    DeckZone.PARTNER.value: _("Partner"),  # デュエパーティー
    DeckZone.CONSIDERING.value: _("Considering"),
    # where a card starts the game (Zone, the data's `zone`)
    Zone.MAIN_DECK.value: _("Main deck"),
    Zone.HYPERSPATIAL.value: _("Hyperspatial zone"),
    Zone.SUPER_GR.value: _("Super GR zone"),
    Zone.BATTLE_ZONE_AT_START.value: _("Battle zone at game start"),
    # Hall of Fame statuses (RegulationStatus)
    RegulationStatus.UNRESTRICTED.value: _("Unrestricted"),
    RegulationStatus.LIMITED.value: _("Limited"),
    RegulationStatus.BANNED.value: _("Banned"),
    RegulationStatus.PREMIUM_COMBO.value: _("Banned combination"),
    RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO.value: _("Banned hyperspatial combination"),
    # civilizations (Civilization), a card of several and of none
    Civilization.LIGHT.value: _("Light"),
    Civilization.WATER.value: _("Water"),
    Civilization.DARKNESS.value: _("Darkness"),
    Civilization.FIRE.value: _("Fire"),
    Civilization.NATURE.value: _("Nature"),
    "multi": _("Multicolored"),
    "colorless": _("Colorless"),
    # card face roles (the data's `faces[].role`; "front" and "back" are the core's)
    "combined_back": _("Combined back"),
    "twinpact_top": _("Twinpact top (creature)"),
    "twinpact_bottom": _("Twinpact bottom (spell)"),
    "hyper_normal": _("Normal side"),
    "hyper_hyperized": _("Hyperized side"),
    "linked_face": _("Linked side"),
    # breakers (Breaker)
    Breaker.DOUBLE.value: _("Double breaker"),
    Breaker.TRIPLE.value: _("Triple breaker"),
    Breaker.QUATTRO.value: _("Quattro breaker"),
    Breaker.WORLD.value: _("World breaker"),
    Breaker.POWERED.value: _("Powered breaker"),
    Breaker.INFINITY.value: _("Infinity breaker"),
    Breaker.OTHER.value: _("Breaker"),
}


def display_word(value) -> str:
    """One of Duel Masters' data words in the active language (another word as it is)."""
    label = DISPLAY_WORDS.get(str(value))
    return str(label) if label is not None else str(value)
