"""Deck API: thin views over decks.services / decks.selectors. Writes need `If-Match: "<version>"` (the ETag)."""

import json
import re
from types import SimpleNamespace

from django.http import HttpResponse
from django.utils.functional import lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import generics, serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.codes import ApplicationError, ErrorCode
from api.fields import StrictBooleanField, StrictCharField, StrictRegexField
from api.schema import error_responses
from decks import selectors, services
from decks.models import Deck, DeckVisibility
from games import registry
from games.base import LineStatus
from regulations.decklists import decklist_copies, lines_check, text_decklist


class GameFormatNegotiation(DefaultContentNegotiation):
    """`?format=` names a game format (advance, original...) in this API, never a renderer."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


class BaseApi(APIView):
    content_negotiation_class = GameFormatNegotiation


# A version number, quoted or not, optionally weak (W/), between optional spaces or tabs (RFC 9110's OWS).
IF_MATCH_PATTERN = r'^[ \t]*(W/)?("[0-9]{1,9}"|[0-9]{1,9})[ \t]*$'
_IF_MATCH_RE = re.compile(IF_MATCH_PATTERN)
# No deck has version 0 (deck_version_positive), so the write's own version check answers 412 VERSION_CONFLICT.
NEVER_MATCHES = 0


def if_match_version(request) -> int | None:
    """The version named by If-Match. RFC 9110 (13.1.1) compares If-Match STRONGLY: a weak tag (W/"3") never
    matches, so it is a failed precondition (412 with the current ETag), never a write."""
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    match = _IF_MATCH_RE.match(raw)
    if not match:
        raise ApplicationError(
            ErrorCode.INVALID_IF_MATCH, 'If-Match must be the deck version as given by the ETag, e.g. "3".'
        )
    if match.group(1):
        return NEVER_MATCHES
    return int(match.group(2).strip('"'))


def with_etag(response: Response, deck: Deck) -> Response:
    response["ETag"] = f'"{deck.version}"'
    return response


IF_MATCH = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": IF_MATCH_PATTERN},
    OpenApiParameter.HEADER,
    required=True,
    description='The deck version you read (its ETag), e.g. "3". Missing: 428; stale: 412 and nothing is written; '
    "not a version: 400 INVALID_IF_MATCH.",
)
ETAG = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=[200, 201, 412],
    description='The deck version, e.g. "4": send it back as If-Match to write. On a 412: the current version.',
)


def decklist_from_input(data: dict, game: str | None = None):
    """The request's decklist (its game's object, games.registry), read by the game's reader; None without one."""
    if data.get("deck") is not None and data.get("text") is not None:
        raise ApplicationError(
            ErrorCode.VALIDATION_ERROR, "Give the cards either as `deck` (JSON) or as `text`, not both."
        )
    # The bounds of every decklist (regulations.decklists: lines, then copies), before any name is resolved; the
    # copies are checked again on the entries written (decks.services), which also covers an adding import.
    if data.get("deck") is not None:
        decklist = registry.get(game).parse_json(data["deck"])
        lines_check(len(decklist.lines) + len(decklist.errors))
        decklist_copies(decklist)  # every line's count under games.base's rule (DECKLIST_UNREADABLE)
        return decklist
    if data.get("text") is not None:
        text = data["text"]
        lines_check(sum(1 for line in text.splitlines() if line.strip()))
        the_game = registry.get(game)
        decklist = text_decklist(text=text, game=game)  # a deck code too
        decklist_copies(decklist)
        if text.strip() and not decklist.lines and not decklist.errors:
            # Every line a title, comment or heading (a .ydk sent to a Duel Masters deck, "NaN"): storing it would
            # empty the deck without a word. A blank text still empties it, as asked.
            raise ApplicationError(
                ErrorCode.DECKLIST_EMPTY,
                f"No line of this text is a card line of {the_game.name_en} (a decklist of another game? say its "
                "`game`); nothing was changed.",
                details={"game": the_game.code},
            )
        return decklist
    return None


# --- serializers -------------------------------------------------------------------------------------------


