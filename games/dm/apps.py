from django.apps import AppConfig


class DmConfig(AppConfig):
    """Duel Masters' own tables (the goldfish engine's card effects) and its management commands (`import_effects`),
    beside the core's catalogue (cards.Card rows with game="dm")."""

    name = "games.dm"
    label = "dm"
    verbose_name = "Duel Masters"
    default_auto_field = "django.db.models.BigAutoField"
