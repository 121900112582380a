"""Legality and regulation API: one class per operation, every error in the one shape of api/errors.py."""

import copy
from collections.abc import Mapping

from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiTypes,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.codes import ApplicationError, ErrorCode
from api.concurrency import ExpensiveRequestLimit
from api.fields import StrictBooleanField, StrictCharField, StrictSlugField
from api.parsers import BoundedFormParser, BoundedJSONParser, BoundedMultiPartParser
from api.schema import error_responses
from games import registry
from games.base import LineStatus
from regulations import batches, selectors, services
from regulations.decklists import decklist_from
from regulations.models import BatchStatus

MAX_BATCH = batches.MAX_BATCH


# ------------------------------------------------------------------------------------------- output documentation


class _CardSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True)
    name = StrictCharField()


class ViolationSerializer(serializers.Serializer):
    code = StrictCharField(help_text="Stable code, e.g. DECK_SIZE, COPY_LIMIT.")
    rule = StrictCharField(help_text="Rule number cited, e.g. 100.2a.")
    zone = StrictCharField(allow_null=True)
    cards = _CardSerializer(many=True)
    message = StrictCharField()
    message_ja = StrictCharField()
    count = serializers.IntegerField(allow_null=True)
    limit = serializers.IntegerField(allow_null=True)


class LineSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    written = StrictCharField()
    status = serializers.ChoiceField(choices=[status.value for status in LineStatus])
    count = serializers.IntegerField(allow_null=True)
    written_zone = StrictCharField(allow_null=True, help_text="The zone the line was written in.")
    zone = StrictCharField(allow_null=True, help_text="The zone it counts in (a card's own zone when no "
                                 "heading placed it).")  # fmt: skip
    moved = StrictBooleanField()
    card = serializers.DictField(allow_null=True)
    candidates = serializers.ListField(child=serializers.DictField(), help_text="unknown: suggestions, closest "
                                       "first; ambiguous: every match")  # fmt: skip
    suggestions_skipped = StrictBooleanField(help_text="An unknown line past the first 20: no suggestions.")


class ReportSerializer(serializers.Serializer):
    """Documentation of the report (the view returns the service's dict as it is)."""

    legal = StrictBooleanField()
    buildable = StrictBooleanField(help_text="Legal but for the zone sizes (a deck being built).")
    format = StrictCharField()
    as_of = serializers.DateField()
    overlay = serializers.DictField(allow_null=True)
    regulation = serializers.DictField(allow_null=True)
    deck_hash = StrictCharField(help_text="SHA-256 over the sorted card identities per zone.")
    counts = serializers.DictField(child=serializers.IntegerField())
    violations = ViolationSerializer(many=True)
    warnings = ViolationSerializer(many=True)
    lines = LineSerializer(many=True)
    errors = serializers.ListField(child=serializers.DictField())


class _ContextSerializer(serializers.Serializer):
    game = StrictCharField(
        max_length=16, default=registry.DEFAULT_GAME, help_text=f"The game (default `{registry.DEFAULT_GAME}`)."
    )
    format = StrictCharField(max_length=32, required=False, help_text="Default: the game's (`advance`).")
    as_of = serializers.DateField(required=False, allow_null=True, default=None)
    overlay = StrictCharField(max_length=64, required=False, allow_null=True, allow_blank=True, default=None)
    point_cap = serializers.IntegerField(
        min_value=0,
        max_value=100_000,
        required=False,
        allow_null=True,
        default=None,
        help_text="The OCG's GENESYS (`game` ygo, `format` genesys): the deck's point cap (default the list's, 100).",
    )


def _legality_options(game, values: Mapping) -> dict:
    """The game's own options of a check (games.registry.Game.legality_options); one it does not take is refused."""
    options = {"point_cap": values.get("point_cap")}
    given = {name: value for name, value in options.items() if value is not None}
    refused = sorted(set(given) - game.legality_options)
    if refused:
        raise ApplicationError(
            ErrorCode.VALIDATION_ERROR,
            f"The game {game.code!r} takes no {', '.join(refused)}.",
            {name: [f"not an option of the game {game.code!r}"] for name in refused},
        )
    return given


