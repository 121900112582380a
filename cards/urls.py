from django.urls import path

from cards.apis import CardDetailApi, CardListApi

urlpatterns = [
    path("cards/", CardListApi.as_view(), name="cards-search"),
    path("cards/<int:card_id>/", CardDetailApi.as_view(), name="cards-detail"),
]
