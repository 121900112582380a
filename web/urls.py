from django.urls import path
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog

from web.middleware import json_endpoint
from web.views import accounts, cards, decks, pages, simulations, tournaments

app_name = "web"

urlpatterns = [
    path("", pages.home, name="home"),
    path("about/data/", pages.about_data, name="about-data"),
    # The JS modules' messages (djangojs.po) in the request's language; the page adds ?v=<language> to the URL.
    path("jsi18n/", cache_control(max_age=3600)(JavaScriptCatalog.as_view()), name="javascript-catalog"),
    path("cards/", cards.card_browser, name="card-browser"),
    path("cards/<int:card_id>/", cards.card_detail, name="card-detail"),
    path("cards/<int:card_id>/add-to-deck/", cards.card_add_to_deck, name="card-add-to-deck"),
    path("accounts/signup/", accounts.signup_page, name="signup"),
    path("accounts/login/", accounts.login_page, name="login"),
    path("accounts/logout/", accounts.logout_page, name="logout"),
    path("decks/", decks.my_decks, name="my-decks"),
    path("decks/public/", decks.public_decks, name="public-decks"),
    path("decks/<int:deck_id>/", decks.deck_page, name="deck"),
    path("decks/shared/<str:slug>/", decks.deck_shared_page, name="deck-shared"),
    path("decks/code/<str:code>/", decks.deck_code_page, name="deck-code"),
    path("decks/shared/<str:slug>/picture.png", decks.deck_shared_picture, name="deck-shared-picture"),
    path("decks/<int:deck_id>/picture.png", decks.deck_picture, name="deck-picture"),
    path("decks/<int:deck_id>/copy/", decks.deck_copy, name="deck-copy"),
    path("decks/<int:deck_id>/delete/", decks.deck_delete, name="deck-delete"),
    path("decks/<int:deck_id>/versions/", decks.deck_versions, name="deck-versions"),
    path("decks/<int:deck_id>/versions/<int:number>/restore/", decks.deck_restore, name="deck-restore"),
    path("decks/<int:deck_id>/import/", decks.deck_import, name="deck-import"),
    path("decks/import-new/", decks.deck_import_new, name="deck-import-new"),
    path("decks/<int:deck_id>/export/<str:kind>/", decks.deck_export, name="deck-export"),
    path("decks/<int:deck_id>/simulate/", simulations.deck_simulate, name="deck-simulate"),
    path("decks/<int:deck_id>/solo/", decks.deck_solo, name="deck-solo"),
    # The deck editor's JSON endpoints: an outage answers in the API's error shape (web/middleware.py).
    path("editor/state/", json_endpoint(decks.editor_state_api), name="editor-state"),
    path("editor/card-previews/", json_endpoint(decks.editor_card_previews_api), name="editor-card-previews"),
    path("tournaments/", tournaments.tournament_list, name="tournaments"),
    path("tournaments/<int:event_id>/", tournaments.tournament_page, name="tournament"),
    path("tournaments/<int:event_id>/register/", tournaments.tournament_register, name="tournament-register"),
    path("tournaments/<int:event_id>/withdraw/", tournaments.tournament_withdraw, name="tournament-withdraw"),
    path("tournaments/<int:event_id>/print/", tournaments.tournament_decklists_print, name="tournament-print"),
    path("tournaments/<int:event_id>/deck-check/", tournaments.tournament_deck_check, name="tournament-deck-check"),
    path("tournaments/<int:event_id>/audit/", tournaments.tournament_audit, name="tournament-audit"),
    path("tournaments/<int:event_id>/overlay/", tournaments.tournament_overlay, name="tournament-overlay"),
    path("tournaments/<int:event_id>/import/", tournaments.tournament_import, name="tournament-import"),
    path(
        "tournaments/<int:event_id>/registrations/<int:registration_id>/amend/",
        tournaments.registration_amend,
        name="registration-amend",
    ),
]
