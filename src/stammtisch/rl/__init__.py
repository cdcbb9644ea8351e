"""Research environments: PettingZoo, Gymnasium and OpenSpiel adapters (no rules inside)."""
