"""Log-in failure counters: one row per account name and one per client address (see accounts/services.py)."""

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
