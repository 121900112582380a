from django.urls import path

from simulations import apis

urlpatterns = [
    path("simulations/", apis.SimulationListCreateApi.as_view(), name="simulations"),
    path("simulations/<int:run_id>/", apis.SimulationDetailApi.as_view(), name="simulation-detail"),
    path("odds/", apis.OddsQueryApi.as_view(), name="odds"),
    path("odds/hand/", apis.HandOddsApi.as_view(), name="odds-hand"),
    path("odds/report/", apis.OddsReportApi.as_view(), name="odds-report"),
]
