"""Dragon Ball Super Card Game (Masters, 2017-): the third game. `rules` is pure Python; the Django side comes later."""
