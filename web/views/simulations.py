"""The simulations page of a deck: opening-hand and goldfish runs (simulations API), exact per-card odds."""

from django.shortcuts import render

from decks import selectors as deck_selectors
from decks import services as deck_services
from simulations.services import SimulationRejected, odds_deck_report


def deck_simulate(request, deck_id: int):
    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    decklist = deck_services.deck_to_decklist(deck)
    odds, odds_error = None, None
    try:
        odds = odds_deck_report(decklist=decklist)
        names = {str(entry.card_id): entry.card.name_ja for entry in deck_selectors.deck_entries(deck=deck)}
        for row in odds["cards"]:
            row["name_ja"] = names.get(str(row["card"]))
    except SimulationRejected as exc:  # e.g. a deck too small for the setup: no odds to show
        odds_error = exc.message
    context = {
        "deck": deck,
        "odds": odds,
        "odds_error": odds_error,
        "config": {"deckId": deck.id, "simulationsUrl": "/api/v1/simulations/"},
        "nav": "my-decks" if deck.owner_id == request.user.id else "public-decks",
    }
    return render(request, "web/deck_simulate.html", context)