_BatchProgressSerializer = inline_serializer(
    "LegalityBatchProgress",
    {
        "id": StrictCharField(help_text="The batch's token: whoever holds it may read an anonymous batch."),
        "url": StrictCharField(),
        "status": serializers.ChoiceField(choices=[s.value for s in BatchStatus]),
        "total": serializers.IntegerField(),
        "done": serializers.IntegerField(),
        "progress": serializers.FloatField(),
        "error": StrictCharField(allow_null=True),
        "created_at": serializers.DateTimeField(),
        "finished_at": serializers.DateTimeField(allow_null=True),
        "format": StrictCharField(required=False, help_text="Once done: the synchronous answer's fields."),
        "as_of": serializers.DateField(required=False),
        "overlay": serializers.DictField(required=False, allow_null=True),
        "count": serializers.IntegerField(required=False),
        "legal": serializers.IntegerField(required=False),
        "results": serializers.ListField(child=serializers.DictField(), required=False),
    },
)


# ------------------------------------------------------------------------------------------------------- views


class LegalityCheckApi(ExpensiveRequestLimit, APIView):
    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="LegalityCheckInput")
    class InputSerializer(_ContextSerializer):
        deck = serializers.JSONField(required=False, help_text='{"main": [{"card": "name or id", "count": 4}], ...}')
        text = StrictCharField(required=False, trim_whitespace=False, allow_blank=True)
        file = serializers.FileField(
            required=False, help_text="A decklist file (multipart), read as `text`: a .ydk, a name list (UTF-8)."
        )

    @extend_schema(
        operation_id="legality_check",
        request=InputSerializer,
        responses={200: ReportSerializer, **error_responses(400, 404, 503)},
        auth=[],
        description=(
            "Check one decklist (JSON `deck` or `text`) against a format on a date, optionally under an event "
            "overlay. Returns every violation with its stable code and rule, and every line of a text decklist with "
            "its status (card, heading, ignored, unknown with suggestions, ambiguous with candidates): unknown lines "
            "count in their zone and make the deck not legal, but never refuse the request. 400 only for a body that "
            "is not a decklist (DECKLIST_EMPTY, DECKLIST_NOT_TEXT, DECKLIST_TOO_LARGE, DECKLIST_TOO_MANY_COPIES, "
            "MALFORMED_DECKLIST, DECKLIST_UNREADABLE for bad JSON entries); unknown format: 400 UNKNOWN_FORMAT; "
            "unknown overlay: 404. More decklist checks at once than the server takes: 503 SERVER_BUSY (Retry-After)."
        ),
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        game = registry.get(values["game"])  # UNKNOWN_GAME
        text = values.get("text")
        if values.get("file") is not None and text is None:
            text = _uploaded_text(values["file"])
        decklist = decklist_from(deck=values.get("deck"), text=text, game=game.code)
        report = game.legality_report(
            decklist=decklist,
            format_code=values.get("format") or game.default_format,
            as_of=values["as_of"],
            overlay_id=values["overlay"],
            **_legality_options(game, values),
        )
        return Response(report)


class LegalityBatchApi(ExpensiveRequestLimit, APIView):
    permission_classes = [AllowAny]
    parser_classes = [BoundedJSONParser, BoundedMultiPartParser, BoundedFormParser]

    def is_light(self, request) -> bool:
        return False  # many decklists at once: never light, however small the body

    @extend_schema_serializer(component_name="LegalityBatchInput")
    class InputSerializer(_ContextSerializer):
        decks = serializers.ListField(
            child=serializers.DictField(), required=False, help_text='[{"player": "p1", "deck": {...} | "text": ""}]'
        )
        file = serializers.FileField(required=False, help_text="CSV upload with the columns player,decklist")
        include_lines = StrictBooleanField(default=False)

    @extend_schema(
        operation_id="legality_batch",
        request={"application/json": InputSerializer, "multipart/form-data": InputSerializer},
        responses={
            200: inline_serializer(
                "LegalityBatch",
                {
                    "format": StrictCharField(),
                    "as_of": serializers.DateField(),
                    "count": serializers.IntegerField(),
                    "legal": serializers.IntegerField(),
                    "results": serializers.ListField(child=serializers.DictField()),
                },
            ),
            202: _BatchProgressSerializer,
            **error_responses(400, 404, 503),
        },
        auth=[],
        description=(
            f"Check up to {MAX_BATCH} decklists: JSON `decks` (each with a `player` id and `deck` or "
            "`text`; the body is a JSON object, a bare list is 400 MALFORMED_REQUEST) or a "
            "CSV upload `file` with the columns player,decklist. One result per entry, in input order: "
            "{player, report} or {player, error} for an unreadable decklist. Reports leave out `lines` unless "
            "include_lines is true. Up to LEGALITY_BATCH_SYNC_MAX (50) decklists are answered at once (200); a larger "
            "batch is checked on the workers: 202 with the batch's URL (also in Location) to poll with GET; the job "
            "queue away: 503 QUEUE_UNAVAILABLE."
        ),
    )
    def post(self, request):
        payload = request.data
        if not isinstance(payload, Mapping):
            # The schema's body is an object; a bare list of entries (with its options in an undocumented query
            # string) was accepted too, which the schema fuzz found: one shape, `{"decks": [...]}`.
            raise ApplicationError(
                ErrorCode.MALFORMED_REQUEST,
                'The body is a JSON object: {"decks": [...], "as_of": ..., "overlay": ...}.',
                {"expected": "object"},
            )
        data = self.InputSerializer(data=payload)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        entries = batches.legality_batch_entries(decks=values.get("decks"), upload=values.get("file"))
        game = registry.get(values["game"])  # UNKNOWN_GAME
        body, queued = batches.legality_batch_check(
            user=request.user,
            game=game.code,
            entries=entries,
            format_code=values.get("format"),
            as_of=values["as_of"],
            overlay_id=values["overlay"],
            include_lines=values["include_lines"],
            options=_legality_options(game, values),
        )
        if queued is not None:  # checked on the workers: 202 and the batch's URL
            return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})
        return Response(body)


