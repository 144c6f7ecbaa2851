"""Says whether this machine can compile C extension modules for this Python (what mypyc needs
to compile the rules, scripts/compile_rules.py): exits 0 when a tiny C file compiles with the
compiler setuptools would use (CC and friends respected), 1 with a one-line reason when not.

    .venv/bin/python scripts/c_compiler.py && echo "a C compiler is at hand"

A contributor's first run of the tests must pass without one: scripts/build.sh then ships the
rules as plain Python and scripts/test.sh skips the compiled pass, each saying so in a line.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def compiler_problem() -> str | None:
    """None when a C file compiles here; else why not, in a few words."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler
    except ImportError as error:
        return f"setuptools cannot be used ({error})"
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        compiler = new_compiler()
        customize_compiler(compiler)
        try:
            from sysconfig import get_paths

            compiler.compile(
                [str(source)], output_dir=folder, include_dirs=[get_paths()["include"]]
            )
        except Exception as error:  # distutils' CompileError, a missing program...
            return " ".join(str(error).split())[:160] or type(error).__name__
    return None


def main() -> int:
    problem = compiler_problem()
    if problem is None:
        return 0
    print(f"no C compiler for Python extensions here: {problem}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
