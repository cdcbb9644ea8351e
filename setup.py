"""Build script for the optional compiled Dog core, Zwickern table, Himmel move generator and Zwickern search (everything else is in pyproject.toml).

The extension is plain C against the CPython limited API. It is optional: where no C
compiler is available the build skips it with a warning, installation succeeds, and
the pure-Python engine runs (``stammtisch info`` says which backend is in use).
"""

from glob import glob

from setuptools import Extension, setup

# _core.c is the one translation unit; it #includes its parts (_core_*.c) and _core.h.
# Listed as depends, the parts rebuild the module when they change and go into the sdist.
CORE_PARTS = sorted(glob("src/stammtisch/games/dog/_core*.[ch]"))

setup(
    ext_modules=[
        Extension(
            "stammtisch.games.dog._core",
            ["src/stammtisch/games/dog/_core.c"],
            depends=CORE_PARTS,
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            py_limited_api=True,
            optional=True,
            extra_compile_args=["-O2"] if __import__("os").name != "nt" else [],
        ),
        # Zwickern's round in play (games/zwickern/table.py): one file.
        Extension(
            "stammtisch.games.zwickern._table",
            ["src/stammtisch/games/zwickern/_table.c"],
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            py_limited_api=True,
            optional=True,
            extra_compile_args=["-O2"] if __import__("os").name != "nt" else [],
        ),
        # Himmel's move generator (games/himmel/moves.py legal_function): one file.
        Extension(
            "stammtisch.games.himmel._moves",
            ["src/stammtisch/games/himmel/_moves.c"],
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            py_limited_api=True,
            optional=True,
            extra_compile_args=["-O2"] if __import__("os").name != "nt" else [],
        ),
        # The Zwickern search (rules, heuristic and ISMCTS of the hard bot): _zwickern.c is
        # one translation unit that includes its parts, as the Dog core.
        Extension(
            "stammtisch.bots._zwickern",
            ["src/stammtisch/bots/_zwickern.c"],
            depends=sorted(glob("src/stammtisch/bots/_zwickern*.[ch]")),
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            py_limited_api=True,
            optional=True,
            extra_compile_args=["-O2"] if __import__("os").name != "nt" else [],
        ),
    ],
)