def _uploaded_text(upload) -> str:
    """An uploaded decklist file's text (UTF-8, a byte-order mark dropped); the decklist checks follow as for `text`."""
    try:
        return upload.read(MAX_UPLOAD_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApplicationError(ErrorCode.DECKLIST_NOT_TEXT, "The decklist file must be UTF-8 text.") from None


MAX_UPLOAD_BYTES = 1_000_000  # far above any decklist; the text's own limit (regulations.decklists) applies after


# A path segment matched by Django's `slug` converter: anything else is no route (404).
SLUG = {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"}
FORMAT_CODE = OpenApiParameter("format_code", SLUG, OpenApiParameter.PATH, description="advance, original, ...")


_GAME_QUERY = f"The game (default `{registry.DEFAULT_GAME}`)."


class RegulationInForceQuerySerializer(serializers.Serializer):
    game = StrictCharField(required=False, allow_blank=True, max_length=16, help_text=_GAME_QUERY)
    as_of = serializers.DateField(required=False, help_text="date (default today)")


class RegulationChangesQuerySerializer(serializers.Serializer):
    def get_fields(self):  # `from` is a Python keyword: no class attribute can be named so
        return {
            "from": serializers.DateField(),
            "to": serializers.DateField(required=False, help_text="default today"),
            "game": StrictCharField(required=False, allow_blank=True, max_length=16, help_text=_GAME_QUERY),
        }


class LegalityBatchDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="legality_batch_read",
        responses={200: _BatchProgressSerializer, **error_responses(404)},
        auth=[],
        description=(
            "A batch checked on the workers: its progress and, once `status` is `done`, the synchronous answer's "
            "fields (format, as_of, overlay, count, legal, results in input order). A batch sent signed in is shown "
            "only to its sender; an anonymous one to whoever holds its URL. 404 otherwise."
        ),
    )
    def get(self, request, token: str):
        return Response(batches.legality_batch_json(batches.legality_batch_get(token=token, user=request.user)))


class RegulationInForceApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="regulation_in_force",
        parameters=[FORMAT_CODE, RegulationInForceQuerySerializer],
        responses={
            200: inline_serializer(
                "RegulationInForce",
                {
                    "format": StrictCharField(),
                    "as_of": serializers.DateField(),
                    "available": StrictBooleanField(),
                    "effective_date": serializers.DateField(allow_null=True),
                    "limited": serializers.ListField(child=serializers.DictField()),
                    "banned": serializers.ListField(child=serializers.DictField()),
                    "combos": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **error_responses(400, 404),
        },
        auth=[],
        description="The dated list in force for a format on a date (its dated events replayed in order).",
    )
    def get(self, request, format_code: str):
        query = RegulationInForceQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        as_of = query.validated_data.get("as_of") or timezone.localdate()
        game = registry.get(query.validated_data.get("game"))  # UNKNOWN_GAME
        in_force = selectors.regulation_in_force(format_code=format_code, as_of=as_of, game=game.code)
        return Response(
            {
                "format": in_force.format_code,
                "as_of": as_of,
                "available": in_force.available,
                "effective_date": in_force.effective_date,
                # One list per listing status of the game (Duel Masters: limited, banned).
                **{status: [c.as_dict() for c in in_force.cards if c.status == status] for status in game.lists.limits},
                "combos": [c.as_dict() for c in in_force.combos],
            }
        )


class RegulationChangesApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="regulation_changes",
        parameters=[FORMAT_CODE, RegulationChangesQuerySerializer],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 404)},
        auth=[],
        description="Cards whose status differs between two dates, and combos added or removed.",
    )
    def get(self, request, format_code: str):
        query = RegulationChangesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        since, until = query.validated_data["from"], query.validated_data.get("to") or timezone.localdate()
        game = registry.get(query.validated_data.get("game"))  # UNKNOWN_GAME
        changes = selectors.regulation_changes(format_code=format_code, since=since, until=until, game=game.code)
        return Response(changes)


