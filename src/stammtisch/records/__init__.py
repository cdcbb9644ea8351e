"""Game records: seed + options + moves in notation, replayable exactly."""

from stammtisch.records.record import GameRecord, RecordWriter

__all__ = ["GameRecord", "RecordWriter"]
