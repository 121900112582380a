import pytest

from web.tests.catalogue import catalogue_import


@pytest.fixture
def catalogue(db):
    catalogue_import()


@pytest.fixture
def user(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
