import pytest
from rest_framework import serializers

from api.fields import StrictCharField


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        pytest.param("s3cret", True, id="string"),
        pytest.param(123456, False, id="integer-is-not-coerced"),
        pytest.param(1.5, False, id="float-is-not-coerced"),
        pytest.param(True, False, id="boolean"),
    ],
)
def test_strict_char_field_takes_only_strings(value, valid):
    field = StrictCharField()
    if valid:
        assert field.run_validation(value) == value
    else:
        with pytest.raises(serializers.ValidationError) as raised:
            field.run_validation(value)
        assert raised.value.detail[0].code == "invalid"
