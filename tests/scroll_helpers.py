"""Synthetic input for anything that scrolls: `send` is where events go (a widget's
`handle_event`, or `App.handle` to drive a whole scene)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

Send = Callable[[pygame.event.Event], object]


def motion(send: Send, pos: tuple[int, int]) -> None:
    send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def wheel(send: Send, notches: int) -> None:
    """Notches towards the player (positive) scroll back up, as SDL reports them."""
    send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))


def key(send: Send, which: int) -> None:
    send(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode="", scancode=0))


def click(send: Send, pos: tuple[int, int]) -> None:
    motion(send, pos)
    send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def drag(send: Send, start: tuple[int, int], end: tuple[int, int]) -> None:
    """The mouse goes to `start`, holds the button down, moves to `end` and lets go."""
    motion(send, start)
    send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    motion(send, end)
    send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