class EntrySerializer(serializers.Serializer):
    card_id = serializers.IntegerField()
    name_ja = StrictCharField()
    name_en = StrictCharField(allow_null=True)
    # The card's cost and colours where its game has them (Game.catalogue.deck_entry_facts): null and [] else.
    cost = serializers.IntegerField(allow_null=True)
    colours = serializers.ListField(child=StrictCharField())
    count = serializers.IntegerField()


class LineStatusSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    written = StrictCharField()
    count = serializers.IntegerField(allow_null=True)
    written_zone = StrictCharField(allow_null=True)
    zone = StrictCharField(allow_null=True)
    status = serializers.ChoiceField(choices=[*(status.value for status in LineStatus), "error"])
    moved = StrictBooleanField(help_text="The card was placed in its own zone, not the written one.")
    suggestions_skipped = StrictBooleanField()
    message = StrictCharField(required=False)
    card = serializers.DictField(allow_null=True)
    candidates = serializers.ListField(child=serializers.DictField())


class DeckSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField()
    owner = StrictCharField(source="owner.username")
    game = StrictCharField(help_text=f"The deck's game (a game code; default `{registry.DEFAULT_GAME}`).")
    format = StrictCharField(source="format_code")
    visibility = StrictCharField()
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class DeckDetailSerializer(DeckSummarySerializer):
    description = StrictCharField()
    created_at = serializers.DateTimeField()
    copied_from = serializers.IntegerField(source="copied_from_id", allow_null=True)
    share_slug = serializers.SerializerMethodField(help_text="Only for the owner: the unlisted link's slug.")
    entries = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()
    odds_groups = serializers.JSONField(
        help_text="The hand odds' groups and conditions saved with this version ({} when none): "
        '{"groups": [{"name", "cards": [card id]}], "conditions": [{"group", "at_least" | "at_most" | "exactly": n}]}.'
    )

    def get_share_slug(self, deck) -> str | None:
        user = self.context.get("user")
        return deck.share_slug if user is not None and user.is_authenticated and user.id == deck.owner_id else None

    def _by_zone(self, deck):
        if not hasattr(deck, "_entries_by_zone"):
            deck._entries_by_zone = selectors.deck_entries_by_zone(deck=deck)
        return deck._entries_by_zone

    @extend_schema_field(serializers.DictField(child=EntrySerializer(many=True)))
    def get_entries(self, deck) -> dict:
        game = registry.get(deck.game)
        return {
            zone: [
                game.aliases.row(
                    {
                        "card_id": e.card_id,
                        "name_ja": e.card.name_ja,
                        "name_en": e.card.name_en,
                        "cost": None,
                        "colours": [],
                        **game.catalogue.deck_entry_facts(e.card),
                        "count": e.quantity,
                    }
                )
                for e in entries
            ]
            for zone, entries in self._by_zone(deck).items()
        }

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_counts(self, deck) -> dict:
        return {zone: sum(e.quantity for e in entries) for zone, entries in self._by_zone(deck).items()}


class DeckWriteResultSerializer(DeckDetailSerializer):
    lines = LineStatusSerializer(many=True, required=False)


def deck_response(deck: Deck, request, *, status_code=200, lines: list | None = None) -> Response:
    deck = Deck.objects.select_related("owner").get(id=deck.id)
    data = DeckDetailSerializer(deck, context={"user": request.user}).data
    if lines is not None:
        data["lines"] = lines
    return with_etag(Response(data, status=status_code), deck)


def _each_game(line) -> str:
    """`line(game)` for every game of the registry, the default game first, joined by "; "."""
    games = sorted(registry.all_games(), key=lambda game: game.code != registry.DEFAULT_GAME)
    return "; ".join(f"{game.name_en} (`{game.code}`): {line(game)}" for game in games)


def _zone_list(game) -> str:
    return ", ".join(f"`{code}`" for code in game.zone_codes())


