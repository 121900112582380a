"""`make run`: the web server and a Celery worker side by side; Ctrl-C stops both cleanly."""

import os
import signal
import subprocess
import sys
import time


def main() -> int:
    port = os.environ.get("PORT", "8000")
    python = sys.executable
    worker = subprocess.Popen(
        [python, "-m", "celery", "-A", "deckbuilder", "worker", "--loglevel=INFO", "--concurrency=2", "--pool=prefork"]
    )
    web = subprocess.Popen([python, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"])
    print(
        f"\n  Deck builder running at http://127.0.0.1:{port}/  (Ctrl-C stops the server and the worker)\n", flush=True
    )
    children = [web, worker]

    def stop(*_):
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        return 0

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(stop()))
    try:
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    return stop()


if __name__ == "__main__":
    sys.exit(main())
