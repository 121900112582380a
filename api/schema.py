"""OpenAPI pieces shared by every API: the one error shape, documented once (see api/errors.py)."""

import copy

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from drf_spectacular.views import SpectacularAPIView
from rest_framework import serializers

from api.codes import ErrorCode
from api.renderers import JSONRenderer

ErrorSerializer = inline_serializer(
    name="Error",
    fields={
        "error": inline_serializer(
            name="ErrorBody",
            fields={
                "code": serializers.ChoiceField(
                    choices=[code.value for code in ErrorCode], help_text="Stable machine code (docs/api.md)."
                ),
                "message": serializers.CharField(),
                "details": serializers.DictField(),
            },
        )
    },
)

_DESCRIPTIONS = {
    400: "Invalid input (code VALIDATION_ERROR or a workflow code); details.fields lists field errors.",
    401: "Not authenticated (NOT_AUTHENTICATED / AUTHENTICATION_FAILED).",
    403: "Authenticated but not allowed (PERMISSION_DENIED).",
    404: "Not found, or not visible to the caller (NOT_FOUND).",
    409: "The request conflicts with the current state (e.g. REGISTRATION_CLOSED).",
    412: "If-Match does not match the current version (VERSION_CONFLICT); nothing was written. The ETag header "
    "and details.current_version give the current version.",
    414: "The query string is longer than MAX_QUERY_STRING_LENGTH (URI_TOO_LONG; details.max_length).",
    428: "If-Match header missing (PRECONDITION_REQUIRED).",
    429: "Rate limited (THROTTLED / LOGIN_LOCKED); the Retry-After header gives the seconds to wait.",
    503: "The job queue is unavailable (QUEUE_UNAVAILABLE; the job is recorded as failed), the request ran out of "
    "its time budget (TIME_BUDGET_EXCEEDED), the rate limits' store is unreachable (RATE_LIMITER_UNAVAILABLE, "
    "Retry-After; nothing else was written) or the cache's or broker's store is (SERVICE_UNAVAILABLE, Retry-After).",
}


def _description(status: int) -> str:
    codes = ", ".join(code.value for code in ErrorCode if code.status == status)
    return f"{_DESCRIPTIONS.get(status, 'Error.')} Codes with this status: {codes}."


def error_responses(*statuses: int) -> dict:
    """`responses=` entries for the given error statuses; 429 and 503 are always added (throttling applies everywhere,
    and refuses with 503 RATE_LIMITER_UNAVAILABLE when its store is unreachable: api/throttling.py)."""
    wanted = sorted(set(statuses) | {429, 503})
    return {status: OpenApiResponse(ErrorSerializer, description=_description(status)) for status in wanted}


def _error_response(status: int) -> dict:
    return {
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        "description": _description(status),
    }


def postprocess_schema(result, generator, request, public):
    """Facts true of every operation, stated once instead of on each view (SPECTACULAR_SETTINGS hook):

    - an optional query parameter sent empty (`?q=`) counts as not sent (DRF's form semantics): allowEmptyValue;
    - a request body of a type no parser reads is a 415 UNSUPPORTED_MEDIA_TYPE, and any body can be refused with a 400
      before the view reads it (JSON_TOO_DEEP, NUMBER_TOO_LONG, BODY_NOT_UTF8: api/parsers.py);
    - a query string over MAX_QUERY_STRING_LENGTH is a 414 URI_TOO_LONG (api/middleware.py);
    - a page (StandardPagination) answers 400 for an invalid page_size and 404 for a page past the last;
    - in a form body, an optional field sent empty counts as not sent too;
    - every operation is throttled (429 THROTTLED, and 503 RATE_LIMITER_UNAVAILABLE when the limits' store is away),
      and every operation of a view that reads tokens answers 401 AUTHENTICATION_FAILED for an invalid one, even one
      anyone may call (/audit/public-key/ answered an undocumented 429 and 401)."""
    components = result.get("components", {}).get("schemas", {})
    reads_tokens = _operations_reading_tokens(generator)
    for path_name, path in result.get("paths", {}).items():
        for method, operation in path.items():
            for status in (429, 503, *((401,) if (path_name, method) in reads_tokens else ())):
                operation.setdefault("responses", {}).setdefault(str(status), _error_response(status))
            for media_type, content in operation.get("requestBody", {}).get("content", {}).items():
                if media_type != "application/json" and "$ref" in content.get("schema", {}):
                    content["schema"] = _empty_means_absent(components[content["schema"]["$ref"].split("/")[-1]])
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and not parameter.get("required"):
                    parameter["allowEmptyValue"] = True
            responses = operation.get("responses", {})
            wanted = [414]
            if "requestBody" in operation:
                wanted += [400, 415]
            if any(parameter["name"] == "page_size" for parameter in operation.get("parameters", [])):
                wanted += [400, 404]
            for status in wanted:
                responses.setdefault(str(status), _error_response(status))
    return result


def _operations_reading_tokens(generator) -> set[tuple[str, str]]:
    """(path, method) of the operations whose view authenticates (a token it cannot accept is a 401)."""
    found = set()
    for path, _regex, method, callback in getattr(generator, "endpoints", None) or ():
        view = generator.create_view(callback, method)
        if view.authentication_classes:
            found.add((generator.coerce_path(path, method, view), method.lower()))
    return found


def _empty_means_absent(schema: dict) -> dict:
    schema = copy.deepcopy(schema)
    for name, field in schema.get("properties", {}).items():
        if name not in schema.get("required", []):
            schema["properties"][name] = {"anyOf": [field, {"type": "string", "maxLength": 0}]}
    return schema


class SchemaApi(SpectacularAPIView):
    """`/api/schema/`: drf-spectacular's schema view, whose errors (an invalid token, an `Accept` it cannot answer,
    the rate limits' store away) answer in the API's JSON error shape. They were rendered by the YAML renderer the
    view negotiates first (or had negotiated), which cannot write an error code: a 500 for every one of them."""

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        self.request.accepted_renderer, self.request.accepted_media_type = JSONRenderer(), "application/json"
        return response