def _deck_json_help() -> str:
    return (
        'Decklist JSON: {"<zone>": [{"card": "name or id", "count": 4}], ...}, the zones those of the deck\'s game. '
        "The zones: " + _each_game(_zone_list) + "."
    )


def _deck_text_help() -> str:
    return (
        "Text decklist in the form of the deck's game (what `GET /decks/{id}/export/text/` writes: `4 name` lines "
        "under the zones' headings). The zones: " + _each_game(_zone_list) + "."
    )


def _format_help() -> str:
    return "A format of the game (default: the game's; " + _each_game(lambda game: f"`{game.default_format}`") + ")."


def _game_help() -> str:
    games = sorted(registry.all_games(), key=lambda game: game.code != registry.DEFAULT_GAME)
    return (
        f"The game (default `{registry.DEFAULT_GAME}`): " + ", ".join(f"`{g.code}` ({g.name_en})" for g in games) + "."
    )


# Composed from the registry when the schema is built (the games loaded then), not when this module is imported.
DECK_JSON_HELP = lazy(_deck_json_help, str)()
DECK_TEXT_HELP = lazy(_deck_text_help, str)()
FORMAT_HELP = lazy(_format_help, str)()
GAME_HELP = lazy(_game_help, str)()


class DeckCreateInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    description = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")
    game = StrictCharField(max_length=16, required=False, default=registry.DEFAULT_GAME, help_text=GAME_HELP)
    format = StrictRegexField(r"^[a-z0-9_-]{1,32}$", required=False, help_text=FORMAT_HELP)
    visibility = serializers.ChoiceField(
        choices=[v.value for v in DeckVisibility], default=DeckVisibility.PRIVATE.value
    )
    deck = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=DECK_JSON_HELP,
    )
    text = StrictCharField(
        max_length=100_000,
        required=False,
        allow_null=True,
        allow_blank=True,
        trim_whitespace=False,
        help_text=DECK_TEXT_HELP,
    )


class DeckPatchSerializer(DeckCreateInputSerializer):
    game = None  # a deck's game never changes
    name = StrictCharField(max_length=120, required=False)
    description = StrictCharField(max_length=5000, required=False, allow_blank=True)
    format = StrictRegexField(r"^[a-z0-9_-]{1,32}$", required=False)
    visibility = serializers.ChoiceField(choices=[v.value for v in DeckVisibility], required=False)
    note = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    session = StrictRegexField(
        r"^[A-Za-z0-9_-]{0,64}$",
        required=False,
        default="",
        help_text="An editing session's id: saves of one session fold into one version (the autosaving editor).",
    )
    odds_groups = serializers.JSONField(
        required=False,
        help_text="The hand odds' groups and conditions to save with the new version (`POST /odds/hand/` reads them "
        'for the deck): {"groups": [{"name", "cards": [card id]}], "conditions": [{"group", '
        '"at_least" | "at_most" | "exactly": n}]}; {} clears them.',
    )


# --- views -------------------------------------------------------------------------------------------------


class DeckListFilterSerializer(serializers.Serializer):
    q = StrictCharField(required=False, max_length=100, help_text="Search in name and description")
    format = StrictCharField(required=False, max_length=32)
    game = StrictCharField(required=False, max_length=16, help_text="Only the decks of this game")
    owner = StrictCharField(required=False, max_length=150, help_text="Owner's username")
    mine = StrictBooleanField(required=False, default=False, help_text="Only the caller's decks")


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_list",
        parameters=[DeckListFilterSerializer],
        responses={200: DeckSummarySerializer(many=True), **error_responses(400, 404)},
        description="Decks the caller may see: their own (any visibility) and public decks. Unlisted and private "
        "decks of others are never listed.",
    )
)
class DeckListCreateApi(BaseApi, generics.ListAPIView):
    serializer_class = DeckSummarySerializer

    def get_queryset(self):
        filters = DeckListFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        params = filters.validated_data
        return selectors.deck_list_visible(
            user=self.request.user,
            q=params.get("q"),
            format_code=params.get("format"),
            owner=params.get("owner"),
            mine=params["mine"],
            game=params.get("game"),
        )

    @extend_schema(
        operation_id="decks_create",
        parameters=[ETAG],
        request=DeckCreateInputSerializer,
        responses={201: DeckWriteResultSerializer, **error_responses(400, 401)},
        description="Create a deck from a decklist (`deck` JSON or `text`). Cards written in the wrong zone are moved "
        "(status `moved`); an unknown, ambiguous or unreadable line rejects the whole request (DECKLIST_UNRESOLVED, "
        "with a status for every line). The response carries the ETag (version 1).",
    )
    def post(self, request):
        data = DeckCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        game = registry.get(values["game"]).code
        decklist = decklist_from_input(values, game)
        lines = services.decklist_resolve(decklist=decklist, game=game).lines if decklist is not None else None
        deck = services.deck_create(
            owner=request.user,
            name=values["name"],
            description=values.get("description", ""),
            format_code=values.get("format"),
            visibility=values["visibility"],
            decklist=decklist,
            game=game,
        )
        return deck_response(deck, request, status_code=status.HTTP_201_CREATED, lines=lines)


