"""Persistence: the schema, migrations at start-up, and the one writer thread."""
