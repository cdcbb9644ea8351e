"""Limits per connection and per address, so that one client cannot crowd out the others.

Rates are token buckets (:class:`Bucket`): a steady rate with a burst of the same size,
refilled continuously. Per address they are kept by :class:`Limits` (one per server
process: with ``serve --workers N`` each process counts its own), per connection on the
connection (:class:`~stammtisch.server.clients.Client`). A refusal is a
:class:`~stammtisch.server.errors.ServerError` (``too_many_tables``, ``too_many_joins``,
``too_many_hints``, ``hints_at_once``, ``table_crowded``, ``too_many_connections``;
``too_many_frames`` and ``too_many_chat`` on the connection; HTTP 429) and changes nothing. The settings are in
:class:`~stammtisch.server.config.Settings` and on ``stammtisch serve``'s command line.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from stammtisch.server.config import Settings
from stammtisch.server.errors import ServerError

#: Addresses whose buckets are remembered (the least recently used are forgotten first).
ADDRESSES_KEPT = 10_000


class Bucket:
    """``rate`` tokens per second, at most ``burst`` saved up; :meth:`take` spends one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, max(1.0, burst)
        self.tokens = self.burst
        self.stamp = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else 60.0


def per_minute(n: int) -> Bucket:
    return Bucket(n / 60.0, n)


class Limits:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._buckets: OrderedDict[tuple[str, str], Bucket] = OrderedDict()
        self._hints: dict[str, int] = {}
        self._sockets: dict[str, int] = {}

    def _bucket(self, what: str, address: str, per_min: int) -> Bucket:
        key = (what, address)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = per_minute(per_min)
            if len(self._buckets) > ADDRESSES_KEPT:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def rate(self, what: str, address: str, per_min: int) -> None:
        """Spend one of ``address``'s ``what`` (``tables``, ``joins``, ``hints``) or refuse."""
        bucket = self._bucket(what, address, per_min)
        if not bucket.take():
            raise ServerError(f"too_many_{what}", seconds=max(1, round(bucket.wait())))

    def table_created(self, address: str) -> None:
        self.rate("tables", address, self.settings.tables_per_minute)

    def joined(self, address: str) -> None:
        self.rate("joins", address, self.settings.joins_per_minute)

    @contextmanager
    def hint(self, address: str) -> Iterator[None]:
        """One hint search of ``address`` (a rate per minute and a number at the same time)."""
        running = self._hints.get(address, 0)
        if running >= self.settings.hints_at_once:
            raise ServerError("hints_at_once", limit=self.settings.hints_at_once)
        self.rate("hints", address, self.settings.hints_per_minute)
        self._hints[address] = running + 1
        try:
            yield
        finally:
            left = self._hints[address] - 1
            if left:
                self._hints[address] = left
            else:
                del self._hints[address]

    def socket_opened(self, address: str, on_table: int) -> None:
        """A new WebSocket of ``address`` to a table that has ``on_table`` already."""
        s = self.settings
        if on_table >= s.connections_per_table:
            raise ServerError("table_crowded", limit=s.connections_per_table)
        have = self._sockets.get(address, 0)
        if have >= s.connections_per_address:
            raise ServerError("too_many_connections", limit=s.connections_per_address)
        self._sockets[address] = have + 1

    def socket_closed(self, address: str) -> None:
        left = self._sockets.get(address, 0) - 1
        if left > 0:
            self._sockets[address] = left
        else:
            self._sockets.pop(address, None)
