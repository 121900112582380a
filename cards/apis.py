"""Card catalogue API: search (`GET /api/v1/cards/`) and detail (`GET /api/v1/cards/{id}/`)."""

import copy
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.text import format_lazy
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiTypes,
    extend_schema,
    extend_schema_serializer,
    extend_schema_view,
)
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny

from api.codes import ApplicationError, ErrorCode
from api.concurrency import ExpensiveRequestLimit
from api.pagination import StandardPagination
from api.schema import error_responses
from cards.models import Card
from cards.selectors import card_get, card_rows_by_ids, card_search
from games import registry


def query_help() -> str:
    """The search API's `q` description, composed from the games' search helps (`Game.search.help`): the default
    game's first (the grammar and Duel Masters' fields), then each other game's under its `game=` value."""
    games = sorted(registry.all_games(), key=lambda game: game.code != registry.DEFAULT_GAME)
    parts = []
    for game in games:
        text = game.search.help()
        if text and game.code != registry.DEFAULT_GAME:
            text = f"With `game={game.code}` ({game.name_en}): {text}"
        parts.append(text or f"With `game={game.code}` ({game.name_en}): name words.")
    return "\n\n".join(parts)


QUERY_HELP = lazy(query_help, str)()  # composed when the schema is built: the games loaded then


def order_help() -> str:
    """The `order` parameter's values: each game's (`Game.search.orders`)."""
    games = sorted(registry.all_games(), key=lambda game: game.code != registry.DEFAULT_GAME)
    orders = "; ".join(
        f"`game={game.code}`: " + ", ".join(f"`{order}`" for order in game.search.orders()) for game in games
    )
    return f"Result order; `-` before it for descending ({orders})."


ORDER_HELP = lazy(order_help, str)()


class CardRowsSerializer(serializers.ListSerializer):
    """A page of search results given as rows (cards.selectors.card_rows_by_ids, a column per field's source:
    `dm__cost` for `dm.cost`): each value written by its field's own `to_representation`, None as None, as DRF's
    per-object path writes it, without that path's lookups per card and per field (half the time of a page of 50
    Duel Masters cards went there). Model instances (none of the API's pages) take DRF's own path."""

    def to_representation(self, data):
        rows = list(data)
        if not all(isinstance(row, Mapping) for row in rows):
            return super().to_representation(rows)
        fields = type(self.child).row_writers()
        return [
            {name: None if (value := row[column]) is None else write(value) for name, column, write in fields}
            for row in rows
        ]


@extend_schema_serializer(component_name="Card")
class CardListOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Card
        fields = ("id", "name_ja", "name_en", "name_key", "facts_available", "facts_source", "release_date", "game")
        list_serializer_class = CardRowsSerializer

    detail = False

    _built_fields: dict = {}  # (serializer class, default game) -> its fields, built once; copies handed out
    _row_writers: dict = {}  # (serializer class, default game) -> row_writers()

    @classmethod
    def row_writers(cls) -> tuple[tuple[str, str, Callable[[Any], Any]], ...]:
        """(output name, row column, the field's to_representation) for each field, from one serializer kept for the
        process: none of these fields reads the request (no links), so a page copies none of them."""
        key = (cls, registry.DEFAULT_GAME)
        writers = cls._row_writers.get(key)
        if writers is None:
            fields = cls()._readable_fields
            writers = tuple((f.field_name, "__".join(f.source_attrs), f.to_representation) for f in fields)
            cls._row_writers[key] = writers
        return writers

    @classmethod
    def columns(cls) -> list[str]:
        """The columns of a card's row (card_rows_by_ids) that its fields read: each field's source, `__`-joined."""
        return list(dict.fromkeys(column for _name, column, _write in cls.row_writers()))  # a column read once

    def get_fields(self):
        """The model's fields with the default game's own facts flat after `facts_available`
        (Game.catalogue.api_fields). Built once per class and game, then copied for each serializer (as DRF copies its
        declared fields): building them from the models' metadata took more than a page's query and JSON together."""
        key = (type(self), registry.DEFAULT_GAME)
        built = self._built_fields.get(key)
        if built is None:
            fields = super().get_fields()
            own = registry.get().catalogue.api_fields(detail=self.detail)
            names = list(fields)
            at = names.index("facts_available") + 1
            built = {name: fields.get(name) or own[name] for name in (*names[:at], *own, *names[at:])}
            self._built_fields[key] = built
        return copy.deepcopy(built)


