"""Request bodies, read defensively: the size, the encoding, the nesting depth and the length of integers are checked
BEFORE any view code runs, in every content type the API takes (JSON, form-encoded, multipart).

Python's json module recurses once per nesting level, so a body of 100,000 `[` ends in a RecursionError (a 500)
inside the parser or in whatever walks the result afterwards. No request of this API nests deeper than a handful of
levels (a batch of decks of zones of cards is 5), so anything beyond `JSON_MAX_DEPTH` (default 32) is refused with
`400 JSON_TOO_DEEP`: the parser's own RecursionError (a body nested beyond the interpreter's limit) is that answer,
and the depth of what it parsed is counted by a walk without recursion before any view sees it. A body that is not
UTF-8 gets `400 BODY_NOT_UTF8` instead of a UnicodeDecodeError.

Python refuses to convert a string of more than 4,300 digits to an int (`sys.get_int_max_str_digits`, CVE-2020-10735:
the conversion is quadratic) with a ValueError, raised by json.loads for such a number and by any `int()` of a field
afterwards: a body holding a run of more digits is refused with `400 NUMBER_TOO_LONG`, so no int() below ever meets
one.

A form field is a string, but a JSON field of a serializer parses it (DRF's JSONField reads a form value as JSON), so
the depth and digit limits apply to every field of a form-encoded or multipart body too (uploaded files are not
fields: their readers bound them).

`json_body_load` is the one owner of the JSON checks: the DRF parser below (every `/api/` view, through
`DEFAULT_PARSER_CLASSES`) and the pages' JSON endpoints (the editor) both call it; `form_fields_check` is the one
owner of the fields' checks.
"""

import json
import re
import sys
from functools import cache
from itertools import accumulate

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from api.codes import ApplicationError, ErrorCode

# A JSON string literal (escapes included): brackets inside strings do not nest anything.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


# Python's default limit (sys.int_info.default_max_str_digits); a stricter interpreter setting wins.
MAX_INTEGER_DIGITS = 4300


class JsonBodyError(ApplicationError, ValueError):
    """A body refused before parsing (BODY_NOT_UTF8, JSON_TOO_DEEP, NUMBER_TOO_LONG, MALFORMED_REQUEST)."""


def max_integer_digits() -> int:
    interpreter = sys.get_int_max_str_digits()  # 0: no limit in this interpreter
    return min(MAX_INTEGER_DIGITS, interpreter) if interpreter else MAX_INTEGER_DIGITS


@cache
def _digit_run(limit: int) -> re.Pattern:
    # Only at the start of a run (the look-behind): each run is scanned once, so the search stays linear.
    return re.compile(rf"(?<!\d)\d{{{limit + 1},}}")


def _where(field: str | None) -> tuple[str, dict[str, object]]:
    """The words and details naming what was refused: the body, or one field of a form."""
    return ("The body", {}) if field is None else (f"The field '{field}'", {"field": field})


def _number_too_long(limit: int, field: str | None = None) -> JsonBodyError:
    where, details = _where(field)
    message = f"{where} holds a number of more than {limit} digits."
    return JsonBodyError(ErrorCode.NUMBER_TOO_LONG, message, {"max_digits": limit, **details})


def digits_check(text: str, *, field: str | None = None) -> None:
    """Refuse a run of more decimal digits than int() converts (any Unicode digit: int() takes them all)."""
    limit = max_integer_digits()
    if len(text) > limit and _digit_run(limit).search(text):
        raise _number_too_long(limit, field)


def _numbers_bounded(limit: int) -> dict:
    """json.loads' hooks for its numbers, which refuse one of more than `limit` digits as the parser meets it (the
    digit guard in the parser's own pass: a regular expression over a 1,000-deck batch took 20-130 ms where the
    parse takes 2.5)."""

    def parse_int(literal: str) -> int:
        if len(literal) > limit and len(literal.lstrip("-")) > limit:
            raise _number_too_long(limit)
        return int(literal)

    def parse_float(literal: str) -> float:
        if len(literal) > limit and _digit_run(limit).search(literal):
            raise _number_too_long(limit)
        return float(literal)

    return {"parse_int": parse_int, "parse_float": parse_float}


