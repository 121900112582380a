"""The Dragon Ball Super Card Game (Masters) rules package: pure Python, no Django, DRF or Celery import.

Public entry points (what a registry adapter calls):

- `load_cards(path)` -> `Catalogue` (cards.py): lookup by card number, variant number, English name, leader back name.
- `read_decklist(text, catalogue)` -> `Decklist`, `write_decklist(decklist, catalogue)` -> text (decklist.py).
- `load_banlist(path)` -> `BanList`, `rule_version_in_force(as_of)`, `check_decklist(decklist, catalogue, as_of=...,
  banlist=...)` -> `LegalityReport` with `report_dict()` (legality.py).
- `opening_odds(...)`, `deck_odds(...)` (odds.py).
"""
