"""Matches, tournaments and ratings between bots."""
