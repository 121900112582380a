"""Tournament pages: events, the organizer's event page and the player's registration page (tournaments services)."""

import json
from datetime import datetime, time

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_http_methods, require_POST

from api.codes import ApplicationError, ErrorCode
from api.concurrency import RETRY_AFTER_SECONDS, expensive_gate
from deckbuilder.jobs import enqueue_failed
from decks import selectors as deck_selectors
from decks.services import DecklistRejected
from games import registry
from regulations.services import UnknownFormat, UnknownOverlay
from tournaments import selectors as event_selectors
from tournaments import services as event_services
from tournaments.models import JobStatus
from web.game_choice import game_shown
from web.i18n import display, server_message
from web.selectors import overlay_choices, overlay_game


def _japanese() -> bool:
    return (get_language() or "en").startswith("ja")


def _game_formats(game: registry.Game) -> list[tuple[str, str]]:
    """A game's formats (code, name in the page's language); a game that keeps no format rows has its one format
    (DBS's `masters`), named by the game."""
    from regulations.selectors import format_list

    japanese = _japanese()
    rows = [(fmt.code, fmt.display_name(japanese=japanese)) for fmt in format_list(game=game.code)]
    return rows or [(game.default_format, game.name_ja if japanese else game.name_en)]


class EventCreateForm(forms.Form):
    """An event of any game: the game, then one of its formats (empty: the game's own)."""

    name = forms.CharField(max_length=200)
    game = forms.ChoiceField(required=False)  # empty: the default game, as the API's parameter
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    registration_deadline = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(required=False)
    regulation_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    capacity = forms.IntegerField(required=False, min_value=1, max_value=100_000)
    point_cap = forms.IntegerField(required=False, min_value=0, max_value=100_000)
    # Offered: the overlays of the event's game; any other is refused in words (clean), not as an unknown choice.
    overlay = forms.CharField(required=False, max_length=64, widget=forms.Select)
    publish_decklists = forms.BooleanField(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        games = registry.all_games()
        self.fields["game"].choices = [(game.code, _game_name(game.code)) for game in games]
        # Every game's formats under the game's name; the one chosen must be the chosen game's (clean).
        self.fields["format"].choices = [("", "—"), *((_game_name(game.code), _game_formats(game)) for game in games)]
        # Each game's overlays under the game's name, as its formats; the one chosen must be the event's game's (clean).
        self.fields["overlay"].widget.choices = [("", "—")] + [
            (_game_name(game.code), [(row["id"], f"{row['name']} ({row['id']})") for row in rows])
            for game in games
            if (rows := overlay_choices(game=game.code))
        ]
        labels = {
            "capacity": gettext("Capacity (players; empty: no limit)"),
            "point_cap": gettext("GENESYS point cap (empty: the list's default, 100)"),
            "name": gettext("Name"),
            "date": gettext("Event date"),
            "registration_deadline": gettext("Registration deadline (end of day)"),
            "format": gettext("Format (empty: the game's own)"),
            "game": gettext("Game"),
            "regulation_date": gettext("Regulation date (default: the event date)"),
            "overlay": gettext("Event overlay (optional)"),
            "publish_decklists": gettext("Publish the decklists after the event"),
        }
        for name, label in labels.items():
            if name in self.fields:
                self.fields[name].label = label

    def event_game(self) -> str | None:
        return self.cleaned_data.get("game") or registry.DEFAULT_GAME

    def clean(self):
        data = super().clean()
        if self.event_game():
            game = registry.get(self.event_game())
            data["format"] = data.get("format") or game.default_format
            if data["format"] not in {code for code, _name in _game_formats(game)}:
                self.add_error("format", gettext("Choose a format of the event's game."))
            chosen = data.get("overlay")
            other = overlay_game(chosen) if chosen else None
            if chosen and other is None:
                self.add_error("overlay", gettext("There is no event overlay %(overlay)s.") % {"overlay": chosen})
            elif other is not None and other != game.code:
                text = gettext("This overlay is for %(overlay_game)s, not %(game)s: choose one of the event's game.")
                self.add_error("overlay", text % {"overlay_game": _game_name(other), "game": _game_name(game.code)})
        return data


@require_http_methods(["GET", "POST"])
def tournament_list(request):
    # `?game=ygo` opens the form on that game, as the API's parameter names it.
    wanted = request.GET.get("game")
    initial = {"game": wanted} if wanted in {game.code for game in registry.all_games()} else {}
    form = EventCreateForm(request.POST or None, initial=initial)
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
                    capacity=data.get("capacity"),
                    point_cap=data.get("point_cap"),
                    game=form.event_game(),
                )
            except event_services.EventInvalid as exc:
                form.add_error(exc.field, server_message(exc.message))
            except UnknownFormat as exc:
                form.add_error("format", str(exc))
            except UnknownOverlay as exc:
                form.add_error("overlay", str(exc))
            else:
                return redirect("web:tournament", event_id=event.id)
    events = event_selectors.event_list()[:100]
    return render(request, "web/tournaments.html", {"events": events, "form": form, "nav": "tournaments"})