class FormatRowSerializer(serializers.Serializer):
    """A format row's own fields: every game's format has them."""

    game = StrictCharField()
    code = StrictCharField()
    name = StrictCharField()
    name_ja = StrictCharField()
    description = StrictCharField()
    dated_list = StrictBooleanField(help_text="Whether a dated list applies (its game's `lists`).")


class _FormatSerializer(serializers.Serializer):
    """A format: the row's fields, then its game's own facts of it (Game.lists.format_serializer: Duel
    Masters' zones, sizes and setup)."""

    def to_representation(self, instance):
        game = registry.get(instance.game)
        data = game.aliases.row(dict(FormatRowSerializer(instance).data))  # its older names beside the neutral ones
        facts = game.lists.format_serializer()
        return {**data, **facts(instance).data} if facts is not None else data


def _format_serializer() -> type[serializers.Serializer]:
    """The format API's serializer, documented as the schema's `Format`: the row's fields, then every game's own ones
    (not required: another game's format has not them)."""
    fields = {name: copy.deepcopy(field) for name, field in FormatRowSerializer._declared_fields.items()}
    for game in registry.all_games():
        for key, older in game.aliases.keys.items():  # a game's older name of a row's key, answered beside it
            field = FormatRowSerializer._declared_fields.get(key)
            if field is not None and older not in fields:
                kwargs = {
                    **field._kwargs,
                    "required": False,
                    "help_text": f"`{key}` under its older name ({game.code}).",
                }
                fields[older] = type(field)(*field._args, **kwargs)
        facts = game.lists.format_serializer()
        for name, field in (facts._declared_fields if facts is not None else {}).items():
            if name not in fields:  # the field again, not required (DRF copies a field by its arguments)
                fields[name] = type(field)(*field._args, **{**field._kwargs, "required": False})
    serializer = type("FormatSerializer", (_FormatSerializer,), fields)
    return extend_schema_serializer(component_name="Format")(serializer)


