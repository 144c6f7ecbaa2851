"""The one scrolling view (ui/scrolling.py), on its own: driven by synthetic wheel turns, keys,
drags of the thumb and clicks on the track, always held between the content's top and its
end, at any size (a tiny window, content shorter than the view), keeping the reader's place
on a resize, easing at the animation speed and resting when it is there."""

from __future__ import annotations

import pygame
import pytest

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.scrolling import SCROLL_HINT, Scroller
from tests.scroll_helpers import click, drag, key, motion, wheel

VIEW = pygame.Rect(100, 50, 400, 300)
PAGE = 300 * 0.9
RED = (255, 0, 0)


def scroller(
    content: int = 3000, view: pygame.Rect = VIEW, scale: float = 1.0, speed: float = 0.0
) -> Scroller:
    """A scroller laid out as a scene lays it out; `speed` 0 arrives at once."""
    widget = Scroller(line_step=48, bar_gap=18, speed=lambda: speed)
    widget.fit(view, content)
    widget.place(widget.rect, scale)
    return widget


def test_the_wheel_scrolls_a_notch_at_a_time_and_stops_at_the_top() -> None:
    widget = scroller()
    wheel(widget.handle_event, -2)
    assert widget.offset == 180
    wheel(widget.handle_event, 1)
    assert widget.offset == 90
    wheel(widget.handle_event, 5)
    assert widget.offset == 0


@pytest.mark.parametrize(
    ("keys", "offset"),
    [
        ([pygame.K_DOWN], 48),
        ([pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP], 48),
        ([pygame.K_PAGEDOWN], PAGE),
        ([pygame.K_SPACE, pygame.K_PAGEDOWN, pygame.K_PAGEUP], PAGE),
        ([pygame.K_END], 2700),
        ([pygame.K_END, pygame.K_HOME], 0),
        ([pygame.K_UP], 0),  # clamped at the top
        ([pygame.K_END, pygame.K_DOWN, pygame.K_PAGEDOWN], 2700),  # and at the end
    ],
)
def test_keys_scroll_by_a_line_a_page_or_to_either_end(keys: list[int], offset: float) -> None:
    widget = scroller()
    for which in keys:
        key(widget.handle_event, which)
    assert widget.offset == pytest.approx(offset)


def test_other_keys_are_left_to_the_scene() -> None:
    widget = scroller()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    assert not widget.handle_event(event)
    assert widget.offset == 0


def test_a_scroll_is_held_between_the_top_and_the_end() -> None:
    widget = scroller()
    widget.scroll_to(-500)
    assert widget.offset == widget.target == 0
    widget.scroll_to(10**6)
    assert widget.offset == widget.target == widget.max_offset == 2700


