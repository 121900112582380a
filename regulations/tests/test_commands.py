"""check_deck: exit 0 legal, 1 illegal, 2 unreadable; text or JSON; a file or standard input."""

import io
import json
import sys

import pytest
from django.core.management import call_command

from regulations.tests.catalogue import FILLER, LIMITED

LEGAL = "\n".join(f"4 {name}" for name in FILLER[:10]) + "\n"
ILLEGAL = "\n".join(f"4 {name}" for name in FILLER[:9]) + f"\n2 {FILLER[9]}\n2 {LIMITED}\n"


def run(args, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    with pytest.raises(SystemExit) as exit_info:
        call_command("check_deck", *args, stdout=out, stderr=err)
    return exit_info.value.code, out.getvalue(), err.getvalue()


EXIT_CODES = [
    pytest.param(LEGAL, [], 0, id="legal"),
    pytest.param(ILLEGAL, ["--as-of", "2015-01-01"], 1, id="illegal-hall-of-fame"),
    pytest.param(ILLEGAL, ["--as-of", "2019-01-01"], 0, id="legal-after-release"),
    pytest.param(LEGAL + "1000 フィラー01\n", [], 2, id="count-out-of-range"),
    pytest.param("『タイトル』\n" + LEGAL + "this line has no count\n", [], 0, id="title-and-comment-ignored"),
    pytest.param(LEGAL, ["--format", "nope"], 2, id="unknown-format"),
    pytest.param(LEGAL, ["--overlay", "nope"], 2, id="unknown-overlay"),
    pytest.param(LEGAL, ["--as-of", "someday"], 2, id="bad-date"),
    pytest.param('{"main": "not a list"}', [], 2, id="bad-json-structure"),
    pytest.param(json.dumps({"main": [{"card": n, "count": 4} for n in FILLER[:10]]}), [], 0, id="json-legal"),
]


@pytest.mark.parametrize(("content", "args", "code"), EXIT_CODES)
def test_exit_codes(hof, tmp_path, content, args, code):
    path = tmp_path / "deck.txt"
    path.write_text(content, encoding="utf-8")
    assert run([str(path), *args])[0] == code


def test_missing_file_is_unreadable(hof, tmp_path):
    status, _out, err = run([str(tmp_path / "missing.txt")])
    assert status == 2 and "cannot read" in err


def test_stdin_and_json_report(hof, monkeypatch):
    status, out, _err = run(["-", "--json", "--as-of", "2015-01-01"], stdin=ILLEGAL, monkeypatch=monkeypatch)
    assert status == 1
    report = json.loads(out)
    assert [v["code"] for v in report["violations"]] == ["HALL_OF_FAME"]
    assert report["as_of"] == "2015-01-01"


def test_human_output_names_code_and_rule(hof, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(ILLEGAL, encoding="utf-8")
    _status, out, _err = run([str(path), "--as-of", "2015-01-01"])
    assert out.startswith("ILLEGAL") and "HALL_OF_FAME [100.2]" in out


def test_unreadable_lines_go_to_stderr_with_their_number(hof, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(LEGAL + "0 oops\n", encoding="utf-8")
    status, _out, err = run([str(path)])
    assert status == 2 and f"{path}:11:" in err


def test_duel_party_output_counts_the_partner(hof, tmp_path):
    """デュエパーティー: a 40-card advance deck has no partner and is 20 cards short of 60 (the partner included)."""
    path = tmp_path / "deck.txt"
    path.write_text(LEGAL, encoding="utf-8")
    code, out, _ = run([str(path), "--format", "duel_party"])
    assert code == 1
    assert "main 40, hyperspatial 0, gr 0, partner 0" in out.splitlines()[0]
    assert "  PARTNER_INVALID [DP partner] " in out and "  DECK_SIZE [DP 60 cards] " in out
