"""The claim solver's search, compiled by Cython when it can be (2.5x to 4x faster).

The three modules stay plain Python, and are the only source: Cython compiles them as they are,
with the C types they declare (the searchers a ``@cython.cclass`` of C functions and C arrays,
``@cython.locals``: read as nothing uncompiled), and engine.pxd beside engine.py names the one C
function that plain Python has no word for.
Where the build cannot compile (no C compiler, no Python headers), the install goes on and the
solver runs as plain Python; pyproject.toml holds everything else. The searchers count bits
(``engine._count``): where the compiler takes ``POPCNT`` and this machine runs it (x86-64 since
2008-2009; a club's older laptop may not), GCC makes each count one ``popcnt``; elsewhere (another
processor, an older one: the probe's program fails), the C is compiled without it. So too
with BMI2 (x86-64 since 2013-2015): ``pext`` closes up a run's cards in one instruction, ``pdep`` spreads
them back, and ``pext`` puts a hand's cards among the other side's in a row for its sure tricks (engine.pxd;
without it, engine.py reads a table, and walks the cards). The install compiles
where the server runs (``make run``), so the probe asks the processor that will run it.
Not ``-march=native``: on this AVX-512 machine it let GCC write instructions that valgrind cannot
run, and callgrind is how the search's instructions are counted.
"""

import subprocess
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError, LinkError

# the search (its follow rules on bits: engine.Follow), and the Jass kernel built for it
GENERATED = "build/cython"
COMPILED = ["scorekeeper/solver/engine.py", "scorekeeper/solver/search.py", "scorekeeper/games/jass_tricks.py"]
# x86-64's instructions the searchers are compiled for where this processor runs them: each flag, and a
# program that uses it (docs/performance.md): a bit count in one instruction (solverq18), and BMI2's
# pext, a run's closed-up cards in one (solverq21, engine.pxd), and pdep, spread back (solverq22); pext, a
# hand's cards among the other side's for its sure tricks (solverq25)
PROBES = {"-mpopcnt": "volatile unsigned long long word = 0xF0F0ULL;\n"
                      "  return __builtin_popcountll(word) == 8 ? 0 : 1;",
          "-mbmi2": "volatile unsigned long long word = 0xF0F0ULL;\n"
                    "  return __builtin_ia32_pext_di(word, 0xFF00ULL) == 0xF0ULL ? 0 : 1;"}


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
        for flag, body in PROBES.items():
            if self.runs(flag, body):
                for ext in self.extensions:
                    ext.extra_compile_args.append(flag)
            else:
                print(f"warning: the compiler or the processor refuses {flag}: compiled without it")
        super().build_extensions()

    def runs(self, flag: str, body: str) -> bool:
        """Does a program (``main``'s ``body``), compiled with ``flag``, compile, link and run here (a
        compiler may refuse the flag: Clang on ARM, MSVC; a processor may lack the instruction: SIGILL)?"""
        with tempfile.TemporaryDirectory() as folder:
            probe = Path(folder) / "probe.c"
            probe.write_text(f"int main(void) {{ {body} }}\n")
            program = str(Path(folder) / "probe")
            try:
                objects = self.compiler.compile([str(probe)], output_dir=folder, extra_postargs=[flag])
                self.compiler.link_executable(objects, program)
                return subprocess.run([program], check=False, timeout=10).returncode == 0
            except (CompileError, LinkError, OSError, subprocess.SubprocessError):
                return False

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
