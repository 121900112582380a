"""Tournament pages: events, the organizer's event page and the player's registration page (tournaments services)."""

from datetime import datetime, time

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from decks import selectors as deck_selectors
from regulations.services import UnknownFormat, UnknownOverlay
from tournaments import selectors as event_selectors
from tournaments import services as event_services
from web.forms import FORMAT_CHOICES, format_choices
from web.i18n import translate


class EventCreateForm(forms.Form):
    name = forms.CharField(max_length=200)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    registration_deadline = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(choices=FORMAT_CHOICES)
    regulation_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    overlay = forms.CharField(required=False, max_length=64)
    publish_decklists = forms.BooleanField(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()
        labels = {
            "name": "Name",
            "date": "Event date",
            "registration_deadline": "Registration deadline (end of day)",
            "format": "Format",
            "regulation_date": "Regulation date (default: the event date)",
            "overlay": "Event overlay id (optional)",
            "publish_decklists": "Publish the decklists after the event",
        }
        for name, label in labels.items():
            self.fields[name].label = translate(label)


@require_http_methods(["GET", "POST"])
def tournament_list(request):
    form = EventCreateForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        if form.is_valid():
            data = form.cleaned_data
            deadline = timezone.make_aware(datetime.combine(data["registration_deadline"], time(23, 59, 59)))
            try:
                event = event_services.event_create(
                    organizer=request.user,
                    name=data["name"],
                    date=data["date"],
                    registration_deadline=deadline,
                    format_code=data["format"],
                    regulation_date=data.get("regulation_date"),
                    overlay_id=data.get("overlay") or None,
                    publish_decklists=data.get("publish_decklists", False),
                )
            except UnknownFormat as exc:
                form.add_error("format", str(exc))
            except UnknownOverlay as exc:
                form.add_error("overlay", str(exc))
            else:
                return redirect("web:tournament", event_id=event.id)
    events = event_selectors.event_list()[:100]
    return render(request, "web/tournaments.html", {"events": events, "form": form, "nav": "tournaments"})


def tournament_page(request, event_id: int):
    event = event_selectors.event_get(event_id=event_id)
    organizer = event_selectors.is_organizer(event, request.user)
    if request.method == "POST":
        if not organizer:
            raise PermissionDenied
        if "lock" in request.POST:
            event_services.event_lock(event_id=event.id, user=request.user)
            messages.success(request, translate("Registrations are locked."))
        elif "publish" in request.POST:
            event_services.event_publish(event_id=event.id, user=request.user)
            messages.success(request, translate("The decklists are published."))
        return redirect("web:tournament", event_id=event.id)
    registrations = list(event_selectors.registration_list(event=event))
    published = event_selectors.event_decklists_published(event)
    mine = None
    if request.user.is_authenticated:
        mine = next((r for r in registrations if r.player_id == request.user.id), None)
    context = {
        "event": event,
        "organizer": organizer,
        "published": published,
        "registrations": registrations,
        "illegal_count": sum(1 for r in registrations if r.status == "illegal"),
        "mine": mine,
        "is_open": event_services.event_is_open(event),
        "nav": "tournaments",
    }
    return render(request, "web/tournament.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_register(request, event_id: int):
    event = event_selectors.event_get(event_id=event_id)
    decks = list(deck_selectors.deck_list_visible(user=request.user, mine=True)[:200])
    report, chosen = None, None
    if request.method == "POST":
        chosen = request.POST.get("deck")
        try:
            event_services.registration_submit(
                event_id=event.id,
                user=request.user,
                deck_id=int(chosen or 0),
                accept_illegal=request.POST.get("accept_illegal") == "on",
            )
        except event_services.DeckIllegal as exc:
            report = exc.report
        except event_services.RegistrationClosed:
            messages.error(request, translate("Registrations for this event are closed."))
            return redirect("web:tournament", event_id=event.id)
        except (ValueError, deck_selectors.DeckForbidden):
            messages.error(request, translate("Choose one of your decks."))
        else:
            messages.success(request, translate("Your deck is registered."))
            return redirect("web:tournament", event_id=event.id)
    context = {
        "event": event,
        "decks": decks,
        "report": report,
        "chosen": chosen,
        "is_open": event_services.event_is_open(event),
        "nav": "tournaments",
    }
    return render(request, "web/tournament_register.html", context)


tournament_page = require_http_methods(["GET", "POST"])(tournament_page)
