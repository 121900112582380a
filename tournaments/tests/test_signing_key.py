"""Where the audit signing key lives (tournaments/signing.py): not in the data directory. The finding: its default
place was VAR_DIR, next to the SQLite database, so a copy of the data directory carried the key that re-signs a
rewritten chain. `manage.py check --deploy` warns (tournaments.W003) when the key file is in the data directory or
in the database's directory."""

import base64
import os
from pathlib import Path

import pytest
from django.db import connection

from tournaments import checks, signing

SEED = base64.b64encode(bytes(range(32))).decode()


def _write_key(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SEED + "\n")
    return path


def _database_directory(tmp_path: Path) -> Path:
    if connection.vendor != "sqlite":
        pytest.skip("only an SQLite database has a directory the app can see")
    return Path(connection.settings_dict["NAME"]).parent


PLACES = [
    # (where the key file is (None: AUDIT_SIGNING_KEY in the environment), the warnings of check --deploy)
    pytest.param(lambda tmp: tmp / "var" / "audit-signing-key", ["tournaments.W003"], id="configured-inside-var-dir"),
    pytest.param(lambda tmp: tmp / "var" / "keys" / "k", ["tournaments.W003"], id="configured-below-var-dir"),
    pytest.param(
        lambda tmp: _database_directory(tmp) / "k", ["tournaments.W003"], id="configured-next-to-the-database"
    ),
    pytest.param(lambda tmp: tmp / "secrets" / "audit-signing-key", [], id="configured-elsewhere"),
    pytest.param(None, [], id="environment-no-file"),
]


@pytest.mark.parametrize("place, warnings", PLACES)
def test_the_deploy_check_warns_about_a_key_file_among_the_data(db, settings, tmp_path, place, warnings):
    settings.VAR_DIR = tmp_path / "var"
    settings.AUDIT_SIGNING_KEY = "" if place else SEED
    settings.AUDIT_SIGNING_KEY_FILE = str(_write_key(place(tmp_path))) if place else ""
    assert [w.id for w in checks.audit_signing_key_place_check(None)] == warnings
    assert signing.key_id()  # the key itself is readable wherever it is


@pytest.mark.parametrize(
    "legacy_exists, expected, warnings",
    [
        pytest.param(False, "default", [], id="new-install-key-outside-var-dir"),
        pytest.param(True, "legacy", ["tournaments.W003"], id="key-made-in-var-dir-earlier-still-used-and-warned"),
    ],
)
def test_the_default_key_file_is_outside_the_data_directory(
    db, settings, tmp_path, monkeypatch, legacy_exists, expected, warnings
):
    """A new install makes its key in the configuration directory; one whose key an earlier version made in VAR_DIR
    keeps using it, since its chains were signed with it, and the deploy check says to move it."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settings.VAR_DIR = tmp_path / "var"
    settings.AUDIT_SIGNING_KEY = ""
    settings.AUDIT_SIGNING_KEY_FILE = ""
    settings.AUDIT_SIGNING_KEY_CREATE = True
    if legacy_exists:
        _write_key(tmp_path / "var" / "audit-signing-key")
    paths = {
        "default": signing.default_key_file(),
        "legacy": tmp_path / "var" / "audit-signing-key",
    }
    assert signing.key_file() == paths[expected]
    assert signing.key_id()  # created on first use when missing (development)
    if not legacy_exists:
        assert os.stat(paths["default"]).st_mode & 0o077 == 0  # readable by its owner only
        assert not (tmp_path / "var" / "audit-signing-key").exists()
    assert [w.id for w in checks.audit_signing_key_place_check(None)] == warnings


def test_two_installations_of_one_user_never_share_a_key(db, settings, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settings.AUDIT_SIGNING_KEY, settings.AUDIT_SIGNING_KEY_FILE, settings.AUDIT_SIGNING_KEY_CREATE = "", "", True
    keys = []
    for clone in ("one", "two"):
        settings.VAR_DIR = tmp_path / clone / "var"
        keys.append((signing.key_file(), signing.public_key_b64()))
    assert keys[0][0] != keys[1][0] and keys[0][1] != keys[1][1]


def test_production_never_uses_a_development_key_it_finds(db, settings, tmp_path, monkeypatch):
    """With AUDIT_SIGNING_KEY_CREATE off and nothing configured, a key in the user's directory (a development clone's)
    was used silently; check --deploy fails instead."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settings.VAR_DIR = tmp_path / "var"
    settings.AUDIT_SIGNING_KEY, settings.AUDIT_SIGNING_KEY_FILE = "", ""
    _write_key(signing.default_key_file())
    settings.AUDIT_SIGNING_KEY_CREATE = False
    assert [e.id for e in checks.audit_signing_key_check(None)] == ["tournaments.E001"]
