"""Checks a built bundle for what a release needs besides starting (scripts/build.sh runs it
after the smoke test; tests/test_release.py runs it on dist/ when a build is there):

- every licence text the About screen lists is in the bundle's licences/ folder, not empty;
- every shared library that came with pygame-ce's or Prism's wheel is covered by one of those
  notices;
- the bundle carries the package's metadata with pyproject.toml's version.

    python scripts/check_bundle.py [dist/MoonlightDesktop]

Prints what it found and exits 0, or prints each problem and exits 1.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from moonlight_desktop.licences import LIBRARIES, LICENCES_FOLDER, NOTICES, library_key  # noqa: E402

SHARED_LIBRARY_SUFFIXES = (".so", ".dylib", ".dll")
WHEEL_LIBRARY_FOLDERS = (
    *("pygame_ce.libs", "pygame/.dylibs", "pygame"),
    *("prismatoid.libs", "prism/_native"),
)
"""Where the wheels that carry libraries of others keep them: pygame-ce's on Linux, macOS and
Windows (beside the modules); Prism's own library, and on Linux the GLib family it brings."""


def data_root(bundle: Path) -> Path:
    """The folder holding assets/, levels/ and licences/ (PyInstaller 6's _internal/)."""
    internal = bundle / "_internal"
    return internal if internal.is_dir() else bundle


def pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    version = tomllib.loads(text)["project"]["version"]
    assert isinstance(version, str)
    return version


def is_shared_library(path: Path) -> bool:
    name = path.name
    return path.is_file() and (
        name.endswith(SHARED_LIBRARY_SUFFIXES) or ".so." in name or ".dylib" in name
    )


def wheel_libraries(root: Path) -> list[Path]:
    """The shared libraries pygame-ce's and Prism's wheels brought (not compiled modules)."""
    found = []
    for folder in WHEEL_LIBRARY_FOLDERS:
        place = root / folder
        if not place.is_dir():
            continue
        for path in sorted(place.iterdir()):
            name = path.name
            own_module = name.endswith(".pyd") or ".cpython-" in name or ".abi3." in name
            if is_shared_library(path) and not own_module:
                found.append(path)
    return found


def problems(bundle: Path) -> list[str]:
    root = data_root(bundle)
    found: list[str] = []
    licences = root / LICENCES_FOLDER
    for notice in NOTICES:
        text = licences / notice.file
        if not text.is_file() or text.stat().st_size == 0:
            found.append(f"licence text missing: {LICENCES_FOLDER}/{notice.file}")
    listed = {notice.file for notice in NOTICES}
    for library in wheel_libraries(root):
        notice = LIBRARIES.get(library_key(library.name))
        if notice is None or notice not in listed:
            found.append(f"no licence notice covers {library.relative_to(root)}")
    version = pyproject_version()
    versions = bundled_versions(root)
    if version not in versions:
        seen = ", ".join(versions) or "none"
        found.append(f"no moonlight-desktop {version} metadata in the bundle (found: {seen})")
    return found


def bundled_versions(root: Path) -> list[str]:
    """The versions the bundle's moonlight-desktop metadata gives (a wheel install leaves a
    .dist-info, an editable one may leave an .egg-info)."""
    files = [*root.glob("moonlight_desktop*.dist-info/METADATA")]
    files += root.glob("moonlight_desktop*.egg-info/PKG-INFO")
    versions = []
    for file in files:
        fields = dict(
            line.split(": ", 1)
            for line in file.read_text(encoding="utf-8").splitlines()
            if ": " in line and not line.startswith(" ")
        )
        if fields.get("Name", "").replace("_", "-").lower() == "moonlight-desktop":
            versions.append(fields.get("Version", ""))
    return versions


def main(argv: list[str]) -> int:
    bundle = Path(argv[0]) if argv else ROOT / "dist" / "MoonlightDesktop"
    if not bundle.is_dir():
        print(f"check_bundle: no bundle at {bundle}", file=sys.stderr)
        return 1
    found = problems(bundle)
    for problem in found:
        print(f"check_bundle: {problem}", file=sys.stderr)
    if found:
        return 1
    libraries = len(wheel_libraries(data_root(bundle)))
    print(
        f"check_bundle: {len(NOTICES)} licence texts, {libraries} of pygame-ce's and Prism's"
        f" libraries covered, version {pyproject_version()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