def test_dragging_the_thumb_scrolls_with_it_and_lets_go_on_release() -> None:
    widget = scroller()
    track, thumb = widget.track(), widget.thumb()
    room = track.height - thumb.height
    drag(widget.handle_event, thumb.center, (thumb.centerx, thumb.centery + room // 2))
    assert widget.offset == pytest.approx(widget.max_offset * (room // 2) / room)
    assert widget.grip is None
    motion(widget.handle_event, (thumb.centerx, track.bottom))  # let go: it stays
    assert widget.offset == pytest.approx(widget.max_offset * (room // 2) / room)
    thumb = widget.thumb()
    drag(widget.handle_event, thumb.center, (thumb.centerx, track.bottom + 500))
    assert widget.offset == widget.max_offset
    thumb = widget.thumb()
    assert thumb.bottom == track.bottom
    drag(widget.handle_event, thumb.center, (thumb.centerx, -500))
    assert widget.offset == 0


def test_the_thumb_is_grabbed_a_little_beside_it_too() -> None:
    widget = scroller()
    thumb = widget.thumb()
    beside = (thumb.right + widget.px(5), thumb.centery)
    drag(widget.handle_event, beside, (beside[0], beside[1] + 50))
    assert widget.offset > 0


def test_a_click_on_the_track_pages_towards_it() -> None:
    widget = scroller()
    track = widget.track()
    click(widget.handle_event, (track.centerx, track.bottom - 2))
    assert widget.offset == pytest.approx(PAGE)
    widget.scroll_to(2000)
    click(widget.handle_event, (track.centerx, track.top + 2))
    assert widget.offset == pytest.approx(2000 - PAGE)


def test_a_click_in_the_text_is_not_the_scrollers() -> None:
    widget = scroller()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=VIEW.center, button=1)
    assert not widget.handle_event(down)
    assert widget.offset == 0 and widget.grip is None


def test_the_thumb_lights_under_the_mouse() -> None:
    widget = scroller()
    motion(widget.handle_event, widget.thumb().center)
    assert widget.hovered
    motion(widget.handle_event, VIEW.center)  # over the text: nothing to click
    assert not widget.hovered
    assert widget.hint() == SCROLL_HINT


def test_content_shorter_than_the_view_does_not_scroll_and_has_no_bar() -> None:
    painted: list[int] = []
    widget = scroller(content=120)
    widget.paint = lambda surface, view, offset: painted.append(offset)
    assert widget.max_offset == 0 and not widget.scrollable
    wheel(widget.handle_event, -3)
    key(widget.handle_event, pygame.K_END)
    click(widget.handle_event, widget.track().center)
    assert widget.offset == 0 and widget.grip is None and widget.hint() is None
    motion(widget.handle_event, widget.track().center)
    assert not widget.hovered
    surface = pygame.Surface((640, 400))
    widget.draw(surface)
    assert painted == [0]
    assert surface.get_at(widget.track().center)[:3] == (0, 0, 0)  # no scrollbar drawn


@pytest.mark.parametrize(
    ("view", "scale"),
    [(pygame.Rect(0, 0, 30, 6), 0.05), (pygame.Rect(3, 4, 0, 0), 0.01), (VIEW, 1.0)],
)
def test_at_a_tiny_size_it_still_scrolls_inside_its_track(view: pygame.Rect, scale: float) -> None:
    widget = scroller(view=view, scale=scale)
    surface = pygame.Surface((640, 400))
    for which in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_END):
        key(widget.handle_event, which)
        assert 0 <= widget.offset <= widget.max_offset
        track, thumb = widget.track(), widget.thumb()
        assert track.top <= thumb.top <= thumb.bottom <= track.bottom
        widget.draw(surface)
    thumb = widget.thumb()
    drag(widget.handle_event, thumb.center, (thumb.centerx, thumb.centery - 40))
    assert 0 <= widget.offset <= widget.max_offset


def test_a_resize_keeps_the_reading_place() -> None:
    widget = scroller()
    widget.scroll_to(1350)  # half way
    bigger = pygame.Rect(150, 75, 600, 450)
    widget.fit(bigger, 4500)  # the text laid out anew for a larger window
    assert widget.offset == widget.target == pytest.approx(widget.max_offset / 2)
    widget.fit(pygame.Rect(10, 10, 200, 150), 1500)
    assert widget.offset == pytest.approx(widget.max_offset / 2)
    widget.fit(pygame.Rect(10, 10, 200, 2000), 1500)  # it all fits now: back at the top
    assert widget.offset == 0
    widget.fit(VIEW, 3000)
    assert widget.offset == 0


def test_it_eases_to_where_it_goes_then_rests() -> None:
    widget = scroller(speed=1.0)
    wheel(widget.handle_event, -3)
    assert widget.target == 270 and widget.offset == 0 and widget.moving
    steps = []
    while widget.moving:
        before = widget.offset
        widget.update(1 / 60)
        steps.append(widget.offset - before)
        assert len(steps) < 200
    assert widget.offset == 270
    assert steps[0] > steps[len(steps) // 2] > 0  # it slows as it arrives
    widget.update(1 / 60)
    assert not widget.moving


def test_a_drag_follows_the_mouse_at_once_even_when_scrolls_ease() -> None:
    widget = scroller(speed=1.0)
    thumb = widget.thumb()
    drag(widget.handle_event, thumb.center, (thumb.centerx, thumb.centery + 100))
    assert widget.offset > 0 and not widget.moving


def test_the_content_is_drawn_scrolled_and_only_inside_the_view() -> None:
    seen: list[int] = []

    def paint(surface: pygame.Surface, view: pygame.Rect, offset: int) -> None:
        seen.append(offset)
        surface.fill(RED)  # everywhere: the scroller must clip it

    widget = scroller()
    widget.paint = paint
    widget.scroll_to(500)
    surface = pygame.Surface((640, 400))
    widget.draw(surface)
    assert seen == [500]
    assert surface.get_at(VIEW.center)[:3] == RED
    outside = (VIEW.left - 5, VIEW.top - 5), (VIEW.right + 5, VIEW.bottom + 5), (5, 5)
    assert all(surface.get_at(point)[:3] == (0, 0, 0) for point in outside)
    assert surface.get_clip() == surface.get_rect()  # the clip is given back
    # the edges fade into the panel: the text is not cut by a hard line
    assert surface.get_at((VIEW.centerx, VIEW.top))[:3] != RED
    assert surface.get_at((VIEW.centerx, VIEW.bottom - 1))[:3] != RED
    assert surface.get_at(widget.thumb().center)[:3] == theme.GOLD
