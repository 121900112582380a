"""Serializer fields the API's inputs share."""

from django.http import QueryDict
from rest_framework import serializers


def _form_input(field: serializers.Field) -> bool:
    """The field's serializer reads a form or multipart body, or a query string (a QueryDict), where every value is
    text; a JSON body has its own types."""
    root = field.root
    return isinstance(getattr(root, "initial_data", None), QueryDict)


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField takes the number 123 as "123", which the schema (a string)
    says is invalid, so a name or a description given as a number is refused."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictRegexField(StrictCharField, serializers.RegexField):
    """A RegexField that takes only a string (a JSON number matching the pattern, `"format": 1`, is refused)."""


class StrictSlugField(StrictCharField, serializers.SlugField):
    """A SlugField that takes only a string (an overlay `"id": 0` in a JSON body is refused, not stored as "0")."""


class StrictBooleanField(serializers.BooleanField):
    """true or false in a JSON body (DRF's takes "true", "yes", 1, which the schema, a boolean, says are invalid); a
    form's or a query string's text values as DRF reads them."""

    def to_internal_value(self, data):
        if not isinstance(data, bool) and not _form_input(self):
            self.fail("invalid", input=data)
        return super().to_internal_value(data)