class EventSettingsForm(EventCreateForm):
    """The same settings as at creation, editable until the registrations are locked; the game stays the event's."""

    def __init__(self, *args, event_game: str, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["game"]
        self._event_game = event_game
        game = registry.get(event_game)
        self.fields["format"].choices = _game_formats(game)
        self.fields["format"].required = True
        self.fields["format"].label = gettext("Format")
        self.fields["overlay"].widget.choices = [("", "—")] + [
            (row["id"], f"{row['name']} ({row['id']})") for row in overlay_choices(game=game.code)
        ]

    def event_game(self) -> str | None:
        return self._event_game

    @classmethod
    def for_event(cls, event, data=None):
        initial = {
            "name": event.name,
            "date": event.date,
            "registration_deadline": timezone.localdate(event.registration_deadline),
            "format": event.format_code,
            "regulation_date": event.regulation_date,
            "capacity": event.capacity,
            "point_cap": event.point_cap,
            "overlay": event.overlay_id or "",
            "publish_decklists": event.publish_decklists,
        }
        return cls(data, initial=initial, prefix="settings", event_game=event.game)


class UnlockForm(forms.Form):
    reason = forms.CharField(max_length=500)
    registration_deadline = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="unlock", **kwargs)
        self.fields["reason"].label = gettext("Reason (kept in the audit trail)")
        self.fields["registration_deadline"].label = gettext("New registration deadline (end of day)")


def _end_of_day(day):
    return timezone.make_aware(datetime.combine(day, time(23, 59, 59)))


def _deadline_from_form(event, day):
    """The form edits the deadline's day: an unchanged day keeps its time (an API client may have set 12:00)."""
    if day == timezone.localdate(event.registration_deadline):
        return event.registration_deadline
    return _end_of_day(day)


REGISTRATION_FILTERS = ("all", "illegal", "unresolved", "amended")