def _parsed_check(value: object, digit_limit: int, depth_limit: int) -> None:
    """The parsed body, walked once level by level (no recursion, so no depth breaks it): nested deeper than
    `depth_limit` (JSON_TOO_DEEP, counted as `json_depth` counts), or a string (keys too) that a field might later
    int() holding a run of more than `digit_limit` digits (only a string longer than that can: only those are
    searched). The depth is counted on what the parser built, not by a second scan of the text: the regular
    expressions over a 1,000-deck batch took 14 ms where the parse takes 5."""
    level, depth = [value], 0
    while level:
        below: list = []
        nests = False  # a container at this level: one level deeper
        for item in level:
            if isinstance(item, str):
                if len(item) > digit_limit and _digit_run(digit_limit).search(item):
                    raise _number_too_long(digit_limit)
            elif isinstance(item, dict):
                nests = True
                below.extend(item.values())
                below.extend(key for key in item if len(key) > digit_limit)
            elif isinstance(item, list):
                nests = True
                below.extend(item)
        if nests:
            depth += 1
            if depth > depth_limit:
                raise _too_deep(depth_limit)
        level = below


def _too_deep(limit: int, field: str | None = None) -> JsonBodyError:
    where, details = _where(field)
    return JsonBodyError(
        ErrorCode.JSON_TOO_DEEP, f"{where} nests deeper than {limit} levels.", {"max_depth": limit, **details}
    )


def depth_check(raw: bytes, *, field: str | None = None) -> None:
    """A form field's JSON depth, counted in its text (it is parsed later, by the serializer's JSON field)."""
    limit = json_max_depth()
    if json_depth(raw) > limit:
        raise _too_deep(limit, field)


def json_max_depth() -> int:
    return int(getattr(settings, "JSON_MAX_DEPTH", 32))


def json_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects, counted without parsing (the regular expressions and the running
    sum run in C, so 5 MB take milliseconds). Unbalanced brackets are the parser's business, not ours."""
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw))
    if not brackets:
        return 0
    return max(accumulate(map(_STEP.__getitem__, brackets)))


def json_body_load(raw: bytes):
    """Decode (strict UTF-8, a BOM tolerated), parse with the integers bounded as they are met, then check the depth
    and the strings of what was parsed. Raises JsonBodyError."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonBodyError(
            ErrorCode.BODY_NOT_UTF8, "The request body is not valid UTF-8.", {"byte_offset": exc.start}
        ) from None
    limit, depth = max_integer_digits(), json_max_depth()
    try:
        value = json.loads(text, **_numbers_bounded(limit))
    except json.JSONDecodeError as exc:
        raise JsonBodyError(
            ErrorCode.MALFORMED_REQUEST, f"The request body is not JSON: {exc.msg}.", {"position": exc.pos}
        ) from None
    except RecursionError:  # nested beyond the interpreter's recursion limit: the parser stops there, deep or not
        raise _too_deep(depth) from None
    _parsed_check(value, limit, depth)
    return value


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with the checks above; the errors keep their codes through api.errors.exception_handler."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if stream is None:
            raw = b""
        else:
            raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
        return json_body_load(raw)


def form_fields_check(data) -> None:
    """Every value of a parsed form (a QueryDict): the JSON depth and the digit limits, as for a JSON body."""
    for name, values in data.lists():
        for value in values:
            if isinstance(value, str):
                depth_check(value.encode("utf-8", "surrogatepass"), field=name)
                digits_check(value, field=name)


class BoundedFormParser(FormParser):
    """DRF's form-encoded parser with the fields' checks (a JSON value in a field is parsed later)."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        form_fields_check(data)
        return data


class BoundedMultiPartParser(MultiPartParser):
    """DRF's multipart parser with the fields' checks; the files are left to their readers."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        form_fields_check(parsed.data)
        return parsed
