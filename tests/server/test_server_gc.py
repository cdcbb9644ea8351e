"""``stammtisch serve`` tunes the garbage collector of its own process (and only there)."""

from __future__ import annotations

import gc

from stammtisch.server.runtime import GC_YOUNG_THRESHOLD, tune_gc


def test_tune_gc_freezes_what_exists_and_collects_young_objects_less_often() -> None:
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == (GC_YOUNG_THRESHOLD, before[1], before[2])
        assert gc.get_freeze_count() > 0
        # Cycles made afterwards are still collected.
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
