import pytest

from accounts.tests.factories import UserFactory
from web.tests.catalogue import catalogue_import


@pytest.fixture
def catalogue(db):
    catalogue_import()


@pytest.fixture
def user(db):
    return UserFactory(username="alice", password="a-long-passw0rd!")
