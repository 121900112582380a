"""An audit entry's details (its stored JSON payload, tournaments.services._audit_append) in the page's language.

The payload stays as it was signed (keys and values in English codes: the chain's hashes cover them); the audit page
shows each key by its label and each value readably: statuses and zones as data words (`|tr`), a change as
"before → after", the fields signed at the lock one per line, the automatic lock's reason translated.
"""

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games import registry
from web.i18n import display, server_message

# Payload keys (tournaments.services: the audit entries of submit, replace, amend, withdraw, import, lock, unlock,
# settings, publish), the event fields they name (FROZEN_AT_LOCK, event_update's `changed`) and the keys inside their
# values (a registration digest's `owner` and `digest`, a legality change's `from` and `to`): every one has a label,
# no stored key is shown raw (web/tests/test_tournament_pages.py, test_the_audit_page_shows_no_raw_key).
_LABELS = {
    "player": _("Player"),
    "deck_hash": _("Deck hash"),
    "old_deck_hash": _("Previous deck hash"),
    "status": _("Legality"),
    "old_status": _("Previous legality"),
    "deck_version": _("Deck version"),
    "reason": _("Reason"),
    "replaced": _("Replaced an earlier registration"),
    "registrations": _("Registrations"),
    "lock_hash": _("Hash of the locked registrations"),
    "frozen": _("Signed at the lock"),
    "changed": _("Changed settings"),
    "status_changes": _("Legality changes"),
    "locked_at": _("Locked at"),
    "registration_deadline": _("Registration deadline"),
    "name": _("Name"),
    "date": _("Event date"),
    "format_code": _("Format"),
    "regulation_date": _("Regulation date"),
    "capacity": _("Capacity"),
    "overlay_id": _("Overlay"),
    "overlay_content": _("Overlay content (fingerprint)"),
    "point_cap": _("GENESYS point cap"),
    "game": _("Game"),
    "publish_decklists": _("Decklists published"),
    "owner": _("Registered account (id)"),
    "digest": _("Registration digest"),
    "registration_digests": _("Registration digests (account id and digest per registration)"),
    "from": _("Before"),
    "to": _("After"),
}
_STATUS_KEYS = frozenset({"status", "old_status", "from", "to"})


def _label(key: str) -> str:
    label = _LABELS.get(key)
    return str(label) if label is not None else key


def _value(key: str, value) -> str:
    if value is None or value in ("", [], {}):
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if key in _STATUS_KEYS:
        return display(value)
    if key == "game" and isinstance(value, str):
        return _game_name(value)
    if key == "reason":
        return server_message(value)  # the automatic lock's reason is ours; an organizer's reason is shown as written
    if isinstance(value, list) and len(value) == 2 and not any(isinstance(v, dict | list) for v in value):
        return f"{_value(key, value[0])} → {_value(key, value[1])}"  # a setting or deadline: before → after
    if isinstance(value, list):
        return "; ".join(_value(key, item) for item in value)
    if isinstance(value, dict):
        if {"player", "from", "to"} <= set(value):  # one registration whose legality changed
            return f"{value['player']}: {display(value['from'])} → {display(value['to'])}"
        return "; ".join(f"{_label(k)}: {_value(k, v)}" for k, v in value.items())
    return str(value)


def _game_name(code: str) -> str:
    """A game's name in the page's language (its code when no game has it)."""
    for game in registry.all_games():
        if game.code == code:
            return game.name_ja if (get_language() or "en").startswith("ja") else game.name_en
    return code


def audit_details(payload: dict | None) -> list[dict]:
    """The rows of an entry's details: `key` (the stored key), `label` and `value` in the page's language."""
    return [{"key": key, "label": _label(key), "value": _value(key, value)} for key, value in (payload or {}).items()]
