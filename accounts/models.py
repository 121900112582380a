"""Log-in failure counters: one row per account name and one per client address (see accounts/services.py)."""

from django.conf import settings
from django.db import models


class LoginFailureCounter(models.Model):
    # "pair:<normalised username>|<ip>" or "address:<ip>": one table serves both limits.
    key = models.CharField(max_length=200, unique=True)
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True)  # the wait (growing with `failures`) counts from here

    class Meta:
        constraints = [models.CheckConstraint(condition=models.Q(failures__gte=0), name="loginfailure_nonnegative")]

    def __str__(self) -> str:
        return f"{self.key}: {self.failures}"


class UsernameSkeleton(models.Model):
    """The look-alike form of a username (accounts.usernames.username_skeleton), unique: two usernames that look
    alike cannot both sign up, even at the same instant. Written by sign-up (accounts.services.user_register); the
    migration that created the table filled it for the accounts before it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="username_skeleton")
    skeleton = models.CharField(max_length=600, unique=True)

    def __str__(self) -> str:
        return self.skeleton


class PlayerProfile(models.Model):
    """What the site remembers of a player between visits: the game they play (a game code of games.registry,
    checked when it is written, accounts.services.player_game_set), so a Yu-Gi-Oh! player signing in lands on
    Yu-Gi-Oh! on any device."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_profile")
    game = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.game or '-'}"
