"""Display names of data words, and the English messages of other layers shown in the page's language.

The UI texts are Django gettext messages: `{% translate %}` / `{% blocktranslate %}` in templates, `gettext` in
Python, `gettext()` / `ngettext()` of Django's `JavaScriptCatalog` in the JS modules; the Japanese catalogue is
`locale/ja/LC_MESSAGES/django.po` and `djangojs.po` (web/README.md, "Languages"). Rule violations are not translated
here: the legality report carries both `message` and `message_ja`, and the pages pick one.

Data words (zones, visibilities, statuses, face roles, card types...) are stored as codes; `display()` (the
`|tr` template filter) gives each its name in the active language.
"""

import itertools

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from games import registry
from games.capabilities import message_patterns

# Data word -> UI label (lazy: translated when shown, in the request's language): the core's own words. A game's own
# words (its zones, colours, statuses...) are the game's `pages.words` (docs/games.md).
DISPLAY = {
    # visibilities (format names are the Format table's: the `|format_name` filter)
    "private": _("Private"),
    "unlisted": _("Unlisted (by link)"),
    "public": _("Public"),
    # form field names
    "name": _("Name"),
    "description": _("Description"),
    "format": _("Format"),
    "visibility": _("Visibility"),
    # decklist line statuses (games.base.LineStatus)
    "card": _("Card"),
    "heading": _("Heading"),
    "ignored": _("Not a card (ignored)"),
    "ok": _("OK"),
    "moved": _("Moved to its zone"),
    "unknown": _("Unknown card"),
    "ambiguous": _("Ambiguous name"),
    "error": _("Unreadable line"),
    # registration and job statuses
    "legal": _("Legal"),
    "illegal": _("Illegal"),
    "queued": _("queued"),
    "running": _("running"),
    "done": _("done"),
    "failed": _("failed"),
    "cancelled": _("cancelled"),
    # audit trail actions (tournaments.models.AuditAction)
    "submit": _("Deck submitted"),
    "replace": _("Deck replaced"),
    "amend": _("Amended by the organizer"),
    "lock": _("Registrations locked"),
    "import": _("Imported from CSV"),
    "withdraw": _("Withdrawn"),
    "publish": _("Lists published"),
    "unlock": _("Registrations reopened"),
    "settings": _("Settings changed"),
    # the search's notes: a field some cards do not give (cards.selectors.SearchNote; a game's facts are its words)
    "release_date": _("release date"),
    "block": _("block"),
    # card faces (the catalogue's `CardFace.role`; a game's other roles are its own words)
    "front": _("Front"),
    "back": _("Back"),
}


def display(value, game=None) -> str:
    """A data word as its UI label in the active language: the core's, else a game's (`game`'s when the page knows
    whose word it is), else the name a game gives its zone of that code (the OCG's `extra`: Extra Deck,
    エクストラデッキ); an unknown word is shown as it is."""
    text = str(value)
    label: object = DISPLAY.get(text)
    if label is None:
        label = registry.display_word(text, game=game)
    if label is None:
        games = [registry.get(game)] if game else registry.all_games()
        zone = next((zone for each in games for zone in each.zones if zone.code == text), None)
        if zone is not None:
            label = zone.name_ja if (get_language() or "").startswith("ja") else zone.name_en
    return str(label) if label is not None else text


