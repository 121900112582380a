"""The Yu-Gi-Oh! OCG: the second game (its pure rules under `games.ygo.rules`)."""