class CardSearchPagination(StandardPagination):
    """A page of a search (a SearchResult): the page of cards, plus the search's date and its notes on terms that
    some cards leave undecided."""

    def paginate_queryset(self, result, request, view=None):
        self.result = result
        self.game = getattr(view, "game", None) or registry.get()
        ids = list(super().paginate_queryset(result.ids, request, view))
        return card_rows_by_ids(ids=ids, columns=CardListOutputSerializer.columns())

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["as_of"] = self.result.as_of.isoformat()
        response.data["notes"] = [note.as_dict() for note in self.result.notes]
        # Nothing matches: the names closest to the query's name words (a misspelt name), best first
        response.data["suggestions"] = [
            {"id": facts.id, "name_ja": facts.name_ja, "name_en": facts.name_en} for facts in self.result.suggestions
        ]
        return response

    def get_paginated_response_schema(self, schema):
        page = super().get_paginated_response_schema(schema)
        note = {"type": "object", "required": ["term", "field", "unknown"], "properties": {}}
        note["properties"] = {"term": {"type": "string"}, "field": {"type": "string"}, "unknown": {"type": "integer"}}
        notes = {"type": "array", "items": note}
        notes["description"] = (
            "For a `term` of q: how many (`unknown`) otherwise matching cards do not know its `field`."
        )
        suggestion = {"type": "object", "required": ["id", "name_ja", "name_en"], "properties": {}}
        suggestion["properties"] = {
            "id": {"type": "integer"},
            "name_ja": {"type": "string"},
            "name_en": {"type": "string", "nullable": True},
        }
        suggestions = {"type": "array", "items": suggestion}
        suggestions["description"] = (
            "When nothing matches: the card names closest to the query's name words, best first (a misspelt "
            "name); empty otherwise."
        )
        page["properties"] |= {
            "as_of": {"type": "string", "format": "date"},
            "notes": notes,
            "suggestions": suggestions,
        }
        page["required"] = [*page["required"], "as_of", "notes", "suggestions"]
        return page


class CardSearchFilterSerializer(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, max_length=500, default="", trim_whitespace=False)
    order = serializers.CharField(required=False, default="name", max_length=16)  # one of the game's `card_orders`
    as_of = serializers.DateField(required=False, default=None, allow_null=True)
    game = serializers.CharField(required=False, default=registry.DEFAULT_GAME, max_length=16)


LIGHT_SEARCH_WORDS = 4  # a player's search (the benches' longest are 4 words); more is a heavy request
LIGHT_PAGE_SIZE = 60


