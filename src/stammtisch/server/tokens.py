"""Seat tokens: random secrets handed out once; only their SHA-256 is stored.

A seat token is a bearer secret inside the invite-free link a player keeps. Storing the
hash means a leaked database does not let anybody take over a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not stored_hash or not token:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_table_id() -> str:
    """Short, unguessable enough for a link, URL-safe."""
    return secrets.token_urlsafe(8)
