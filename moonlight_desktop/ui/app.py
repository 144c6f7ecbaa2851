"""The window and the main loop: events to the scene stack, update, and a frame drawn whenever
the window may look different: 60 frames a second while anything moves, none while the window
waits for a player (see docs/architecture.md, "The loop rests")."""

from __future__ import annotations

import logging
import os
import threading
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Literal, TypeVar

import pygame

from moonlight_desktop import i18n
from moonlight_desktop.engine.search_pool import SearchPool
from moonlight_desktop.i18n import _
from moonlight_desktop.speech import PlatformVoice, Speech, SpeechWorker
from moonlight_desktop.userdata import SET_ASIDE_NOTICE, Settings, UserData

from . import assets, audio, desktop, theme
from .scene import Ambient, Scene, SceneStack
from .sizes import MAX_WINDOW_SIZE, smallest_window, window_size

if TYPE_CHECKING:
    from moonlight_desktop.net.hub import OnlineHub

log = logging.getLogger(__name__)

TITLE = "Moonlight Desktop"
FRAME_RATE = 60
"""Frames a second while anything moves (never more)."""
LONGEST_STEP = 0.1
"""The most seconds one turn of the loop moves the scenes on: after a stall motion goes on
from where it was rather than jumping."""
POLL_SECONDS = 0.01
"""How often a window at rest looks for input: well within a frame, so input is drawn as soon
as it would be at 60 frames a second. (pygame's `event.wait` looks every millisecond, which
alone costs a few per cent of a core.)"""
NOTICE_SECONDS = 4.0
"""How long a notice (e.g. where a screenshot went) stays over the scenes."""
T = TypeVar("T")
Placing = Literal["centre", "inside", "as it is"]
"""Where a window (re)opened goes: centred on the desktop, moved as little as it takes to
stand on it, or left where the window manager has it."""


RASTER_FOLDER = "cache"
LANGUAGE_VARIABLE = "MOONLIGHT_DESKTOP_LANGUAGE"
"""Overrides the language setting for one run (docs/translating.md: "qps" previews the
pseudo-language)."""
"""Inside the user's data folder: rasters kept to open the title sooner (assets.kept_image)."""


