"""Hoch: a toy fourth game that lives only in the tests (issue 24).

Twelve cards, 1-6 twice. Each of 2-3 players gets three hidden cards; the rest stay hidden in
the stock. In turn, each plays a card onto one pile; a card higher than the pile's top (or
the first card) scores a point. When the hands are empty, the most points win (ties share).
Everything a game needs is in this folder: the rules in ``game.py``, the codec for learning
code in ``codec.py``, its words in ``words.py`` with their German and English texts in
``locale/``. It is registered by one line in ``tests/toy/conftest.py``.
"""
