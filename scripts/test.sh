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
