"""The project's own URL configuration routes the simulation API under /api/v1/."""

import pytest
from django.urls import resolve

from simulations import apis


@pytest.mark.parametrize(
    "url, view",
    [
        ("/api/v1/odds/", apis.OddsQueryApi),
        ("/api/v1/odds/report/", apis.OddsReportApi),
        ("/api/v1/simulations/", apis.SimulationListCreateApi),
        ("/api/v1/simulations/7/", apis.SimulationDetailApi),
    ],
)
def test_routes(url, view):
    assert resolve(url).func.view_class is view
