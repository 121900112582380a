"""Duel Masters in the core's API: its own facts of a format in the format API (`GET /formats/`; the core asks the
game for them: games.registry.Game.format_serializer), the keys and values they always had."""

from rest_framework import serializers


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

    def to_representation(self, instance):
        from games.dm.legality import format_options

        return super().to_representation(format_options(instance))
