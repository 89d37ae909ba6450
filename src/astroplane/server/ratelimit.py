"""Per-client token buckets: a client may send ``burst`` messages at once and ``rate`` a
second after that (HTTP requests and WebSocket messages alike)."""

from __future__ import annotations

import time

__all__ = ["RateLimiter"]


class RateLimiter:
    """Token buckets by client key, in this process.

    Examples:
        >>> limiter = RateLimiter(rate=1.0, burst=2)
        >>> [limiter.allow("a") for _ in range(3)], limiter.allow("b")
        ([True, True, False], True)
    """

    #: Buckets idle this long are forgotten (they would be full again anyway).
    IDLE = 300.0

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}
        self._swept = time.monotonic()

    def allow(self, client: str) -> bool:
        """Take a token of ``client``'s bucket; False when it is empty."""
        now = time.monotonic()
        tokens, last = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if now - self._swept > self.IDLE:
            self._sweep(now)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1.0, now)
        return True

    def _sweep(self, now: float) -> None:
        self._swept = now
        old = [k for k, (_t, last) in self._buckets.items() if now - last > self.IDLE]
        for key in old:
            del self._buckets[key]
