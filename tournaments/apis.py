"""Tournament API: events, registrations (frozen, hidden until published), organizer tools, the audit trail."""

import json
from functools import cached_property

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from api.codes import ApplicationError, ErrorCode, field_errors
from api.concurrency import ExpensiveRequestLimit
from api.fields import StrictBooleanField, StrictCharField, StrictRegexField
from api.schema import error_responses
from deckbuilder.jobs import enqueue_failed
from decks.apis import FORMAT_HELP, GAME_HELP, BaseApi, decklist_from_input
from games import registry
from tournaments import selectors, services, signing
from tournaments.models import JobStatus, Registration, RegistrationStatus

POINT_CAP_HELP = (
    "The OCG's GENESYS (`game` ygo, `format` genesys): the decks' point cap set by the organizer (none: the list's "
    "default, 100). Another game or format refuses it (400 VALIDATION_ERROR)."
)


class EventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField()
    organizer = StrictCharField(source="organizer.username")
    game = StrictCharField(help_text=f"The event's game (a game code; default `{registry.DEFAULT_GAME}`).")
    date = serializers.DateField()
    format = StrictCharField(source="format_code")
    regulation_date = serializers.DateField()
    overlay_id = StrictCharField(allow_null=True)
    registration_deadline = serializers.DateTimeField()
    capacity = serializers.IntegerField(allow_null=True)
    point_cap = serializers.IntegerField(allow_null=True, help_text=POINT_CAP_HELP)
    publish_decklists = StrictBooleanField()
    decklists_published = serializers.SerializerMethodField()
    registration_open = serializers.SerializerMethodField()
    locked_at = serializers.DateTimeField(allow_null=True)

    def get_decklists_published(self, event) -> bool:
        return selectors.event_decklists_published(event)

    def get_registration_open(self, event) -> bool:
        return services.event_is_open(event)


class AuditHeadSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Entries in the audit trail")
    hash = StrictCharField(help_text="SHA-256 of the last entry (it chains every earlier entry)")
    signature = StrictCharField(help_text="Ed25519 signature of the last entry, base64 (see /audit/public-key/)")
    key_id = StrictCharField()


class EventDetailSerializer(EventSerializer):
    audit_head = serializers.SerializerMethodField(
        help_text="The audit chain head: keep a copy; verify_audit_chain --head proves any later rewrite against it"
    )

    @extend_schema_field(AuditHeadSerializer)
    def get_audit_head(self, event) -> dict:
        return selectors.audit_head(event=event)


class RegistrationPublicSerializer(serializers.Serializer):
    """What other players see before publication: who registered, nothing of the decklist."""

    id = serializers.IntegerField()
    player = StrictCharField(source="player_name")
    submitted_at = serializers.DateTimeField()
    decklist_visible = StrictBooleanField(default=False)


class RegistrationFullSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = StrictCharField(source="player_name")
    submitted_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    decklist_visible = StrictBooleanField(default=True)
    status = StrictCharField()
    deck_hash = StrictCharField()
    entries = serializers.SerializerMethodField()
    legal = serializers.SerializerMethodField()
    violations = serializers.SerializerMethodField()

    @extend_schema_field(serializers.DictField(child=serializers.ListField(child=serializers.DictField())))
    def get_entries(self, registration) -> dict:
        return registration.snapshot.get("entries", {})

    def get_legal(self, registration) -> bool:
        return bool((registration.legality_report or {}).get("legal"))

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_violations(self, registration) -> list:
        return (registration.legality_report or {}).get("violations", [])


class RegistrationOwnerSerializer(RegistrationFullSerializer):
    """For the organizer and the player: plus the source deck and the full report."""

    deck_id = serializers.IntegerField(allow_null=True)
    deck_version = serializers.IntegerField(allow_null=True)
    legality_report = serializers.JSONField()


