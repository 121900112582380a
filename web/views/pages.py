"""The home page and the "about the data" page."""

from django.shortcuts import render

from games import registry


def home(request):
    return render(request, "web/home.html", {"nav": "home"})


def about_data(request):
    """Where each game's rules and card data come from: the sources a verdict rests on, listed here once instead of
    inside every verdict."""
    games = [{"game": game, "sources": game.pages.data_sources()} for game in registry.all_games()]
    return render(request, "web/about_data.html", {"games": games, "nav": "about-data"})
