from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from tournaments import checks  # noqa: F401  (registers the deploy checks)
