"""`python -m deckbuilder.requirements_check`: the production requirements provide what the documented deployment
imports (run by `make install`, after `pip check`).

`pip check` sees only the requirements each package declares without extras: kombu declares its Redis transport's
needs (redis, packaging) under the `redis` extra, so a production install from requirements.txt without
`packaging` passed it and the worker died at import with `CELERY_BROKER_URL=redis://...`. A development install hid
the gap (pytest brings `packaging`). This check computes what requirements.txt installs (its packages, their extras
and what those require, transitively) and imports the modules of every broker docs/production.md and the settings
name, and of the Redis cache, in a fresh interpreter that refuses any module of a package outside that set.
"""

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements.txt"
# The documented brokers: production's (docs/production.md) and the settings' embedded default.
BROKER_SOURCES = [ROOT / "docs" / "production.md", ROOT / "deckbuilder" / "settings" / "__init__.py"]
# Modules the deployment imports only when configured so (not at `import deckbuilder`): the Redis cache (REDIS_URL).
CONFIGURED_MODULES = ["django.core.cache.backends.redis"]


def requirement_lines(path: Path) -> list[Requirement]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [Requirement(line) for line in lines if line and not line.startswith("-")]


def installed_closure(requirements: list[Requirement]) -> set[str]:
    """The distributions these requirements install: each one, and what it requires with the extras asked for."""
    seen: set[tuple[str, frozenset[str]]] = set()
    names: set[str] = set()
    pending = [(canonicalize_name(r.name), frozenset(r.extras)) for r in requirements]
    while pending:
        name, extras = pending.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        names.add(name)
        try:
            requires = importlib.metadata.distribution(name).requires or []
        except importlib.metadata.PackageNotFoundError:
            continue  # not installed here: the import below fails on it, which is the point
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker is not None and not any(
                requirement.marker.evaluate({"extra": extra}) for extra in (extras | {""})
            ):
                continue
            pending.append((canonicalize_name(requirement.name), frozenset(requirement.extras)))
    return names


def documented_broker_urls() -> list[str]:
    urls = set()
    for source in BROKER_SOURCES:
        urls.update(re.findall(r"CELERY_BROKER_URL\b[^\n]*?\b([a-z0-9]+(?:\+[a-z0-9]+)?)://", source.read_text()))
    return sorted(urls)


def transport_modules(schemes: list[str]) -> list[str]:
    """The kombu transport module of each broker URL scheme (`sqla+sqlite` is kombu's SQLAlchemy transport)."""
    from kombu.transport import TRANSPORT_ALIASES

    return sorted({TRANSPORT_ALIASES[scheme.split("+", 1)[0]].split(":", 1)[0] for scheme in schemes})


# Run in a fresh interpreter: a meta path finder that refuses the top-level modules of packages outside the set.
_GUARDED_IMPORT = """
import importlib, importlib.metadata, sys
allowed = set(sys.argv[1].split(","))
owners = importlib.metadata.packages_distributions()
canon = lambda n: n.lower().replace("_", "-").replace(".", "-")
class Refuse:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        dists = {canon(d) for d in owners.get(top, [])}
        if dists and not dists & allowed:
            raise ModuleNotFoundError(f"No module named {top!r} ({', '.join(sorted(dists))} is not a requirement)")
        return None
sys.meta_path.insert(0, Refuse())
for module in sys.argv[2:]:
    importlib.import_module(module)
"""


def check(requirements_path: Path = REQUIREMENTS, modules: list[str] | None = None) -> subprocess.CompletedProcess:
    allowed = installed_closure(requirement_lines(requirements_path))
    if modules is None:
        modules = transport_modules(documented_broker_urls()) + CONFIGURED_MODULES
    return subprocess.run(
        [sys.executable, "-I", "-c", _GUARDED_IMPORT, ",".join(sorted(allowed)), *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def main() -> int:
    result = check()
    if result.returncode:
        sys.stderr.write(result.stderr)
        sys.stderr.write(f"\n{REQUIREMENTS.name} does not provide what the documented deployment imports.\n")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
