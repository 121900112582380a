"""`python -m deckbuilder.run_commands "migrate --noinput" "import_cards --skip-checks" ...`: several management
commands in one process, in order, each as `manage.py` would run it (its own arguments, its checks unless it is given
`--skip-checks`, its database connections closed after it), stopping at the first that fails with its exit status.

`make run` prepares the database and the static files this way before it serves: every `manage.py` process spends
about half a second of CPU importing Django, the apps and their modules and setting the app registry up before its
command starts, and the five preparation steps (migrate, the card data, the effects, the regulations, collectstatic)
paid it five times, most of a second of a cold start each on a busy two-core machine.
"""

import os
import shlex
import sys

import django
from django.core.management import ManagementUtility


def run_commands(steps: list[str]) -> int:
    """Run each step (a command line after `manage.py`) in this process, Django set up; the exit status of the first
    that fails, else 0."""
    for step in steps:
        argv = ["manage.py", *shlex.split(step)]
        try:
            # As manage.py runs it: its arguments parsed, its checks, its connections closed after it.
            ManagementUtility(argv).fetch_command(argv[1]).run_from_argv(argv)
        except SystemExit as stop:  # a CommandError or a bad argument: the command said why on stderr
            if stop.code not in (None, 0):
                return stop.code if isinstance(stop.code, int) else 1
    return 0


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")
    django.setup()  # once, where each manage.py process set Django up again
    sys.exit(run_commands(sys.argv[1:]))
