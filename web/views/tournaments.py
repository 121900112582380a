"""Tournament pages: the organizer's event page and the player's registration page (tournaments services)."""

from django.http import Http404


def tournament_list(request):
    raise Http404


def tournament_page(request, event_id: int):
    raise Http404


def tournament_register(request, event_id: int):
    raise Http404