class DeckDetailApi(BaseApi):
    @extend_schema(
        operation_id="decks_read",
        parameters=[ETAG],
        responses={200: DeckDetailSerializer, **error_responses(404)},
        description="A deck the caller may see (own, or public). The ETag header is the version.",
    )
    def get(self, request, deck_id: int):
        deck = selectors.deck_get_visible(deck_id=deck_id, user=request.user)
        return deck_response(deck, request)

    @extend_schema(
        operation_id="decks_update",
        parameters=[ETAG, IF_MATCH],
        request=DeckPatchSerializer,
        responses={200: DeckWriteResultSerializer, **error_responses(400, 401, 403, 404, 412, 428)},
        description="Change fields and/or replace the cards (`deck` or `text`). Every save is a new version; saves "
        "with the same `session` as the previous version replace it (one version per editing session).",
    )
    def patch(self, request, deck_id: int):
        data = DeckPatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        game = selectors.deck_get_owned(deck_id=deck_id, user=request.user).game  # 404/403 before the body is read
        decklist = decklist_from_input(values, game)
        lines = services.decklist_resolve(decklist=decklist, game=game).lines if decklist is not None else None
        deck = services.deck_update(
            deck_id=deck_id,
            user=request.user,
            if_match=if_match_version(request),
            name=values.get("name"),
            description=values.get("description"),
            format_code=values.get("format"),
            visibility=values.get("visibility"),
            decklist=decklist,
            note=values.get("note", ""),
            session=values.get("session", ""),
            odds_groups=values.get("odds_groups"),
        )
        return deck_response(deck, request, lines=lines)

    @extend_schema(
        operation_id="decks_delete",
        parameters=[ETAG, IF_MATCH],
        responses={204: None, **error_responses(400, 401, 403, 404, 412, 428)},
    )
    def delete(self, request, deck_id: int):
        services.deck_delete(deck_id=deck_id, user=request.user, if_match=if_match_version(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckSharedApi(BaseApi):
    @extend_schema(
        operation_id="decks_shared_read",
        parameters=[ETAG],
        responses={200: DeckDetailSerializer, **error_responses(404)},
        description="An unlisted (or public) deck by its share link.",
    )
    def get(self, request, slug: str):
        return deck_response(selectors.deck_get_shared(slug=slug), request)


class VersionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    author = StrictCharField(source="author.username", allow_null=True, default=None)
    note = StrictCharField()


class VersionDetailSerializer(VersionSerializer):
    snapshot = serializers.JSONField()
    odds_groups = serializers.JSONField(help_text="The hand odds' groups and conditions this version saved ({}: none).")


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_versions_list",
        responses={200: VersionSerializer(many=True), **error_responses(404)},
    )
)
class DeckVersionListApi(BaseApi, generics.ListAPIView):
    serializer_class = VersionSerializer

    def get_queryset(self):
        deck = selectors.deck_get_visible(deck_id=self.kwargs["deck_id"], user=self.request.user)
        return selectors.deck_versions_list(deck=deck)


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_versions_read",
        responses={200: VersionDetailSerializer, **error_responses(404)},
    )
)
class DeckVersionDetailApi(BaseApi, generics.RetrieveAPIView):
    serializer_class = VersionDetailSerializer

    def get_object(self):
        deck = selectors.deck_get_visible(deck_id=self.kwargs["deck_id"], user=self.request.user)
        return selectors.deck_version_get(deck=deck, number=self.kwargs["number"])


