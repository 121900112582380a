"""Duel Masters' data words as the pages show them (games.registry.Game.pages.words, the core's `|tr` filter): its
deck zones, where a card starts the game, its Hall of Fame statuses, civilizations, card face roles and breakers,
each keyed by the vocabulary's value (games/dm/rules/vocabulary.py) and translated when shown."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.capabilities import message_patterns
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


# Duel Masters' English messages shown in the page's language (web.i18n.server_message, Game.pages.messages): its
# search fields' errors (games/dm/query.py) and what they expect, its decklist reader's, its odds' model note.
MESSAGES = message_patterns(
    gettext_noop("unknown civilization '%(value)s'"),
    gettext_noop("colorless cannot be combined with a civilization"),
    gettext_noop("a civilization"),
    # the decklist reader's line errors (games/dm/rules/decklist.py)
    gettext_noop("unknown section header"),
    gettext_noop("the line has a count but no card name"),
    gettext_noop("the count must be at least 1"),
    (r"^no card count found", gettext_noop("no card count found (write e.g. '4 name', 'name x4' or 'name 4枚')")),
    gettext_noop("%(where)s: an entry must be an object"),
    gettext_noop("%(where)s: 'card' must be a name or an id"),
    # the model note under the exact odds (games/dm/rules/odds.py)
    (
        "exact (multivariate hypergeometric); shields = top 5, hand = next 5 (103.3); first player skips the first "
        "draw (500.6)",
        gettext_noop(
            "Exact (multivariate hypergeometric): shields are the top 5 cards, the hand the next 5 (103.3); the "
            "first player skips the first draw (500.6)."
        ),
    ),
)