def _organizer_post(request, event):
    """The organizer's actions on the event page; returns a response, or the bound form to show again."""
    url = reverse("web:tournament", args=[event.id])
    if "lock" in request.POST:
        event_services.event_lock(event_id=event.id, user=request.user)
        messages.success(request, gettext("Registrations are locked."))
    elif "publish" in request.POST:
        try:
            event_services.event_publish(event_id=event.id, user=request.user)
        except event_services.RegistrationOpen:
            messages.error(request, gettext("The decklists can be published once the registrations are closed."))
        else:
            messages.success(request, gettext("The decklists are published."))
    elif "revalidate" in request.POST:
        job = event_services.revalidation_job_create(event_id=event.id, user=request.user)
        if job.status == JobStatus.FAILED and enqueue_failed(job.error):
            # the broker is away: the job is recorded failed; the page says so (web.middleware: a 503 page)
            raise ApplicationError(ErrorCode.QUEUE_UNAVAILABLE, "The re-validation was not started.", {"job": job.id})
        messages.success(request, gettext("The re-validation has started."))
        return redirect(f"{url}?job={job.id}#revalidation")
    elif "unlock" in request.POST:
        form = UnlockForm(request.POST)
        if not form.is_valid():
            return {"unlock_form": form}
        day = form.cleaned_data.get("registration_deadline")
        try:
            event_services.event_unlock(
                event_id=event.id,
                user=request.user,
                reason=form.cleaned_data["reason"],
                registration_deadline=_end_of_day(day) if day else None,
            )
        except event_services.EventInvalid as exc:
            form.add_error("registration_deadline", server_message(exc.message))
            return {"unlock_form": form}
        except event_services.DecklistsPublished:
            messages.error(request, gettext("The decklists are published: the registrations cannot reopen."))
            return redirect(url)
        messages.success(request, gettext("Registrations are open again."))
    elif "settings" in request.POST:
        form = EventSettingsForm.for_event(event, request.POST)
        if not form.is_valid():
            return {"settings_form": form}
        data = form.cleaned_data
        try:
            event_services.event_update(
                event_id=event.id,
                user=request.user,
                name=data["name"],
                date=data["date"],
                registration_deadline=_deadline_from_form(event, data["registration_deadline"]),
                capacity=data.get("capacity"),
                point_cap=data.get("point_cap"),
                format_code=data["format"],
                regulation_date=data.get("regulation_date") or data["date"],
                overlay_id=data.get("overlay") or None,
                publish_decklists=data.get("publish_decklists", False),
            )
        except event_services.EventLocked:
            messages.error(request, gettext("The registrations are locked: the settings can no longer change."))
        except event_services.EventInvalid as exc:
            form.add_error(
                {"format_code": "format", "overlay_id": "overlay"}.get(exc.field, exc.field),
                server_message(exc.message),
            )
            return {"settings_form": form}
        except UnknownFormat as exc:
            form.add_error("format", str(exc))
            return {"settings_form": form}
        except UnknownOverlay as exc:
            form.add_error("overlay", str(exc))
            return {"settings_form": form}
        else:
            messages.success(request, gettext("The settings are saved."))
    elif "delete" in request.POST:
        try:
            event_services.event_delete(event_id=event.id, user=request.user)
        except event_services.EventHasAuditTrail:
            messages.error(
                request,
                gettext("This event has registrations in its audit trail and cannot be deleted; lock it instead."),
            )
        else:
            messages.success(request, gettext("The event is deleted."))
            return redirect("web:tournaments")
    return redirect(url)


def tournament_page(request, event_id: int):
    event = _event_shown(request, event_id)
    organizer = event_selectors.is_organizer(event, request.user)
    bound = {}
    if request.method == "POST":
        if not organizer:
            raise PermissionDenied
        result = _organizer_post(request, event)
        if not isinstance(result, dict):
            return result
        bound = result
    if event_services.event_lock_if_due(event_id=event.id):
        event.refresh_from_db()
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
        "mine_amended": mine is not None and event_selectors.amendments(event=event, registration_id=mine.id).exists(),
        "is_open": event_services.event_is_open(event),
        "nav": "tournaments",
        "overlay": _overlay_summary(event.overlay_id),
        # Published where the players see it: a later rewrite of the trail no longer matches what they saw.
        "audit_head": event_selectors.audit_head(event=event),
    }
    if published:
        context["decklists"] = [_decklist(r) for r in registrations]
    if organizer:
        amended_ids = set(event_selectors.amendments(event=event).values_list("registration_id_ref", flat=True))
        show = request.GET.get("show", "all")
        show = show if show in REGISTRATION_FILTERS else "all"
        context.update(
            show=show,
            filters=REGISTRATION_FILTERS,
            amended_ids=amended_ids,
            shown=event_selectors.registration_filter(registrations, show=show, amended_ids=amended_ids),
            settings_form=bound.get("settings_form") or EventSettingsForm.for_event(event),
            unlock_form=bound.get("unlock_form") or UnlockForm(),
            overlays=overlay_choices(game=event.game),
            can_delete=not event.audit_entries.exists(),
        )
        job = _revalidation_job(event, request.GET.get("job"))
        context["job"] = job
        if job is not None:
            context["job_rows"] = _revalidation_rows(job)
            context["job_config"] = {
                "url": reverse("revalidation", kwargs={"event_id": event.id, "job_id": job.id}),
                "status": job.status,
            }
    else:
        context["shown"] = registrations
    return render(request, "web/tournament.html", context, status=400 if bound else 200)


