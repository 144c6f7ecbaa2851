"""The third-party software the app ships with, each with its licence text.

`NOTICES` is what the About screen lists. The build (build.spec, through `gather`) copies every
notice's text into the bundle's `licences/` folder; the frozen app reads them there, and a
source checkout reads them where they come from:

- an installed distribution's own licence files, found through its metadata (`License-File`,
  or failing that a file its wheel carries, such as pygame-ce's LGPL.txt);
- Python's licence, from the interpreter's standard library folder;
- the fonts' OFL texts, from assets/fonts/;
- the notices of the libraries inside pygame-ce's wheel (SDL and its codecs), which the wheel
  does not carry: packaging/licences/, copied from pygame-ce's and the libraries' sources
  (packaging/licences/README.md says where each comes from).

`LIBRARIES` names the notice of every shared library pygame-ce's wheels bring on Windows, macOS
and Linux, so scripts/check_bundle.py can refuse a bundle with a library nobody credited.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from moonlight_desktop.i18n import N_
from moonlight_desktop.paths import assets_dir, bundle_root

LICENCES_FOLDER = "licences"
"""The folder in the bundle's data root (beside assets/ and levels/) holding the texts."""


@dataclass(frozen=True, slots=True)
class FromDistribution:
    """A licence file of an installed distribution: its `License-File` entries, else the file
    at `fallback` (a path inside the distribution, as its RECORD lists it)."""

    distribution: str
    fallback: str = ""


@dataclass(frozen=True, slots=True)
class FromPython:
    """The interpreter's own LICENSE.txt (Python and what its builds include)."""


@dataclass(frozen=True, slots=True)
class FromAssets:
    path: str
    """Relative to assets/."""


@dataclass(frozen=True, slots=True)
class FromPackaging:
    name: str
    """A file in packaging/licences/ of the repository."""


Source = FromDistribution | FromPython | FromAssets | FromPackaging


@dataclass(frozen=True, slots=True)
class Notice:
    component: str
    """What it is, as people know it: "SDL 2", "Lato"."""
    licence: str
    """The licence's short name (a name, but for "public domain", marked to translate)."""
    role: str
    """What it does in the app, in a few words (marked with N_: translate it where shown)."""
    file: str
    """The text's file name in the bundle's licences/ folder."""
    source: Source


def _packaged(component: str, licence: str, role: str, file: str) -> Notice:
    """A notice whose text is `file` in packaging/licences/, under the same name in the bundle."""
    return Notice(component, licence, role, file, FromPackaging(file))


