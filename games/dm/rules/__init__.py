"""Pure Duel Masters rules engines: no Django, DRF or Celery imports (enforced by import-linter)."""
