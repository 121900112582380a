"""Legality and regulation API: one class per operation, every error in the one shape of api/errors.py."""

import csv
import io
from datetime import date

from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiTypes,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.schema import error_responses
from dmrules.decklist import Decklist, DecklistFormatError, parse_json, parse_text
from regulations import selectors, services

MAX_BATCH = 1000
MAX_TEXT = 100_000  # characters of one text decklist
MAX_LINES = 500  # lines of one decklist


# ------------------------------------------------------------------------------------------------ input helpers


def decklist_from(*, deck=None, text=None) -> Decklist:
    """The decklist of a request: JSON `deck` or `text`, exactly one. Raises ApiError (400) when unreadable."""
    if (deck is None) == (text is None):
        raise ApiError("DECKLIST_MISSING", "Send exactly one of 'deck' (JSON) or 'text'.")
    if text is not None:
        if not isinstance(text, str):
            raise ApiError("DECKLIST_MALFORMED", "'text' must be a string.")
        if len(text) > MAX_TEXT:
            raise ApiError("DECKLIST_TOO_LARGE", f"A text decklist may have at most {MAX_TEXT} characters.")
        decklist = parse_text(text)
    else:
        try:
            decklist = parse_json(deck)
        except DecklistFormatError as exc:
            raise ApiError("DECKLIST_MALFORMED", str(exc)) from None
    if len(decklist.lines) + len(decklist.errors) > MAX_LINES:
        raise ApiError("DECKLIST_TOO_LARGE", f"A decklist may have at most {MAX_LINES} lines.")
    if decklist.errors:
        raise ApiError(
            "DECKLIST_UNREADABLE",
            f"{len(decklist.errors)} line(s) of the decklist could not be read.",
            details={"errors": [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]},
        )
    return decklist


def workflow_error(exc: Exception) -> ApiError:
    if isinstance(exc, services.UnknownFormat):
        return ApiError("UNKNOWN_FORMAT", str(exc), details={"format": exc.code})
    if isinstance(exc, services.UnknownOverlay):
        return ApiError("UNKNOWN_OVERLAY", str(exc), details={"overlay": exc.overlay_id}, status_code=404)
    raise exc


# ------------------------------------------------------------------------------------------- output documentation


class _CardSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code, e.g. DECK_SIZE, COPY_LIMIT, HALL_OF_FAME.")
    rule = serializers.CharField(help_text="Rule number cited, e.g. 100.2a.")
    zone = serializers.CharField(allow_null=True)
    cards = _CardSerializer(many=True)
    message = serializers.CharField()
    message_ja = serializers.CharField()
    count = serializers.IntegerField(allow_null=True)
    limit = serializers.IntegerField(allow_null=True)


class LineSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    zone = serializers.CharField()
    written = serializers.CharField()
    count = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["ok", "unknown", "ambiguous"])
    card = serializers.DictField(allow_null=True)
    candidates = serializers.ListField(child=serializers.DictField())


class ReportSerializer(serializers.Serializer):
    """Documentation of the report (the view returns the service's dict as it is)."""

    legal = serializers.BooleanField()
    buildable = serializers.BooleanField(help_text="Legal but for the zone sizes (a deck being built).")
    format = serializers.CharField()
    as_of = serializers.DateField()
    overlay = serializers.DictField(allow_null=True)
    regulation = serializers.DictField(allow_null=True)
    deck_hash = serializers.CharField(help_text="SHA-256 over the sorted card identities per zone.")
    counts = serializers.DictField(child=serializers.IntegerField())
    violations = ViolationSerializer(many=True)
    warnings = ViolationSerializer(many=True)
    lines = LineSerializer(many=True)
    errors = serializers.ListField(child=serializers.DictField())


class _ContextSerializer(serializers.Serializer):
    format = serializers.CharField(max_length=32, default="advance")
    as_of = serializers.DateField(required=False, allow_null=True, default=None)
    overlay = serializers.CharField(max_length=64, required=False, allow_null=True, allow_blank=True, default=None)


# ------------------------------------------------------------------------------------------------------- views


class LegalityCheckApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="LegalityCheckInput")
    class InputSerializer(_ContextSerializer):
        deck = serializers.JSONField(required=False, help_text='{"main": [{"card": "name or id", "count": 4}], ...}')
        text = serializers.CharField(required=False, trim_whitespace=False, allow_blank=True)

    @extend_schema(
        operation_id="legality_check",
        request=InputSerializer,
        responses={200: ReportSerializer, **error_responses(400, 404)},
        auth=[],
        description=(
            "Check one decklist (JSON `deck` or `text`) against a format on a date, optionally under an event "
            "overlay. Returns every violation with its stable code and rule. Unreadable lines: 400 "
            "DECKLIST_UNREADABLE with details.errors; unknown format: 400 UNKNOWN_FORMAT; unknown overlay: 404."
        ),
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        decklist = decklist_from(deck=values.get("deck"), text=values.get("text"))
        try:
            report = services.legality_report(
                decklist=decklist, format_code=values["format"], as_of=values["as_of"], overlay_id=values["overlay"]
            )
        except (services.UnknownFormat, services.UnknownOverlay) as exc:
            raise workflow_error(exc) from None
        return Response(report)


class LegalityBatchApi(APIView):
    permission_classes = [AllowAny]
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema_serializer(component_name="LegalityBatchInput")
    class InputSerializer(_ContextSerializer):
        decks = serializers.ListField(
            child=serializers.DictField(), required=False, help_text='[{"player": "p1", "deck": {...} | "text": ""}]'
        )
        file = serializers.FileField(required=False, help_text="CSV upload with the columns player,decklist")
        include_lines = serializers.BooleanField(default=False)

    @extend_schema(
        operation_id="legality_batch",
        request={"application/json": InputSerializer, "multipart/form-data": InputSerializer},
        responses={
            200: inline_serializer(
                "LegalityBatch",
                {
                    "format": serializers.CharField(),
                    "as_of": serializers.DateField(),
                    "count": serializers.IntegerField(),
                    "legal": serializers.IntegerField(),
                    "results": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **error_responses(400, 404),
        },
        auth=[],
        description=(
            f"Check up to {MAX_BATCH} decklists in one request: JSON `decks` (each with a `player` id and `deck` or "
            "`text`; a bare JSON list of such entries also works, with `as_of` / `overlay` in the query string) or a "
            "CSV upload `file` with the columns player,decklist. One result per entry, in input order: "
            "{player, report} or {player, error} for an unreadable decklist. Reports leave out `lines` unless "
            "include_lines is true."
        ),
    )
    def post(self, request):
        payload = request.data
        if isinstance(payload, list):  # a bare JSON list of entries: options from the query string
            payload = {
                "decks": payload,
                **{k: request.query_params[k] for k in ("as_of", "overlay") if k in request.query_params},
            }
        data = self.InputSerializer(data=payload)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if values.get("file") is not None:
            entries = _csv_entries(values["file"])
        elif values.get("decks") is not None:
            entries = values["decks"]
        else:
            raise ApiError("DECKLIST_MISSING", "Send 'decks' (JSON) or a CSV 'file' with the columns player,decklist.")
        if len(entries) > MAX_BATCH:
            raise ApiError(
                "BATCH_TOO_LARGE", f"A batch may have at most {MAX_BATCH} decklists.", details={"count": len(entries)}
            )
        try:
            context = services.legality_context(
                format_code=values["format"], as_of=values["as_of"], overlay_id=values["overlay"]
            )
        except (services.UnknownFormat, services.UnknownOverlay) as exc:
            raise workflow_error(exc) from None
        results = []
        legal = 0
        for index, entry in enumerate(entries):
            player = entry.get("player")
            player = str(player) if player is not None else str(index + 1)
            try:
                decklist = decklist_from(deck=entry.get("deck"), text=entry.get("text"))
            except ApiError as exc:
                results.append(
                    {"player": player, "error": {"code": exc.code, "message": exc.message, "details": exc.details}}
                )
                continue
            report = services.report_for(decklist, context, include_lines=values["include_lines"])
            legal += report["legal"]
            results.append({"player": player, "report": report})
        return Response(
            {
                "format": context.format_rules.code,
                "as_of": context.as_of.isoformat(),
                "overlay": services.jsonable(context.overlay),
                "count": len(results),
                "legal": legal,
                "results": results,
            }
        )


def _csv_entries(upload) -> list[dict]:
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApiError("CSV_MALFORMED", "The CSV file must be UTF-8.") from None
    try:
        reader = csv.DictReader(io.StringIO(text))
        if not reader.fieldnames or not {"player", "decklist"} <= {f.strip() for f in reader.fieldnames}:
            raise ApiError("CSV_MALFORMED", "The CSV file needs a header row with the columns player,decklist.")
        entries = []
        for row in reader:
            row = {(k or "").strip(): v for k, v in row.items()}
            entries.append({"player": row.get("player"), "text": row.get("decklist") or ""})
            if len(entries) > MAX_BATCH:
                break
    except csv.Error as exc:
        raise ApiError("CSV_MALFORMED", f"The CSV file could not be read: {exc}") from None
    return entries


class RegulationInForceApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="regulation_in_force",
        parameters=[
            OpenApiParameter(
                "format_code", OpenApiTypes.STR, OpenApiParameter.PATH, description="advance, original, ..."
            ),
            OpenApiParameter("as_of", OpenApiTypes.DATE, description="date (default today)"),
        ],
        responses={
            200: inline_serializer(
                "RegulationInForce",
                {
                    "format": serializers.CharField(),
                    "as_of": serializers.DateField(),
                    "available": serializers.BooleanField(),
                    "effective_date": serializers.DateField(allow_null=True),
                    "limited": serializers.ListField(child=serializers.DictField()),
                    "banned": serializers.ListField(child=serializers.DictField()),
                    "combos": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **error_responses(400),
        },
        auth=[],
        description="The Hall of Fame list in force for a format on a date (its dated events replayed in order).",
    )
    def get(self, request, format_code: str):
        as_of = _date_param(request, "as_of") or timezone.localdate()
        try:
            in_force = selectors.regulation_in_force(format_code=format_code, as_of=as_of)
        except selectors.UnknownFormat as exc:
            raise workflow_error(exc) from None
        regulation = in_force.regulation
        return Response(
            {
                "format": in_force.format_code,
                "as_of": as_of,
                "available": in_force.available,
                "effective_date": regulation.effective_date if regulation else None,
                "limited": [c.as_dict() for c in in_force.cards if c.status == "limited"],
                "banned": [c.as_dict() for c in in_force.cards if c.status == "banned"],
                "combos": [c.as_dict() for c in in_force.combos],
            }
        )


class RegulationChangesApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="regulation_changes",
        parameters=[
            OpenApiParameter(
                "format_code", OpenApiTypes.STR, OpenApiParameter.PATH, description="advance, original, ..."
            ),
            OpenApiParameter("from", OpenApiTypes.DATE, required=True),
            OpenApiParameter("to", OpenApiTypes.DATE, description="default today"),
        ],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400)},
        auth=[],
        description="Cards whose status differs between two dates, and combos added or removed.",
    )
    def get(self, request, format_code: str):
        since = _date_param(request, "from")
        if since is None:
            raise ApiError("VALIDATION_ERROR", "The query parameter 'from' (YYYY-MM-DD) is required.")
        until = _date_param(request, "to") or timezone.localdate()
        try:
            changes = selectors.regulation_changes(format_code=format_code, since=since, until=until)
        except selectors.UnknownFormat as exc:
            raise workflow_error(exc) from None
        return Response(changes)


class FormatListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="Format")
    class OutputSerializer(serializers.Serializer):
        code = serializers.CharField()
        name = serializers.CharField()
        name_ja = serializers.CharField()
        description = serializers.CharField()
        uses_hyperspatial = serializers.BooleanField()
        uses_gr = serializers.BooleanField()
        start_of_game_cards = serializers.BooleanField()
        hall_of_fame = serializers.BooleanField()

    @extend_schema(operation_id="format_list", responses={200: OutputSerializer(many=True)}, auth=[])
    def get(self, request):
        return Response(self.OutputSerializer(selectors.format_list(), many=True).data)


class OverlayDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="overlay_detail",
        responses={
            200: inline_serializer(
                "EventOverlay",
                {
                    "id": serializers.CharField(),
                    "name": serializers.CharField(),
                    "base_format": serializers.CharField(),
                    "card_pool_cutoff": serializers.DateField(allow_null=True),
                    "description": serializers.CharField(),
                    "cards": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **error_responses(404),
        },
        auth=[],
        description="An event overlay players validate against: its base format and its own card statuses.",
    )
    def get(self, request, overlay_id: str):
        try:
            overlay = selectors.overlay_get(overlay_id=overlay_id)
        except selectors.UnknownOverlay as exc:
            raise workflow_error(exc) from None
        cards = [
            {"card": {"id": row.card_id, "name": row.card.name_ja}, "status": row.status}
            for row in overlay.cards.select_related("card").order_by("card__name_ja")
        ]
        return Response(
            {
                "id": overlay.slug,
                "name": overlay.name,
                "base_format": overlay.base_format.code,
                "card_pool_cutoff": overlay.card_pool_cutoff,
                "description": overlay.description,
                "cards": cards,
            }
        )


class PingApi(APIView):
    """A plain JSON endpoint: the baseline the legality benchmark compares against."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="ping", responses={200: inline_serializer("Ping", {"ok": serializers.BooleanField()})}, auth=[]
    )
    def get(self, request):
        return Response({"ok": True})


def _date_param(request, name: str) -> date | None:
    raw = request.query_params.get(name)
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ApiError(
            "VALIDATION_ERROR", f"'{name}' must be a date (YYYY-MM-DD).", details={"fields": {name: raw}}
        ) from None
