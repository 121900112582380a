"""95 % intervals for the goldfish's Monte Carlo estimates (pure arithmetic on integer counts).

* a share k/n (P(kill by turn t), a card's played share): Wilson's score interval, which stays inside [0, 1]
  and is honest for shares near 0 or 1 and for small n, unlike the normal (Wald) interval;
* a mean over a histogram (the mean kill turn): the normal interval mean ± z·s/√n (n is large in practice; with
  under MIN_GAMES games every result carries a warning);
* an A/B difference on the same shuffles: each game is a pair, so the interval uses the paired differences
  (discordant pairs for a share), which is much narrower than two independent intervals.
"""

import math

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
MIN_GAMES = 1000  # below this, results carry the FEW_GAMES warning


def wilson(successes: int, trials: int, z: float = Z95) -> list[float] | None:
    """Wilson score interval [low, high] for successes/trials (None without trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return [max(0.0, centre - half), min(1.0, centre + half)]


def mean_interval(histogram: dict[int, int] | list[int], z: float = Z95) -> list[float] | None:
    """Normal interval for the mean of a value -> count histogram (list: index = value)."""
    items = histogram.items() if isinstance(histogram, dict) else enumerate(histogram)
    pairs = [(v, n) for v, n in items if n]
    count = sum(n for _, n in pairs)
    if count == 0:
        return None
    mean = sum(v * n for v, n in pairs) / count
    if count == 1:
        return [mean, mean]
    variance = sum(n * (v - mean) ** 2 for v, n in pairs) / (count - 1)
    half = z * math.sqrt(variance / count)
    return [mean - half, mean + half]


def paired_share_difference(b_only: int, a_only: int, trials: int, z: float = Z95) -> dict | None:
    """P_B − P_A for paired binary outcomes: `b_only` pairs where only B succeeded, `a_only` where only A did."""
    if trials <= 0:
        return None
    diff = (b_only - a_only) / trials
    variance = ((b_only + a_only) / trials - diff * diff) / trials
    half = z * math.sqrt(max(variance, 0.0))
    return {"difference": diff, "interval": [diff - half, diff + half]}
