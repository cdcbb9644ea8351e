"""Terminal play."""
