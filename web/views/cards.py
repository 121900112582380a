"""The card browser: the search language box and filter widgets (composed into `q`), results, card detail."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from api.codes import ApplicationError, ErrorCode
from cards import selectors as card_selectors
from cards.models import Card
from cards.query import QueryError
from decks import selectors as deck_selectors
from decks import services as deck_services
from games import registry
from regulations import selectors as regulation_selectors
from web import selectors as web_selectors
from web.forms import CardAddToDeckForm, CardSearchForm
from web.game_choice import game_shown
from web.views import posted_version, version_missing

PAGE_SIZE = 48


def card_browser(request):
    game = request.site_game  # the page's game (?game=, the player's choice: web/game_choice.py), its own fields
    form = CardSearchForm(request.GET, game=game)
    query, page, cards, query_error, notes, suggestions = "", None, [], None, (), ()
    if form.is_valid():
        query = form.query()
        order = form.cleaned_data.get("order") or form.filters.orders[0][0]
        try:
            as_of = form.cleaned_data.get("as_of")
            result = card_selectors.card_search(game=game.code, q=query, order=order, as_of=as_of)
        except QueryError as exc:
            query_error = exc
        else:
            notes = result.notes
            page = Paginator(result.ids, PAGE_SIZE).get_page(request.GET.get("page"))
            cards = card_selectors.cards_by_ids(ids=list(page.object_list), faces=True)
            pictures = web_selectors.card_pictures(card_ids=[card.id for card in cards])
            for card in cards:
                card.picture = pictures.get(card.id)  # type: ignore[attr-defined]
            web_selectors.card_tile_lines(cards=cards, game=game)
            suggestions = result.suggestions
    params = request.GET.copy()
    params.pop("page", None)
    context = {
        "form": form,
        "filters": form.filters,
        "query": query,
        "page": page,
        "cards": cards,
        "query_error": query_error,
        "notes": notes,
        "suggestions": [(candidate, _name_query(candidate.name_ja)) for candidate in suggestions],
        "params": params.urlencode(),
        # The next pages are this page's next pages (the same tiles as the server draws them), their tiles appended
        # on scroll or with the "more" button (static/js/card_browser.js); without scripts the button is a link.
        "more": page is not None and page.has_next(),
        "caret_pad": " " * query_error.position if query_error else "",
        "nav": "cards",
        "game": game,
    }
    return render(request, "web/card_browser.html", context)


def _name_query(name: str) -> str:
    """A suggested name as a search (quoted: names have spaces; a name's own quotes cannot be written inside)."""
    return '"' + name.replace('"', " ").strip() + '"'


PUBLIC_DECKS_SHOWN = 20


def _card_or_404(card_id: int) -> Card:
    try:
        return card_selectors.card_get(card_id=card_id)
    except Card.DoesNotExist:
        raise Http404 from None


def card_detail(request, card_id: int):
    card = _card_or_404(card_id)
    game_shown(request, card.game)
    printings = list(card.printings.all())
    sets = card_selectors.sets_by_code(codes=[printing.set_code for printing in printings])
    game_details = _game_details(card)
    # The game's facts of a card shown in the catalogue row's layout (Game.pages.card_page_facts: Duel
    # Masters' abilities and official card pages); the page shows the picture printing's official image, the drawn
    # tile being the fallback (static/js/card_images.js).
    pages = registry.get(card.game).pages
    facts = (None if game_details else pages.card_page_facts(card=card, printings=printings)) or {}
    links = facts.get("printing_links") or [None] * len(printings)
    picture = facts.get("picture")
    face_abilities = facts.get("face_abilities") or {}
    faces = list(card.faces.all())
    for face in faces:
        face.abilities = face_abilities.get(face.id, [])  # type: ignore[attr-defined]
    context = {
        "card": card,
        # Every printing links to its official card page when the game knows one.
        "printings": [
            (printing, sets.get(printing.set_code), link) for printing, link in zip(printings, links, strict=True)
        ],
        "faces": faces,
        "picture": picture,
        "picture_image": picture["image_url"] if picture is not None and settings.CARD_IMAGES_EXTERNAL else None,
        "abilities": facts.get("abilities") or [],
        "release_set": sets.get(card.release_set),
        "statuses": regulation_selectors.card_regulation_status(name_key=card.name_key, as_of=timezone.localdate()),
        "history": regulation_selectors.card_regulation_history(card_id=card.id, name_key=card.name_key),
        "nav": "cards",
        # Another game's own facts, official links and list history (Game.catalogue.card_details).
        "game_details": game_details,
        "card_images_external": settings.CARD_IMAGES_EXTERNAL,
    }
    card.picture = {"image": context["picture_image"]}  # type: ignore[attr-defined]  # for the card's tile (web/_tile.html or its game's)
    context["public_decks"], context["public_deck_total"] = deck_selectors.deck_list_public_with_card(
        card_id=card.id, limit=PUBLIC_DECKS_SHOWN
    )
    if request.user.is_authenticated:
        context["my_decks"] = deck_selectors.deck_choices_owned(user=request.user)
        context["add_form"] = CardAddToDeckForm(card=card)
    return render(request, "web/card_detail.html", context)


@login_required
@require_POST
def card_add_to_deck(request, card_id: int):
    """Add copies of the card to one of the user's decks: an optimistic-concurrency write with the version the page
    showed for that deck (`version-<deck id>`), like every deck write."""
    card = _card_or_404(card_id)
    back = reverse("web:card-detail", args=[card.id])
    try:
        deck_id = int(request.POST.get("deck", ""))
    except ValueError:
        raise Http404 from None
    try:
        deck = deck_selectors.deck_get_owned(deck_id=deck_id, user=request.user)
    except deck_selectors.DeckForbidden:
        raise Http404 from None
    form = CardAddToDeckForm(request.POST, card=card)
    if not form.is_valid():
        messages.error(request, gettext("Choose a deck, a zone and 1 to 4 copies: nothing was added."))
        return redirect(back)
    version = posted_version(request, f"version-{deck.id}")
    if version is None:
        return version_missing(request)
    try:
        deck = deck_services.deck_cards_add(
            deck_id=deck.id,
            user=request.user,
            if_match=version,
            card_id=card.id,
            zone=form.cleaned_data["zone"],
            count=form.cleaned_data["count"],
        )
    except (deck_services.VersionConflict, deck_services.PreconditionRequired):
        messages.error(
            request, gettext("The deck was changed elsewhere since this page was shown; nothing was added. Try again.")
        )
        return redirect(back)
    except ApplicationError as exc:  # the copy cap (regulations.decklists.copies_check), a deck of another game
        if exc.code == ErrorCode.DECKLIST_TOO_MANY_COPIES:
            messages.error(request, gettext("The deck holds too many cards; nothing was added."))
        else:
            messages.error(request, gettext("This card cannot go into that deck (another game's); nothing was added."))
        return redirect(back)
    link = format_html('<a href="{}">{}</a>', reverse("web:deck", args=[deck.id]), deck.name)
    # The translated sentence is escaped, then given the escaped values and the link: the message is safe HTML.
    text = conditional_escape(gettext("Added %(count)s × %(card)s to %(deck)s."))
    values = {"count": form.cleaned_data["count"], "card": conditional_escape(card.name_ja), "deck": link}
    messages.success(request, mark_safe(text % values))
    return redirect(back)


def _game_details(card) -> dict | None:
    """A game's own facts, official links and list history (Game.catalogue.card_details: the OCG, Dragon Ball
    Super), its facts as sides (a Dragon Ball Super leader has two); None for a game shown in the catalogue row's
    layout (a game that gives no sides)."""
    details = registry.get(card.game).catalogue.card_details(card_id=card.id)
    if details is not None and "sides" not in details:
        details = {**details, "sides": [{"title": None, "facts": details.get("facts", [])}]}
    return details
