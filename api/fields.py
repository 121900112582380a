"""Serializer fields the API's inputs share."""

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField takes the number 123 as "123", which the schema (a string)
    says is invalid, so a password or a name given as a number is refused."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
