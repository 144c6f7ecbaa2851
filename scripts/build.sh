#!/usr/bin/env bash
# Builds the double-clickable app with PyInstaller (build.spec), Market's and Castle's rules
# (and Castle's bots) compiled with mypyc (scripts/compile_rules.py; they stay plain Python,
# said in a line, where no C compiler is at hand, or with MOONLIGHT_PLAIN_BUILD=1), then proves
# the frozen build works: runs it with --smoke-test from another working directory under SDL's
# dummy drivers, checks its version, and checks it carries every licence (check_bundle.py).
# Exits non-zero if any step fails. See docs/building.md; scripts/package.sh zips the result.
#
#     bash scripts/build.sh        # Linux, macOS, or Git Bash on Windows
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# The virtualenv's tools: bin/ on Linux and macOS, Scripts/ on Windows.
bin=.venv/bin
[[ -d .venv/Scripts ]] && bin=.venv/Scripts
if [[ ! -d .venv ]]; then
    echo "== creating .venv"
    python3 -m venv .venv
    bin=.venv/bin
    [[ -d .venv/Scripts ]] && bin=.venv/Scripts
    "$bin/python" -m pip install -q -e .
fi
if ! "$bin/python" -c "import PyInstaller" 2>/dev/null; then
    echo "== installing pyinstaller (the build extra)"
    "$bin/python" -m pip install -q "pyinstaller>=6.0"
fi

elsewhere=$(mktemp -d)
# The compiled modules are for the bundle only: the checkout goes back to plain Python, so an
# edit to the rules is never shadowed by a stale compiled module.
trap '"$bin/python" scripts/compile_rules.py --clean; rm -rf "$elsewhere"' EXIT
if [[ "${MOONLIGHT_PLAIN_BUILD:-}" != 1 ]] && ! "$bin/python" scripts/c_compiler.py; then
    echo "== the rules stay plain Python in this build (install a C compiler to compile them)"
    export MOONLIGHT_PLAIN_BUILD=1
fi
if [[ "${MOONLIGHT_PLAIN_BUILD:-}" != 1 ]]; then
    if ! "$bin/python" -c "import mypyc" 2>/dev/null; then
        echo "== installing mypy (its mypyc compiles the rules)"
        "$bin/python" -m pip install -q "mypy>=1.10"
    fi
    echo "== Market's and Castle's rules compiled with mypyc"
    "$bin/python" scripts/compile_rules.py
fi

echo "== the translations' catalogues compiled"
"$bin/python" scripts/i18n.py compile

export PYGAME_HIDE_SUPPORT_PROMPT=1  # quiet the hooks that import pygame
echo "== pyinstaller $("$bin/python" -m PyInstaller --version)"
started=$SECONDS
"$bin/python" -m PyInstaller --noconfirm --log-level WARN build.spec
echo "built in $((SECONDS - started)) s"

app="$root/dist/MoonlightDesktop/MoonlightDesktop"
[[ -f "$app.exe" ]] && app="$app.exe"
[[ -x "$app" ]] || { echo "no executable at $app" >&2; exit 1; }

# Somewhere that is not the repository (`elsewhere`), with a throwaway data directory, as a
# double-click would start it: the bundle must find assets/ and levels/ by itself.
run_program() {  # run_program EXECUTABLE ARGUMENTS...
    local program=$1
    shift
    (
        cd "$elsewhere"
        export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
        export MOONLIGHT_DESKTOP_DATA="$elsewhere/data"
        if command -v timeout >/dev/null; then
            timeout 300 "$program" "$@"
        else
            "$program" "$@"
        fi
    )
}
run() { run_program "$app" "$@"; }
echo "== smoke test (from $elsewhere)"
run --smoke-test
echo "== a bot game (reads the bundled levels)"
run arena --game castle --seats easy,easy --games 1 >/dev/null
if [[ "${MOONLIGHT_PLAIN_BUILD:-}" != 1 ]]; then
    for game in market castle; do
        echo "== $game's compiled rules in the bundle, playing"
        compiled=$(find dist/MoonlightDesktop -path "*moonlight_desktop/games/$game/rules.*" \
            \( -name "*.so" -o -name "*.pyd" \))
        [[ -n "$compiled" ]] || { echo "the bundle has no compiled $game rules" >&2; exit 1; }
    done
    run arena --game market --seats easy,normal --games 1 >/dev/null
    run arena --game castle --seats hard,normal,normal --games 1 --iterations 4 >/dev/null
fi
if [[ "$app" != *.exe ]] && command -v timeout >/dev/null; then
    # A windowed Windows build has no standard output to read the server's first lines from.
    echo "== a game server from the bundle (websockets, TLS and SQLite are in it)"
    served=$(run_program timeout -s INT 5 "$app" serve --port 0 || true)
    [[ "$served" == *"Serving Moonlight Desktop tables"* && "$served" == *"every room is kept"* ]] || {
        echo "the bundle's serve did not serve: $served" >&2
        exit 1
    }
fi
if [[ -d dist/MoonlightDesktop.app ]]; then
    echo "== the .app's own executable"
    run_program "$root/dist/MoonlightDesktop.app/Contents/MacOS/MoonlightDesktop" --smoke-test >/dev/null
fi
expected=$("$bin/python" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
if [[ "$app" != *.exe ]]; then  # a windowed Windows build has no standard output to read
    echo "== --version"
    reported=$(run --version)
    [[ "$reported" == "moonlight-desktop $expected" ]] || {
        echo "--version says '$reported', pyproject.toml says $expected" >&2
        exit 1
    }
    echo "$reported"
fi
echo "== licences and metadata"
"$bin/python" scripts/check_bundle.py dist/MoonlightDesktop

echo "== bundle"
du -sh dist/MoonlightDesktop
[[ -d dist/MoonlightDesktop.app ]] && du -sh dist/MoonlightDesktop.app
echo "build OK: $app"
