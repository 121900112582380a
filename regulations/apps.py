from django.apps import AppConfig


class RegulationsConfig(AppConfig):
    name = "regulations"

    def ready(self) -> None:
        # The card search's `legal:` / `banned:` / `limited:` terms read the dated lists through this callable: the
        # catalogue app never imports this one (this app reads the catalogue, not the reverse). The terms are those
        # of the catalogue's own search, the default game's (another game searches by Game.search.run); that game
        # builds the pool from its list in force (Game.lists.card_pool).
        from cards.selectors import format_card_pool_register
        from games import registry

        def format_card_pool(format_code, as_of):
            return registry.get(registry.DEFAULT_GAME).lists.card_pool(format_code=format_code, as_of=as_of)

        format_card_pool_register(format_card_pool)