class RegistrationForViewerSerializer(RegistrationPublicSerializer):
    """A registration as the caller may see it: everyone gets the public fields; the decklist fields only the
    organizer, the player, or everyone once published; the source deck and the full report only the organizer and
    the player. Needs `event` and `request` in the context."""

    updated_at = serializers.DateTimeField(required=False)
    status = StrictCharField(required=False)
    deck_hash = StrictCharField(required=False)
    entries = serializers.DictField(child=serializers.ListField(child=serializers.DictField()), required=False)
    legal = StrictBooleanField(required=False)
    violations = serializers.ListField(child=serializers.DictField(), required=False)
    deck_id = serializers.IntegerField(allow_null=True, required=False)
    deck_version = serializers.IntegerField(allow_null=True, required=False)
    legality_report = serializers.JSONField(required=False)

    def to_representation(self, registration):
        event, user = self.context["event"], self.context["request"].user
        if user.is_authenticated and registration.player_id == user.id:
            return RegistrationOwnerSerializer(registration).data
        if selectors.is_organizer(event, user):
            # The organizer gets the frozen copy and its report, not a pointer to the player's (maybe private) deck.
            return {**RegistrationOwnerSerializer(registration).data, "deck_id": None}
        if selectors.event_decklists_published(event):
            return RegistrationFullSerializer(registration).data
        return RegistrationPublicSerializer(registration).data


class EventListFilterSerializer(serializers.Serializer):
    mine = StrictBooleanField(default=False, help_text="Only events the caller organizes")
    game = StrictCharField(required=False, max_length=16, help_text="Only the events of this game")


@extend_schema_view(
    get=extend_schema(
        operation_id="events_list",
        parameters=[EventListFilterSerializer],
        responses={200: EventSerializer(many=True), **error_responses(400, 404)},
    )
)
class EventListCreateApi(BaseApi, generics.ListAPIView):
    class EventListCreateInputSerializer(serializers.Serializer):
        name = StrictCharField(max_length=200)
        date = serializers.DateField()
        game = StrictCharField(max_length=16, default=registry.DEFAULT_GAME, help_text=GAME_HELP)
        format = StrictRegexField(r"^[a-z0-9_-]{1,32}$", required=False, help_text=FORMAT_HELP)
        regulation_date = serializers.DateField(required=False, allow_null=True, help_text="Default: the event date")
        overlay_id = StrictCharField(max_length=64, required=False, allow_null=True, allow_blank=True)
        registration_deadline = serializers.DateTimeField()
        capacity = serializers.IntegerField(
            min_value=1, max_value=100_000, required=False, allow_null=True, help_text="Most players (none: no limit)"
        )
        point_cap = serializers.IntegerField(
            min_value=0, max_value=100_000, required=False, allow_null=True, help_text=POINT_CAP_HELP
        )
        publish_decklists = StrictBooleanField(default=False)

    serializer_class = EventSerializer

    def get_queryset(self):
        filters = EventListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        organizer_id = None
        if filters.validated_data["mine"]:
            organizer_id = self.request.user.id if self.request.user.is_authenticated else -1
        return selectors.event_list(organizer_id=organizer_id, game=filters.validated_data.get("game"))

    @extend_schema(
        operation_id="events_create",
        request=EventListCreateInputSerializer,
        responses={201: EventSerializer, **error_responses(400, 401, 404)},
        description="Create an event; the caller becomes its organizer. An unknown overlay_id: 404 UNKNOWN_OVERLAY.",
    )
    def post(self, request):
        data = self.EventListCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        event = services.event_create(
            organizer=request.user,
            name=values["name"],
            date=values["date"],
            format_code=values.get("format"),
            game=values["game"],
            regulation_date=values.get("regulation_date"),
            overlay_id=values.get("overlay_id") or None,
            registration_deadline=values["registration_deadline"],
            publish_decklists=values["publish_decklists"],
            capacity=values.get("capacity"),
            point_cap=values.get("point_cap"),
        )
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    get=extend_schema(
        operation_id="events_read",
        responses={200: EventDetailSerializer, **error_responses(404)},
    )
)
class EventDetailApi(BaseApi, generics.RetrieveAPIView):
    serializer_class = EventDetailSerializer

    class EventUpdateInputSerializer(serializers.Serializer):
        name = StrictCharField(max_length=200, required=False)
        date = serializers.DateField(required=False)
        format = StrictRegexField(r"^[a-z0-9_-]{1,32}$", required=False, help_text=FORMAT_HELP)
        regulation_date = serializers.DateField(required=False)
        overlay_id = StrictCharField(max_length=64, required=False, allow_null=True, allow_blank=True)
        registration_deadline = serializers.DateTimeField(required=False)
        capacity = serializers.IntegerField(min_value=1, max_value=100_000, required=False, allow_null=True)
        point_cap = serializers.IntegerField(
            min_value=0, max_value=100_000, required=False, allow_null=True, help_text=POINT_CAP_HELP
        )
        publish_decklists = StrictBooleanField(required=False)

    # API field -> event setting (tournaments.services.EVENT_SETTINGS)
    _SETTINGS = {"format": "format_code"}

    def get_object(self):
        return selectors.event_get(event_id=self.kwargs["event_id"])

    @extend_schema(
        operation_id="events_update",
        request=EventUpdateInputSerializer,
        responses={200: EventSerializer, **error_responses(400, 401, 403, 404, 409)},
        description="Organizer: change the event's settings until the registrations are locked (409 "
        "REGISTRATION_CLOSED after). A change of format, regulation date, overlay or point cap re-checks every "
        "registration; the audit trail records each change.",
    )
    def patch(self, request, event_id: int):
        selectors.event_get(event_id=event_id)
        data = self.EventUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changes = {self._SETTINGS.get(key, key): value for key, value in data.validated_data.items()}
        try:
            event = services.event_update(event_id=event_id, user=request.user, **changes)
        except services.EventLocked:
            raise ApplicationError(
                ErrorCode.REGISTRATION_CLOSED, "The registrations are locked: the settings can no longer change."
            ) from None
        return Response(EventSerializer(event).data)


