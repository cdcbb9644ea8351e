"""``python -m stammtisch …`` runs the ``stammtisch`` command."""

from stammtisch.cli import main

if __name__ == "__main__":
    main()
