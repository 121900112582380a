"""The picture of a deck: one PNG, drawn on the server with Pillow, that a pasted link shows (Open Graph / Twitter
card `og:image`). Its cards are grouped as the deck page shows them (zone by zone, in the game's order, each zone's
cards in the game's catalogue order), each a drawn tile with its count, name and cost in the card's colours: no
official card picture is used (they may not be redrawn). Above them: the deck's name, its game, its format and the
verdict on the day the picture was drawn.

Cached per deck version and day (the verdict is the list in force on that day): `deck_picture_png`.
"""

import io
import subprocess
from datetime import date
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from PIL import Image, ImageDraw, ImageFont

from api.codes import ApplicationError
from decks.models import Deck
from decks.selectors import deck_entries
from games import registry

WIDTH = 1200  # the Open Graph picture's usual width; the height grows with the deck
COLUMNS = 8
TILE_W, TILE_H, GAP, MARGIN = 136, 112, 8, 24
HEADER_H = 150
CACHE_SECONDS = 7 * 24 * 3600
BACKGROUND, INK, MUTED, PAPER = (24, 26, 33), (245, 245, 245), (170, 175, 190), (46, 50, 62)
LEGAL, ILLEGAL = (46, 160, 90), (200, 60, 60)
# A tile's colour by the colour words the games give a card (deck_entry_facts' `colours`); others are PAPER.
COLOURS = {
    "light": (214, 190, 90),
    "water": (60, 120, 200),
    "darkness": (90, 80, 100),
    "fire": (200, 70, 60),
    "nature": (70, 150, 80),
    "zero": (140, 140, 140),
    "red": (200, 70, 60),
    "blue": (60, 120, 200),
    "green": (70, 150, 80),
    "yellow": (214, 190, 90),
    "black": (70, 70, 80),
}
FONT_NAMES = ("IPAGothic:lang=ja", "IPAPGothic", "Noto Sans CJK JP", "sans-serif:lang=ja")


@lru_cache(maxsize=1)
def font_path() -> str | None:
    """A font with Japanese glyphs: DECK_PICTURE_FONT, else what fontconfig finds for IPAGothic (fonts-ipafont-gothic,
    installed by `make browser`) or another Japanese sans; None without one (the picture then uses Pillow's own font,
    whose Latin letters are drawn and Japanese ones are not)."""
    configured = getattr(settings, "DECK_PICTURE_FONT", "")
    if configured:
        return configured
    for name in FONT_NAMES:
        try:
            found = subprocess.run(
                ["fc-match", "-f", "%{file}", name], capture_output=True, text=True, timeout=5, check=False
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return None
        if found.endswith((".ttf", ".otf", ".ttc")):
            try:
                ImageFont.truetype(found, 12)
            except OSError:
                continue
            return found
    return None


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path()
    if path:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font, width: int, lines: int) -> list[str]:
    """`text` wrapped to `width` pixels (by character: Japanese has no spaces), at most `lines` lines."""
    out, current = [], ""
    for char in text:
        if draw.textlength(current + char, font=font) > width:
            out.append(current)
            current = char
            if len(out) == lines:
                break
        else:
            current += char
    else:
        out.append(current)
        return out[:lines]
    last = out[lines - 1]
    while last and draw.textlength(last + "…", font=font) > width:
        last = last[:-1]
    return [*out[: lines - 1], last + "…"]


