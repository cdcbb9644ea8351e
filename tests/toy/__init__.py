"""The toy game's tests (a package, so that its ``conftest`` does not collide with others)."""
