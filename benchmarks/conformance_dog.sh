#!/usr/bin/env bash
# The conformance suite on 2,000 random Dog games for 4 and for 6 players (invariants,
# notation and JSON round trips, apply leaving the old state unchanged, determinism; the
# JSON and leak checks on every 20th step). The test suite runs a few dozen Dog games per
# run; this is the long run, with its output committed beside it (conformance_dog.txt).
#
#     benchmarks/conformance_dog.sh > benchmarks/conformance_dog.txt
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
for players in 4 6; do
  echo "\$ stammtisch check dog --players $players --games 2000 --seed 1 --deep-every 20"
  PYTHONPATH=src "$PY" -m stammtisch.cli check dog --players "$players" --games 2000 --seed 1 \
    --deep-every 20 2>&1 | grep -v '━'
done