class EventLockApi(BaseApi):
    @extend_schema(
        operation_id="events_lock",
        request=None,
        responses={200: EventSerializer, **error_responses(401, 403, 404)},
        description="Organizer: lock the registrations now (recorded in the audit trail).",
    )
    def post(self, request, event_id: int):
        selectors.event_get(event_id=event_id)
        event = services.event_lock(event_id=event_id, user=request.user)
        return Response(EventSerializer(event).data)


class EventPublishApi(BaseApi):
    @extend_schema(
        operation_id="events_publish",
        request=None,
        responses={200: EventSerializer, **error_responses(401, 403, 404)},
        description="Organizer: publish the decklists to everyone.",
    )
    def post(self, request, event_id: int):
        selectors.event_get(event_id=event_id)
        event = services.event_publish(event_id=event_id, user=request.user)
        return Response(EventSerializer(event).data)


class RegistrationListFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[s.value for s in RegistrationStatus], required=False, help_text="Organizer: e.g. illegal"
    )


@extend_schema_view(
    get=extend_schema(
        operation_id="registrations_list",
        parameters=[RegistrationListFilterSerializer],
        responses={200: RegistrationForViewerSerializer(many=True), **error_responses(400, 403, 404)},
        description="Everyone sees who registered; decklists only the organizer, the player, or everyone once the "
        "decklists are published. The status filter is for the organizer.",
    )
)
class RegistrationListSubmitApi(BaseApi, generics.ListAPIView):
    serializer_class = RegistrationForViewerSerializer

    class RegistrationListSubmitInputSerializer(serializers.Serializer):
        deck_id = serializers.IntegerField(min_value=1, max_value=2**62)
        accept_illegal = StrictBooleanField(default=False, help_text="Register an illegal deck flagged as such")

    def get_queryset(self):
        filters = RegistrationListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        event = self.event
        wanted = filters.validated_data.get("status")
        if wanted and not (
            selectors.is_organizer(event, self.request.user) or selectors.event_decklists_published(event)
        ):
            raise ApplicationError(ErrorCode.PERMISSION_DENIED, "Only the organizer can filter by status.")
        return selectors.registration_list(event=event, status=wanted)

    @cached_property
    def event(self):
        event = selectors.event_get(event_id=self.kwargs["event_id"])
        if services.event_lock_if_due(event_id=event.id):
            event.refresh_from_db()
        return event

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "event": self.event}

    @extend_schema(
        operation_id="registrations_submit",
        request=RegistrationListSubmitInputSerializer,
        responses={
            201: RegistrationOwnerSerializer,
            200: RegistrationOwnerSerializer,
            **error_responses(400, 401, 403, 404, 409),
        },
        description="Register one of your decks (or replace your registration) before the deadline: the deck is "
        "frozen with its hash and the legality report at this moment. 201 only for the request that created the "
        "registration, 200 for a replacement (also for concurrent submissions by the same player: one 201, the rest "
        "200). An illegal deck needs accept_illegal=true and is flagged illegal.",
    )
    def post(self, request, event_id: int):
        data = self.RegistrationListSubmitInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        selectors.event_get(event_id=event_id)
        registration, created = services.registration_submit_or_replace(
            event_id=event_id, user=request.user, **data.validated_data
        )
        return Response(
            RegistrationOwnerSerializer(registration).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class RegistrationDetailApi(BaseApi):
    @extend_schema(
        operation_id="registrations_read",
        responses={200: RegistrationForViewerSerializer, **error_responses(404)},
        description="A registration with its decklist: organizer, the player, or anyone after publication.",
    )
    def get(self, request, event_id: int, registration_id: int):
        event = selectors.event_get(event_id=event_id)
        registration = selectors.registration_get_visible(
            event=event, registration_id=registration_id, user=request.user
        )
        context = {"event": event, "request": request}
        return Response(RegistrationForViewerSerializer(registration, context=context).data)

    @extend_schema(
        operation_id="registrations_withdraw",
        request=None,
        responses={204: None, **error_responses(401, 403, 404, 409)},
        description="The player withdraws their own registration before the deadline (then 409 "
        "REGISTRATION_CLOSED). It leaves the registration list and the exports; the audit trail records a "
        "`withdraw` entry. The player may register again while registration is open.",
    )
    def delete(self, request, event_id: int, registration_id: int):
        event = selectors.event_get(event_id=event_id)
        if not Registration.objects.filter(event=event, id=registration_id).exists():
            raise ApplicationError(ErrorCode.NOT_FOUND, "Registration not found.")
        services.registration_withdraw(registration_id=registration_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationAmendApi(BaseApi):
    class RegistrationAmendInputSerializer(serializers.Serializer):
        reason = StrictCharField(max_length=500)
        deck = serializers.JSONField(required=False, allow_null=True)
        text = StrictCharField(max_length=100_000, required=False, allow_null=True, trim_whitespace=False)

    @extend_schema(
        operation_id="registrations_amend",
        request=RegistrationAmendInputSerializer,
        responses={200: RegistrationOwnerSerializer, **error_responses(400, 401, 403, 404)},
        description="Organizer: replace a registration's decklist (also after the deadline) with a reason; "
        "recorded in the audit trail.",
    )
    def post(self, request, event_id: int, registration_id: int):
        event = selectors.event_get(event_id=event_id)
        if not Registration.objects.filter(event=event, id=registration_id).exists():
            raise ApplicationError(ErrorCode.NOT_FOUND, "Registration not found.")
        data = self.RegistrationAmendInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decklist = decklist_from_input(data.validated_data, event.game)  # read as a decklist of the event's game
        if decklist is None:
            raise ApplicationError(ErrorCode.VALIDATION_ERROR, "Give the amended decklist as `deck` (JSON) or `text`.")
        registration = services.registration_amend(
            registration_id=registration_id,
            user=request.user,
            reason=data.validated_data["reason"],
            decklist=decklist,
        )
        return Response(RegistrationOwnerSerializer(registration).data)


class RegistrationImportApi(ExpensiveRequestLimit, BaseApi):
    """Reading, resolving and checking up to TOURNAMENT_IMPORT_MAX_ROWS decklists is CPU work of seconds: behind the
    process's gate of expensive requests (api/concurrency.py), with the legality checks and the editor."""

    def is_light(self, request) -> bool:
        return False  # a table of decklists: never light, however small the body

    class RegistrationImportInputSerializer(serializers.Serializer):
        csv = StrictCharField(
            max_length=5_000_000,
            trim_whitespace=False,
            required=False,
            help_text="CSV, header `player,decklist` (a text decklist; quote multi-line cells) or `player,deck_json`",
        )
        file = serializers.FileField(
            required=False,
            max_length=255,
            help_text="Or the CSV as an uploaded file (multipart): UTF-8 with or without BOM, or Shift-JIS/CP932",
        )

    @extend_schema(
        operation_id="registrations_import",
        request=RegistrationImportInputSerializer,
        responses={
            200: serializers.ListSerializer(child=serializers.DictField()),
            **error_responses(400, 401, 403, 404, 409, 503),
        },
        description="Organizer: batch import of registrations from CSV; one result per row (legal, illegal, error "
        "with the unresolved lines).",
    )
    def post(self, request, event_id: int):
        selectors.event_get(event_id=event_id)
        data = self.RegistrationImportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data.get("file")
        if upload is not None and upload.size > 5_000_000:
            raise ApplicationError(ErrorCode.MALFORMED_CSV, "The CSV file is larger than 5 MB.")
        if upload is not None:
            csv_text = services.csv_decode(upload.read())
        elif "csv" in data.validated_data:
            csv_text = data.validated_data["csv"]
        else:
            raise ApplicationError(ErrorCode.VALIDATION_ERROR, "Send the CSV as `csv` (text) or `file` (an upload).")
        results = services.registrations_import_csv(event_id=event_id, user=request.user, csv_text=csv_text)
        return Response({"results": results})


class JobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = StrictCharField()
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    results = serializers.JSONField()
    error = StrictCharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class RevalidationCreateApi(BaseApi):
    @extend_schema(
        operation_id="revalidations_create",
        request=None,
        responses={202: JobSerializer, **error_responses(401, 403, 404, 503)},
        description="Organizer: re-validate every registration against the event's regulation (a Celery job). "
        "Poll the job for progress and the result per player. 503 QUEUE_UNAVAILABLE when the job queue is away "
        "(the job is recorded as failed).",
    )
    def post(self, request, event_id: int):
        selectors.event_get(event_id=event_id)
        job = services.revalidation_job_create(event_id=event_id, user=request.user)
        if job.status == JobStatus.FAILED and enqueue_failed(job.error):
            raise ApplicationError(
                ErrorCode.QUEUE_UNAVAILABLE,
                "The job queue is unavailable; the re-validation was not started. Retry later.",
                details={"job": job.id},
            )
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class RevalidationDetailApi(BaseApi):
    @extend_schema(
        operation_id="revalidations_read",
        responses={200: JobSerializer, **error_responses(401, 403, 404)},
    )
    def get(self, request, event_id: int, job_id: int):
        event = selectors.event_get(event_id=event_id)
        if not selectors.is_organizer(event, request.user):
            raise ApplicationError(
                ErrorCode.PERMISSION_DENIED, "Only the event's organizer can see re-validation jobs."
            )
        return Response(JobSerializer(selectors.revalidation_job_get(event=event, job_id=job_id)).data)


EXPORT_KINDS = ["csv", "json"]
EXPORT_ENCODINGS = list(selectors.EXPORT_ENCODINGS)  # utf-8, sjis
EXPORT_HEADERS = list(selectors.EXPORT_HEADERS)  # en, ja


class RegistrationExportApi(BaseApi):
    def perform_content_negotiation(self, request, force=False):
        # The body's type comes from the path (csv or json), not from Accept: `Accept: text/csv` (what spreadsheet
        # tools send) must not be refused with 406. Errors are still rendered as JSON.
        return super().perform_content_negotiation(request, force=True)

    @extend_schema(
        operation_id="registrations_export",
        parameters=[
            OpenApiParameter("kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=EXPORT_KINDS),
            OpenApiParameter(
                "encoding",
                OpenApiTypes.STR,
                enum=EXPORT_ENCODINGS,
                description="The CSV's encoding: utf-8 (with a BOM, the default) or sjis (Shift-JIS, CP932), for "
                "Excel in Japan. Any other value: 400 VALIDATION_ERROR (also with the JSON export, which ignores it).",
            ),
            OpenApiParameter(
                "header",
                OpenApiTypes.STR,
                enum=EXPORT_HEADERS,
                description="The CSV's header row: en (the default; the names the registration import and API clients "
                "read) or ja (Japanese column names, for reading in Excel). Any other value: 400 VALIDATION_ERROR.",
            ),
        ],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            **error_responses(400, 403, 404),
        },
        description="The registrations with their decklists: the organizer at any time, everyone once published. "
        "Times are in Japan time (+09:00). The CSV's columns: `player`, `status`, `deck_hash`, `submitted_at`, "
        "`violations`, one per zone of the event's game (its code, or its Japanese name with `header=ja`) and "
        "`decklist`, the text list the registration import reads.",
    )
    def get(self, request, event_id: int, kind: str):
        # Exactly the schema's values, for both kinds: an unknown value is a client's mistake to tell about, not a
        # parameter to ignore (the schema fuzz found `?encoding=` anything answered 200).
        encoding = request.query_params.get("encoding") or "utf-8"
        if encoding not in EXPORT_ENCODINGS:
            raise ApplicationError(
                ErrorCode.VALIDATION_ERROR,
                "Unknown encoding; use utf-8 (with a BOM, the default) or sjis.",
                field_errors(encoding=(f"Not one of {', '.join(EXPORT_ENCODINGS)}.", "invalid_choice")),
            )
        header = request.query_params.get("header") or "en"
        if header not in EXPORT_HEADERS:
            raise ApplicationError(
                ErrorCode.VALIDATION_ERROR,
                "Unknown header; use en (the default) or ja.",
                field_errors(header=(f"Not one of {', '.join(EXPORT_HEADERS)}.", "invalid_choice")),
            )
        event = selectors.event_get(event_id=event_id)
        if services.event_lock_if_due(event_id=event.id):
            event.refresh_from_db()
        if kind not in EXPORT_KINDS:
            raise ApplicationError(ErrorCode.NOT_FOUND, f"Unknown export kind; use one of {', '.join(EXPORT_KINDS)}.")
        if not (selectors.is_organizer(event, request.user) or selectors.event_decklists_published(event)):
            raise ApplicationError(ErrorCode.PERMISSION_DENIED, "The decklists are not published yet.")
        head = selectors.audit_head(event=event)  # exported with the decklists, so every copy pins the history
        if kind == "json":
            rows = selectors.registration_export_rows(event=event)
            body = json.dumps(
                {"event": event.id, "audit_head": head, "registrations": rows}, ensure_ascii=False, indent=2
            )
            return HttpResponse(body, content_type="application/json")
        try:
            body = selectors.registration_export_csv(event=event, encoding=encoding, header=header)
        except UnicodeEncodeError as exc:
            raise ApplicationError(
                ErrorCode.CSV_UNENCODABLE,
                "A name or card has no Shift-JIS form; export in UTF-8 (the default) instead.",
                details={"text": exc.object[exc.start : exc.end]},
            ) from None
        charset = "Shift_JIS" if encoding == "sjis" else "utf-8"
        response = HttpResponse(body, content_type=f"text/csv; charset={charset}")
        response["Content-Disposition"] = f'attachment; filename="event-{event.id}-registrations.csv"'
        # The CSV stays a plain table for spreadsheets: the head travels in headers (the JSON export has it inline).
        for name, value in head.items():
            response[f"X-Audit-Head-{name.replace('_', '-').title()}"] = str(value)
        return response


class AuditEntrySerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    action = StrictCharField()
    actor = StrictCharField(source="actor_name")
    registration_id = serializers.IntegerField(source="registration_id_ref", allow_null=True)
    payload = serializers.JSONField()
    created_at = serializers.DateTimeField()
    prev_hash = StrictCharField()
    entry_hash = StrictCharField()
    signature = StrictCharField()
    key_id = StrictCharField()


class AuditPublicKeyApi(BaseApi):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="audit_public_key",
        responses={
            200: inline_serializer(
                "AuditPublicKey",
                {
                    "algorithm": StrictCharField(),
                    "key_id": StrictCharField(),
                    "public_key": StrictCharField(help_text="Raw 32-byte Ed25519 public key, base64"),
                    "signed_message": StrictCharField(),
                    "retired_keys": serializers.ListField(child=serializers.DictField()),
                },
            )
        },
        auth=[],
        description="The public half of the key that signs every audit entry. A chain head's signature verifies as "
        "Ed25519 over the bytes of signed_message with {hash} replaced by the head's hash.",
    )
    def get(self, request):
        return Response(
            {
                "algorithm": signing.ALGORITHM,
                "key_id": signing.key_id(),
                "public_key": signing.public_key_b64(),
                "signed_message": signing.entry_message("{hash}"),
                "retired_keys": signing.retired_public_keys(),
            }
        )


@extend_schema_view(
    get=extend_schema(
        operation_id="events_audit",
        responses={200: AuditEntrySerializer(many=True), **error_responses(401, 403, 404)},
        description="Organizer: the append-only audit trail, each entry chained to the previous entry's SHA-256.",
    )
)
class AuditListApi(BaseApi, generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = AuditEntrySerializer

    def get_queryset(self):
        event = selectors.event_get(event_id=self.kwargs["event_id"])
        if not selectors.is_organizer(event, self.request.user):
            raise ApplicationError(ErrorCode.PERMISSION_DENIED, "Only the event's organizer can read the audit trail.")
        return selectors.audit_entries(event=event)
