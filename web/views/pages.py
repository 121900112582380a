"""The home page and the "about the data" page."""

from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import get_language

from games import registry


def home(request):
    """The games the site runs, named in the page's language (the registry's order), then the game switch."""
    japanese = (get_language() or "en").startswith("ja")
    names = [game.name_ja if japanese else game.name_en for game in registry.all_games()]
    game_names = "、".join(names) if japanese else get_text_list(names, "and")  # English here
    return render(request, "web/home.html", {"nav": "home", "game_names": game_names})


def about_data(request):
    """Where each game's rules and card data come from: the sources a verdict rests on, listed here once instead of
    inside every verdict."""
    games = [{"game": game, "sources": game.pages.data_sources()} for game in registry.all_games()]
    return render(request, "web/about_data.html", {"games": games, "nav": "about-data"})
