"""The REST API against its own OpenAPI document (issue 21): generated requests, valid and
invalid, never get a 5xx nor an answer that breaks the schema (status, content type, body).

A bounded number of examples per operation, derandomized, so that the suite stays quick
and repeatable; ``stammtisch serve`` is reached in-process over ASGI (its lifespan runs).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import hypothesis
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from stammtisch.server.app import create_app

from .live import settings

DATA = Path(tempfile.mkdtemp(prefix="stammtisch-schemathesis-"))
app = create_app(settings(f"sqlite:///{DATA / 'api.sqlite3'}"))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@hypothesis.settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_by_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
