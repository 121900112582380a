"""Convert pages written against the old hand-made catalogue (`{% t "..." %}`, a `JA` dict) to Django's gettext.

    manage.py convert_ui_strings templates/web/new_page.html        # rewrite `{% t %}` tags in place
    manage.py makemessages -l ja -d django --no-obsolete            # collect the new msgids into the .po
    manage.py convert_ui_strings --ja-dict old_i18n.py              # fill empty msgstrs from a `JA = {...}` dict
    manage.py compilemessages -l ja                                  # then commit the .po and the .mo

`{% t "Text" %}` becomes `{% translate "Text" %}`; `{% t "Text {x}" x=expr %}` becomes
`{% blocktranslate with x=expr %}Text {{ x }}{% endblocktranslate %}`, and a `count=` argument becomes a plural
(`{% blocktranslate count count=expr %}`). The dict's `{x}` placeholders become gettext's `%(x)s`. Web/README.md
("Languages") describes the whole procedure.
"""

import ast
import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

T_TAG = re.compile(r"""\{%\s*t\s+(["'])(?P<text>.*?)\1(?P<args>(?:\s+\w+=[^\s%]+)*)\s*%\}""")
LOAD_TAG = re.compile(r"\{%\s*load\s+([^%]*?)\s*%\}")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Texts whose English has a singular: the dict only knew the plural form.
SINGULARS = {"{count} cards": "{count} card", "{count} hands": "{count} hand", "{count} decks": "{count} deck"}


def convert_tag(match: re.Match) -> str:
    text, args = match["text"], match["args"].split()
    if not args:
        return f"{{% translate {match[1]}{text}{match[1]} %}}"
    names = dict(arg.split("=", 1) for arg in args)
    body = PLACEHOLDER.sub(r"{{ \1 }}", text)
    if "count" in names:
        singular = PLACEHOLDER.sub(r"{{ \1 }}", SINGULARS.get(text, text))
        others = " ".join(f"{k}={v}" for k, v in names.items() if k != "count")
        return (
            f"{{% blocktranslate trimmed count count={names['count']}{' with ' + others if others else ''} %}}"
            f"{singular}{{% plural %}}{body}{{% endblocktranslate %}}"
        )
    with_args = " ".join(f"{k}={v}" for k, v in names.items())
    return f"{{% blocktranslate trimmed with {with_args} %}}{body}{{% endblocktranslate %}}"


def convert_template(source: str) -> str:
    converted = T_TAG.sub(convert_tag, source)
    if converted != source:
        converted = LOAD_TAG.sub(
            lambda m: m[0] if "i18n" in m[1].split() else f"{{% load i18n {m[1]} %}}", converted, count=1
        )
    return converted


def ja_dict_from_file(path: Path) -> dict[str, str]:
    """The `JA = {...}` literal of an old `web/i18n.py` (read, never imported), placeholders as gettext's."""
    for node in ast.walk(ast.parse(path.read_text())):
        targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
        if isinstance(node, ast.Assign | ast.AnnAssign) and any(getattr(t, "id", "") == "JA" for t in targets):
            entries = ast.literal_eval(node.value)
            return {PLACEHOLDER.sub(r"%(\1)s", k): PLACEHOLDER.sub(r"%(\1)s", v) for k, v in entries.items()}
    raise CommandError(f"no JA dict in {path}")


def fill_po(po_path: Path, ja: dict[str, str]) -> tuple[int, list[str]]:
    import polib  # a development tool: only this command and the tests read .po files

    po = polib.pofile(str(po_path), wrapwidth=0)
    po.metadata_is_fuzzy = False  # msgfmt drops a fuzzy header, and with it the Japanese plural rule
    po.header = 'Japanese UI texts of the deck builder (web/README.md, "Languages": how to add one).'
    po.metadata["Project-Id-Version"] = "deckbuilder"
    po.metadata["Language-Team"] = "Japanese"
    for key in ("Last-Translator", "PO-Revision-Date", "Report-Msgid-Bugs-To"):
        po.metadata.pop(key, None)
    po.metadata["Language"] = "ja"
    po.metadata["Plural-Forms"] = "nplurals=1; plural=0;"
    po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    filled, missing = 0, []
    for entry in po:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:  # msgmerge's guess from a similar text: never kept
            entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgid_plural = None
            entry.msgstr = ""
            entry.msgstr_plural = {0: ""} if entry.msgid_plural else {}
        if entry.msgid_plural:
            if not entry.msgstr_plural.get(0):
                text = ja.get(entry.msgid_plural) or ja.get(entry.msgid)
                if text:
                    entry.msgstr_plural = {0: text}
                    filled += 1
                else:
                    missing.append(entry.msgid)
        elif not entry.msgstr:
            if entry.msgid in ja:
                entry.msgstr = ja[entry.msgid]
                filled += 1
            else:
                missing.append(entry.msgid)
    po.save()
    return filled, missing


class Command(BaseCommand):
    help = "Rewrite `{% t %}` template tags as Django's translate tags; fill the Japanese .po from a JA dict."

    def add_arguments(self, parser):
        parser.add_argument("templates", nargs="*", help="template files to rewrite in place")
        parser.add_argument("--ja-dict", action="append", default=[], help="a Python file with a `JA = {...}` dict")

    def handle(self, *args, templates, ja_dict, **options):
        for name in templates:
            path = Path(name)
            source = path.read_text()
            converted = convert_template(source)
            if converted != source:
                path.write_text(converted)
                self.stdout.write(f"converted {path}")
        if ja_dict:
            ja: dict[str, str] = {}
            for name in ja_dict:
                ja.update(ja_dict_from_file(Path(name)))
            for domain in ("django", "djangojs"):
                po_path = Path(settings.BASE_DIR) / "locale" / "ja" / "LC_MESSAGES" / f"{domain}.po"
                if po_path.exists():
                    filled, missing = fill_po(po_path, ja)
                    self.stdout.write(f"{po_path.name}: {filled} filled; still empty: {missing}")
