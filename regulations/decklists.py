"""The decklist of a request (legality checks, one or a batch): JSON or text, within the size limits.

Below the views and the batch jobs alike, so that a decklist checked on a worker is read exactly as one checked in a
request.
"""

import re

from api.codes import ApplicationError, ErrorCode
from games import registry
from games.base import MAX_COPIES, MAX_LINES, DeckCodeError, DecklistFormatError, count_problem, counts_good
from games.deck_codes import deck_code_decode, deck_code_find

MAX_TEXT = 100_000  # characters of one text decklist


def decklist_from(*, deck=None, text=None, game: str | None = None):
    """The decklist of a request, read by its game's reader (games.registry; None: registry.DEFAULT_GAME): JSON
    `deck` or `text`, exactly one. Raises ApplicationError (400) only when the body is not a decklist at all: empty,
    not text, over the size limits, or JSON whose structure or entries are wrong. A text decklist is never refused
    because of some of its lines: each gets a status in the report."""
    if (deck is None) == (text is None):
        raise ApplicationError(ErrorCode.DECKLIST_MISSING, "Send exactly one of 'deck' (JSON) or 'text'.")
    if text is not None:
        if not isinstance(text, str):
            raise ApplicationError(ErrorCode.MALFORMED_DECKLIST, "'text' must be a string.")
        if len(text) > MAX_TEXT:
            raise ApplicationError(
                ErrorCode.DECKLIST_TOO_LARGE, f"A text decklist may have at most {MAX_TEXT} characters."
            )
        if not text.strip():
            raise ApplicationError(ErrorCode.DECKLIST_EMPTY, "The decklist is empty.")
        if not_text(text):
            raise ApplicationError(
                ErrorCode.DECKLIST_NOT_TEXT, "The decklist is not text (it holds control or binary characters)."
            )
        raw_lines = text.splitlines()
        if len(raw_lines) > MAX_LINES:  # only then can the non-blank ones be too many
            lines_check(sum(1 for line in raw_lines if line.strip()))
        decklist = text_decklist(text=text, game=game)
    else:
        try:
            decklist = registry.get(game).parse_json(deck)
        except DecklistFormatError as exc:
            raise ApplicationError(ErrorCode.MALFORMED_DECKLIST, str(exc)) from None
        lines_check(len(decklist.lines) + len(decklist.errors))
        if decklist.errors:
            raise ApplicationError(
                ErrorCode.DECKLIST_UNREADABLE,
                f"{len(decklist.errors)} entr(y/ies) of the decklist could not be read.",
                details={"errors": [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]},
            )
    copies_check(decklist_copies(decklist))
    return decklist


def text_decklist(*, text: str, game: str | None = None):
    """A text decklist read by its game (games.registry): a deck code (games.deck_codes: the code, or a share link
    ending with it) is read as the JSON decklist it carries, anything else by the game's `parse_text`. A code of
    another game than `game`, or of none, raises DeckCodeError (`game`)."""
    the_game = registry.get(game)
    code = deck_code_find(text)
    if code is None:
        return the_game.parse_text(text)
    code_game, zones = deck_code_decode(code)
    if code_game != the_game.code:
        named = registry.all_games()
        other = next((g.name_en for g in named if g.code == code_game), None)
        raise DeckCodeError(
            "game",
            f"This deck code is a {other} deck: read it as game {code_game!r}."
            if other
            else f"This deck code is of a game this site does not have ({code_game!r}).",
        )
    return the_game.parse_json({zone: [{"card": key, "count": n} for key, n in cards] for zone, cards in zones.items()})


def decklist_copies(decklist) -> int:
    """The copies a decklist of any game holds (the core reads only its lines: games.registry). Every path that checks
    or stores a decklist counts it here, so this is where the core holds every game to games.base's count rule: a
    line with a count outside it (a game's reader that let one through) refuses the decklist with
    DECKLIST_UNREADABLE naming the line, never summed negative into a deck that looks legal."""
    counts = decklist.line_counts
    if counts_good(counts):
        return sum(counts)
    bad = [(line, problem) for line in decklist.lines if (problem := count_problem(line.count))]
    if bad:
        raise ApplicationError(
            ErrorCode.DECKLIST_UNREADABLE,
            f"{len(bad)} line(s) of the decklist have a count no deck has.",
            details={
                "errors": [{"line": line.line, "text": str(line.card), "message": problem} for line, problem in bad]
            },
        )
    return sum(line.count for line in decklist.lines)


def lines_check(lines: int) -> None:
    """The line cap (MAX_LINES) of every decklist the site checks or stores (see copies_check)."""
    if lines > MAX_LINES:
        raise ApplicationError(ErrorCode.DECKLIST_TOO_LARGE, f"A decklist may have at most {MAX_LINES} lines.")


def copies_check(copies: int) -> None:
    """The copy cap (MAX_COPIES) of every decklist the site checks or stores: the legality requests
    and batches, the editor, every deck write (create, update, import, card page) and the registrations. One owner,
    so that no path stores a deck the others would refuse (a 1,000-line `999 <card>` list: 999,000 copies)."""
    if copies > MAX_COPIES:
        raise ApplicationError(
            ErrorCode.DECKLIST_TOO_MANY_COPIES,
            f"A decklist may hold at most {MAX_COPIES} copies in all (this one holds {copies}).",
            details={"copies": copies, "limit": MAX_COPIES},
        )


_CONTROL = re.compile("[\x00-\x08\x0e-\x1f]")  # below 32, except the whitespace \t \n \v \f \r


def not_text(text: str) -> bool:
    """A body that is not a decklist: NUL or other control characters (binary pasted as text)."""
    if "\x00" in text:
        return True
    return _CONTROL.search(text) is not None and len(_CONTROL.findall(text)) > max(2, len(text) // 100)
