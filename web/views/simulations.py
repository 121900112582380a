"""The simulations page of a deck: opening-hand and goldfish runs (simulations API) for a game that simulates, and
the exact per-card odds of every game (its own setup: the deck's format where its formats set one)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from api.codes import ApplicationError, ErrorCode
from decks import selectors as deck_selectors
from decks import services as deck_services
from games import registry
from simulations.services import hand_odds_answer, odds_deck_report
from web.views import posted_version, version_missing

HAND_ODDS_ROWS = 4  # the groups the page's form shows (the API takes up to 8)
COMPARISONS = ("at_least", "at_most", "exactly")


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


def _posted_groups(request) -> dict:
    """The groups and conditions of the hand odds form: a row per group (name, cards, one condition)."""
    groups, conditions = [], []
    for index in range(HAND_ODDS_ROWS):
        name = request.POST.get(f"name_{index}", "").strip()[:40]
        cards = [int(c) for c in request.POST.getlist(f"cards_{index}") if c.isdigit()]
        if not name or not cards:
            continue
        groups.append({"name": name, "cards": cards})
        comparison, count = request.POST.get(f"comparison_{index}", ""), request.POST.get(f"count_{index}", "")
        if comparison in COMPARISONS and count.isdigit():
            conditions.append({"group": name, comparison: int(count)})
    return {"groups": groups, "conditions": conditions}


def _hand_odds(request, deck, game, decklist) -> dict:
    """The hand odds panel: the deck's saved groups (or the posted ones), their exact odds, the form's rows."""
    odds_groups = _posted_groups(request) if request.method == "POST" else (deck.odds_groups or {})
    groups, conditions = odds_groups.get("groups", []), odds_groups.get("conditions", [])
    answer, error = None, None
    if game.hand_odds is None:
        return {"available": False}
    if conditions:
        try:
            answer = hand_odds_answer(
                decklist=decklist, game=game, format_code=deck.format_code, groups=groups, conditions=conditions
            )
        except ApplicationError as exc:
            error = exc.message
    condition_of = {c["group"]: next((k, v) for k, v in c.items() if k != "group") for c in conditions}
    rows = []
    for index in range(HAND_ODDS_ROWS):
        group = groups[index] if index < len(groups) else {"name": "", "cards": []}
        comparison, count = condition_of.get(group["name"], ("at_least", ""))
        rows.append({"index": index, "name": group["name"], "cards": set(group["cards"]), "comparison": comparison,
                     "count": count})  # fmt: skip
    main = registry.get(deck.game).main_zone()
    cards = [(e.card_id, e.card.name_ja) for e in deck_selectors.deck_entries(deck=deck) if e.zone == main]
    return {"available": True, "rows": rows, "cards": cards, "answer": answer, "error": error}


@require_http_methods(["GET", "POST"])
def deck_simulate(request, deck_id: int):
    deck = deck_selectors.deck_get_visible(deck_id=deck_id, user=request.user)
    decklist = deck_services.deck_to_decklist(deck)
    game = registry.get(deck.game)
    if request.method == "POST" and "save" in request.POST and deck.owner_id == request.user.id:
        # The owner saves the groups with a new version of the deck (the editor then recomputes them on every edit).
        if posted_version(request) is None:
            return version_missing(request)
        try:
            deck_services.deck_update(
                deck_id=deck.id,
                user=request.user,
                if_match=posted_version(request),
                odds_groups=_posted_groups(request),
            )
        except deck_services.VersionConflict:
            messages.error(request, gettext("The deck was changed elsewhere: its groups were not saved."))
        except ApplicationError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, gettext("The groups were saved with the deck."))
        return redirect("web:deck-simulate", deck_id=deck.id)
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
        "hand_odds": _hand_odds(request, deck, game, decklist),
        "is_owner": deck.owner_id == request.user.id,
        "config": {
            "deckId": deck.id,
            "simulationsUrl": "/api/v1/simulations/",
            # the opening hands' columns of the game's own (its setup's: cards dealt besides the hand)
            "handColumns": [[key, str(label)] for key, label in game.simulation.hand_columns]
            if game.simulation
            else [],
        },
        "nav": "my-decks" if deck.owner_id == request.user.id else "public-decks",
    }
    return render(request, "web/deck_simulate.html", context)
