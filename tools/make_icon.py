"""Rasterizes assets/icon.svg into the bundle icons: icon.ico, icon.icns and icon.png.

PyInstaller takes a Windows .ico and a macOS .icns (Linux ignores the icon; the window icon
comes from icon.svg at run time). Both formats may simply carry PNG images, so they are
written here by hand from PNGs that pygame-ce renders, with no image library needed:

- icon.ico: ICONDIR, one ICONDIRENTRY per size, then the PNG bytes (Windows Vista and later).
- icon.icns: 'icns' + total length, then one (type, length, PNG) element per size (macOS 10.7+).
- icon.png: the 256 px rendering, for Linux desktop files and the docs.

    python tools/make_icon.py             # writes into assets/
    python tools/make_icon.py --out DIR   # writes somewhere else
"""

from __future__ import annotations

import argparse
import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the drivers above are chosen

ASSETS = Path(__file__).resolve().parent.parent / "assets"
ICO_SIZES = [16, 32, 48, 64, 128, 256]
# icns element types that hold PNG data, by pixel size
ICNS_TYPES = [
    (16, b"icp4"),
    (32, b"icp5"),
    (64, b"icp6"),
    (128, b"ic07"),
    (256, b"ic08"),
    (512, b"ic09"),
]


def render_png(svg: Path, size: int) -> bytes:
    """icon.svg rasterized to size x size, as PNG bytes."""
    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    if surface.get_size() != (size, size):  # a non-square drawing: centre it on a clear square
        square = pygame.Surface((size, size), pygame.SRCALPHA)
        square.blit(surface, surface.get_rect(center=(size // 2, size // 2)))
        surface = square
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 = icon, image count
    offset = len(header) + 16 * len(pngs)
    entries = b""
    images = b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in the one-byte width and height
        # width, height, palette colours, reserved, colour planes, bits per pixel, size, offset
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b""
    for size, kind in ICNS_TYPES:
        png = pngs[size]
        body += kind + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make(out_dir: Path, svg: Path = ASSETS / "icon.svg") -> list[Path]:
    pygame.init()
    try:
        sizes = sorted(set(ICO_SIZES) | {size for size, _ in ICNS_TYPES})
        pngs = {size: render_png(svg, size) for size in sizes}
    finally:
        pygame.quit()
    out_dir.mkdir(parents=True, exist_ok=True)
    outputs = {
        "icon.ico": ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        "icon.icns": icns_bytes(pngs),
        "icon.png": pngs[256],
    }
    written = []
    for name, data in outputs.items():
        path = out_dir / name
        path.write_bytes(data)
        written.append(path)
        print(f"{path}: {len(data) / 1024:.1f} KiB")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rasterize assets/icon.svg into bundle icons.")
    parser.add_argument("--out", type=Path, default=ASSETS, help="folder for the icons")
    args = parser.parse_args(argv)
    make(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
