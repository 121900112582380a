"""Duel Masters in the core's APIs: the facts of a DM card's own row (`card.dm`, games.dm.models.DmCard) that the
catalogue's card serializers carry flat, as they did when they were columns of the catalogue row
(games.registry.Game.catalogue.api_fields), and its own options of a format in the format API (`GET /formats/`:
Game.lists.format_serializer), the keys and values they always had."""

from typing import Any

from rest_framework import serializers
from rest_framework.utils import model_meta

from games.dm.models import DmCard

# The fields of a card in a search's page, and the ones its detail adds.
LIST_FIELDS = (
    "civilizations", "zero_civilization", "cost", "cost_text", "power", "power_value", "card_type", "card_type_ja",
    "zone", "races", "mana_number", "evolution", "psychic", "dragheart", "gr", "twinpact", "hyper", "zeron",
    "forbidden", "multi_face", "shield_trigger", "blocker", "speed_attacker", "slayer", "breaker", "breaker_ja",
    "power_attacker_bonus", "cant_attack", "cant_attack_players",
)  # fmt: skip
DETAIL_FIELDS = ("type_codes", "keywords_ja", "deck_limit_exceptions", "start_set", "start_set_size")


class _Facts(serializers.ModelSerializer):
    class Meta:
        model = DmCard
        fields = (*LIST_FIELDS, *DETAIL_FIELDS)


def card_api_fields(*, detail: bool) -> dict[str, Any]:
    """Read-only fields of the card's `dm` row, each typed as the model field it shows (a card of another game has
    none: null)."""
    builder, info = _Facts(), model_meta.get_field_info(DmCard)
    fields = {}
    for name in (*LIST_FIELDS, *(DETAIL_FIELDS if detail else ())):
        field_class, kwargs = builder.build_field(name, info, DmCard, 0)
        for option in ("read_only", "required", "validators", "default"):
            kwargs.pop(option, None)
        kwargs["allow_null"] = True  # another game's card has no `dm` row
        fields[name] = field_class(source=f"dm.{name}", read_only=True, **kwargs)
    # Every game's key of a card's colour words (the tiles' and the deck API's), beside the civilizations it always had.
    fields["colours"] = serializers.ListField(
        child=serializers.CharField(), source="dm.civilizations", read_only=True, allow_null=True
    )
    return fields


class FormatFactsSerializer(serializers.Serializer):
    """A Duel Masters format's own options (games.dm.models.DmFormat, or its defaults when the format has no row)."""

    uses_hyperspatial = serializers.BooleanField()
    uses_gr = serializers.BooleanField()
    start_of_game_cards = serializers.BooleanField()
    main_size = serializers.IntegerField()
    main_copies = serializers.IntegerField()
    uses_partner = serializers.BooleanField(help_text="デュエパーティー: one partner creature in its own zone.")
    partner_min_cost = serializers.IntegerField()
    hand_size = serializers.IntegerField()
    shield_count = serializers.IntegerField()
    first_player_draws = serializers.BooleanField()
    block_count = serializers.IntegerField(
        help_text="2ブロック: the blocks whose mark a card must carry (the one in force and those before it); 0: none."
    )

    def to_representation(self, instance):
        from games.dm.legality import format_options

        return super().to_representation(format_options(instance))
