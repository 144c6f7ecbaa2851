"""The title's backdrop is rasterized once and kept as a PNG in the data folder's cache, so
later starts load it instead; a kept file that is damaged, of another size, a folder, or
impossible to write never changes what is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.ui import assets

DRAWING = "title_backdrop.svg"
SIZE = (320, 180)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    pygame.init()
    pygame.display.set_mode((64, 64))
    kept, assets.raster_folder = assets.raster_folder, tmp_path / "cache"
    assets.kept_image.cache_clear()
    yield tmp_path / "cache"
    assets.raster_folder = kept
    assets.kept_image.cache_clear()


def fresh(size: tuple[int, int] = SIZE) -> pygame.Surface:
    assets.kept_image.cache_clear()  # as a new start would
    return assets.kept_image(DRAWING, *size)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_first_start_keeps_the_raster_and_the_next_loads_it(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = fresh()
    (kept,) = folder.glob("title_backdrop-320x180-*.png")
    rasterized: list[str] = []
    monkeypatch.setattr(assets, "image", lambda *args: rasterized.append(args[0]))
    again = fresh()
    assert rasterized == []  # loaded, not drawn again
    assert again.get_size() == drawn.get_size() and pixels(again) == pixels(drawn)
    assert kept.exists()


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,  # a PNG's signature, then nothing sane
        b"\xff\xfe not an image \xc3\x28",
        "wrong size",
        "a folder",
    ],
    ids=["empty", "truncated", "garbage", "wrong size", "a folder"],
)
def test_a_damaged_raster_is_made_again(folder: Path, damage: bytes | str) -> None:
    drawn = fresh()
    (kept,) = folder.glob("title_backdrop-320x180-*.png")
    kept.unlink()
    if damage == "wrong size":
        pygame.image.save(pygame.Surface((17, 5)), str(kept))
    elif damage == "a folder":
        kept.mkdir()
    else:
        assert isinstance(damage, bytes)
        kept.write_bytes(damage)
    again = fresh()
    assert pixels(again) == pixels(drawn)
    if damage != "a folder":  # written whole again
        assert pygame.image.load(str(kept)).get_size() == drawn.get_size()


def test_a_folder_that_cannot_be_written_only_costs_time(folder: Path) -> None:
    folder.parent.mkdir(exist_ok=True)
    folder.write_text("a file where the cache folder should be")
    assert fresh().get_size()[0] == SIZE[0]
    assert folder.read_text().startswith("a file")


def test_a_changed_drawing_is_never_mistaken_for_the_kept_one(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh()
    other = tmp_path / "art"
    other.mkdir()
    original = (assets.assets_dir() / DRAWING).read_text()
    (other / DRAWING).write_text(original.replace("</svg>", '<rect width="9" height="9"/></svg>'))
    monkeypatch.setattr(assets, "assets_dir", lambda: other)
    fresh()
    assert len(list(folder.glob("title_backdrop-320x180-*.png"))) == 2  # another digest


def test_only_the_newest_few_sizes_are_kept(folder: Path) -> None:
    for width in range(100, 100 + 10 * (assets.KEPT_PER_DRAWING + 3), 10):
        fresh((width, width // 2))
    assert len(list(folder.glob("title_backdrop-*.png"))) == assets.KEPT_PER_DRAWING
