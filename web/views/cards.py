"""The card browser: the search language box and filter widgets (composed into `q`), results, card detail."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone

from cards import selectors as card_selectors
from cards.models import Card
from cards.query import QueryError
from regulations import selectors as regulation_selectors
from web.forms import CardSearchForm

PAGE_SIZE = 48


def card_browser(request):
    form = CardSearchForm(request.GET)
    query, page, cards, query_error, notes = "", None, [], None, ()
    if form.is_valid():
        query = form.query()
        order = form.cleaned_data.get("order") or "name"
        try:
            result = card_selectors.card_search_result(q=query, order=order, as_of=form.cleaned_data.get("as_of"))
        except QueryError as exc:
            query_error = exc
        else:
            notes = result.notes
            page = Paginator(result.ids, PAGE_SIZE).get_page(request.GET.get("page"))
            cards = card_selectors.cards_by_ids(ids=list(page.object_list))
    params = request.GET.copy()
    params.pop("page", None)
    context = {
        "form": form,
        "query": query,
        "page": page,
        "cards": cards,
        "query_error": query_error,
        "notes": notes,
        "params": params.urlencode(),
        "caret_pad": " " * query_error.position if query_error else "",
        "nav": "cards",
    }
    return render(request, "web/card_browser.html", context)


def card_detail(request, card_id: int):
    try:
        card = card_selectors.card_get(card_id=card_id)
    except Card.DoesNotExist:
        raise Http404 from None
    printings = list(card.printings.all())
    sets = card_selectors.sets_by_code(codes=[printing.set_code for printing in printings])
    context = {
        "card": card,
        "printings": [(printing, sets.get(printing.set_code)) for printing in printings],
        "release_set": sets.get(card.release_set),
        "statuses": regulation_selectors.card_regulation_status(name_key=card.name_key, as_of=timezone.localdate()),
        "history": regulation_selectors.card_regulation_history(card_id=card.id, name_key=card.name_key),
        "nav": "cards",
    }
    return render(request, "web/card_detail.html", context)