def _tile_colour(facts: dict) -> tuple[int, int, int]:
    colours = [COLOURS[c] for c in facts.get("colours") or () if c in COLOURS]
    if not colours:
        return PAPER
    return tuple(sum(c[i] for c in colours) // len(colours) for i in range(3))  # type: ignore[return-value]


def deck_picture_draw(deck: Deck, *, as_of: date) -> bytes:
    """The deck's PNG (see the module's text)."""
    from decks.services import deck_legality

    game = registry.get(deck.game)
    entries = deck_entries(deck=deck)
    try:
        report: dict | None = deck_legality(deck=deck, as_of=as_of)
    except ApplicationError:  # the format's data is not loaded here: the picture says no verdict
        report = None
    zones = [(zone, [e for e in entries if e.zone == zone.code]) for zone in game.zones]
    zones = [(zone, rows) for zone, rows in zones if rows]
    rows_needed = sum(-(-len(rows) // COLUMNS) for _, rows in zones)
    height = HEADER_H + sum(40 for _ in zones) + rows_needed * (TILE_H + GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, max(height, 630)), BACKGROUND)
    draw = ImageDraw.Draw(image)

    title = _fit(draw, deck.name, _font(44), WIDTH - 2 * MARGIN - 260, 1)[0]
    draw.text((MARGIN, MARGIN), title, font=_font(44), fill=INK)
    subtitle = f"{game.name_ja} · {game.name_en} · {deck.format_code}"
    draw.text((MARGIN, MARGIN + 60), subtitle, font=_font(24), fill=MUTED)
    legal = bool(report and report.get("legal"))
    verdict = ("使用可能 Legal" if legal else "使用不可 Illegal") if report else "判定なし No verdict"
    verdict += f" · {(report or {}).get('as_of') or as_of.isoformat()}"
    draw.rounded_rectangle(
        (MARGIN, MARGIN + 96, MARGIN + 24 + int(draw.textlength(verdict, font=_font(22))), MARGIN + 126),
        radius=8,
        fill=(LEGAL if legal else ILLEGAL) if report else PAPER,
    )
    draw.text((MARGIN + 12, MARGIN + 98), verdict, font=_font(22), fill=INK)
    total = sum(e.quantity for e in entries)
    draw.text((WIDTH - MARGIN - 240, MARGIN + 10), f"{total} 枚 cards", font=_font(32), fill=INK)

    y = HEADER_H
    for zone, rows in zones:
        count = sum(e.quantity for e in rows)
        draw.text((MARGIN, y + 6), f"{zone.name_ja} / {zone.name_en} ({count})", font=_font(24), fill=INK)
        y += 40
        for index, entry in enumerate(rows):
            column, line = index % COLUMNS, index // COLUMNS
            x0, y0 = MARGIN + column * (TILE_W + GAP), y + line * (TILE_H + GAP)
            facts = game.catalogue.deck_entry_facts(entry.card)
            draw.rounded_rectangle((x0, y0, x0 + TILE_W, y0 + TILE_H), radius=10, fill=_tile_colour(facts))
            for number, text in enumerate(_fit(draw, entry.card.name_ja, _font(17), TILE_W - 16, 3)):
                draw.text((x0 + 8, y0 + 34 + number * 21), text, font=_font(17), fill=INK)
            draw.rounded_rectangle((x0 + TILE_W - 44, y0 + 6, x0 + TILE_W - 6, y0 + 30), radius=6, fill=BACKGROUND)
            draw.text((x0 + TILE_W - 40, y0 + 7), f"×{entry.quantity}", font=_font(18), fill=INK)
            if facts.get("cost") is not None:
                draw.ellipse((x0 + 6, y0 + 6, x0 + 30, y0 + 30), fill=BACKGROUND)
                draw.text((x0 + 18, y0 + 18), str(facts["cost"]), font=_font(16), fill=INK, anchor="mm")
        y += -(-len(rows) // COLUMNS) * (TILE_H + GAP)

    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def deck_picture_png(deck: Deck) -> bytes:
    """The deck's PNG, cached per deck version and day (the verdict is the list in force on the day drawn)."""
    today = timezone.localdate()
    key = f"deck-picture:v1:{deck.id}:{deck.version}:{today.isoformat()}"
    png = cache.get(key)
    if png is None:
        png = deck_picture_draw(deck, as_of=today)
        cache.set(key, png, CACHE_SECONDS)
    return png