def _overlay_summary(overlay_id: str | None) -> dict | None:
    """The event overlay's content for the page: its bans/limits, combos and card-pool cut-off."""
    if not overlay_id:
        return None
    from regulations.selectors import overlay_get

    overlay = overlay_get(overlay_id=overlay_id)  # the event's key PROTECTs it: it exists
    return {
        "id": overlay.slug,
        "name": overlay.name,
        "description": overlay.description,
        "base_format": overlay.base_format.code,
        "card_pool_cutoff": overlay.card_pool_cutoff,
        "cards": [{"name_ja": row.card.name_ja, "status": row.status} for row in overlay.cards.all()],
        "combos": [
            {"first": row.first.name_ja, "second": row.second.name_ja, "kind": row.kind} for row in overlay.combos.all()
        ],
        "owner_id": overlay.owner_id,
    }


def _decklist(registration) -> dict:
    """A registration's list by zone for the pages: [(zone, cards, [rows])]."""
    zones = []
    snapshot = registration.snapshot
    for zone in event_selectors.registered_zones(event_selectors.snapshot_game(snapshot)):
        rows = (snapshot.get("entries") or {}).get(zone, [])
        if rows:
            zones.append({"zone": zone, "count": sum(row["count"] for row in rows), "rows": rows})
    return {"registration": registration, "zones": zones}


def _parse_text(event, text: str):
    """A typed decklist read as the event's game reads text (games.registry: `parse_text`), from the text alone as a
    deck check at the table or an amendment is written."""
    return registry.get(event.game).parse_text(text, with_names=False)


def _revalidation_rows(job) -> list[dict]:
    """The job's rows with each violation in words in the page's language (web.verdict), its stable code beside;
    a row written before the rows kept their violations' details has the codes alone."""
    from web.verdict import violation_text

    rows = []
    for row in job.results or []:
        details = row.get("details") or [{"code": code} for code in row.get("violations") or ()]
        words = [{"text": violation_text(item), "code": item.get("code")} for item in details]
        rows.append({**row, "words": words})
    return rows


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


@login_required
@require_http_methods(["GET", "POST"])
def registration_amend(request, event_id: int, registration_id: int):
    """The organizer replaces a registration's decklist with a reason (tournaments.services.registration_amend)."""
    event = _event_shown(request, event_id)
    if not event_selectors.is_organizer(event, request.user):
        raise PermissionDenied
    registration = get_object_or_404(event_selectors.registration_list(event=event), id=registration_id)
    form = AmendForm(request.POST or None, initial={"text": event_selectors.snapshot_text(registration.snapshot)})
    lines, check = None, None
    if request.method == "POST" and "preview" in request.POST:
        # The diff the amendment would make, nothing written (a reason is not needed yet).
        try:
            check = event_selectors.deck_check(
                registration=registration, decklist=_parse_text(event, request.POST.get("text", ""))
            )
        except DecklistRejected as exc:
            lines = exc.lines
        form = AmendForm(initial={"text": request.POST.get("text", ""), "reason": request.POST.get("reason", "")})
    elif request.method == "POST" and form.is_valid():
        decklist = _parse_text(event, form.cleaned_data["text"])
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
    context = {
        "event": event,
        "registration": registration,
        "form": form,
        "lines": lines,
        "check": check,
        "decklist": _decklist(registration),
        "nav": "tournaments",
    }
    return render(request, "web/tournament_amend.html", context)


def _game_name(code: str) -> str:
    """A game named in the page's language."""
    game = registry.get(code)
    return game.name_ja if (get_language() or "en").startswith("ja") else game.name_en


@login_required
@require_http_methods(["GET", "POST"])
def tournament_register(request, event_id: int):
    event = _event_shown(request, event_id)
    # Only the player's decks of the event's game can be registered there (the service refuses another's).
    decks = list(deck_selectors.deck_list_visible(user=request.user, mine=True, game=event.game)[:200])
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
        except event_services.EventFull:
            messages.error(request, gettext("The event is full."))
            return redirect("web:tournament", event_id=event.id)
        except event_services.DeckOfAnotherGame as exc:
            messages.error(
                request,
                gettext(
                    "This is a %(deck_game)s deck; the event is a %(event_game)s event. Choose a %(event_game)s deck."
                )
                % {"deck_game": _game_name(exc.deck_game), "event_game": _game_name(exc.event_game)},
            )
        except (ValueError, deck_selectors.DeckForbidden):
            messages.error(request, gettext("Choose one of your decks."))
        else:
            messages.success(request, gettext("Your deck is registered."))
            return redirect("web:tournament", event_id=event.id)
    mine = event_selectors.registration_of(event=event, user=request.user)
    context = {
        "event": event,
        "decks": decks,
        "game_name": _game_name(event.game),
        "report": report,
        "chosen": chosen,
        "is_open": event_services.event_is_open(event),
        "mine": mine,
        "mine_list": _decklist(mine) if mine else None,
        "amendments": list(event_selectors.amendments(event=event, registration_id=mine.id)) if mine else [],
        "nav": "tournaments",
    }
    return render(request, "web/tournament_register.html", context)