NOTICES: tuple[Notice, ...] = (
    Notice("Python", "PSF License", N_("the language"), "Python.txt", FromPython()),
    Notice(
        "pygame-ce",
        "LGPL 2.1",
        N_("window, drawing, sound"),
        "pygame-ce.txt",
        FromDistribution("pygame-ce", "pygame/docs/generated/LGPL.txt"),
    ),
    _packaged("SDL 2", "zlib", N_("the window and sound"), "SDL2.txt"),
    _packaged("SDL_image", "zlib", N_("reading pictures"), "SDL2_image.txt"),
    _packaged("SDL_mixer", "zlib", N_("playing sounds"), "SDL2_mixer.txt"),
    _packaged("SDL_ttf", "zlib", N_("drawing text"), "SDL2_ttf.txt"),
    _packaged("SDL_gfx", "zlib", N_("shapes (in pygame-ce)"), "SDL_gfx.txt"),
    _packaged("FreeType", "FreeType License", N_("fonts"), "FreeType.txt"),
    _packaged("HarfBuzz", "Old MIT", N_("text shaping"), "HarfBuzz.txt"),
    _packaged("zlib", "zlib", N_("compression"), "zlib.txt"),
    _packaged("Brotli", "MIT", N_("compression"), "Brotli.txt"),
    _packaged("libpng", "libpng License 2", N_("PNG pictures"), "libpng.txt"),
    _packaged("libjpeg", "IJG License", N_("JPEG pictures"), "libjpeg.txt"),
    _packaged("LibTIFF", "libtiff License", N_("TIFF pictures"), "libtiff.txt"),
    _packaged("libwebp", "BSD 3-Clause", N_("WebP pictures"), "libwebp.txt"),
    _packaged("Ogg and Vorbis", "BSD 3-Clause", N_("Ogg sound"), "Ogg-Vorbis.txt"),
    _packaged("Opus", "BSD 3-Clause", N_("Opus sound"), "Opus.txt"),
    _packaged("Opusfile", "BSD 3-Clause", N_("Opus files"), "Opusfile.txt"),
    _packaged("FLAC", "BSD 3-Clause", N_("FLAC sound"), "FLAC.txt"),
    _packaged("mpg123", "LGPL 2.1", N_("MP3 sound"), "mpg123.txt"),
    _packaged("libsndfile", "LGPL 2.1", N_("sound files"), "libsndfile.txt"),
    _packaged("FluidSynth", "LGPL 2.1", N_("MIDI music"), "FluidSynth.txt"),
    _packaged("WavPack", "BSD 3-Clause", N_("WavPack sound"), "WavPack.txt"),
    _packaged("libxmp", "MIT", N_("tracker music"), "libxmp.txt"),
    _packaged("PortMidi", "MIT", N_("MIDI devices"), "PortMidi.txt"),
    _packaged("alsa-lib", "LGPL 2.1", N_("sound on Linux"), "alsa-lib.txt"),
    _packaged("sse2neon", "MIT", N_("pygame-ce on Apple silicon"), "sse2neon.txt"),
    Notice(
        "PyTMX",
        "LGPL 3",
        N_("Castle's garden maps"),
        "PyTMX.txt",
        FromDistribution("PyTMX"),
    ),
    Notice(
        "platformdirs",
        "MIT",
        N_("where your data is kept"),
        "platformdirs.txt",
        FromDistribution("platformdirs"),
    ),
    Notice(
        "defusedxml",
        "PSF License",
        N_("safe XML"),
        "defusedxml.txt",
        FromDistribution("defusedxml"),
    ),
    _packaged("mypyc", "MIT", N_("the compiled rules' runtime"), "mypyc.txt"),
    Notice(
        "websockets",
        "BSD 3-Clause",
        N_("online tables"),
        "websockets.txt",
        FromDistribution("websockets"),
    ),
    Notice(
        "msgspec",
        "BSD 3-Clause",
        N_("the online messages"),
        "msgspec.txt",
        FromDistribution("msgspec"),
    ),
    Notice(
        "python-zeroconf",
        "LGPL 2.1",
        N_("finding tables nearby"),
        "zeroconf.txt",
        FromDistribution("zeroconf"),
    ),
    Notice(
        "ifaddr",
        "MIT",
        N_("this computer's addresses"),
        "ifaddr.txt",
        FromDistribution("ifaddr"),
    ),
    Notice(
        "Babel",
        "BSD 3-Clause",
        N_("the translations"),
        "babel.txt",
        FromDistribution("babel"),
    ),
    _packaged("Unicode CLDR", "Unicode-3.0", N_("local numbers and dates"), "Unicode-CLDR.txt"),
    Notice(
        "Prism (prismatoid)",
        "MPL 2.0",
        N_("speaking through a screen reader"),
        "prismatoid.txt",
        FromDistribution("prismatoid"),
    ),
    Notice("cffi", "MIT", N_("calling the speech library"), "cffi.txt", FromDistribution("cffi")),
    Notice(
        "pycparser",
        "BSD 3-Clause",
        N_("reading the speech library's interface"),
        "pycparser.txt",
        FromDistribution("pycparser"),
    ),
    # What Prism's Linux wheel carries for Orca and speech-dispatcher (prismatoid.libs):
    _packaged("GLib", "LGPL 2.1+", N_("Prism's link to the speech service (Linux)"), "GLib.txt"),
    _packaged(
        "glibmm", "LGPL 2.1+", N_("Prism's link to the speech service (Linux)"), "glibmm.txt"
    ),
    _packaged("libsigc++", "LGPL 3+", N_("callbacks in glibmm (Linux)"), "libsigc++.txt"),
    _packaged("libmount, libblkid", "LGPL 2.1+", N_("used by GLib (Linux)"), "util-linux.txt"),
    _packaged("libselinux", N_("public domain"), N_("used by GLib (Linux)"), "libselinux.txt"),
    _packaged("PCRE2", "BSD 3-Clause", N_("used by GLib (Linux)"), "PCRE2.txt"),
    _packaged("libffi", "MIT", N_("used by GLib (Linux)"), "libffi.txt"),
    _packaged("OpenSSL", "Apache 2.0", N_("encrypted connections"), "OpenSSL.txt"),
    _packaged("SQLite", N_("public domain"), N_("a server's tables"), "SQLite.txt"),
    Notice(
        "EB Garamond",
        "SIL OFL 1.1",
        N_("the headings"),
        "OFL-EBGaramond.txt",
        FromAssets("fonts/OFL-EBGaramond.txt"),
    ),
    Notice(
        "Lato",
        "SIL OFL 1.1",
        N_("the text"),
        "OFL-Lato.txt",
        FromAssets("fonts/OFL-Lato.txt"),
    ),
)

