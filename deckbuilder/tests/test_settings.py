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
        pytest.param("deckbuilder.settings", {"DEBUG": "true"}, 1, id="development-is-not-deployable"),
    ],
)
def test_check_deploy(settings_module, extra_env, expected_exit, tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "ALLOWED_HOSTS": "example.com",
        "VAR_DIR": str(tmp_path),
    }
    env.update(extra_env)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the test process for Playwright, not a deployment
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == expected_exit, result.stdout + result.stderr