@login_required
@require_POST
def tournament_withdraw(request, event_id: int):
    """The player withdraws their own registration (tournaments.services.registration_withdraw)."""
    event = _event_shown(request, event_id)
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


def _event_shown(request, event_id: int):
    """The event, its page showing its game (the game switch marks it, as a deck's page marks the deck's)."""
    event = event_selectors.event_get(event_id=event_id)
    game_shown(request, event.game)
    return event


def _organizer_event(request, event_id: int):
    event = _event_shown(request, event_id)
    if not event_selectors.is_organizer(event, request.user):
        raise PermissionDenied
    return event


def tournament_decklists_print(request, event_id: int):
    """The printable pack: one deck sheet per player with the deck hash and a QR code of the canonical list.
    The organizer at any time; everyone once the decklists are published."""
    import segno

    event = _event_shown(request, event_id)
    if not (event_selectors.is_organizer(event, request.user) or event_selectors.event_decklists_published(event)):
        raise PermissionDenied
    sheets = []
    for registration in event_selectors.registration_list(event=event):
        sheet = _decklist(registration)
        # A fixed mask: choosing the best of the eight costs ~4x the time (64 sheets: ~1.4 s more; bench event_desk)
        # and any mask reads; level M survives a crease or a smudge on the printed sheet.
        qr = segno.make(event_selectors.registration_qr_text(registration), error="m", mask=2)
        sheet["qr_svg"] = qr.svg_inline(scale=2, border=2, omitsize=True)
        sheets.append(sheet)
    context = {
        "event": event,
        "sheets": sheets,
        "audit_head": event_selectors.audit_head(event=event),
        "nav": "tournaments",
    }
    return render(request, "web/tournament_print.html", context)


