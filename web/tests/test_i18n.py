"""The Japanese catalogue (Django gettext): complete, compiled, in step with the sources; the switch and plurals work.

The extraction check runs GNU xgettext the way `manage.py makemessages` does (templates through Django's
`templatize`), so a text added to a template, a Python module or a JS module without a Japanese entry fails here.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.utils import translation
from django.utils.translation.template import templatize

ROOT = Path(settings.BASE_DIR)
MESSAGES = ROOT / "locale" / "ja" / "LC_MESSAGES"
DOMAINS = ["django", "djangojs"]
# The keywords makemessages gives xgettext (django/core/management/commands/makemessages.py).
KEYWORDS = ["gettext_noop", "gettext_lazy", "ngettext_lazy:1,2", "pgettext:1c,2", "npgettext:1c,2,3"]
PY_KEYWORDS = [*KEYWORDS, "pgettext_lazy:1c,2", "npgettext_lazy:1c,2,3"]


def _po(domain: str) -> polib.POFile:
    return polib.pofile(str(MESSAGES / f"{domain}.po"))


def _translations(entries) -> dict[tuple[str, str | None, str | None], tuple[str, ...]]:
    # Keyed by context too: one English word may have several translations (the OCG's "Limited" is not Duel Masters').
    return {
        (entry.msgid, entry.msgid_plural or None, entry.msgctxt or None): (
            tuple(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))
            if entry.msgid_plural
            else (entry.msgstr,)
        )
        for entry in entries
        if entry.msgid and not entry.obsolete
    }


def _xgettext(language: str, keywords: list[str], files: list[Path]) -> set[str]:
    xgettext = shutil.which("xgettext")
    assert xgettext, "GNU gettext is needed for this check: `make gettext` installs it"
    args = [xgettext, f"--language={language}", "--from-code=UTF-8", "--output=-"]
    args += [f"--keyword={keyword}" for keyword in keywords]
    out = subprocess.run([*args, *map(str, files)], capture_output=True, text=True, check=True).stdout
    out = out.replace("charset=CHARSET", "charset=UTF-8")  # as makemessages does with xgettext's template
    return {entry.msgid for entry in polib.pofile(out) if entry.msgid}


def _source_msgids(domain: str, tmp_path: Path) -> set[str]:
    if domain == "djangojs":
        # The pages' scripts and the games' own (games/<code>/static/<code>/).
        scripts = sorted((ROOT / "static" / "js").glob("*.js")) + sorted(ROOT.glob("games/*/static/**/*.js"))
        return _xgettext("JavaScript", KEYWORDS, scripts)
    files = []
    # The pages' templates and the games' page fragments (games/<code>/templates/).
    templates = sorted((ROOT / "templates").rglob("*.html")) + sorted(ROOT.glob("games/*/templates/**/*.html"))
    for index, template in enumerate(templates):
        converted = tmp_path / f"template_{index}.py"
        converted.write_text(templatize(template.read_text(), origin=str(template)))
        files.append(converted)
    for app in (
        "web",
        "cards",
        "decks",
        "regulations",
        "tournaments",
        "simulations",
        "accounts",
        "api",
        "deckbuilder",
        "games",
    ):
        files += [path for path in sorted((ROOT / app).rglob("*.py")) if "tests" not in path.parts]
    return _xgettext("Python", PY_KEYWORDS, files)


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_japanese_translation(domain):
    po = _po(domain)
    assert len(po) > 40, "the catalogue is nearly empty"
    assert po.metadata["Plural-Forms"] == "nplurals=1; plural=0;"
    assert not po.metadata_is_fuzzy
    empty = [key for key, texts in _translations(po).items() if not all(text.strip() for text in texts)]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert (empty, fuzzy) == ([], [])


@pytest.mark.parametrize("domain", DOMAINS)
def test_placeholders_match_between_english_and_japanese(domain):
    placeholder = re.compile(r"%\(\w+\)s")
    wrong = [
        key
        for key, texts in _translations(_po(domain)).items()
        for text in texts
        if sorted(set(placeholder.findall(key[0]))) != sorted(set(placeholder.findall(text)))
    ]
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_compiled_catalogue_is_the_po_file(domain):
    """The .mo files are committed (no gettext tool needed to run the site); they must say what the .po says."""
    compiled = _translations(polib.mofile(str(MESSAGES / f"{domain}.mo")))
    assert compiled == _translations(_po(domain)), "run `make messages` and commit the .mo"


@pytest.mark.parametrize("domain", DOMAINS)
def test_catalogue_holds_every_text_of_the_sources(domain, tmp_path):
    in_sources = _source_msgids(domain, tmp_path)
    in_catalogue = {key[0] for key in _translations(_po(domain))}
    assert len(in_sources) > 40
    assert (sorted(in_sources - in_catalogue), sorted(in_catalogue - in_sources)) == ([], [])


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        pytest.param("en", 1, "1 card", id="en-one"),
        pytest.param("en", 2, "2 cards", id="en-two"),
        pytest.param("en", 0, "0 cards", id="en-zero"),
        pytest.param("ja", 1, "1 枚", id="ja-one"),
        pytest.param("ja", 40, "40 枚", id="ja-forty"),
    ],
)
def test_card_count_plural(language, count, expected):
    template = Template(
        "{% load i18n %}{% blocktranslate trimmed count count=n %}{{ count }} card{% plural %}"
        "{{ count }} cards{% endblocktranslate %}"
    )
    with translation.override(language):
        assert template.render(Context({"n": count})) == expected


@pytest.mark.parametrize(
    ("words", "word", "english", "japanese"),
    [
        pytest.param("tr", "hyperspatial", "Hyperspatial zone", "超次元ゾーン", id="deck-zone"),
        pytest.param("tr", "super_gr_zone", "Super GR zone", "超GRゾーン", id="start-zone"),
        pytest.param(
            "tr", "twinpact_top", "Twinpact top (creature)", "ツインパクト上側（クリーチャー）", id="face-role"
        ),
        pytest.param("tr", "double", "Double breaker", "W・ブレイカー", id="breaker"),
        pytest.param("tr", "running", "running", "実行中", id="job-status"),
        # One owner of a format's name: the Format table (editable in the admin), not the message catalogue.
        pytest.param("format_name", "advance", "Advance", "アドバンス", id="format"),
        pytest.param("format_name", "unrestricted", "Unrestricted", "殿堂ゼロ", id="format-not-the-status"),
        pytest.param("format_name", "no-such-format", "no-such-format", "no-such-format", id="unknown-format"),
    ],
)
def test_data_words_have_names_in_both_languages(db, words, word, english, japanese):
    template = Template("{% load ui %}{{ word|" + words + " }}")
    for language, expected in (("en", english), ("ja", japanese)):
        with translation.override(language):
            assert template.render(Context({"word": word})) == expected


@pytest.mark.parametrize(("language", "expected"), [("en", "Card search"), ("ja", "カード検索")])
def test_language_switch(db, language, expected):
    client = Client()
    response = client.post("/i18n/setlang/", {"language": language, "next": "/cards/"})
    assert response.status_code == 302
    body = client.get("/cards/").content.decode()
    assert expected in body
    assert f'<html lang="{language}">' in body


@pytest.mark.parametrize(("language", "present"), [("en", False), ("ja", True)])
def test_js_catalogue_is_served_in_the_language(db, language, present):
    client = Client(headers={"accept-language": language})
    body = client.get(f"/jsi18n/?v={language}").content.decode()
    assert "django.gettext" in body
    assert (json.dumps("保存済み") in body) is present


@pytest.mark.parametrize(
    ("english", "japanese"),
    [
        pytest.param("unknown civilization 'purple'", "不明な文明「purple」", id="search-error"),
        pytest.param("one of light, water", "次のいずれか: light, water", id="search-expected"),
        pytest.param("the count must be at least 1", "枚数は1以上にしてください", id="decklist-line"),
        pytest.param("restored version 3", "バージョン 3 を復元", id="version-note"),
        pytest.param("import", "デッキリストからインポート", id="import-note"),
        pytest.param("a note typed by a player", "a note typed by a player", id="unknown-text-unchanged"),
    ],
)
def test_messages_of_other_layers_are_shown_in_japanese(english, japanese):
    from web.i18n import server_message

    with translation.override("ja"):
        assert server_message(english) == japanese
    with translation.override("en"):
        assert server_message(english) in (english, "imported from a decklist")


def test_values_in_a_translated_message_are_escaped():
    template = Template("{% load ui %}{{ text|server_text }}")
    with translation.override("ja"):
        html = template.render(Context({"text": "unknown field '<b>x</b>'"}))
    assert html == "不明な項目「<code>&lt;b&gt;x&lt;/b&gt;</code>」"


def _csv_message(text: str) -> str:
    from tournaments.services import CsvRejected, _csv_rows

    with pytest.raises(CsvRejected) as raised:
        _csv_rows(text)
    return raised.value.message


def _undecodable_csv() -> str:
    from tournaments.services import CsvRejected, csv_decode

    with pytest.raises(CsvRejected) as raised:
        csv_decode(b"\x81\x00\xff\xfe")
    return raised.value.message


def _overlay_message(entries: list, combos: list) -> str:
    from regulations.services import OverlayError, _resolve_overlay

    with pytest.raises(OverlayError) as raised:
        _resolve_overlay(entries=entries, combos=combos)
    return raised.value.message


# The services' own messages (raised for real, not copied here), as the import and overlay pages show them.
SERVICE_MESSAGES = [
    pytest.param(lambda: _csv_message("name,deck\r\n"), "CSV には player と decklist", id="csv-header"),
    pytest.param(_undecodable_csv, "CSV が UTF-8 でも Shift-JIS", id="csv-encoding"),
    pytest.param(
        lambda: _overlay_message([{"status": "banned", "card": "存在しないカードX"}], []),
        "オーバーレイのカード 1 枚を特定できませんでした",
        id="overlay-unresolved",
    ),
    pytest.param(
        lambda: _overlay_message([], [{"cards": ["テスト火炎兵", "テスト火炎兵"]}]),
        "組み合わせには異なる 2 枚のカードが必要です",
        id="overlay-combo-same-card",
    ),
]


@pytest.mark.parametrize(("raise_message", "japanese"), SERVICE_MESSAGES)
def test_import_and_overlay_errors_are_shown_in_the_page_language(catalogue, raise_message, japanese):
    from web.i18n import server_message

    english = raise_message()
    with translation.override("ja"):
        assert japanese in server_message(english)
    with translation.override("en"):
        shown = server_message(english)
    assert not shown[0].islower() and shown.endswith((".", ":"))  # a sentence, as the page shows it


AUDIT_ACTIONS = ["submit", "replace", "amend", "lock", "import", "withdraw", "publish", "unlock", "settings"]


def test_every_audit_action_is_listed():
    from tournaments.models import AuditAction

    assert sorted(AUDIT_ACTIONS) == sorted(action.value for action in AuditAction)


@pytest.mark.parametrize("action", AUDIT_ACTIONS)
def test_audit_actions_have_a_label_in_each_language(action):
    from web.i18n import display

    with translation.override("en"):
        english = display(action)
    with translation.override("ja"):
        japanese = display(action)
    assert english != action and japanese not in (action, english)
