"""python manage.py check_deck PATH [--game dm] [--format FORMAT] [--as-of YYYY-MM-DD] [--overlay ID] [--json]

The decklist is read and checked by its game (games.registry; `--game` a registry code, default
registry.DEFAULT_GAME): its own reader (Duel Masters: a text or JSON list; the Yu-Gi-Oh! OCG: a .ydk or a name list)
and its own legality report, in its default format unless `--format` names another.

Exit status: 0 legal, 1 illegal, 2 unreadable input (or an unknown game / format / overlay).
"""

import json
import sys
from datetime import date

from django.core.management.base import BaseCommand

from api.codes import ApplicationError
from games import registry
from games.base import DecklistFormatError

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


class Command(BaseCommand):
    help = "Check a text or JSON decklist (PATH, or - for standard input). Exit 0 legal, 1 illegal, 2 unreadable."

    def add_arguments(self, parser):
        parser.add_argument("path", help="decklist file (text or JSON), or - for standard input")
        parser.add_argument(
            "--game",
            default=None,
            help=f"the game (default {registry.DEFAULT_GAME}); e.g. ygo for a .ydk or an OCG list",
        )
        parser.add_argument(
            "--format",
            default=None,
            help="the game's format (default: the game's default format)",
        )
        parser.add_argument("--as-of", dest="as_of", default=None, help="date of the regulation, YYYY-MM-DD")
        parser.add_argument("--overlay", default=None, help="event overlay id")
        parser.add_argument("--json", action="store_true", help="print the full report as JSON")

    def handle(self, *args, path, game, format, as_of, overlay, json: bool, **options):
        sys.exit(self._run(path=path, game=game, format_code=format, as_of=as_of, overlay=overlay, as_json=json))

    def _fail(self, message: str) -> int:
        self.stderr.write(message)
        return EXIT_UNREADABLE

    def _run(self, *, path, game, format_code, as_of, overlay, as_json) -> int:
        try:
            raw = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()  # noqa: SIM115
            text = raw.decode("utf-8-sig")
        except OSError as exc:
            return self._fail(f"cannot read {path}: {exc.strerror or exc}")
        except UnicodeDecodeError:
            return self._fail(f"{path} is not UTF-8 text")
        try:
            day = date.fromisoformat(as_of) if as_of else None
        except ValueError:
            return self._fail(f"--as-of must be YYYY-MM-DD, not {as_of!r}")
        try:
            the_game = registry.get(game)  # UNKNOWN_GAME
        except ApplicationError as exc:
            return self._fail(str(exc))
        stripped = text.lstrip()
        if stripped.startswith("{"):
            try:
                decklist = the_game.parse_json(json_module.loads(stripped))
            except (ValueError, DecklistFormatError) as exc:
                return self._fail(f"{path}: not a JSON decklist: {exc}")
        else:
            try:
                decklist = the_game.parse_text(text)
            except (ValueError, DecklistFormatError) as exc:
                return self._fail(f"{path}: not a decklist: {exc}")
        errors = getattr(decklist, "errors", ())
        for error in errors:
            self.stderr.write(f"{path}:{error.line}: {error.message}: {error.text.strip()}")
        if errors and not as_json:
            return EXIT_UNREADABLE
        try:
            report = the_game.legality_report(
                decklist=decklist,
                format_code=format_code or the_game.default_format,
                as_of=day,
                overlay_id=overlay or None,
            )
        except ApplicationError as exc:  # UNKNOWN_FORMAT, UNKNOWN_OVERLAY
            return self._fail(str(exc))
        if as_json:
            self.stdout.write(json_module.dumps(report, ensure_ascii=False, indent=2, default=str))
        else:
            self._print(report, game=the_game.code)
        if errors:
            return EXIT_UNREADABLE
        return EXIT_LEGAL if report["legal"] else EXIT_ILLEGAL

    def _print(self, report: dict, *, game: str = registry.DEFAULT_GAME) -> None:
        counts = report["counts"]
        verdict = "LEGAL" if report["legal"] else ("BUILDABLE (sizes only)" if report["buildable"] else "ILLEGAL")
        zones = ", ".join(f"{zone} {count}" for zone, count in counts.items())
        named = "" if game == registry.DEFAULT_GAME else f"game={game} "  # Duel Masters' line is as it always was
        self.stdout.write(f"{verdict}  {named}format={report['format']} as_of={report['as_of']}  {zones}")
        for item in report["violations"]:
            self.stdout.write(f"  {item['code']} [{item['rule']}] {item['message']}")
        for item in report["warnings"]:
            self.stdout.write(f"  warning {item['code']}: {item['message']}")
        for line in report.get("lines") or ():
            if line["status"] in ("unknown", "ambiguous"):
                names = ", ".join(candidate["name_ja"] for candidate in line["candidates"][:5])
                hint = f" (did you mean: {names})" if names else ""
                self.stdout.write(f"  line {line['line']}: {line['status']} {line['written']!r}{hint}")
        self.stdout.write(f"  deck hash {report['deck_hash']}")


json_module = json
