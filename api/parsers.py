"""JSON request bodies, read defensively: the size, the encoding and the nesting depth are checked BEFORE parsing.

Python's json module recurses once per nesting level, so a body of 100,000 `[` ends in a RecursionError (a 500)
inside the parser or in whatever walks the result afterwards. No request of this API nests deeper than a handful of
levels (a batch of decks of zones of cards is 5), so anything beyond `JSON_MAX_DEPTH` (default 32) is refused with
`400 JSON_TOO_DEEP`; a body that is not UTF-8 gets `400 BODY_NOT_UTF8` instead of a UnicodeDecodeError.

`json_body_load` is the one owner of these checks: the DRF parser below (every `/api/` view, through
`DEFAULT_PARSER_CLASSES`) and the pages' JSON endpoints (the editor) both call it.
"""

import json
import re
from itertools import accumulate

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.parsers import JSONParser

from api.codes import ApplicationError, ErrorCode

# A JSON string literal (escapes included): brackets inside strings do not nest anything.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


class JsonBodyError(ApplicationError, ValueError):
    """A body refused before parsing (BODY_NOT_UTF8, JSON_TOO_DEEP, MALFORMED_REQUEST)."""


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
    """Decode (strict UTF-8, a BOM tolerated), check the depth, then parse. Raises JsonBodyError."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonBodyError(
            ErrorCode.BODY_NOT_UTF8, "The request body is not valid UTF-8.", {"byte_offset": exc.start}
        ) from None
    limit = json_max_depth()
    depth = json_depth(raw)
    if depth > limit:
        raise JsonBodyError(
            ErrorCode.JSON_TOO_DEEP, f"The JSON body nests deeper than {limit} levels.", {"max_depth": limit}
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonBodyError(
            ErrorCode.MALFORMED_REQUEST, f"The request body is not JSON: {exc.msg}.", {"position": exc.pos}
        ) from None
    except RecursionError:  # cannot happen below the depth limit; kept so that no body can ever give a 500
        raise JsonBodyError(ErrorCode.JSON_TOO_DEEP, "The JSON body nests too deeply.", {"max_depth": limit}) from None


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
