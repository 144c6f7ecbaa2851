"""What a release needs: one version (pyproject.toml's) shown by `--version`, the licence texts
gathered from where they come from, every library of pygame-ce's wheels credited, the built
bundle carrying every licence the About screen lists, the packaging files, and a changelog
entry for the version."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tomllib
import zipfile
from configparser import ConfigParser
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from moonlight_desktop import licences
from moonlight_desktop.cli import main
from moonlight_desktop.licences import LIBRARIES, NOTICES, FromDistribution, gather, library_key
from moonlight_desktop.version import version
from scripts import check_bundle, package, release_notes

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "MoonlightDesktop"

WHEEL_LIBRARIES = (
    # pygame-ce 2.5.8's Linux wheel (pygame_ce.libs/)
    "libFLAC-e7027ec5.so.14.0.0", "libSDL2-2-50d19f93.0.so.0.3200.10",
    "libSDL2_image-2-d6906c81.0.so.0.800.12", "libSDL2_mixer-2-6719e6f6.0.so.0.800.2",
    "libSDL2_ttf-2-e69aa315.0.so.0.2400.0", "libasound-2b3a3662.so.2.0.0",
    "libbrotlicommon-c828db13.so.1.2.0", "libbrotlidec-8e4a5025.so.1.2.0",
    "libfluidsynth-2d6ca569.so.3.5.6", "libfreetype-b83c5fb4.so.6.20.6",
    "libharfbuzz-672f7280.so.0.61430.0", "libjpeg-a5e764f6.so.62.4.0",
    "libmpg123-8b3c3c9e.so.0.49.4", "libogg-15db22d2.so.0.8.6", "libopus-ddd6afb9.so.0.11.1",
    "libopusfile-96d7a9c0.so.0.4.5", "libpng16-fefdc88d.so.16.58.0",
    "libportmidi-8a3ff27a.so.2.0.7", "libsharpyuv-f86ac02c.so.0.1.2",
    "libsndfile-b31f7dcd.so.1.0.37", "libtiff-9370c332.so.6.3.0",
    "libvorbis-3d07e502.so.0.4.9", "libvorbisenc-263afe1b.so.2.0.12",
    "libvorbisfile-07b6198b.so.3.3.8", "libwavpack-59f0eb24.so.1.2.8",
    "libwebp-0c3b7151.so.7.2.0", "libwebpdemux-cecf59a9.so.2.0.17", "libxmp-35a4066c.so.4.7.2",
    # the Windows wheel (beside pygame's modules)
    "SDL2.dll", "SDL2_image.dll", "libtiff-5.dll", "libwebp-7.dll", "libwebpdemux-2.dll",
    "libjpeg-62.dll", "libpng16-16.dll", "SDL2_mixer.dll", "libogg-0.dll", "libopus-0.dll",
    "libopusfile-0.dll", "libwavpack-1.dll", "libxmp.dll", "SDL2_ttf.dll", "freetype.dll",
    "portmidi.dll",
    # the macOS wheel (pygame/.dylibs/)
    "libwebp.7.2.0.dylib", "libmpg123.0.dylib", "libxmp.4.7.2.dylib", "libogg.0.8.6.dylib",
    "libbrotlicommon.1.2.0.dylib", "libbrotlidec.1.2.0.dylib", "libvorbisenc.2.0.12.dylib",
    "libpng16.16.58.0.dylib", "libvorbisfile.3.3.8.dylib", "libtiff.6.3.0.dylib",
    "libSDL2-2.0.0.dylib", "libportmidi.2.0.7.dylib", "libjpeg.62.4.0.dylib",
    "libfreetype.6.dylib", "libSDL2_mixer-2.0.0.800.2.dylib", "libFLAC.14.0.0.dylib",
    "libharfbuzz.0.dylib", "libSDL2_ttf-2.0.0.2400.0.dylib", "libwebpdemux.2.0.17.dylib",
    "libz.1.3.1.zlib-ng.dylib", "libSDL2_image-2.0.0.800.12.dylib", "libwavpack.1.dylib",
    "libsndfile.1.0.37.dylib", "libvorbis.0.4.9.dylib", "libopusfile.0.dylib",
    "libfluidsynth.3.5.6.dylib", "libopus.0.dylib", "libsharpyuv.0.1.2.dylib",
)  # fmt: skip


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        found = tomllib.load(file)["project"]["version"]
    assert isinstance(found, str)
    return found


# One version ----------------------------------------------------------------------------------


def test_version_is_pyprojects_everywhere() -> None:
    assert version() == pyproject_version()
    # The installed metadata (what the bundle carries) too: a stale install would show an
    # old number in the built app.
    assert metadata.version("moonlight-desktop") == pyproject_version()


def test_dash_dash_version_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"moonlight-desktop {pyproject_version()}\n"


def test_the_command_prints_it_too() -> None:
    output = subprocess.run(
        [sys.executable, "-m", "moonlight_desktop", "--version"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT.parent,
    )
    assert output.stdout.strip() == f"moonlight-desktop {pyproject_version()}"


# Licences -------------------------------------------------------------------------------------


def test_gather_finds_and_copies_every_text(tmp_path: Path) -> None:
    copied = gather(tmp_path / "licences")
    assert sorted(path.name for path in copied) == sorted(notice.file for notice in NOTICES)
    assert len({notice.file for notice in NOTICES}) == len(NOTICES)
    for path in copied:
        assert path.stat().st_size > 100, path.name
    texts = {path.name: path.read_text(encoding="utf-8") for path in copied}
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts["pygame-ce.txt"]
    assert "PSF" in texts["Python.txt"] or "PYTHON SOFTWARE FOUNDATION" in texts["Python.txt"]
    assert "Simple DirectMedia Layer" in texts["SDL2.txt"]
    assert "SIL OPEN FONT LICENSE" in texts["OFL-Lato.txt"].upper()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts["zeroconf.txt"]


def test_gather_refuses_a_missing_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = licences.source_path
    monkeypatch.setattr(
        licences,
        "source_path",
        lambda notice: None if notice.component == "platformdirs" else real(notice),
    )
    with pytest.raises(FileNotFoundError, match="platformdirs"):
        gather(tmp_path)


def test_distribution_texts_come_from_their_metadata() -> None:
    for notice in NOTICES:
        if isinstance(notice.source, FromDistribution):
            path = licences.source_path(notice)
            assert path is not None and path.is_file(), notice.component
            assert "site-packages" in path.parts or "dist-packages" in path.parts, path


def test_every_package_the_app_runs_on_is_credited() -> None:
    """pyproject.toml's dependencies, and what each of them needs in turn (its extras aside),
    each have a notice read from the installed distribution."""
    credited = {
        canonicalize_name(notice.source.distribution)
        for notice in NOTICES
        if isinstance(notice.source, FromDistribution)
    }
    with (ROOT / "pyproject.toml").open("rb") as file:
        wanted = [Requirement(line) for line in tomllib.load(file)["project"]["dependencies"]]
    needed: set[str] = set()
    while wanted:
        requirement = wanted.pop()
        name = canonicalize_name(requirement.name)
        applies = requirement.marker is None or requirement.marker.evaluate({"extra": ""})
        if applies and name not in needed:
            needed.add(name)
            wanted += [Requirement(line) for line in metadata.requires(name) or ()]
    assert {"pygame-ce", "websockets"} <= needed
    assert sorted(needed - credited) == []


def test_every_library_of_pygames_wheels_is_credited() -> None:
    listed = {notice.file for notice in NOTICES}
    for name in WHEEL_LIBRARIES:
        key = library_key(name)
        assert LIBRARIES.get(key) in listed, (name, key)


def test_every_library_installed_here_is_credited() -> None:
    import pygame

    place = Path(pygame.__file__).parent
    installed = [
        *place.parent.joinpath("pygame_ce.libs").glob("*"),
        *place.joinpath(".dylibs").glob("*"),
        *place.glob("*.dll"),
    ]
    assert installed, "pygame-ce brought no libraries?"
    for path in installed:
        assert library_key(path.name) in LIBRARIES, path.name


@pytest.mark.skipif(not BUNDLE.is_dir(), reason="no bundle: bash scripts/build.sh builds it")
def test_the_bundle_carries_every_licence_the_about_screen_lists() -> None:
    root = check_bundle.data_root(BUNDLE)
    for notice in NOTICES:
        assert (root / "licences" / notice.file).is_file(), notice.file
    assert check_bundle.problems(BUNDLE) == []


def test_check_bundle_names_what_is_missing(tmp_path: Path) -> None:
    bundle = tmp_path / "MoonlightDesktop"
    libraries = bundle / "_internal" / "pygame_ce.libs"
    libraries.mkdir(parents=True)
    (libraries / "libSDL2-2-50d19f93.0.so.0").write_bytes(b"\0")
    (libraries / "libmystery-0123.so.1").write_bytes(b"\0")
    gather(bundle / "_internal" / "licences")
    (bundle / "_internal" / "licences" / "SDL2.txt").unlink()
    found = check_bundle.problems(bundle)
    assert "licence text missing: licences/SDL2.txt" in found
    assert any("libmystery" in problem for problem in found)
    assert not any("libSDL2-2" in problem for problem in found)
    assert any("metadata" in problem for problem in found)


# Packaging ------------------------------------------------------------------------------------


def test_the_linux_desktop_entry() -> None:
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "packaging" / "linux" / "moonlight-desktop.desktop", encoding="utf-8")
    fields = entry["Desktop Entry"]
    assert fields["Type"] == "Application" and fields["Name"] == "Moonlight Desktop"
    assert fields["Exec"] == "MoonlightDesktop" and fields["Terminal"] == "false"
    assert "Game" in fields["Categories"].split(";")
    assert os.access(ROOT / "packaging" / "linux" / "install.sh", os.X_OK)


@pytest.mark.skipif(sys.platform == "win32", reason="Unix permissions and links")
def test_the_zip_keeps_executables_and_links(tmp_path: Path) -> None:
    folder = tmp_path / "MoonlightDesktop"
    (folder / "_internal").mkdir(parents=True)
    program = folder / "MoonlightDesktop"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    (folder / "_internal" / "libreal.so").write_text("library")
    (folder / "_internal" / "liblink.so").symlink_to("libreal.so")
    archive = tmp_path / "out.zip"
    package.zip_folder(folder, archive, package.linux_extras())
    with zipfile.ZipFile(archive) as bundle:
        infos = {info.filename: info for info in bundle.infolist()}
        assert infos["MoonlightDesktop/MoonlightDesktop"].external_attr >> 16 & 0o111
        link = infos["MoonlightDesktop/_internal/liblink.so"]
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert bundle.read(link) == b"libreal.so"
        for name in ("moonlight-desktop.desktop", "install.sh", "INSTALL.txt"):
            assert f"MoonlightDesktop/{name}" in infos
        assert "MoonlightDesktop/moonlight-desktop.png" in infos


def test_the_changelog_has_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    notes = release_notes.section(text, pyproject_version())
    assert notes is not None and len(notes.splitlines()) > 5
    assert release_notes.section(text, "99.0.0") is None


def test_the_workflow_builds_on_three_systems_and_runs_the_readme_command() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for runner in ("ubuntu-22.04", "windows-latest", "macos-latest"):
        assert f"runner: {runner}" in workflow
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash scripts/test.sh" in readme and "bash scripts/test.sh" in workflow
    assert "scripts/package.py" in workflow and 'tags: ["v*"]' in workflow


def test_the_c_compiler_check_tells_a_machine_without_one() -> None:
    """The test command passes without a C compiler: build.sh and test.sh ask this script
    whether one is at hand and, when not, skip mypyc's step with a one-line note."""
    script = [sys.executable, str(ROOT / "scripts" / "c_compiler.py")]
    missing = subprocess.run(
        script, capture_output=True, text=True, env={**os.environ, "CC": "/no/such/cc"}
    )
    assert missing.returncode == 1
    assert missing.stdout.startswith("no C compiler") and missing.stdout.count("\n") == 1
    for script_name in ("build.sh", "test.sh"):
        assert "scripts/c_compiler.py" in (ROOT / "scripts" / script_name).read_text()
