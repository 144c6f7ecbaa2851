"""What a bot weighed for one decision, by name: the explained hint's words are made of these."""

from __future__ import annotations

from dataclasses import dataclass

from .data import Command


@dataclass(frozen=True, slots=True)
class NamedFigures:
    """`kind` names the rule the bot played `command` by, `numbers` the figures that rule
    looked at, each under its name."""

    command: Command
    kind: str
    numbers: tuple[tuple[str, float], ...] = ()

    def get(self, name: str, default: float = 0.0) -> float:
        return next((value for key, value in self.numbers if key == name), default)

    def has(self, name: str) -> bool:
        return any(key == name for key, _ in self.numbers)
