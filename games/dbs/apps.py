from django.apps import AppConfig


class DbsConfig(AppConfig):
    """The Dragon Ball Super Card Game's own tables (its card facts and its hint ban list), beside the core's
    catalogue (cards.Card rows with game="dbs")."""

    name = "games.dbs"
    label = "dbs"
    verbose_name = "Dragon Ball Super Card Game"
    default_auto_field = "django.db.models.BigAutoField"