LIBRARIES: dict[str, str] = {
    "SDL2": "SDL2.txt",
    "SDL2_image": "SDL2_image.txt",
    "SDL2_mixer": "SDL2_mixer.txt",
    "SDL2_ttf": "SDL2_ttf.txt",
    "freetype": "FreeType.txt",
    "harfbuzz": "HarfBuzz.txt",
    "z": "zlib.txt",
    "brotlicommon": "Brotli.txt",
    "brotlidec": "Brotli.txt",
    "png16": "libpng.txt",
    "jpeg": "libjpeg.txt",
    "tiff": "libtiff.txt",
    "webp": "libwebp.txt",
    "webpdemux": "libwebp.txt",
    "sharpyuv": "libwebp.txt",
    "ogg": "Ogg-Vorbis.txt",
    "vorbis": "Ogg-Vorbis.txt",
    "vorbisenc": "Ogg-Vorbis.txt",
    "vorbisfile": "Ogg-Vorbis.txt",
    "opus": "Opus.txt",
    "opusfile": "Opusfile.txt",
    "FLAC": "FLAC.txt",
    "mpg123": "mpg123.txt",
    "sndfile": "libsndfile.txt",
    "fluidsynth": "FluidSynth.txt",
    "wavpack": "WavPack.txt",
    "xmp": "libxmp.txt",
    "portmidi": "PortMidi.txt",
    "asound": "alsa-lib.txt",
    "prism": "prismatoid.txt",
    "glib": "GLib.txt",
    "gobject": "GLib.txt",
    "gio": "GLib.txt",
    "gmodule": "GLib.txt",
    "glibmm": "glibmm.txt",
    "giomm": "glibmm.txt",
    "sigc": "libsigc++.txt",
    "mount": "util-linux.txt",
    "blkid": "util-linux.txt",
    "selinux": "libselinux.txt",
    "pcre2": "PCRE2.txt",
    "ffi": "libffi.txt",
}
"""A shared library's base name (see `library_key`) -> the notice that covers it."""

_LIBRARY_NAME = re.compile(r"(?:lib)?([A-Za-z0-9_]+?)(?:[-.]|$)")


def library_key(file_name: str) -> str:
    """A shared library's name without prefix, version or hash: "libSDL2-2-50d19f93.0.so.0"
    and "SDL2.dll" are "SDL2", "libtiff-5.dll" is "tiff", "libz.1.3.1.zlib-ng.dylib" is "z"."""
    found = _LIBRARY_NAME.match(file_name)
    return found.group(1) if found else file_name


def frozen() -> bool:
    return getattr(sys, "frozen", False) is True


def licences_dir() -> Path:
    """The bundle's licences/ folder (only a frozen app has one)."""
    return bundle_root() / LICENCES_FOLDER


def source_path(notice: Notice) -> Path | None:
    """Where the build finds `notice`'s text (None: nowhere, e.g. a distribution missing)."""
    source = notice.source
    if isinstance(source, FromPython):
        import sysconfig  # here, not at the top: the title screen imports this module

        for folder in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix)):
            if (folder / "LICENSE.txt").is_file():
                return folder / "LICENSE.txt"
        return None
    if isinstance(source, FromAssets):
        return assets_dir() / source.path
    if isinstance(source, FromPackaging):
        return bundle_root() / "packaging" / LICENCES_FOLDER / source.name
    return _distribution_file(source)


def _distribution_file(source: FromDistribution) -> Path | None:
    from importlib import metadata  # about 30 ms to import: only when a text is looked up

    try:
        distribution = metadata.distribution(source.distribution)
    except metadata.PackageNotFoundError:
        return None
    declared = {Path(name).name for name in distribution.metadata.get_all("License-File") or ()}
    files = list(distribution.files or ())
    for file in files:
        in_metadata = file.parts[0].endswith((".dist-info", ".egg-info"))
        licence_named = file.name in declared if declared else _CONVENTIONAL.match(file.name)
        if (in_metadata and licence_named) or file.as_posix() == source.fallback:
            return Path(str(distribution.locate_file(file)))
    return None


_CONVENTIONAL = re.compile(r"(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
"""The names setuptools and wheel give a licence file when the metadata declares none."""


def text_path(notice: Notice) -> Path | None:
    """Where the running app reads `notice`'s text: the bundle's copy when frozen."""
    return licences_dir() / notice.file if frozen() else source_path(notice)


def read_text(notice: Notice) -> str | None:
    """The licence text, or None when it cannot be read (a damaged install)."""
    path = text_path(notice)
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def gather(target: Path) -> list[Path]:
    """Copies every notice's text into `target` (build.spec calls it); raises FileNotFoundError
    naming each text it cannot find, so a build never ships without one."""
    sources = {notice.file: source_path(notice) for notice in NOTICES}
    missing = [name for name, source in sources.items() if source is None or not source.is_file()]
    if missing:
        raise FileNotFoundError(f"no licence text found for: {', '.join(missing)}")
    target.mkdir(parents=True, exist_ok=True)
    return [
        _copied(source, target / name) for name, source in sources.items() if source is not None
    ]


def _copied(source: Path, target: Path) -> Path:
    """`source` copied to `target` as UTF-8, which the reader expects: a text written in
    Windows' Latin encoding (Prism's licence, with its curly quotes) is converted."""
    text = source.read_bytes()
    try:
        text.decode("utf-8")
    except UnicodeDecodeError:
        text = text.decode("cp1252", errors="replace").encode("utf-8")
    target.write_bytes(text)
    return target
