import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "settings_module, extra_env, expected_exit",
    [
        pytest.param(
            "deckbuilder.settings.production",
            {
                "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-and-random-0123456789",
                "AUDIT_SIGNING_KEY": "bm90LWEtcmVhbC1rZXktanVzdC10aGlydHktdHdvISE=",  # 32 bytes, base64
            },
            0,
            id="production-deploy-clean",
        ),
        pytest.param(
            "deckbuilder.settings.production",
            {"SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-and-random-0123456789"},
            1,
            id="production-without-an-audit-signing-key",
        ),
        pytest.param(
            "deckbuilder.settings.production",
            {
                "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-and-random-0123456789",
                "AUDIT_SIGNING_KEY_FILE": "{tmp}/keys/audit-signing-key",
            },
            0,
            id="production-key-file-apart-from-the-data",
        ),
        pytest.param(
            "deckbuilder.settings.production",
            {
                "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-and-random-0123456789",
                "AUDIT_SIGNING_KEY_FILE": "{tmp}/var/audit-signing-key",
            },
            1,
            id="production-key-file-in-the-data-directory-W003",
        ),
        pytest.param("deckbuilder.settings", {"DEBUG": "true"}, 1, id="development-is-not-deployable"),
    ],
)
def test_check_deploy(settings_module, extra_env, expected_exit, tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "ALLOWED_HOSTS": "example.com",
        "VAR_DIR": str(tmp_path / "var"),
        # The default key file's place (tournaments/signing.py): a test never makes a key in the user's home.
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    env.update({name: value.replace("{tmp}", str(tmp_path)) for name, value in extra_env.items()})
    if "AUDIT_SIGNING_KEY_FILE" in extra_env:  # the test's own key file, in tmp_path
        key = Path(env["AUDIT_SIGNING_KEY_FILE"])
        key.parent.mkdir(parents=True, exist_ok=True)
        key.write_text("bm90LWEtcmVhbC1rZXktanVzdC10aGlydHktdHdvISE=\n")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the test process for Playwright, not a deployment
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == expected_exit, result.stdout + result.stderr
