from django.apps import AppConfig


class RegulationsConfig(AppConfig):
    name = "regulations"

    def ready(self) -> None:
        # The card search's `legal:` / `banned:` / `limited:` terms read the dated Hall of Fame lists through this
        # callable: the catalogue app never imports this one (this app reads the catalogue, not the reverse).
        from cards.selectors import format_card_pool_register
        from regulations.selectors import format_card_pool

        format_card_pool_register(format_card_pool)
