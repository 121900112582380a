"""Simulation and odds API: thin views over simulations.services (one class per operation)."""

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.codes import ApplicationError, ErrorCode
from api.concurrency import ExpensiveRequestLimit
from api.fields import StrictCharField
from api.schema import error_responses
from games import registry
from simulations import services
from simulations.models import SimulationKind, SimulationRun

FORMAT_HELP = (
    "A format code (POST body only): its setup is used (its hand size and the rest of the game's set-up, e.g. "
    "duel_party's). Default: the game's own set-up."
)


class DeckInputSerializer(serializers.Serializer):
    """A saved deck id, a JSON decklist (`deck` or `decklist`), or a text decklist (`text`)."""

    deck = serializers.JSONField(required=False, help_text="A deck id, or a JSON decklist {main: [{card, count}]}.")
    decklist = serializers.JSONField(required=False)
    text = StrictCharField(required=False, allow_blank=False, max_length=20000, trim_whitespace=False)

    def validate(self, attrs):
        given = [k for k in ("deck", "decklist", "text") if attrs.get(k) not in (None, "")]
        if len(given) != 1:
            raise serializers.ValidationError("Give exactly one of deck, decklist or text.")
        return attrs


def deck_input(data: dict, user) -> tuple[Any, int | None]:
    """(decklist, deck_id) from validated input (see `deck_input_game`)."""
    decklist, deck_id, _ = deck_input_game(data, user)
    return decklist, deck_id


def deck_input_game(data: dict, user) -> tuple[Any, int | None, str]:
    """(decklist, deck_id, game code) from validated input: a saved deck (its game must simulate), or a text or JSON
    decklist read as the default game's (a malformed decklist: MALFORMED_DECKLIST, api/errors.py)."""
    default = registry.get(None)
    if data.get("text"):
        return default.parse_text(data["text"], with_names=False), None, default.code
    value = data.get("deck") if data.get("deck") is not None else data.get("decklist")
    if isinstance(value, bool):
        raise ApplicationError(ErrorCode.VALIDATION_ERROR, "deck must be an id or a decklist object.")
    if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
        decklist, game = services.deck_game(user=user, decklist=None, deck_id=int(value))
        return decklist, int(value), game.code
    if isinstance(value, dict):
        return default.parse_json(value), None, default.code
    raise ApplicationError(ErrorCode.VALIDATION_ERROR, "deck must be an id or a decklist object.")


class SimulationRunSummarySerializer(serializers.Serializer):
    """A run in the list: without its result (GET the run for it)."""

    id = serializers.IntegerField()
    kind = StrictCharField()
    status = StrictCharField()
    progress = serializers.FloatField()
    url = StrictCharField()

    def to_representation(self, run):
        row = services.simulation_run_json(run)
        row.pop("result")
        row["url"] = f"/api/v1/simulations/{run.id}/"
        return row


@extend_schema_view(
    get=extend_schema(
        responses={200: SimulationRunSummarySerializer(many=True), **error_responses(401, 404)},
        tags=["simulations"],
        description="The caller's own runs, newest first (without results: GET a run for its result).",
    )
)
class SimulationListCreateApi(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SimulationRunSummarySerializer

    def get_queryset(self):
        return SimulationRun.objects.filter(owner=self.request.user)

    class SimulationCreateInputSerializer(DeckInputSerializer):
        kind = serializers.ChoiceField(choices=[k.value for k in SimulationKind])
        games = serializers.IntegerField(min_value=1)
        seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)
        going = serializers.ChoiceField(choices=list(services.GOINGS), default="both")
        key_cards = serializers.ListField(child=serializers.JSONField(), required=False, default=list, max_length=40)
        track_cards = serializers.ListField(child=serializers.JSONField(), required=False, default=list, max_length=40)
        compare_deck = serializers.JSONField(
            required=False, help_text="Goldfish A/B: deck B (an id or a JSON decklist), played on the same shuffles."
        )
        compare_text = StrictCharField(required=False, max_length=20000, trim_whitespace=False)

    class SimulationCreateOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        status = StrictCharField()
        url = StrictCharField()

    @extend_schema(
        request=SimulationCreateInputSerializer,
        responses={202: SimulationCreateOutputSerializer, **error_responses(400, 401, 404, 409, 503)},
        tags=["simulations"],
    )
    def post(self, request):
        data = self.SimulationCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        decklist, deck_id = deck_input(values, request.user)
        params = {"key_cards": values["key_cards"], "track_cards": values["track_cards"]}
        if values.get("compare_deck") is not None or values.get("compare_text"):
            decklist_b, deck_id_b = deck_input(
                {"deck": values.get("compare_deck"), "text": values.get("compare_text")}, request.user
            )
            params["compare"] = {"decklist": decklist_b, "deck_id": deck_id_b}
        run = services.simulation_run_create(
            user=request.user,
            kind=values["kind"],
            decklist=decklist,
            deck_id=deck_id,
            games=values["games"],
            seed=values.get("seed"),
            going=values["going"],
            params=params,
        )
        body = {"id": run.id, "status": run.status, "url": f"/api/v1/simulations/{run.id}/"}
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


class SimulationRunSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = StrictCharField()
    status = StrictCharField()
    progress = serializers.FloatField()
    games = serializers.IntegerField()
    going = StrictCharField()
    seed = serializers.IntegerField()
    result = serializers.DictField(allow_null=True)
    error = StrictCharField(allow_null=True)
    timings = serializers.DictField()

    def to_representation(self, run):
        return services.simulation_run_json(run)


@extend_schema_view(
    get=extend_schema(responses={200: SimulationRunSerializer, **error_responses(401, 404)}, tags=["simulations"]),
    delete=extend_schema(
        responses={200: SimulationRunSerializer, **error_responses(401, 404)},
        tags=["simulations"],
        description="Cancel the run; the answer is the run as it stands.",
    ),
)
class SimulationDetailApi(generics.RetrieveDestroyAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SimulationRunSerializer
    lookup_url_kwarg = "run_id"

    def get_queryset(self):
        # Only the owner sees a run (another user's run is indistinguishable from a missing one).
        return SimulationRun.objects.filter(owner=self.request.user)

    def destroy(self, request, *args, **kwargs):
        run = services.simulation_run_cancel(run=self.get_object())
        return Response(self.get_serializer(run).data)


class OddsGroupSerializer(serializers.Serializer):
    cards = serializers.ListField(child=serializers.JSONField(), min_length=1, max_length=40)
    at_least = serializers.IntegerField(required=False, default=1, min_value=0, max_value=40)


class OddsQueryApi(ExpensiveRequestLimit, APIView):
    permission_classes = [AllowAny]

    def is_light(self, request) -> bool:
        return False  # exact odds for every card of a deck: heavy, however short the list (api.concurrency)

    class OddsQuerySerializer(serializers.Serializer):
        cards = serializers.ListField(child=serializers.JSONField(), required=False, max_length=40)
        at_least = serializers.IntegerField(required=False, default=1, min_value=0, max_value=40)
        groups = serializers.ListField(child=OddsGroupSerializer(), required=False, max_length=8)
        where = StrictCharField(
            default="hand", max_length=32, help_text="Where the cards are counted: one of the game's places (`hand`)."
        )
        by_turn = serializers.IntegerField(required=False, default=0, min_value=0, max_value=30)
        going = serializers.ChoiceField(choices=["first", "second"], default="first")

        def validate(self, attrs):
            if not attrs.get("cards") and not attrs.get("groups"):
                raise serializers.ValidationError("Give cards (one group) or groups.")
            odds = self.context["odds"]  # the places and checks of the deck's game (games.capabilities.OddsQueries)
            if attrs["where"] not in odds.places:
                raise serializers.ValidationError({"where": [f'"{attrs["where"]}" is not a valid choice.']})
            if errors := odds.query_errors(attrs):
                raise serializers.ValidationError(errors)
            return attrs

    class OddsQueryInputSerializer(DeckInputSerializer):
        queries = serializers.ListField(min_length=1, max_length=50)
        format = StrictCharField(required=False, max_length=32, help_text=FORMAT_HELP)
        game = StrictCharField(
            required=False, max_length=16, help_text="The game of a `text`/`decklist` (a saved deck names its own)."
        )

    class OddsQueryOutputSerializer(serializers.Serializer):
        results = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        request=OddsQueryInputSerializer,
        responses={200: OddsQueryOutputSerializer, **error_responses(400, 404, 503)},
        tags=["odds"],
    )
    def post(self, request):
        data = self.OddsQueryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        odds = services.odds_queries_of(user=request.user, data=data.validated_data)
        queries = self.OddsQuerySerializer(data=data.validated_data["queries"], many=True, context={"odds": odds})
        queries.is_valid(raise_exception=True)
        # Another game's exact opening-hand odds, through the registry (Game.odds.opening_odds).
        results = services.game_odds_query(user=request.user, data=data.validated_data, queries=queries.validated_data)
        if results is None:
            decklist, _, game = deck_input_game(data.validated_data, request.user)
            results = services.odds_query(
                decklist=decklist,
                queries=queries.validated_data,
                format_code=data.validated_data.get("format"),
                game=game,
            )
        return Response({"results": results})


