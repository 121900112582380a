from django.urls import path

from regulations import apis

urlpatterns = [
    path("legality/", apis.LegalityCheckApi.as_view(), name="legality-check"),
    path("legality/batch/", apis.LegalityBatchApi.as_view(), name="legality-batch"),
    path("legality/batches/<str:token>/", apis.LegalityBatchDetailApi.as_view(), name="legality-batch-detail"),
    # The format is a path segment: DRF reserves the query parameter `format` for content negotiation.
    path("regulations/<slug:format_code>/", apis.RegulationInForceApi.as_view(), name="regulation-in-force"),
    path("regulations/<slug:format_code>/changes/", apis.RegulationChangesApi.as_view(), name="regulation-changes"),
    path("formats/", apis.FormatListApi.as_view(), name="format-list"),
    path("overlays/", apis.OverlayListCreateApi.as_view(), name="overlay-list"),
    path("overlays/<slug:overlay_id>/", apis.OverlayDetailApi.as_view(), name="overlay-detail"),
    path("ping/", apis.PingApi.as_view(), name="ping"),
]