class App:
    def __init__(self, user_data: UserData | None = None) -> None:
        self.user_data = user_data or UserData()
        self.user_data.remove_stale_temp_files()
        assets.raster_folder = self.user_data.folder / RASTER_FOLDER
        self.settings: Settings = self.user_data.load_settings()
        i18n.set_language(self.chosen_language())
        # Fonts from an earlier pygame.init() are dead after its quit(); the theme forgets them.
        theme.use_high_contrast(self.settings.high_contrast)
        self.sound_on = audio.start()
        pygame.init()
        if not self.sound_on:
            pygame.mixer.quit()  # nothing to hear: sounds are not even loaded (assets.sound)
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(assets.image("icon.svg", 64, 64))
        pygame.key.set_repeat(400, 40)
        self.window = self._open_window()
        self._overruled: tuple[int, int] | None = None
        """The last window size outside the limits that `_resized` set back."""
        self.stack = SceneStack()
        self.running = False
        self.recover: Callable[[str], Scene] | None = None
        """Where to go when a scene fails: the error is logged, the game in progress is
        already saved, and the player lands here with a short message (None: re-raise)."""
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        self._rules = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rules")
        """Commands and final scorings, one at a time, never queued behind a bot's thinking."""
        self.search = SearchPool(self._worker.submit)
        """Where searching (Hard) bots think: other processes, so frames keep their pace."""
        self.notice = ""
        self._notice_until = 0.0
        self.now: Callable[[], float] = time.perf_counter
        """The loop's clock, in seconds (tests set their own)."""
        self.ambient = Ambient(held=lambda: self.settings.reduce_motion)
        self.speech = Speech()
        """Where every announcement goes (the "Speak the game" setting turns it on)."""
        self._start_speech(self.settings.speak_the_game)
        self._online: OnlineHub | None = None
        self.frames = 0
        """Frames drawn so far: only when the window may look different."""
        self._woken = threading.Event()
        """Set when work on a worker ends: a resting loop takes its result at once."""
        self._stale = True
        """Something happened (input, a failure) and the window must be drawn again."""
        self._drawn_changes = -1
        """The scene stack's changes when the window was last drawn."""
        self._due: float | None = None
        """When (the loop's clock) a frame is due with no input; None: not without input."""
        self._moving = True
        """The last turn wanted the next frame at once (something moves)."""
        self._turn_started = 0.0

    # The window ---------------------------------------------------------------------------

    def _open_window(self, placing: Placing = "centre") -> pygame.Surface:
        """Full screen, or a resizable window of the remembered size within the limits and
        within the desktop's usable area (a size remembered from a larger screen shrinks to
        fit), placed there as `placing` says."""
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        least = self.smallest_window()
        size = window_size((self.settings.window_width, self.settings.window_height), least)
        area = desktop.usable_area()
        if area is not None:
            size = desktop.fitting(size, area)
        self.settings.window_width, self.settings.window_height = size
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        handle = _window_handle()
        if handle is not None:
            _hold_window_limits(handle, least)
            if area is not None and placing != "as it is":
                _place(handle, size, area, centre=placing == "centre")
        return window

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def smallest_window(self) -> tuple[int, int]:
        """The smallest the window may be: one the design fits in at the UI scale setting
        (`sizes.smallest_window`), or on a desktop without room for it the largest that fits
        (Settings offers only the scales the desktop has room for)."""
        least = smallest_window(self.settings.ui_scale)
        area = desktop.usable_area()
        return least if area is None else desktop.fitting(least, area)

    def set_ui_scale(self, scale: float) -> None:
        """The interface is drawn at least `scale` times the design size from now on: a
        window too small for it grows at once (moved as little as it takes to stay on the
        desktop) and can no longer be made smaller. Remembered."""
        self.settings.ui_scale = scale
        if not self.settings.fullscreen:  # (full screen's window holds the limits on leaving)
            least = self.smallest_window()
            handle = _window_handle()
            if window_size(self.size, least) != self.size:
                self.window = self._open_window("inside")
                self.stack.resize(self.size)
            elif handle is not None:
                _hold_window_limits(handle, least)
        self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._open_window()
        self.stack.resize(self.size)
        self.save_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Leaves full screen for a window of `size` (within the limits and the desktop),
        remembered, and moved as little as it takes to stand on the desktop."""
        left_fullscreen = self.settings.fullscreen
        self.settings.fullscreen = False
        self.settings.window_width, self.settings.window_height = size
        self.window = self._open_window("centre" if left_fullscreen else "inside")
        self.stack.resize(self.size)
        self.save_settings()

    def _resized(self) -> None:
        """The window changed size. A window manager that ignores the size limits is
        overruled: the window is set back within them before any scene lays out. One that
        insists on the same size again (a tiling one) has it, rather than a resize every
        frame: every screen still draws at any size, only less well."""
        self.window = pygame.display.get_surface() or self.window
        if not self.settings.fullscreen:
            self.settings.window_width, self.settings.window_height = self.size
            if window_size(self.size, self.smallest_window()) == self.size:
                self._overruled = None
            elif self.size != self._overruled:
                self._overruled = self.size
                self.window = self._open_window("as it is")  # the remembered size in limits
        self.stack.resize(self.size)

    def set_high_contrast(self, on: bool) -> None:
        """Turns the high-contrast theme on or off, remembered: every scene is laid out again
        and drawn in the new colours at once."""
        self.settings.high_contrast = on
        theme.use_high_contrast(on)
        self.stack.resize(self.size)
        self._stale = True
        self.save_settings()

    def save_settings(self) -> None:
        self.user_data.save_settings(self.settings)

    # Language -----------------------------------------------------------------------------

    def chosen_language(self) -> str:
        """The language to speak: LANGUAGE_VARIABLE's when set (a translator's preview, the
        pseudo-language included), else the setting's, else the system's when we have it,
        else English."""
        offered = {language.code for language in i18n.LANGUAGES}
        return (
            os.environ.get(LANGUAGE_VARIABLE)
            or self.settings.language
            or i18n.system_language(offered)
            or i18n.ENGLISH
        )

    def set_language(self, code: str) -> None:
        """Every word in `code`'s language from now on, remembered: each scene on the stack
        that worded its controls when it was made is made again in the new language (a table
        words its whole log again)."""
        self.settings.language = i18n.set_language(code)
        self.save_settings()
        scenes = self.stack.scenes
        for place, scene in enumerate(scenes):
            remade = scene.in_language()
            if remade is not scene:
                scenes[place] = remade
                if place == len(scenes) - 1:
                    remade.on_enter()  # on top: laid out, and its title said in the new words
                else:
                    remade.on_resize(self.size)
        self.stack.changes += 1
        self._stale = True

    # Speech -------------------------------------------------------------------------------

    def set_speak_the_game(self, on: bool) -> None:
        """The "Speak the game" setting: saved, and the voice started or stopped with it."""
        self.settings.speak_the_game = on
        self.save_settings()
        self._start_speech(on)

    def _start_speech(self, on: bool) -> None:
        """Turned on, the voice is looked for on a thread of its own (`app.speech.problem` says
        when none was found); turned off, it falls silent and its thread ends. Only a window
        that speaks has the thread."""
        self.speech.enabled = on
        if on and self.speech.voice is None:
            self.speech.voice = SpeechWorker(PlatformVoice)
        elif not on:
            self.speech.close()

    # Sound and background work ---------------------------------------------------------------

    def play_sound(self, name: str) -> None:
        if self.settings.muted or self.settings.volume <= 0:
            return
        effect = assets.sound(name)
        if effect is not None:
            effect.set_volume(self.settings.volume)
            effect.play()

    def run_in_background(self, work: Callable[[], T]) -> Future[T]:
        """Runs `work` off the UI thread (bots think there) so the window never freezes."""
        return self._waking(self._worker.submit(work))

    def run_rules(self, work: Callable[[], T]) -> Future[T]:
        """Runs a rules step (a command, a final scoring) off the UI thread, in order."""
        return self._waking(self._rules.submit(work))

    def search_in_process(self, work: Callable[[], T]) -> Future[T]:
        """Runs a searching bot's decision in a process of its own (`SearchPool`)."""
        return self._waking(self.search.submit(work))

    @property
    def online(self) -> OnlineHub:
        """The links to game servers, made when online play is first used; what they hear
        is handed on at the start of each frame."""
        if self._online is None:
            from moonlight_desktop.net.hub import OnlineHub  # only once online: a sooner title

            self._online = OnlineHub(self._woken.set)
        return self._online

    def _waking(self, future: Future[T]) -> Future[T]:
        """`future`, which wakes the loop when it is done: a window at rest takes (and draws)
        the result at once."""
        future.add_done_callback(lambda _done: self._woken.set())
        return future

    # The loop ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self._stale = True  # any event may change the picture (input, a resize, an uncovering)
        self.ambient.stir()
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self._screenshot_and_say_where()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
        else:
            self.stack.handle_event(event)

    def step(self, dt: float) -> None:
        """One turn of the loop: events, update, and a frame drawn when the window may look
        different. A failing scene never closes the window."""
        try:
            self._frame(dt)
        except Exception:
            if self.recover is None:
                raise
            log.exception("a scene failed; back to safety")
            self._stale = True
            self._back_to_safety(self.recover)

    def _back_to_safety(self, recover: Callable[[str], Scene]) -> None:
        """The last line of defence, so it catches everything and never raises: when even the
        way back fails, the data folder may be the cause (a save that breaks the gallery), so
        the games in progress are set aside and it is tried once more; failing that, the
        window closes in order instead of dying at every start."""
        try:
            self.stack.reset(recover(_("Something went wrong. Your game was saved.")))
            return
        except Exception:
            log.exception("the way back to safety failed; setting the saved games aside")
        self.user_data.set_aside_games()
        try:
            self.stack.reset(recover(i18n._(SET_ASIDE_NOTICE)))
        except Exception:
            log.exception("no way back to safety; closing the window")
            self.running = False

    def _frame(self, dt: float) -> None:
        woken = self._woken.is_set()
        self._woken.clear()  # before the scenes look at their work: what ends later wakes again
        for event in pygame.event.get():
            self.handle(event)
        if self._online is not None:
            self._online.pump()
        if not self.stack.scenes:
            self.running = False
            return
        self.ambient.pass_time(dt)
        self.stack.update(dt)
        changed = self.stack.changes != self._drawn_changes
        if changed:
            self.ambient.stir()  # a new screen's ambient motion plays a while, as after input
        wait = self.next_wait()
        now = self.now()
        due = self._due is not None and now >= self._due
        if self._stale or woken or due or wait == 0 or changed:
            self._stale = False
            self._drawn_changes = self.stack.changes
            self.stack.draw(self.window)
            self._draw_notice()
            pygame.display.flip()
            self.frames += 1
        self._due = None if wait is None else now + wait
        self._moving = wait == 0

    def next_wait(self) -> float | None:
        """Seconds until the window must be drawn again if nothing happens meanwhile: 0 while
        anything moves, the time until a timed change (a notice or a message that goes), None
        when only input or work ending on a worker can change it."""
        waits = [self.stack.next_frame_in()]
        if self._notice_shown():
            waits.append(self._notice_until - self.now())
        return min((wait for wait in waits if wait is not None), default=None)

    def run(self, first: Scene) -> None:
        self.stack.push(first)
        self.running = True
        self._turn_started = self.now()
        while self.running:
            self.step(self.wait_for_turn())
        self.close()

    def wait_for_turn(self) -> float:
        """Waits for the next turn of the loop and returns the seconds the scenes move on by.
        While anything moves the next turn comes a frame after the last one began (never
        sooner) and gets the time that passed, at most LONGEST_STEP (after a stall motion goes
        on rather than jumps). At rest it comes at the first input, work ending on a worker,
        or a frame falling due, and gets a frame's time at most: nothing moved meanwhile
        (what is timed at rest keeps its own clock), and what the input starts, starts from
        its beginning."""
        started = self._turn_started
        moving = self._moving or self._stale
        time.sleep(max(0.0, started + 1 / FRAME_RATE - self.now()))
        while not (moving or self._woken.is_set() or pygame.event.peek()):
            left = POLL_SECONDS if self._due is None else min(POLL_SECONDS, self._due - self.now())
            if left <= 0:
                break
            self._woken.wait(left)
        self._turn_started = self.now()
        return min(self._turn_started - started, LONGEST_STEP if moving else 1 / FRAME_RATE)

    def close(self) -> None:
        self.stack.clear()  # scenes leave in order: a table saves the command it is applying
        self.save_settings()
        self._worker.shutdown(wait=False, cancel_futures=True)
        self._rules.shutdown(wait=False, cancel_futures=True)
        self.search.close()
        self.speech.close()
        if self._online is not None:
            self._online.close()
        pygame.quit()
        theme.forget_fonts()  # fonts die with pygame.quit(); a later App must load them anew

    def screenshot(self) -> str:
        """F12: saves the window as a PNG in the data folder (for bug reports and reviews),
        drawn afresh so that no notice is in it."""
        folder = self.user_data.folder / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"moonlight-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.png"
        self.stack.draw(self.window)
        pygame.image.save(self.window, str(path))
        log.info("screenshot saved to %s", path)
        return str(path)

    def _screenshot_and_say_where(self) -> None:
        try:
            self.say(_("Screenshot saved to {path}").format(path=self.screenshot()))
        except (OSError, pygame.error) as error:  # a full disk or a read-only data folder
            log.warning("no screenshot: %s", error)
            # Translators: {problem} is the system's own words for what went wrong.
            self.say(_("The screenshot could not be saved: {problem}").format(problem=error))

    # Notices ------------------------------------------------------------------------------

    def say(self, notice: str) -> None:
        """Shows `notice` over whatever scene is up, for NOTICE_SECONDS."""
        self.notice = notice
        self._notice_until = self.now() + NOTICE_SECONDS
        self._stale = True

    def _notice_shown(self) -> bool:
        return bool(self.notice) and self.now() < self._notice_until

    def _draw_notice(self) -> None:
        """The notice in a panel along the bottom edge, on as many lines as it needs."""
        if not self._notice_shown():
            return
        width, height = self.size
        scale = theme.ui_scale(self.size)
        pad = max(4, round(12 * scale))
        room = width - 2 * max(round(width * 0.04), pad) - 2 * pad
        lines, pixels = theme.fit_lines(
            self.notice, theme.BODY_FONT, round(18 * scale), room, round(60 * scale)
        )
        line_height = theme.font(theme.BODY_FONT, pixels).get_linesize()
        text_width = max(theme.text_width(line, theme.BODY_FONT, pixels) for line in lines)
        box = pygame.Rect(0, 0, text_width + 2 * pad, len(lines) * line_height + pad)
        box.midbottom = (width // 2, height - max(round(height * 0.03), pad))
        theme.panel(self.window, box, alpha=245, border=theme.GLOW, radius=pad)
        first = (box.centerx, box.top + pad // 2)
        theme.blit_lines_from(
            self.window, lines, theme.BODY_FONT, pixels, theme.TEXT, "midtop", first, line_height
        )


def _window_handle() -> pygame.Window | None:
    """The display module's window as a `pygame.Window`, to set its limits and place it
    (None with a pygame-ce without it: `_resized` holds the limits then)."""
    try:
        with warnings.catch_warnings():
            # Deprecated for drawing through a Window; we only set its limits and place.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error) as error:
        log.info("the window cannot be told its limits or placed (%s)", error)
        return None


def _hold_window_limits(window: pygame.Window, least: tuple[int, int]) -> None:
    """Asks the window manager to keep the window within `least` (`App.smallest_window`)..
    MAX_WINDOW_SIZE (`_resized` enforces them where it does not). set_mode forgets this, so it
    follows every set_mode."""
    window.minimum_size = least
    window.maximum_size = MAX_WINDOW_SIZE


def _place(window: pygame.Window, size: tuple[int, int], area: pygame.Rect, centre: bool) -> None:
    """Centres the window in the usable area, or moves it just enough to stand inside it."""
    position = (
        desktop.centred(size, area) if centre else desktop.kept_inside(window.position, size, area)
    )
    if position != tuple(window.position):
        window.position = position
