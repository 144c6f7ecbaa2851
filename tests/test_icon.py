"""The bundle icons made by tools/make_icon.py: well-formed .ico/.icns holding the right PNGs."""

from __future__ import annotations

import io
import os
import struct
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

ASSETS = Path(__file__).resolve().parent.parent / "assets"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # left running: other tests in this process share pygame's modules
    yield


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    surface = pygame.image.load(io.BytesIO(data), "icon.png")
    assert surface.get_bounding_rect().width > 0, "the icon rendered fully transparent"
    return surface.get_size()


def test_ico_holds_every_size_as_png() -> None:
    data = (ASSETS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert (planes, bits) == (1, 32)
        side = width or 256
        assert (width or 256, height or 256) == (side, side)
        assert _png_size(data[offset : offset + length]) == (side, side)
        sizes.append(side)
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_icns_elements_add_up() -> None:
    data = (ASSETS / "icon.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    position = 8
    kinds = {}
    while position < len(data):
        kind = data[position : position + 4]
        (length,) = struct.unpack_from(">I", data, position + 4)
        kinds[kind] = _png_size(data[position + 8 : position + length])
        position += length
    assert position == len(data)
    assert kinds[b"ic08"] == (256, 256) and kinds[b"icp4"] == (16, 16)


def test_png_icon_is_256_px() -> None:
    assert _png_size((ASSETS / "icon.png").read_bytes()) == (256, 256)
