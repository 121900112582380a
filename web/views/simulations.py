"""The simulations page of a deck: opening-hand and goldfish runs (simulations API) for a game that simulates, and
the exact per-card odds of every game (its own setup: the deck's format for Duel Masters, the game's for others)."""

from django.shortcuts import render

from api.codes import ApplicationError, ErrorCode
from decks import selectors as deck_selectors
from decks import services as deck_services
from games import registry
from simulations.services import odds_deck_report


def _simulating_odds(deck, decklist) -> dict:
    """The deck's exact report under its format's setup (Duel Party deals 6 and 6); a deck whose format the data
    does not hold (a catalogue without formats) gets the game's own setup."""
    try:
        odds = odds_deck_report(decklist=decklist, game=deck.game, format_code=deck.format_code)
    except ApplicationError as exc:
        if exc.code != ErrorCode.UNKNOWN_FORMAT:
            raise
        odds = odds_deck_report(decklist=decklist, game=deck.game)
    names = {str(entry.card_id): entry.card.name_ja for entry in deck_selectors.deck_entries(deck=deck)}
    for row in odds["cards"]:
        row["name_ja"] = names.get(str(row["card"]))
    return odds


def deck_simulate(request, deck_id: int):
    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    decklist = deck_services.deck_to_decklist(deck)
    game = registry.get(deck.game)
    odds, table, odds_error = None, None, None
    try:
        if game.simulation is not None:
            odds = _simulating_odds(deck, decklist)
        elif game.odds is not None:
            table = game.odds.opening_hand_table(decklist=decklist)
    except ApplicationError as exc:  # e.g. a deck too small for the setup: no odds to show
        odds_error = exc.message
    context = {
        "deck": deck,
        "game": game,
        "simulates": game.simulation is not None,
        "odds": odds,
        "table": table,
        "odds_error": odds_error,
        "config": {"deckId": deck.id, "simulationsUrl": "/api/v1/simulations/"},
        "nav": "my-decks" if deck.owner_id == request.user.id else "public-decks",
    }
    return render(request, "web/deck_simulate.html", context)