class HandOddsGroupSerializer(serializers.Serializer):
    name = StrictCharField(max_length=40)
    cards = serializers.ListField(child=serializers.JSONField(), min_length=1, max_length=60)


class HandOddsApi(ExpensiveRequestLimit, APIView):
    """Hand odds by groups, exact, for a deck of any game: the groups a player names (a card may be in several) and
    conditions on them (at least / at most / exactly n of a group, all of them), going first and going second under
    the game's opening (games.hand_odds; the game's `hand_odds.opening`)."""

    permission_classes = [AllowAny]

    def is_light(self, request) -> bool:
        return False  # exact odds for every card of a deck: heavy, however short the list (api.concurrency)

    class HandOddsInputSerializer(DeckInputSerializer):
        game = StrictCharField(
            required=False, max_length=16, help_text="The game of a `text`/`decklist` (a saved deck names its own)."
        )
        format = StrictCharField(
            required=False,
            max_length=32,
            help_text="A format code: its opening (the cards dealt, set aside and drawn in that format).",
        )
        groups = serializers.ListField(
            child=HandOddsGroupSerializer(),
            required=False,
            max_length=8,
            help_text="[{name, cards: [card id or name]}]; a saved deck without groups in the request: its own.",
        )
        conditions = serializers.ListField(
            child=serializers.DictField(),
            required=False,
            max_length=16,
            help_text='[{"group": name, "at_least" | "at_most" | "exactly": n}], all of them together (and).',
        )

    @extend_schema(
        request=HandOddsInputSerializer,
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 404, 503)},
        tags=["odds"],
        description="P(the hand meets every condition) going first and going second, as exact fractions and "
        "percentages, under the deck's game's opening (its cards dealt, set aside and redrawn, `opening.model` in "
        "words; docs/simulation.md).",
    )
    def post(self, request):
        data = self.HandOddsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        decklist, game, deck = services.hand_odds_input(user=request.user, data=values)
        groups, conditions = values.get("groups"), values.get("conditions")
        if groups is None and deck is not None:
            groups, conditions = deck.odds_groups.get("groups", []), deck.odds_groups.get("conditions", [])
        format_code = values.get("format") or (deck.format_code if deck is not None else None)
        answer = services.hand_odds_answer(
            decklist=decklist,
            game=game,
            format_code=format_code,
            groups=groups or [],
            conditions=conditions or [],
        )
        return Response(answer)


class OddsReportApi(ExpensiveRequestLimit, APIView):
    """The exact deck report: GET ?deck=<id> (or ?text=...), or POST a decklist."""

    permission_classes = [AllowAny]

    def is_light(self, request) -> bool:
        return False  # exact odds for every card of a deck: heavy, however short the list (api.concurrency)

    class ReportInputSerializer(DeckInputSerializer):
        format = StrictCharField(required=False, max_length=32, help_text=FORMAT_HELP)

    def _report(self, request, values):
        data = self.ReportInputSerializer(data=values)
        data.is_valid(raise_exception=True)
        decklist, _, game = deck_input_game(data.validated_data, request.user)
        format_code = data.validated_data.get("format")
        return Response(services.odds_deck_report(decklist=decklist, format_code=format_code, game=game))

    @extend_schema(
        parameters=[OpenApiParameter("deck", int, required=False), OpenApiParameter("text", str, required=False)],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 404, 503)},
        tags=["odds"],
    )
    def get(self, request):
        return self._report(
            request, {k: request.query_params[k] for k in ("deck", "text") if k in request.query_params}
        )

    @extend_schema(
        request=ReportInputSerializer,
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 404, 503)},
        tags=["odds"],
    )
    def post(self, request):
        return self._report(request, request.data)