class DeckVersionDiffApi(BaseApi):
    class DeckVersionDiffQuerySerializer(serializers.Serializer):
        against = serializers.IntegerField(
            required=False, min_value=0, max_value=2_000_000_000, help_text="Base version (default: the previous one)"
        )

    @extend_schema(
        operation_id="decks_versions_diff",
        parameters=[DeckVersionDiffQuerySerializer],
        responses={
            200: inline_serializer(
                "DeckDiff",
                {
                    "from_version": serializers.IntegerField(),
                    "to_version": serializers.IntegerField(),
                    "zones": serializers.DictField(help_text="zone -> {added: [...], removed: [...]}"),
                    "changed": serializers.DictField(help_text="field -> {from, to}"),
                },
            ),
            **error_responses(400, 404),
        },
        description="Cards added and removed per zone from version `against` (default: number - 1) to `number`.",
    )
    def get(self, request, deck_id: int, number: int):
        query = self.DeckVersionDiffQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        deck = selectors.deck_get_visible(deck_id=deck_id, user=request.user)
        return Response(
            selectors.deck_version_diff(deck=deck, number=number, against=query.validated_data.get("against"))
        )


class DeckVersionRestoreApi(BaseApi):
    @extend_schema(
        operation_id="decks_versions_restore",
        parameters=[ETAG, IF_MATCH],
        request=None,
        responses={200: DeckDetailSerializer, **error_responses(400, 401, 403, 404, 412, 428)},
        description="Restore version `number` as a new version (the history is kept).",
    )
    def post(self, request, deck_id: int, number: int):
        deck = services.deck_version_restore(
            deck_id=deck_id, user=request.user, if_match=if_match_version(request), number=number
        )
        return deck_response(deck, request)


class DeckCopyApi(BaseApi):
    permission_classes = [IsAuthenticated]

    class DeckCopyInputSerializer(serializers.Serializer):
        name = StrictCharField(max_length=120, required=False)

    @extend_schema(
        operation_id="decks_copy",
        parameters=[ETAG],
        request=DeckCopyInputSerializer,
        responses={201: DeckDetailSerializer, **error_responses(400, 401, 403, 404)},
        description="Copy a public deck (or one's own) into the caller's decks, as a private deck.",
    )
    def post(self, request, deck_id: int):
        data = self.DeckCopyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deck = services.deck_copy(deck_id=deck_id, user=request.user, name=data.validated_data.get("name"))
        return deck_response(deck, request, status_code=status.HTTP_201_CREATED)


class DeckImportApi(BaseApi):
    class DeckImportInputSerializer(serializers.Serializer):
        deck = serializers.JSONField(required=False, allow_null=True)
        text = StrictCharField(
            max_length=100_000, required=False, allow_null=True, allow_blank=True, trim_whitespace=False
        )
        replace = StrictBooleanField(default=True, help_text="Replace the entries (default) or add to them")

    @extend_schema(
        operation_id="decks_import",
        parameters=[ETAG, IF_MATCH],
        request=DeckImportInputSerializer,
        responses={200: DeckWriteResultSerializer, **error_responses(400, 401, 403, 404, 412, 428)},
        description="Import a text or JSON decklist into the deck. Every line gets a status: ok, moved (wrong zone, "
        "moved to its own), unknown (with suggestions), ambiguous (with every match), error (unreadable). "
        "Resolved lines are applied as one new version; the others are reported and skipped.",
    )
    def post(self, request, deck_id: int):
        data = self.DeckImportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = selectors.deck_get_owned(deck_id=deck_id, user=request.user).game  # 404/403 before the body is read
        decklist = decklist_from_input(data.validated_data, game)
        if decklist is None:
            raise ApplicationError(ErrorCode.VALIDATION_ERROR, "Give the cards as `deck` (JSON) or as `text`.")
        deck, lines = services.deck_import(
            deck_id=deck_id,
            user=request.user,
            if_match=if_match_version(request),
            decklist=decklist,
            replace=data.validated_data["replace"],
        )
        return deck_response(deck, request, lines=lines)