@extend_schema_view(
    get=extend_schema(
        operation_id="cards_search",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description=QUERY_HELP),
            OpenApiParameter("order", OpenApiTypes.STR, description=ORDER_HELP),
            OpenApiParameter(
                "as_of",
                OpenApiTypes.DATE,
                description="The date of `legal:`, `banned:`, `limited:` and `is:new` (default: today).",
            ),
            OpenApiParameter(
                "game",
                OpenApiTypes.STR,
                description=f"The game (default `{registry.DEFAULT_GAME}`), whose fields `q` takes (below).",
            ),
        ],
        responses={200: CardListOutputSerializer(many=True), **error_responses(400, 404)},
        auth=[],
        description=format_lazy("Search the card catalogue. {}", QUERY_HELP),
    )
)
class CardListApi(ExpensiveRequestLimit, generics.ListAPIView):
    """The whole search under a slot of the process's gate (api.concurrency), its page's rows and JSON included: a
    page of 200 cards costs more than its search, and four clients asking for such pages at once held every thread
    of both processes, raising a ping's p99 six times."""

    def is_light(self, request) -> bool:
        """A search of a few words on a page of the usual size (each word is a pass over the game's catalogue; a
        page's rows are encoded inside the slot)."""
        words = len(str(request.query_params.get("q", "")).split())
        try:
            page_size = int(request.query_params.get("page_size") or 0)
        except ValueError:
            return False
        return words <= LIGHT_SEARCH_WORDS and page_size <= LIGHT_PAGE_SIZE

    permission_classes = [AllowAny]
    serializer_class = CardListOutputSerializer
    pagination_class = CardSearchPagination

    def get_queryset(self):
        data = CardSearchFilterSerializer(data=self.request.query_params)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        game = self.game = registry.get(values["game"])  # UNKNOWN_GAME
        if values["order"].removeprefix("-") not in game.search.orders():
            raise serializers.ValidationError({"order": [f'"{values["order"]}" is not a valid choice.']})
        # The core's one search of every game: its cost bounds, then the game's own fields (INVALID_QUERY)
        return card_search(game=game.code, q=values["q"], order=values["order"], as_of=values["as_of"])


class CardFaceOutputSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    role = serializers.CharField()
    name_ja = serializers.CharField()
    name_en = serializers.CharField(allow_null=True)
    card_type = serializers.CharField(allow_null=True)
    card_type_ja = serializers.CharField(allow_null=True)
    colours = serializers.ListField(child=serializers.CharField(), help_text="The game's colour words of the face.")
    cost = serializers.IntegerField(allow_null=True)
    power = serializers.CharField(allow_null=True)
    power_value = serializers.IntegerField(allow_null=True)
    races = serializers.ListField(child=serializers.CharField())
    facts = serializers.DictField(help_text="Every other fact of the face, as the card data gives it.")

    def to_representation(self, instance):
        # The face's game answers its older names beside the neutral ones (Game.aliases).
        return registry.get(instance.card.game).aliases.row(dict(super().to_representation(instance)))


class CardPrintingOutputSerializer(serializers.Serializer):
    set_code = serializers.CharField()
    set_name = serializers.CharField()
    number = serializers.CharField()
    collector_id = serializers.CharField()
    rarity = serializers.CharField()
    listed_name_ja = serializers.CharField()
    shared_face = serializers.BooleanField(help_text="Listed under a face shared by several cards.")
    tcg = serializers.BooleanField(help_text="An English TCG printing.")


@extend_schema_serializer(component_name="CardDetail")
class CardDetailOutputSerializer(CardListOutputSerializer):
    faces = CardFaceOutputSerializer(many=True, read_only=True)
    printings = CardPrintingOutputSerializer(many=True, read_only=True)

    class Meta(CardListOutputSerializer.Meta):
        fields = (
            *CardListOutputSerializer.Meta.fields,
            *("facts_unknown", "release_set", "release_date_exact", "faces", "printings"),
        )

    detail = True


@extend_schema_view(
    get=extend_schema(
        operation_id="cards_detail",
        responses={200: CardDetailOutputSerializer, **error_responses(404)},
        auth=[],
        description="One card with all its facts, its faces and its printings.",
    )
)
class CardDetailApi(generics.RetrieveAPIView):
    permission_classes = [AllowAny]
    serializer_class = CardDetailOutputSerializer

    def retrieve(self, request, *args, **kwargs):
        response = super().retrieve(request, *args, **kwargs)
        card = self.get_object()
        if card.game != registry.DEFAULT_GAME:  # another game's own facts, links and list history (games.registry)
            response.data["game_details"] = registry.get(card.game).catalogue.card_details(card_id=card.id)
        return response

    def get_object(self):
        try:
            return card_get(card_id=self.kwargs["card_id"])
        except Card.DoesNotExist:
            raise ApplicationError(ErrorCode.NOT_FOUND, "No card with this id.") from None
