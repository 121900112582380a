"""Test data for accounts: users (with a password that passes the validators)."""

import factory
from django.conf import settings
from factory.django import DjangoModelFactory

PASSWORD = "a-long-test-password-42"


class UserFactory(DjangoModelFactory):
    class Meta:
        model = settings.AUTH_USER_MODEL

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)
