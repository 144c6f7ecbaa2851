#!/usr/bin/env bash
# Every check the project has: lint, format, types, the layering contract, and the test suite.
# Run after `pip install -e ".[dev]"` into .venv (see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
[[ -d .venv/Scripts ]] && bin=.venv/Scripts  # Windows (Git Bash)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
echo "== ruff"; "$bin/ruff" check . && "$bin/ruff" format --check .
echo "== mypy"; "$bin/mypy"
echo "== import-linter"; "$bin/lint-imports"
echo "== the double-clickable build, smoke-tested"; bash scripts/build.sh
echo "== pytest"; "$bin/python" -m pytest -n 2
# The bundle runs Market's and Castle's rules (and Castle's bots) compiled with mypyc: their
# tests again on those modules, with those that send bots and views to other processes. mypyc
# needs a C compiler: without one this pass is skipped, saying so (the bundle is plain too).
echo "== pytest, Market's and Castle's rules compiled as the bundle ships them"
if ! "$bin/python" scripts/c_compiler.py; then
    echo "skipped: the compiled pass needs a C compiler; every test above ran on plain Python"
    exit 0
fi
trap '"$bin/python" scripts/compile_rules.py --clean' EXIT
"$bin/python" scripts/compile_rules.py
"$bin/python" -m pytest -n 2 tests/test_market_*.py tests/test_lesson_market.py \
    tests/test_castle_*.py tests/test_lesson_castle.py tests/test_search_pool.py \
    tests/test_thinking_ring.py tests/test_hints_table.py tests/test_fuzz_commands.py \
    tests/test_rng.py tests/test_cli.py tests/test_rules_contract.py
