"""The claim solver's search, compiled by Cython when it can be (2.5x to 4x faster).

The three modules stay plain Python, and are the only source: Cython compiles them as they are,
with the C types they declare (the searchers a ``@cython.cclass`` of C functions and C arrays,
``@cython.locals``: read as nothing uncompiled).
Where the build cannot compile (no C compiler, no Python headers), the install goes on and the
solver runs as plain Python; pyproject.toml holds everything else.
"""

from setuptools import setup
from setuptools.command.build_ext import build_ext

# the search (its follow rules on bits: engine.Follow), and the Jass kernel built for it
GENERATED = "build/cython"
COMPILED = ["scorekeeper/solver/engine.py", "scorekeeper/solver/search.py", "scorekeeper/games/jass_tricks.py"]


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing (the modules work uncompiled), one module a core."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = True  # a job per core

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure leaves plain Python
            print(f"warning: the claim solver is not compiled ({error}); it runs as plain Python")

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            print(f"warning: {ext.name} is not compiled ({error}); it runs as plain Python")


def extensions() -> list:
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("warning: Cython is missing; the claim solver runs as plain Python")
        return []
    # (the C that Cython writes goes to build/, not beside the modules: it is generated, never source)
    return cythonize(COMPILED, compiler_directives={"language_level": "3"}, quiet=True, build_dir=GENERATED)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