EXPORT_KINDS = ["text", "json", "sheet", "code"]


class DeckExportApi(BaseApi):
    @extend_schema(
        operation_id="decks_export",
        parameters=[OpenApiParameter("kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=EXPORT_KINDS)],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/html"): OpenApiTypes.STR,
            **error_responses(404),
        },
        description=(
            "Export as a text decklist, decklist JSON, a printable HTML deck sheet, or a deck code (`code`: "
            "`dk1.<game>.<cards>`, one URL-safe line that the import and the legality API read as `text`); a game "
            "may add its own formats (the Yu-Gi-Oh! OCG: `ydk`, `ydke`)."
        ),
    )
    def get(self, request, deck_id: int, kind: str):
        deck = selectors.deck_get_visible(deck_id=deck_id, user=request.user)
        own = services.deck_export_game(deck, kind)  # the game's own formats (a .ydk)
        if own is not None:
            body, content_type, extension = own
            response = HttpResponse(body, content_type=content_type)
            response["Content-Disposition"] = f'attachment; filename="deck-{deck.id}.{extension}"'
        elif kind == "text":
            response = HttpResponse(services.deck_export_text(deck), content_type="text/plain; charset=utf-8")
        elif kind == "json":
            body = json.dumps(services.deck_export_json(deck), ensure_ascii=False, indent=2)
            response = HttpResponse(body, content_type="application/json")
        elif kind == "sheet":
            response = HttpResponse(services.deck_export_sheet(deck), content_type="text/html; charset=utf-8")
        elif kind == "code":  # one line: the import of any installation reads it (games.deck_codes)
            response = HttpResponse(services.deck_export_code(deck) + "\n", content_type="text/plain; charset=utf-8")
        else:
            raise ApplicationError(ErrorCode.NOT_FOUND, f"Unknown export kind; use one of {', '.join(EXPORT_KINDS)}.")
        response["ETag"] = f'"{deck.version}"'
        return response


class DeckLegalityApi(BaseApi):
    class DeckLegalityQuerySerializer(serializers.Serializer):
        as_of = serializers.DateField(required=False, help_text="Date of the regulation (default: today)")
        format = StrictRegexField(r"^[a-z0-9_-]{1,32}$", required=False, help_text="Format code (default: the deck's)")
        overlay = StrictCharField(required=False, max_length=64, help_text="Event overlay id")

    @extend_schema(
        operation_id="decks_legality",
        parameters=[DeckLegalityQuerySerializer],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 404)},
        description="The legality engine's report for the saved deck as of a date, in a format.",
    )
    def get(self, request, deck_id: int):
        query = self.DeckLegalityQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        deck = selectors.deck_get_visible(deck_id=deck_id, user=request.user)
        params = query.validated_data
        report = services.deck_legality(
            deck=deck, as_of=params.get("as_of"), format_code=params.get("format"), overlay_id=params.get("overlay")
        )
        return with_etag(Response(report), deck)


class DeckStatsApi(BaseApi):
    @extend_schema(
        operation_id="decks_stats",
        responses={200: OpenApiTypes.OBJECT, **error_responses(404)},
        description="The deck's game's statistics of the deck: `counts` (copies per zone of the game) and the game's "
        "own tallies (an empty body for a game without statistics): docs/games.md, `editor.deck_statistics`.",
    )
    def get(self, request, deck_id: int):
        deck = selectors.deck_get_visible(deck_id=deck_id, user=request.user)
        return with_etag(Response(services.deck_stats(deck)), deck)
