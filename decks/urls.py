from django.urls import path

from decks import apis

urlpatterns = [
    path("decks/", apis.DeckListCreateApi.as_view(), name="decks"),
    path("decks/shared/<str:slug>/", apis.DeckSharedApi.as_view(), name="deck-shared"),
    path("decks/<int:deck_id>/", apis.DeckDetailApi.as_view(), name="deck-detail"),
    path("decks/<int:deck_id>/versions/", apis.DeckVersionListApi.as_view(), name="deck-versions"),
    path("decks/<int:deck_id>/versions/<int:number>/", apis.DeckVersionDetailApi.as_view(), name="deck-version"),
    path(
        "decks/<int:deck_id>/versions/<int:number>/diff/", apis.DeckVersionDiffApi.as_view(), name="deck-version-diff"
    ),
    path(
        "decks/<int:deck_id>/versions/<int:number>/restore/",
        apis.DeckVersionRestoreApi.as_view(),
        name="deck-version-restore",
    ),
    path("decks/<int:deck_id>/copy/", apis.DeckCopyApi.as_view(), name="deck-copy"),
    path("decks/<int:deck_id>/import/", apis.DeckImportApi.as_view(), name="deck-import"),
    path("decks/<int:deck_id>/export/<str:kind>/", apis.DeckExportApi.as_view(), name="deck-export"),
    path("decks/<int:deck_id>/legality/", apis.DeckLegalityApi.as_view(), name="deck-legality"),
    path("decks/<int:deck_id>/stats/", apis.DeckStatsApi.as_view(), name="deck-stats"),
]