@extend_schema_view(get=extend_schema(operation_id="format_list", auth=[]))
class FormatListApi(generics.ListAPIView):
    """Every format, in one answer (a handful: not paginated)."""

    permission_classes = [AllowAny]
    pagination_class = None
    OutputSerializer = _format_serializer()
    serializer_class = OutputSerializer

    @extend_schema(
        parameters=[OpenApiParameter("game", OpenApiTypes.STR, description=_GAME_QUERY)],
        responses={200: OutputSerializer(many=True), **error_responses(400)},  # 400 UNKNOWN_GAME
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        game = registry.get(self.request.query_params.get("game") or None)  # UNKNOWN_GAME
        return selectors.format_list(game=game.code)


# ---------------------------------------------------------------------------------------------- event overlays

OVERLAY_MAX_ENTRIES = 500
OVERLAY_MAX_COMBOS = 100
OVERLAY_ID = OpenApiParameter(
    "overlay_id", SLUG, OpenApiParameter.PATH, description="The overlay's stable id (a slug)."
)


# The overlays' statuses are those of the default game's lists (games.registry.Game: `list_limits`, its
# `unlisted_status`, `combo_statuses`): overlays are over its formats (regulations.services.overlay_create).
_OVERLAY_GAME = registry.get(registry.DEFAULT_GAME)


class OverlayEntrySerializer(serializers.Serializer):
    card = serializers.CharField(max_length=200, help_text="A card name in any spelling, or a card id.")  # an id too
    status = serializers.ChoiceField(
        choices=[*_OVERLAY_GAME.lists.limits, _OVERLAY_GAME.lists.unlisted_status],
        help_text="limited: 1 copy over all zones; banned: none; unrestricted: lifts the base list's status.",
    )


class OverlayComboInputSerializer(serializers.Serializer):
    cards = serializers.ListField(
        child=serializers.CharField(max_length=200), min_length=2, max_length=2, help_text="Two card names or ids."
    )
    kind = serializers.ChoiceField(
        choices=list(_OVERLAY_GAME.lists.combo_statuses),
        default=_OVERLAY_GAME.lists.combo_statuses[0],
    )


class _OverlayCardNameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField(source="name_ja")


class _OverlayCardSerializer(serializers.Serializer):
    card = _OverlayCardNameSerializer()
    status = StrictCharField()


class _OverlayComboSerializer(serializers.Serializer):
    cards = serializers.SerializerMethodField()
    kind = StrictCharField()

    @extend_schema_field(_OverlayCardNameSerializer(many=True))
    def get_cards(self, combo) -> list:
        return _OverlayCardNameSerializer([combo.first, combo.second], many=True).data


@extend_schema_serializer(component_name="EventOverlay")
class OverlaySerializer(serializers.Serializer):
    """An overlay as every overlay endpoint returns it."""

    id = StrictCharField(source="slug", help_text="The stable id players validate against (legality `overlay`).")
    name = StrictCharField()
    base_format = StrictCharField(source="base_format.code")
    card_pool_cutoff = serializers.DateField(allow_null=True)
    card_pool_cutoff_enforced = serializers.SerializerMethodField(
        help_text="True when a cut-off is set: a card first released after it is a CARD_POOL_CUTOFF violation."
    )
    description = StrictCharField()
    owner = StrictCharField(source="owner.username", allow_null=True, help_text="The organizer's username.")
    cards = _OverlayCardSerializer(many=True, source="cards.all")
    combos = _OverlayComboSerializer(many=True, source="combos.all")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def get_card_pool_cutoff_enforced(self, overlay) -> bool:
        return overlay.card_pool_cutoff is not None


class OverlayApi(APIView):
    # Entries and combos are lists of objects, which a form cannot carry (DRF would silently drop them).
    parser_classes = [BoundedJSONParser]


class OverlayListFilterSerializer(serializers.Serializer):
    mine = StrictBooleanField(required=False, default=False, help_text="Only the caller's overlays")
    base_format = serializers.SlugField(required=False, max_length=32, help_text="Only overlays over this format")


@extend_schema_view(
    get=extend_schema(
        operation_id="overlays_list",
        parameters=[OverlayListFilterSerializer],
        responses={200: OverlaySerializer(many=True), **error_responses(400, 404)},
        description="Every event overlay, newest first (overlays are public: players validate against them).",
    )
)
class OverlayListCreateApi(OverlayApi, generics.ListAPIView):
    serializer_class = OverlaySerializer

    def get_queryset(self):
        filters = OverlayListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        if params["mine"] and not self.request.user.is_authenticated:
            return selectors.overlay_list().none()
        return selectors.overlay_list(
            owner=self.request.user if params["mine"] else None, base_format=params.get("base_format")
        )

    @extend_schema_serializer(component_name="EventOverlayCreateInput")
    class InputSerializer(serializers.Serializer):
        id = StrictSlugField(
            max_length=64, required=False, help_text="The stable id to publish (default: made from the name)."
        )
        name = StrictCharField(max_length=200)
        base_format = StrictSlugField(max_length=32, default=_OVERLAY_GAME.default_format)
        entries = OverlayEntrySerializer(many=True, required=False, max_length=OVERLAY_MAX_ENTRIES)
        combos = OverlayComboInputSerializer(many=True, required=False, max_length=OVERLAY_MAX_COMBOS)
        card_pool_cutoff = serializers.DateField(
            required=False,
            allow_null=True,
            help_text="Only cards first released on or before this date (CARD_POOL_CUTOFF).",
        )
        description = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")

    @extend_schema(
        operation_id="overlays_create",
        request=InputSerializer,
        responses={201: OverlaySerializer, **error_responses(400, 401, 409)},
        description=(
            "Publish an event overlay (you own it): a base format plus your own card statuses and combos. Every card "
            "is resolved like a decklist line; an unknown or ambiguous one rejects the request (400 "
            "OVERLAY_CARDS_UNRESOLVED, details.cards with the candidates) and nothing is stored. A card twice: "
            "OVERLAY_CARD_REPEATED; an unknown base format: UNKNOWN_FORMAT; an id in use: 409 OVERLAY_ID_TAKEN."
        ),
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        overlay = services.overlay_create(
            owner=request.user,
            overlay_id=values.get("id"),
            name=values["name"],
            base_format=values["base_format"],
            entries=values.get("entries", []),
            combos=values.get("combos", []),
            card_pool_cutoff=values.get("card_pool_cutoff"),
            description=values["description"],
        )
        return Response(OverlaySerializer(overlay).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    get=extend_schema(
        operation_id="overlays_read",
        parameters=[OVERLAY_ID],
        responses={200: OverlaySerializer, **error_responses(404)},
        auth=[],
        description="An event overlay players validate against: its base format, card statuses and combos.",
    )
)
class OverlayDetailApi(OverlayApi, generics.RetrieveAPIView):
    serializer_class = OverlaySerializer

    def get_object(self):
        return selectors.overlay_get(overlay_id=self.kwargs["overlay_id"])

    @extend_schema_serializer(component_name="EventOverlayUpdateInput")
    class InputSerializer(serializers.Serializer):
        name = StrictCharField(max_length=200, required=False)
        base_format = StrictSlugField(max_length=32, required=False)
        entries = OverlayEntrySerializer(
            many=True, required=False, max_length=OVERLAY_MAX_ENTRIES, help_text="Replaces every card status."
        )
        combos = OverlayComboInputSerializer(
            many=True, required=False, max_length=OVERLAY_MAX_COMBOS, help_text="Replaces every combo."
        )
        card_pool_cutoff = serializers.DateField(required=False, allow_null=True, help_text="null removes it.")
        description = StrictCharField(max_length=5000, required=False, allow_blank=True)

    @extend_schema(
        operation_id="overlays_update",
        parameters=[OVERLAY_ID],
        request=InputSerializer,
        responses={200: OverlaySerializer, **error_responses(400, 401, 403, 404, 409)},
        description=(
            "Change an overlay (owner only). Fields left out stay; `entries` / `combos` replace the whole list. "
            "The id never changes (OVERLAY_ID_IMMUTABLE). Errors as for creation; nothing is stored on an error. 409 "
            "OVERLAY_LOCKED while a locked tournament event validates against it "
            "(its verdicts were signed at the lock)."
        ),
    )
    def patch(self, request, overlay_id: str):
        selectors.overlay_get_owned(overlay_id=overlay_id, user=request.user)  # 404 / 403 before the body is looked at
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if isinstance(request.data, dict) and request.data.get("id") not in (None, overlay_id):
            raise ApplicationError(
                ErrorCode.OVERLAY_ID_IMMUTABLE, "An overlay's id never changes; create a new overlay instead."
            )
        changes = {
            key: values[key] for key in ("name", "base_format", "description", "card_pool_cutoff") if key in values
        }
        overlay = services.overlay_update(
            overlay_id=overlay_id,
            user=request.user,
            entries=values.get("entries"),
            combos=values.get("combos"),
            **changes,
        )
        return Response(OverlaySerializer(overlay).data)

    @extend_schema(
        operation_id="overlays_delete",
        parameters=[OVERLAY_ID],
        responses={204: None, **error_responses(401, 403, 404, 409)},
        description="Delete an overlay (owner only); 409 OVERLAY_IN_USE while a tournament event validates against it.",
    )
    def delete(self, request, overlay_id: str):
        services.overlay_delete(overlay_id=overlay_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PingApi(APIView):
    """A plain JSON endpoint: the baseline the legality benchmark compares against."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="ping", responses={200: inline_serializer("Ping", {"ok": StrictBooleanField()})}, auth=[]
    )
    def get(self, request):
        return Response({"ok": True})
