"""The same tournament on a local Ray cluster started by the test (needs the ``ray`` extra)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import stammtisch
from stammtisch.arena.tournament import config_from, run_tournament

ray = pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'ray==2.60.0'")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    src = str(Path(stammtisch.__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p)
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )
    yield
    ray.shutdown()


@pytest.mark.slow
def test_ray_gives_the_same_results_as_local_cores(local_ray: None) -> None:
    config = config_from("zwickern", ["random", "heuristic"], games=6, seed=4)
    on_ray = run_tournament(config, ray_address="auto")
    local = run_tournament(config, workers=1)
    assert [r.to_json() for r in on_ray.results] == [r.to_json() for r in local.results]
