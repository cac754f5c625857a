"""The claim solver's search, compiled by Cython when it can be (2.5x to 4x faster).

The three modules stay plain Python, and are the only source: Cython compiles them as they are,
with the C types they declare (the searchers a ``@cython.cclass`` of C functions and C arrays,
``@cython.locals``: read as nothing uncompiled).
Where the build cannot compile (no C compiler, no Python headers), the install goes on and the
solver runs as plain Python; pyproject.toml holds everything else. The searchers count bits
(``engine._count``): where the compiler takes ``POPCNT`` (x86-64: every such processor since 2008 has
the instruction), GCC makes each count one ``popcnt``; where it refuses it (another processor), the C
is compiled without it. Not ``-march=native``: on this AVX-512 machine it let GCC write instructions
that valgrind cannot run, and callgrind is how the search's instructions are counted.
"""

import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

# the search (its follow rules on bits: engine.Follow), and the Jass kernel built for it
GENERATED = "build/cython"
COMPILED = ["scorekeeper/solver/engine.py", "scorekeeper/solver/search.py", "scorekeeper/games/jass_tricks.py"]
POPCNT = "-mpopcnt"  # x86-64: a bit count in one instruction (measured: docs/performance.md, solverq18)


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

    def build_extensions(self) -> None:
        if self.accepts(POPCNT):
            for ext in self.extensions:
                ext.extra_compile_args.append(POPCNT)
        else:
            print(f"warning: the compiler refuses {POPCNT}; the claim solver is compiled without it")
        super().build_extensions()

    def accepts(self, flag: str) -> bool:
        """Does the compiler compile a C file with ``flag`` (Clang on ARM, MSVC: not every flag)?"""
        with tempfile.TemporaryDirectory() as folder:
            probe = Path(folder) / "probe.c"
            probe.write_text("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([str(probe)], output_dir=folder, extra_postargs=[flag])
            except CompileError:
                return False
        return True

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