# English messages of other layers shown on the pages (the search language's errors, the services' errors): each
# message, or the text as written and the gettext message it is shown with (games.capabilities.message_patterns, the
# one table form of the core's and every game's `pages.messages`), after each game's own (its search fields',
# decklist reader's and odds' messages, which a core message may quote). A message not listed is shown as it is.
_SERVER_MESSAGES = message_patterns(
    # cards/query.py (QueryError message and `expected`)
    gettext_noop("'-' must be followed by a term"),
    gettext_noop("empty search word"),
    gettext_noop("unterminated quoted words"),
    gettext_noop("a quoted value must end the term"),
    gettext_noop("a quote inside a word"),
    gettext_noop("missing value"),
    gettext_noop("empty value"),
    gettext_noop("unknown field '%(value)s'"),
    (
        r"^operator '(?P<op>.*)' cannot be used with (?P<field>\w+)$",
        gettext_noop("operator '%(op)s' cannot be used with %(field)s"),
    ),
    gettext_noop("'%(value)s' is not a whole number"),
    gettext_noop("unknown zone '%(value)s'"),
    gettext_noop("unknown property '%(value)s'"),
    gettext_noop("an order cannot be negated"),
    gettext_noop("unknown order '%(value)s'"),
    gettext_noop("a term after '-'"),
    gettext_noop("a word"),
    gettext_noop("a closing '\"'"),
    gettext_noop("whitespace"),
    gettext_noop("whitespace before '\"'"),
    gettext_noop("a value"),
    gettext_noop("an integer"),
    gettext_noop("order:-cost for descending"),
    gettext_noop("one of %(words)s"),
    # games/base.py (count_problem: every game's line count)
    gettext_noop("the count must be a whole number from 1 to %(max)s"),
    (
        r"^(?P<where>.+): the count must be a whole number from 1 to (?P<max>\d+)$",
        gettext_noop("%(where)s: the count must be a whole number from 1 to %(max)s"),
    ),
    # tournaments/services.py (EventInvalid messages)
    gettext_noop("The registration deadline must be on or before the event date."),
    gettext_noop("The registration deadline must be in 1900 or later."),
    gettext_noop("The capacity must be at least 1 (leave it empty for no limit)."),
    gettext_noop("%(count)s players are registered: the capacity cannot be lower."),
    gettext_noop("A point cap applies to GENESYS events only (leave it empty)."),
    gettext_noop("The point cap must be 0 or more (leave it empty for the default)."),
    (
        r"^The event overlay '(?P<overlay>[^']+)' is for (?P<overlay_game>.+), not (?P<game>.+): choose an "
        r"overlay of the event's game\.$",
        gettext_noop(
            "The event overlay %(overlay)s is for %(overlay_game)s, not %(game)s: choose an overlay of "
            "the event's game."
        ),
    ),
    gettext_noop("The deadline has passed: give a new registration deadline."),
    # tournaments/services.py (CsvRejected messages and the import's row messages), web/views/tournaments.py
    (
        'the CSV is neither UTF-8 nor Shift-JIS (CP932): save it as "CSV UTF-8" and try again',
        gettext_noop('The CSV is neither UTF-8 nor Shift-JIS (CP932): save it as "CSV UTF-8" and try again.'),
    ),
    (
        "the CSV has %(rows)d rows but the event takes at most %(capacity)d players; nothing was imported",
        gettext_noop(
            "The CSV has %(rows)s rows but the event takes at most %(capacity)s players; nothing was imported."
        ),
    ),
    (
        "with this CSV the event would have %(total)d players (%(registered)d already registered) but it takes at "
        "most %(capacity)d; nothing was imported",
        gettext_noop(
            "With this CSV the event would have %(total)s players (%(registered)s already registered) but it "
            "takes at most %(capacity)s; nothing was imported."
        ),
    ),
    ("unreadable CSV: %(reason)s", gettext_noop("The CSV could not be read: %(reason)s")),
    (
        "the CSV needs a header with the columns player and decklist (or deck_json)",
        gettext_noop("The CSV needs a header row with the columns player and decklist (or deck_json)."),
    ),
    (
        "at most %(limit)d rows per import; split the file",
        gettext_noop("At most %(limit)s rows per import: split the file."),
    ),
    ("the file is larger than 5 MB", gettext_noop("The file is larger than 5 MB.")),
    ("the player is empty", gettext_noop("The player is empty.")),
    ("unreadable decklist: %(reason)s", gettext_noop("Unreadable decklist: %(reason)s")),
    ("unresolved lines", gettext_noop("Lines that name no card (or several):")),
    # regulations/services.py (OverlayError messages)
    gettext_noop("'%(value)s' is not a card status."),
    gettext_noop("'%(value)s' is not a combo kind."),
    gettext_noop("%(count)s card(s) of the overlay could not be identified; nothing was stored."),
    gettext_noop("A card may have only one status in an overlay."),
    gettext_noop("A combo needs two different cards."),
    gettext_noop("The card catalogue changed during the request; try again."),
    gettext_noop("The overlay id '%(id)s' is taken."),
    gettext_noop("%(count)s tournament event(s) validate against the overlay '%(id)s'; it cannot be deleted."),
    gettext_noop(
        "%(count)s locked tournament event(s) validate against the overlay '%(id)s'; it cannot change. Make "
        "a new overlay for a new event."
    ),
    # tournaments/services.py (audit_chain_verify's problems; the automatic lock's reason)
    ("sequence gap: expected %(number)d", gettext_noop("sequence gap: entry %(number)s was expected")),
    (
        "prev_hash does not match the previous entry's hash",
        gettext_noop("its previous hash does not match the previous entry's hash (an entry removed or reordered)"),
    ),
    (
        "entry hash does not match its content (altered entry)",
        gettext_noop("its hash does not match its content (the entry was altered)"),
    ),
    ("entry is not signed", gettext_noop("the entry is not signed")),
    ("entry signed with an unknown key (%(key)s)", gettext_noop("the entry is signed with an unknown key (%(key)s)")),
    (
        "signature does not match the entry hash (rewritten entry)",
        gettext_noop("its signature does not match its hash (the entry was rewritten)"),
    ),
    gettext_noop("the published head's signature is not ours (not a head we signed)"),
    (
        "published head has %(count)d entries; the chain has %(entries)d",
        gettext_noop("the published head has %(count)s entries; the chain has %(entries)s"),
    ),
    ("entry differs from the published head", gettext_noop("the entry differs from the published head")),
    gettext_noop("locked again without an unlock entry (unlocked in the database)"),
    (
        r"^(?P<action>\w+) after the lock without an unlock entry \(unlocked in the database\)$",
        gettext_noop("“%(action)s” after the lock without an unlock entry (unlocked in the database)"),
    ),
    gettext_noop("the event is open but its chain ends locked (unlocked in the database)"),
    (r"^(?P<field>\w+) changed after the lock$", gettext_noop("%(field)s changed after the lock")),
    (
        "registration snapshot does not give its stored hash (edited)",
        gettext_noop("the registration's list does not give its stored hash (edited)"),
    ),
    ("registration has no audit entry", gettext_noop("the registration has no audit entry")),
    ("registration was withdrawn but is present", gettext_noop("the registration was withdrawn but is present")),
    (
        "registration differs from its last audit entry",
        gettext_noop("the registration differs from its last audit entry"),
    ),
    (
        "registration is missing without a withdrawal entry",
        gettext_noop("the registration is missing without a withdrawal entry"),
    ),
    ("registration deadline passed", gettext_noop("the registration deadline passed")),
    # decks/services.py (version notes)
    ("import", gettext_noop("imported from a decklist")),
    gettext_noop("restored version %(number)s"),
    gettext_noop("copied from deck %(deck)s"),
    gettext_noop("added from a card page"),
)


def server_message(text, *, as_html: bool = False) -> str:
    """An English message of another layer in the active language (web.i18n._SERVER_MESSAGES).

    With `as_html` the values taken from the message (a user's search word, a field name) are escaped and set in
    <code>, the rest escaped: the result is safe HTML.
    """
    text = "" if text is None else str(text)
    games = (game.pages.messages for game in registry.all_games())
    for pattern, message in itertools.chain(*games, _SERVER_MESSAGES):
        if match := pattern.match(text):
            values = match.groupdict()
            if not as_html:
                return gettext(message) % values if values else gettext(message)
            translated = conditional_escape(gettext(message))
            html = (
                translated % {k: format_html("<code>{}</code>", v) for k, v in values.items()} if values else translated
            )
            return mark_safe(html)  # noqa: S308 - every part above is escaped
    return conditional_escape(text) if as_html else text