class DeckCheckForm(forms.Form):
    registration = forms.TypedChoiceField(coerce=int)
    text = forms.CharField(max_length=100_000, widget=forms.Textarea(attrs={"rows": 14}), strip=False)

    def __init__(self, *args, registrations=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [(r.id, r.player_name) for r in registrations]
        self.fields["registration"].label = gettext("Player")
        self.fields["text"].label = gettext("The physical deck (typed, or the text of the deck sheet's QR code)")


@login_required
@require_http_methods(["GET", "POST"])
def tournament_deck_check(request, event_id: int):
    """A judge (the organizer) compares a physical deck with the registered list: nothing is written."""
    event = _organizer_event(request, event_id)
    registrations = list(event_selectors.registration_list(event=event))
    initial = {"registration": request.GET.get("registration")}
    form = DeckCheckForm(request.POST or None, registrations=registrations, initial=initial)
    check, lines, registration = None, None, None
    if request.method == "POST" and form.is_valid():
        registration = next(r for r in registrations if r.id == form.cleaned_data["registration"])
        try:
            check = event_selectors.deck_check(
                registration=registration, decklist=_parse_text(event, form.cleaned_data["text"])
            )
        except DecklistRejected as exc:
            lines = exc.lines
    context = {
        "event": event,
        "form": form,
        "check": check,
        "lines": lines,
        "registration": registration,
        "nav": "tournaments",
    }
    return render(request, "web/tournament_deck_check.html", context)


@login_required
def tournament_audit(request, event_id: int):
    """The audit trail in HTML with the chain's verification (tournaments.services.audit_chain_verify), and
    `?download=json` for the whole trail with that verification."""
    event = _organizer_event(request, event_id)
    entries = list(event_selectors.audit_entries(event=event))
    problems = event_services.audit_chain_verify(event_id=event.id)
    if request.GET.get("download") == "json":
        body = {
            "event": event.id,
            "verified": not problems,
            "problems": problems,
            "entries": [
                {
                    "sequence": e.sequence,
                    "action": e.action,
                    "actor": e.actor_name,
                    "registration_id": e.registration_id_ref,
                    "payload": e.payload,
                    "created_at": timezone.localtime(e.created_at).isoformat(),
                    "prev_hash": e.prev_hash,
                    "entry_hash": e.entry_hash,
                }
                for e in entries
            ],
        }
        response = HttpResponse(
            json.dumps(body, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="event-{event.id}-audit.json"'
        return response
    broken = {problem["sequence"] for problem in problems}
    context = {
        "event": event,
        "entries": entries,
        "problems": problems,
        "broken": broken,
        "verified": not problems,
        "nav": "tournaments",
    }
    return render(request, "web/tournament_audit.html", context)


class ImportForm(forms.Form):
    file = forms.FileField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].label = gettext("CSV file (UTF-8 or Shift-JIS)")


IMPORT_MAX_BYTES = 5_000_000


@login_required
@require_http_methods(["GET", "POST"])
def tournament_import(request, event_id: int):
    """The organizer imports registrations from a CSV file (tournaments.services.registrations_import_csv)."""
    event = _organizer_event(request, event_id)
    form = ImportForm(request.POST or None, request.FILES or None)
    results, error, busy, closed = None, None, False, False
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        # Seconds of decklist checks: behind the process's gate of expensive requests, as the import API.
        gate = expensive_gate()
        if not gate.enter(wait_seconds=float(getattr(settings, "EXPENSIVE_REQUEST_WAIT_SECONDS", 5))):
            busy, error = True, gettext("The server is busy with other decklist checks; try again in a moment.")
        else:
            try:
                if upload.size > IMPORT_MAX_BYTES:
                    raise event_services.CsvRejected("the file is larger than 5 MB")
                text = event_services.csv_decode(upload.read())
                results = event_services.registrations_import_csv(event_id=event.id, user=request.user, csv_text=text)
            except event_services.CsvRejected as exc:
                error = server_message(exc.message)
            except event_services.RegistrationClosed:
                closed, error = True, gettext("Registrations for this event are closed.")
            finally:
                gate.leave()
    context = {"event": event, "form": form, "results": results, "error": error, "nav": "tournaments"}
    status = 503 if busy else 409 if closed else 400 if error else 200
    response = render(request, "web/tournament_import.html", context, status=status)
    if busy:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _overlay_entries(text: str, lists) -> tuple[list[dict], list[str]]:
    """Overlay lines as an organizer writes them: "<status> <card>" (a status, or the list's own words: the game's
    `lists.text_status`)."""
    entries, bad = [], []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        word, _, card = line.partition(" ")
        status = lists.text_status(word)
        if status is None or not card.strip():
            bad.append(line)
        else:
            entries.append({"card": card.strip(), "status": status})
    return entries, bad


def _overlay_combos(text: str, lists) -> tuple[list[dict], list[str]]:
    """ "<card> + <card>" lines: a combo of the game's first combo status."""
    combos, bad = [], []
    kind = lists.combo_statuses[0] if lists.combo_statuses else None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        cards = [part.strip() for part in line.replace("＋", "+").split("+")]
        if len(cards) != 2 or not all(cards) or kind is None:
            bad.append(line)
        else:
            combos.append({"cards": cards, "kind": kind})
    return combos, bad


class OverlayForm(forms.Form):
    name = forms.CharField(max_length=200)
    card_pool_cutoff = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    entries = forms.CharField(required=False, max_length=20_000, widget=forms.Textarea(attrs={"rows": 8}))
    combos = forms.CharField(required=False, max_length=5_000, widget=forms.Textarea(attrs={"rows": 3}))
    description = forms.CharField(required=False, max_length=2_000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, game=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lists = registry.get(game).lists
        labels = {
            "name": gettext("Name"),
            "card_pool_cutoff": gettext("Card pool cut-off (cards released after it are not allowed)"),
            "entries": gettext(
                "Extra bans and limits, one per line: banned <card>, limited <card> or unrestricted <card>"
            ),
            "combos": gettext("Banned combinations, one per line: <card> + <card>"),
            "description": gettext("Description"),
        }
        for name, label in labels.items():
            self.fields[name].label = label

    def clean(self):
        data = super().clean()
        data["entry_rows"], bad_entries = _overlay_entries(data.get("entries") or "", self.lists)
        data["combo_rows"], bad_combos = _overlay_combos(data.get("combos") or "", self.lists)
        for line in bad_entries:
            self.add_error("entries", gettext("Unreadable line: %(line)s") % {"line": line})
        for line in bad_combos:
            self.add_error("combos", gettext("Unreadable line: %(line)s") % {"line": line})
        return data

    @classmethod
    def for_overlay(cls, overlay, data=None, *, game=None):
        if overlay is None:
            return cls(data, game=game)
        initial = {
            "name": overlay.name,
            "card_pool_cutoff": overlay.card_pool_cutoff,
            "description": overlay.description,
            "entries": "\n".join(f"{row.status} {row.card.name_ja}" for row in overlay.cards.all()),
            "combos": "\n".join(f"{row.first.name_ja} + {row.second.name_ja}" for row in overlay.combos.all()),
        }
        return cls(data, initial=initial, game=game)


def _editable_overlay(event, user, slug: str | None):
    """The overlay this page edits: the one asked for (?overlay=) or the event's, when the organizer owns it."""
    from regulations.selectors import UnknownOverlay as MissingOverlay
    from regulations.selectors import overlay_get

    slug = slug or event.overlay_id
    if not slug:
        return None
    try:
        overlay = overlay_get(overlay_id=slug)
    except MissingOverlay:
        return None
    return overlay if overlay.owner_id == user.id else None


@login_required
@require_http_methods(["GET", "POST"])
def tournament_overlay(request, event_id: int):
    """The organizer creates or edits an event overlay (regulations services) and sees which registered decks it
    changes before using it for the event (tournaments.services.event_update re-checks and audits)."""
    from regulations import services as regulation_services

    event = _organizer_event(request, event_id)
    overlay = _editable_overlay(event, request.user, request.GET.get("overlay") or request.POST.get("overlay_id"))
    form = OverlayForm.for_overlay(overlay, request.POST if "save" in request.POST else None, game=event.game)
    problems = None
    url = reverse("web:tournament-overlay", args=[event.id])
    if request.method == "POST" and "use" in request.POST and overlay is not None:
        try:
            event_services.event_update(event_id=event.id, user=request.user, overlay_id=overlay.slug)
        except event_services.EventLocked:
            messages.error(request, gettext("The registrations are locked: the settings can no longer change."))
        else:
            messages.success(request, gettext("The event now uses this overlay."))
        return redirect(f"{url}?overlay={overlay.slug}")
    if request.method == "POST" and "save" in request.POST and form.is_valid():
        in_use = overlay is not None and overlay.slug == event.overlay_id
        if in_use and event.locked_at is not None:
            messages.error(request, gettext("The registrations are locked: the settings can no longer change."))
            return redirect(f"{url}?overlay={overlay.slug}")
        data = form.cleaned_data
        values = {
            "name": data["name"],
            "description": data.get("description") or "",
            "card_pool_cutoff": data.get("card_pool_cutoff"),
            "entries": data["entry_rows"],
            "combos": data["combo_rows"],
        }
        try:
            if overlay is None:
                overlay = regulation_services.overlay_create(
                    owner=request.user, base_format=event.format_code, **values
                )
            else:
                overlay = regulation_services.overlay_update(overlay_id=overlay.slug, user=request.user, **values)
        except regulation_services.OverlayError as exc:
            form.add_error(None, server_message(exc.message))
            problems = exc.details.get("cards")
        else:
            if in_use:
                event_services.event_recheck(
                    event_id=event.id, user=request.user, reason=f"overlay {overlay.slug} edited"
                )
            messages.success(request, gettext("The overlay is saved."))
            return redirect(f"{url}?overlay={overlay.slug}")
    preview = event_selectors.overlay_preview(event=event, overlay_id=overlay.slug) if overlay is not None else None
    context = {
        "event": event,
        "form": form,
        "overlay": overlay,
        "problems": problems,
        "preview": preview,
        "changed_count": sum(1 for row in preview or () if row["changed"]),
        "in_use": overlay is not None and overlay.slug == event.overlay_id,
        "nav": "tournaments",
    }
    return render(request, "web/tournament_overlay.html", context, status=400 if form.errors else 200)
