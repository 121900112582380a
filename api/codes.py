"""The one vocabulary of API error codes, and the exception that carries one.

Every error a client can receive has a code below; the code fixes the HTTP status, so the same situation always
answers the same way whatever the endpoint. `docs/api.md` has the table of codes, tested against this enum
(api/tests/test_codes.py). This module imports nothing from Django or DRF: services raise `ApplicationError`
(HackSoft's pattern) and `api.errors.exception_handler` renders it, once, for every endpoint.
"""

from enum import StrEnum


class ErrorCode(StrEnum):
    status: int
    meaning: str

    def __new__(cls, value: str, status: int, meaning: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        member.meaning = meaning
        return member

    # --- the request itself
    VALIDATION_ERROR = "VALIDATION_ERROR", 400, "A field or parameter is not valid; `details.fields` holds them."
    MALFORMED_REQUEST = "MALFORMED_REQUEST", 400, "The body is not JSON (or not the JSON object expected)."
    BODY_NOT_UTF8 = "BODY_NOT_UTF8", 400, "The body is not UTF-8 (`details.byte_offset`)."
    JSON_TOO_DEEP = "JSON_TOO_DEEP", 400, "The JSON body nests deeper than JSON_MAX_DEPTH (`details.max_depth`)."
    NUMBER_TOO_LONG = "NUMBER_TOO_LONG", 400, "An integer of over 4,300 digits in the body (`details.max_digits`)."
    PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE", 413, "The body is over DATA_UPLOAD_MAX_MEMORY_SIZE (`details.max_bytes`)."
    URI_TOO_LONG = "URI_TOO_LONG", 414, "The query string is over MAX_QUERY_STRING_LENGTH (`details.max_length`)."
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED", 405, "The endpoint does not take this HTTP method."
    NOT_ACCEPTABLE = "NOT_ACCEPTABLE", 406, "No representation matches the Accept header."
    UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE", 415, "The Content-Type of the body is not accepted."
    THROTTLED = "THROTTLED", 429, "Too many requests (`details.retry_after_seconds`, Retry-After)."
    TIME_BUDGET_EXCEEDED = "TIME_BUDGET_EXCEEDED", 503, "The request needs more than its time budget; nothing written."
    QUEUE_UNAVAILABLE = "QUEUE_UNAVAILABLE", 503, "The job queue is away; the job is recorded failed."
    RATE_LIMITER_UNAVAILABLE = "RATE_LIMITER_UNAVAILABLE", 503, "The rate limits' store is away; nothing was done."
    SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE", 503, "The cache's or the broker's store is away (Retry-After)."
    SERVER_BUSY = "SERVER_BUSY", 503, "Too many checks or searches now (`details.retry_after_seconds`, Retry-After)."
    SERVER_ERROR = "SERVER_ERROR", 500, "An unexpected error; it has been logged."
    NOT_FOUND = "NOT_FOUND", 404, "No such endpoint or object (also an object you may not see)."
    # --- who is asking
    NOT_AUTHENTICATED = "NOT_AUTHENTICATED", 401, "The endpoint needs a token or a session."
    AUTHENTICATION_FAILED = "AUTHENTICATION_FAILED", 401, "The token or session is not valid."
    PERMISSION_DENIED = "PERMISSION_DENIED", 403, "The caller may not do this (e.g. not the owner or organizer)."
    CSRF_FAILED = "CSRF_FAILED", 403, "A session write without a valid CSRF token (outside an API view)."
    INVALID_CREDENTIALS = "INVALID_CREDENTIALS", 400, "Unknown username or wrong password."
    LOGIN_LOCKED = "LOGIN_LOCKED", 429, "Too many failed log-ins from this address (`details.retry_after_seconds`)."
    # --- deck writes
    PRECONDITION_REQUIRED = "PRECONDITION_REQUIRED", 428, "A deck write without If-Match."
    VERSION_CONFLICT = "VERSION_CONFLICT", 412, "If-Match is not the current deck version (`details.current_version`)."
    INVALID_IF_MATCH = "INVALID_IF_MATCH", 400, "If-Match is not a deck version."
    # --- decklists
    DECKLIST_MISSING = "DECKLIST_MISSING", 400, "No decklist, or both a JSON and a text one."
    MALFORMED_DECKLIST = "MALFORMED_DECKLIST", 400, "The decklist's structure is wrong (not a decklist object)."
    MALFORMED_DECK_CODE = (
        "MALFORMED_DECK_CODE",
        400,
        "A `ydke://` URL or a deck code that cannot be read or written (`details.reason`).",
    )
    DECKLIST_EMPTY = "DECKLIST_EMPTY", 400, "The decklist is empty."
    DECKLIST_NOT_TEXT = "DECKLIST_NOT_TEXT", 400, "The text decklist holds control or binary characters."
    DECKLIST_TOO_LARGE = "DECKLIST_TOO_LARGE", 400, "Over the characters or lines one decklist may have."
    DECKLIST_TOO_MANY_COPIES = "DECKLIST_TOO_MANY_COPIES", 400, "Over the copies one decklist may hold in all."
    DECKLIST_UNREADABLE = "DECKLIST_UNREADABLE", 400, "Some entries or lines could not be read."
    DECKLIST_UNRESOLVED = "DECKLIST_UNRESOLVED", 400, "Some lines match no card, or several (`details.lines`)."
    BATCH_TOO_LARGE = "BATCH_TOO_LARGE", 400, "Over the decklists one batch check may have (`details.limit`)."
    BATCH_TEXT_TOO_LARGE = "BATCH_TEXT_TOO_LARGE", 413, "An anonymous batch over its characters (`details.max_chars`)."
    ANONYMOUS_BATCHES_BUSY = "ANONYMOUS_BATCHES_BUSY", 503, "Too many anonymous batches queued (Retry-After)."
    # --- cards, formats, overlays
    INVALID_QUERY = "INVALID_QUERY", 400, "A malformed card search (`details.position`, `details.expected`)."
    UNKNOWN_CARD = "UNKNOWN_CARD", 400, "A card that no card matches."
    AMBIGUOUS_CARD = "AMBIGUOUS_CARD", 400, "A card name that matches several cards."
    UNKNOWN_GAME = "UNKNOWN_GAME", 400, "No game has this code (`details.games` lists the games)."
    UNKNOWN_FORMAT = "UNKNOWN_FORMAT", 400, "No game format has this code."
    UNKNOWN_OVERLAY = "UNKNOWN_OVERLAY", 404, "No event overlay has this id."
    OVERLAY_ID_TAKEN = "OVERLAY_ID_TAKEN", 409, "An overlay with this id exists."
    OVERLAY_ID_IMMUTABLE = "OVERLAY_ID_IMMUTABLE", 400, "An overlay's id never changes."
    OVERLAY_IN_USE = "OVERLAY_IN_USE", 409, "A tournament event validates against the overlay (`details.events`)."
    OVERLAY_LOCKED = "OVERLAY_LOCKED", 409, "A locked event uses the overlay: it is frozen (`details.events`)."
    OVERLAY_STATUS_INVALID = "OVERLAY_STATUS_INVALID", 400, "Not a card status or combo kind (`details.index`)."
    OVERLAY_CARDS_UNRESOLVED = "OVERLAY_CARDS_UNRESOLVED", 400, "Some overlay cards could not be identified."
    OVERLAY_CARD_REPEATED = "OVERLAY_CARD_REPEATED", 400, "A card is listed twice in one overlay."
    OVERLAY_COMBO_SAME_CARD = "OVERLAY_COMBO_SAME_CARD", 400, "A combo names the same card twice."
    # --- tournaments
    DECK_ILLEGAL = "DECK_ILLEGAL", 400, "The deck is not legal for the event (`details.report`)."
    REGISTRATION_CLOSED = "REGISTRATION_CLOSED", 409, "Registrations are locked (deadline passed or organizer)."
    EVENT_FULL = "EVENT_FULL", 409, "The event has reached its capacity (`details.capacity`)."
    REGISTRATION_OPEN = "REGISTRATION_OPEN", 409, "Decklists are published only once the registrations are closed."
    DECKLISTS_PUBLISHED = "DECKLISTS_PUBLISHED", 409, "The decklists are published: registration cannot reopen."
    MALFORMED_CSV = "MALFORMED_CSV", 400, "The CSV cannot be read (encoding, header, rows, capacity)."
    CSV_TOO_MANY_ROWS = "CSV_TOO_MANY_ROWS", 400, "Over the rows one import may have (`details.max_rows`)."
    CSV_UNENCODABLE = "CSV_UNENCODABLE", 400, "A text has no Shift-JIS form; export in UTF-8."
    # --- simulations and odds
    DECK_REQUIRED = "DECK_REQUIRED", 400, "Neither a deck id nor a decklist."
    DECK_EMPTY = "DECK_EMPTY", 400, "The main deck is empty."
    DECK_TOO_SMALL = "DECK_TOO_SMALL", 400, "The deck is too small for the game's setup."
    KEY_CARD_NOT_IN_DECK = "KEY_CARD_NOT_IN_DECK", 400, "A key card is not a card of the main deck."
    CARD_NOT_IN_DECK = "CARD_NOT_IN_DECK", 400, "An odds query names a card the main deck does not hold."
    OVERLAPPING_GROUPS = "OVERLAPPING_GROUPS", 400, "Two groups of an odds query share a card."
    IMPOSSIBLE_QUERY = "IMPOSSIBLE_QUERY", 400, "An odds query that cannot be asked of this deck."
    INVALID_KIND = "INVALID_KIND", 400, "Not a simulation kind."
    INVALID_GOING = "INVALID_GOING", 400, "going is not first, second or both."
    INVALID_GAMES = "INVALID_GAMES", 400, "The number of games is out of range."
    COMPARE_NOT_SUPPORTED = "COMPARE_NOT_SUPPORTED", 400, "Only goldfish runs compare two decks."
    TOO_MANY_RUNS = "TOO_MANY_RUNS", 409, "Too many runs queued or running at once (`details.active`)."
    # --- the deck editor page's JSON endpoint (/editor/state/)
    INVALID_DECK = "INVALID_DECK", 400, "The editor's deck is not an object with one list per zone."
    INVALID_ZONE = "INVALID_ZONE", 400, "Not a deck zone."
    INVALID_CARD = "INVALID_CARD", 400, "A card is not given by its numeric id."
    INVALID_COUNT = "INVALID_COUNT", 400, "A count is not a whole number in range."
    INVALID_DATE = "INVALID_DATE", 400, "A date is not YYYY-MM-DD."
    INVALID_OPERATION = "INVALID_OPERATION", 400, "An editor change is not one of add, set, move, none."
    INVALID_OVERLAY = "INVALID_OVERLAY", 400, "An overlay is not given by its id (a slug)."


class ApplicationError(Exception):
    """A workflow error with a stable code (which fixes the HTTP status); nothing was written.

    Services raise it (or a subclass naming its situation); `api.errors.exception_handler` renders it in the one
    error shape. `headers` go on the response (e.g. the current ETag on a 412)."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        details: dict | None = None,
        *,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        # A string that is not in the vocabulary fails here, where it is raised. (mypy takes the members' __new__ for
        # the constructor; calling the enum class looks a value up.)
        self.code = ErrorCode(code)  # type: ignore[call-arg]
        self.message = message
        self.details = details or {}
        self.headers = headers or {}

    @property
    def status_code(self) -> int:
        return self.code.status


def field_errors(**fields: tuple[str, str]) -> dict:
    """The details of a VALIDATION_ERROR raised outside a serializer, in the shape DRF's errors are rendered in:
    `{"fields": {name: [{"message": ..., "code": ...}]}}` (the code is DRF's or Django's: required, invalid...)."""
    return {"fields": {name: [{"message": message, "code": code}] for name, (message, code) in fields.items()}}
