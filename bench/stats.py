"""The benchmarks' statistics: the Wilson score interval of a win share."""

from __future__ import annotations

import math


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials``, as fractions (95 % for
    z 1.96); the whole range for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)
