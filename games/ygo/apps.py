from django.apps import AppConfig


class YgoConfig(AppConfig):
    """The Yu-Gi-Oh! OCG's own tables (its cards' typed facts, its dated Forbidden/Limited lists)."""

    name = "games.ygo"
    label = "ygo"
    verbose_name = "Yu-Gi-Oh! OCG"
    default_auto_field = "django.db.models.BigAutoField"
