"""Packs the built app (scripts/build.sh's dist/) into the file a release attaches:

- Linux: MoonlightDesktop-<version>-linux-<machine>.zip, the folder with a .desktop entry, the
  icon, install.sh (adds the menu entry) and INSTALL.txt (packaging/linux/);
- Windows: MoonlightDesktop-<version>-windows-<machine>.zip, the folder as built;
- macOS: MoonlightDesktop-<version>-macos-<machine>.dmg, the .app beside a link to
  /Applications (made with hdiutil).

    python scripts/package.py        # after bash scripts/build.sh; prints the file's path

The version is pyproject.toml's. Exits 1 with a message when there is no build to pack.
"""

from __future__ import annotations

import os
import platform
import shutil
import stat
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NAME = "MoonlightDesktop"
LINUX_EXTRAS = ("moonlight-desktop.desktop", "install.sh", "INSTALL.txt")


def version() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = project["version"]
    assert isinstance(found, str)
    return found


def system() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def machine() -> str:
    found = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(found, found)


def zip_folder(folder: Path, archive: Path, extras: dict[str, Path]) -> None:
    """`folder` as `archive` (one top folder of its name), keeping the files' permissions
    (the executable stays executable) and symbolic links as links (PyInstaller links pygame's
    libraries on Linux), with `extras` added at its top by name."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in sorted(folder.rglob("*")):
            name = (Path(folder.name) / path.relative_to(folder)).as_posix()
            if path.is_symlink():
                link = zipfile.ZipInfo(name)
                link.create_system = 3  # Unix: unzip reads the mode below
                link.external_attr = (stat.S_IFLNK | 0o777) << 16
                bundle.writestr(link, os.readlink(path))
            elif path.is_file():
                bundle.write(path, name)
        for name, source in extras.items():
            bundle.write(source, Path(folder.name) / name)


def linux_extras() -> dict[str, Path]:
    extras = {name: ROOT / "packaging" / "linux" / name for name in LINUX_EXTRAS}
    extras["moonlight-desktop.png"] = ROOT / "assets" / "icon.png"
    return extras


def make_dmg(app: Path, dmg: Path) -> None:
    with tempfile.TemporaryDirectory() as staging:
        shutil.copytree(app, Path(staging) / app.name, symlinks=True)
        os.symlink("/Applications", Path(staging) / "Applications")
        subprocess.run(
            [
                "hdiutil", "create", "-volname", "Moonlight Desktop", "-srcfolder", staging,
                "-ov", "-format", "UDZO", str(dmg),
            ],
            check=True,
        )  # fmt: skip


def main() -> int:
    folder = DIST / NAME
    out = DIST / "release"
    stem = f"{NAME}-{version()}-{system()}-{machine()}"
    if system() == "macos":
        app = DIST / f"{NAME}.app"
        if not app.is_dir():
            print(f"package: no {app}: run scripts/build.sh first", file=sys.stderr)
            return 1
        out.mkdir(parents=True, exist_ok=True)
        target = out / f"{stem}.dmg"
        make_dmg(app, target)
    else:
        if not folder.is_dir():
            print(f"package: no {folder}: run scripts/build.sh first", file=sys.stderr)
            return 1
        out.mkdir(parents=True, exist_ok=True)
        target = out / f"{stem}.zip"
        zip_folder(folder, target, linux_extras() if system() == "linux" else {})
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
