"""A registry whose entries are built the first time they are asked for.

The window draws its title before any game is needed; importing every game's rules, bots
and screens first would double its start. The names are known at once (menus and help texts
list them); an entry's modules are imported when the entry is read."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")


class LazyRegistry(Mapping[str, V]):
    """Name -> entry, in the order given. Each loader imports inside its body (plain
    `import` statements, which a frozen build finds) and returns a module's constant, so
    nothing is imported until an entry is read, and two threads reading at once (the window
    loads the games on one while the title shows) get the same entry: Python's import
    locks order them, and no lock of ours is held while a game imports."""

    def __init__(self, loaders: Mapping[str, Callable[[], V]]) -> None:
        self._loaders = dict(loaders)
        self._built: dict[str, V] = {}

    def __getitem__(self, name: str) -> V:
        built = self._built.get(name)
        if built is None:
            built = self._built[name] = self._loaders[name]()  # KeyError: unknown, as a dict
        return built

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def __contains__(self, name: object) -> bool:
        return name in self._loaders

    def add(self, name: str, loader: Callable[[], V]) -> None:
        """A new entry after the others, built when first read."""
        self._loaders[name] = loader

    def remove(self, name: str) -> None:
        """Forgets an entry (KeyError: unknown)."""
        del self._loaders[name]
        self._built.pop(name, None)

    def load_all(self) -> None:
        """Builds every entry now (a background load after the first frame)."""
        for name in self._loaders:
            self[name]
