"""Tournament pages: events, the organizer's event page and the player's registration page (tournaments services)."""

from datetime import datetime, time

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from decks import selectors as deck_selectors
from decks.services import DecklistRejected
from dmrules.decklist import Decklist, DecklistLine, decklist_to_text, parse_text
from dmrules.vocabulary import DeckZone
from regulations.services import UnknownFormat, UnknownOverlay
from tournaments import selectors as event_selectors
from tournaments import services as event_services
from web.forms import FORMAT_CHOICES, format_choices
from web.i18n import display


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
            "name": gettext("Name"),
            "date": gettext("Event date"),
            "registration_deadline": gettext("Registration deadline (end of day)"),
            "format": gettext("Format"),
            "regulation_date": gettext("Regulation date (default: the event date)"),
            "overlay": gettext("Event overlay id (optional)"),
            "publish_decklists": gettext("Publish the decklists after the event"),
        }
        for name, label in labels.items():
            self.fields[name].label = label


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
            except event_services.EventInvalid as exc:
                form.add_error(exc.field, exc.message)
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
            messages.success(request, gettext("Registrations are locked."))
        elif "publish" in request.POST:
            event_services.event_publish(event_id=event.id, user=request.user)
            messages.success(request, gettext("The decklists are published."))
        elif "revalidate" in request.POST:
            job = event_services.revalidation_job_create(event_id=event.id, user=request.user)
            messages.success(request, gettext("The re-validation has started."))
            return redirect(f"{reverse('web:tournament', args=[event.id])}?job={job.id}#revalidation")
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
    if organizer:
        job = _revalidation_job(event, request.GET.get("job"))
        context["job"] = job
        if job is not None:
            context["job_config"] = {
                "url": reverse("revalidation", kwargs={"event_id": event.id, "job_id": job.id}),
                "status": job.status,
            }
    return render(request, "web/tournament.html", context)


def _revalidation_job(event, job_id: str | None):
    """The job asked for (?job=), else the event's newest one, else None."""
    if job_id and job_id.isdigit():
        return event_selectors.revalidation_job_get(event=event, job_id=int(job_id))
    return event.revalidation_jobs.order_by("-created_at", "-id").first()


class AmendForm(forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.TextInput(attrs={"size": 60}))
    text = forms.CharField(max_length=100_000, widget=forms.Textarea(attrs={"rows": 16}), strip=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = gettext("Reason (kept in the audit trail)")
        self.fields["text"].label = gettext("Decklist")


def _snapshot_text(snapshot: dict) -> str:
    """The registered decklist as text (`# zone`, `4 name`), to be edited by the organizer."""
    lines = tuple(
        DecklistLine(zone=zone, card=row.get("name_ja") or row["card_id"], count=row["count"], line=None)
        for zone in DeckZone
        for row in (snapshot.get("entries") or {}).get(zone.value, [])
    )
    return decklist_to_text(Decklist(lines=lines))


@login_required
@require_http_methods(["GET", "POST"])
def registration_amend(request, event_id: int, registration_id: int):
    """The organizer replaces a registration's decklist with a reason (tournaments.services.registration_amend)."""
    event = event_selectors.event_get(event_id=event_id)
    if not event_selectors.is_organizer(event, request.user):
        raise PermissionDenied
    registration = get_object_or_404(event_selectors.registration_list(event=event), id=registration_id)
    form = AmendForm(request.POST or None, initial={"text": _snapshot_text(registration.snapshot)})
    lines = None
    if request.method == "POST" and form.is_valid():
        decklist = parse_text(form.cleaned_data["text"])
        try:
            amended = event_services.registration_amend(
                registration_id=registration.id,
                user=request.user,
                reason=form.cleaned_data["reason"],
                decklist=decklist,
            )
        except event_services.ReasonRequired:
            form.add_error("reason", gettext("Give a reason for the amendment."))
        except DecklistRejected as exc:
            form.add_error("text", gettext("Some lines could not be read; nothing was changed."))
            lines = exc.lines
        else:
            messages.success(
                request,
                gettext("The registration of %(player)s was amended: %(status)s.")
                % {"player": amended.player_name, "status": display(amended.status)},
            )
            return redirect("web:tournament", event_id=event.id)
    context = {"event": event, "registration": registration, "form": form, "lines": lines, "nav": "tournaments"}
    return render(request, "web/tournament_amend.html", context)


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
            messages.error(request, gettext("Registrations for this event are closed."))
            return redirect("web:tournament", event_id=event.id)
        except (ValueError, deck_selectors.DeckForbidden):
            messages.error(request, gettext("Choose one of your decks."))
        else:
            messages.success(request, gettext("Your deck is registered."))
            return redirect("web:tournament", event_id=event.id)
    context = {
        "event": event,
        "decks": decks,
        "report": report,
        "chosen": chosen,
        "is_open": event_services.event_is_open(event),
        "mine": event_selectors.registration_of(event=event, user=request.user),
        "nav": "tournaments",
    }
    return render(request, "web/tournament_register.html", context)


@login_required
@require_POST
def tournament_withdraw(request, event_id: int):
    """The player withdraws their own registration (tournaments.services.registration_withdraw)."""
    event = event_selectors.event_get(event_id=event_id)
    mine = event_selectors.registration_of(event=event, user=request.user)
    if mine is None:
        raise Http404
    try:
        event_services.registration_withdraw(registration_id=mine.id, user=request.user)
    except event_services.RegistrationClosed:
        messages.error(request, gettext("Registrations for this event are closed."))
    else:
        messages.success(request, gettext("Your registration is withdrawn."))
    return redirect("web:tournament", event_id=event.id)


tournament_page = require_http_methods(["GET", "POST"])(tournament_page)
