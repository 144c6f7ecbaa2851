"""Moonlight Castle's Hard bot: NormalBot's judgement, checked on sampled states.

- `CastleDeterminizer` samples full states a seat cannot tell from the true one: the unseen
  pebbles dealt at random to the pouch and the hidden screens, each face-down tile given a
  back at random among the tiles with its front not yet turned over.
- `HardBot` compares NormalBot's few best commands when they are close (at three seats or
  more, every legal command): each is played on the same samples with the same luck, on to
  the seat's second turn ahead (to the game's end once the castle is nearly empty), every
  seat answering as NormalBot would from its own view of the sample; there `Judge` scores the
  seat's chance to win (`win_odds.py`).

It does not use the shared ISMCTS tree: in Castle the draw's luck swamps the difference
between two moves, and only comparing them on the same luck separates them (docs/castle_bots.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from moonlight_desktop.engine import Command, JsonDict, Rng
from moonlight_desktop.engine.ismcts import Searched
from moonlight_desktop.engine.pickling import pickle_as_new, pickle_by_state

from .bots import NormalBot
from .components import PEBBLES_PER_COLOR
from .rules import CastleRules
from .state import FOUNTAIN, HIDE, CastleState
from .table import Table
from .tiles import JEWEL_TILES, MAGIC_TILE_ID
from .view import MAGIC, CastleView
from .win_odds import win_chance

RULES = CastleRules()

_TILE_ID: dict[tuple[tuple[int, ...], int], int] = {
    (tuple(int(c) for c in tile.jewels), int(tile.spell)): n for n, tile in enumerate(JEWEL_TILES)
}
"""A turned-over tile's id from its front and its spell (no two tiles share both)."""
_BY_FRONT: dict[tuple[int, ...], tuple[int, ...]] = {}
for _n, _tile in enumerate(JEWEL_TILES):
    _front = tuple(int(c) for c in _tile.jewels)
    _BY_FRONT[_front] = (*_BY_FRONT.get(_front, ()), _n)


def _options_of(table: Table) -> JsonDict:
    """Normalized options that build `table` (the start seat is in the state, not needed)."""
    return {
        "level": table.board.name,
        "full_moon": table.full_moon,
        "fountains": [fountain.to_json() for fountain in table.fountains],
        "start_seat": None,
        "open_screens": [] if table.full_moon else sorted(table.open_screens),
    }


class CastleDeterminizer:
    """Keeps every fact of the view and draws the hidden ones uniformly among those that agree
    with it. The view carries no history of who paid what, so every split of the unseen
    pebbles between the pouch and the hidden screens (of their public sizes) is as good as
    any other; and a face-down tile is any not yet turned-over tile with its front."""

    def __init__(self) -> None:
        self._view: CastleView | None = None
        self._known: _Known | None = None

    def seat(self, view: CastleView) -> int:
        assert view.viewer is not None  # a bot always plays a seat
        return view.viewer

    def sample(self, view: CastleView, rng: Rng) -> CastleState:
        if view is not self._view or self._known is None:  # a search samples one view often
            self._view, self._known = view, _Known(view)
        known = self._known
        table = view.table
        state = CastleState(table, known.options, Rng(rng.next64()), [], [], view.start_seat)
        state.seat = view.seat
        state.phase = view.phase
        state.last_round = view.last_round
        state.turns = view.turns
        state.spots = list(view.spots)
        state.paid = list(view.paid)
        state.collected = [tiles[:] for tiles in known.collected]
        # Tiles: each face-down front gets a random tile of that front; the rest is the stack.
        unknown = {front: ids[:] for front, ids in known.unknown.items()}
        backs = []
        for front in known.fronts:
            left = unknown[front]
            backs.append(left.pop(rng.below(len(left))))
        path = list(known.path)
        for position, tile in zip(known.face_down, backs, strict=False):
            path[position] = tile
        state.path = path
        state.fallen = backs[len(known.face_down) :]
        stack = [tile for ids in unknown.values() for tile in ids]
        rng.shuffle(stack)
        state.castle = stack if MAGIC_TILE_ID in path else [MAGIC_TILE_ID, *stack]
        # Pebbles: the unseen ones dealt to the hidden screens, a hidden draw and the pouch.
        pool = known.pool[:]
        rng.shuffle(pool)
        screens = []
        for seat, screen in enumerate(view.screens):
            if screen is None:
                size = view.screen_sizes[seat]
                hidden = [0, 0, 0]
                for pebble in pool[len(pool) - size :]:
                    hidden[pebble] += 1
                del pool[len(pool) - size :]
                screens.append(hidden)
            else:
                screens.append(list(screen))
        state.screens = screens
        if view.drawn is not None:
            state.drawn = list(view.drawn)
        elif view.phase == FOUNTAIN:
            # Another seat's gold fountain draw: whatever the pouch does not hold.
            drawn = [0, 0, 0]
            for pebble in pool[view.pouch_count :]:
                drawn[pebble] += 1
            del pool[view.pouch_count :]
            state.drawn = drawn
        state.pouch = pool
        return state


class _Known:
    """What one view fixes for every sample: the tiles turned over (so which tiles may lie
    face down with each front), the path's fronts, and the pebbles the seat has not seen."""

    def __init__(self, view: CastleView) -> None:
        self.options = _options_of(view.table)
        self.collected = [
            [_TILE_ID[tuple(int(c) for c in t.jewels), int(t.spell)] for t in tiles]
            for tiles in view.collected
        ]
        turned = {tile for tiles in self.collected for tile in tiles}
        self.unknown = {
            front: [tile for tile in ids if tile not in turned] for front, ids in _BY_FRONT.items()
        }
        self.path = [
            -1 if face is None else MAGIC_TILE_ID if face == MAGIC else -2 for face in view.path
        ]
        self.face_down = [position for position, tile in enumerate(self.path) if tile == -2]
        self.fronts = [
            tuple(int(c) for c in face) for face in view.path if isinstance(face, tuple)
        ] + [tuple(int(c) for c in front) for front in view.fallen]
        unseen = [PEBBLES_PER_COLOR - view.paid[color] for color in range(3)]
        for screen in (*view.screens, view.drawn):
            if screen is not None:
                for color in range(3):
                    unseen[color] -= screen[color]
        self.pool = [color for color in range(3) for _ in range(unseen[color])]


# Playouts ------------------------------------------------------------------------------------


SEARCHED = 6
"""At two seats, at most this many of NormalBot's best commands are compared (6 within 2.0
jewels won 69.5% of the ladder's head-to-head table, 4 within 1.0 70.5%, every command 67.5%)."""
CLOSE = 2.0
"""Jewels, at two seats: commands further than this below NormalBot's best are never compared.
When NormalBot clearly prefers one command, its one-turn expectation (exact draw odds) is
steadier than any number of sampled playouts."""
EVERY_COMMAND_FROM = 3
"""Seats from which every legal command is compared. With two rivals' replies between its
turns, the commands NormalBot ranks lower are worth playing out: at three seats every command
won 47.7% of 800 games where the best 6 within 2.0 jewels won 45.8% on the same deals."""
CONFIDENCE = 0.0
"""The t statistic a command's paired gain over NormalBot's best must pass before HardBot
plays it instead: above zero, the command that gained most reliably. (With greedy rivals in
the playouts a bar of 1.0 was needed to keep out luck; with Normal's replies the plain best
won more, docs/castle_bots.md.)"""
TURNS_AHEAD = 2
"""A playout runs on to the start of the bot's second turn from now: far enough for the rivals'
replies to a move and for the bot's own follow-up to count."""
ENDGAME = 6
"""Tiles left in the castle (the magic tile among them) from which playouts run on to the end
of the game, judged by who won: near the end the standings no longer tell."""
ENDGAME_SAMPLES = 4
"""At `EVERY_COMMAND_FROM` seats or more, a decision taken with `ENDGAME` tiles or fewer left
gets this many times `iterations` samples. Its playouts end in a won or lost game, and in three
samples of four two commands end alike, so the few that differ decide. At three seats, four
times the samples there won 53.5% of the ladder's table where 40 won 48.4% (51.0% against
48.0% over 600 games, docs/castle_bots.md)."""


class Judge:
    """One playout's end and verdict: every seat plays on as NormalBot would from its own
    view of the sample (so the rivals' replies, the tiles they take and the spaces they block,
    are in it) to the start of the bot's `TURNS_AHEAD`th turn from now, or to the end of the
    game once the castle is nearly empty. The verdict is the bot's chance to win: 1 for a won
    game (shared: 1/k), 0 for a lost one, else `win_chance` from NormalBot's standing of
    every seat, each judged from its own view."""

    def __init__(self, seat: int, turns: int, normal: NormalBot, seats: int) -> None:
        self.seat = seat
        self.turns = turns
        self.normal = normal
        self.players = [NormalBot(seat) for seat in range(seats)]
        self.seats = range(seats)
        self.actions = 0

    def reward(self, state: CastleState, luck: int) -> float:
        rules, me = RULES, self.seat
        for seat, player in enumerate(self.players):
            player.rng = Rng(luck ^ (seat + 1))  # the same tie-breaks for every command
        to_the_end = len(state.castle) <= ENDGAME
        turns_seen, mark = 0, self.turns
        while not rules.is_over(state):
            if state.turns > mark and state.seat == me and state.phase is HIDE:
                turns_seen, mark = turns_seen + 1, state.turns
                if turns_seen == TURNS_AHEAD and not to_the_end:
                    standings = [self.normal.standing(rules.view(state, s)) for s in self.seats]
                    return win_chance(standings, me, len(state.castle), state.last_round)
            seat = state.seat
            legal = rules.legal_commands(state, seat)
            command = (
                legal[0]
                if len(legal) == 1
                else self.players[seat].choose(rules.view(state, seat), legal, 0.0)
            )
            rules.advance(state, seat, command)
            self.actions += 1
        winners = rules.winners(state)
        return 1.0 / len(winners) if me in winners else 0.0


class HardBot:
    """NormalBot's judgement, checked by sampling: when NormalBot's few best commands are
    close (at three seats or more, always every command), each is played on the same sampled
    states with the same playout luck (common random numbers), and HardBot departs from
    NormalBot's choice only for a command whose paired gain is positive (the most reliable
    such gain)."""

    def __init__(
        self, seed: int, *, iterations: int | None = None, budget_seconds: float = 1.5
    ) -> None:
        self.normal = NormalBot(seed)
        self.determinizer = CastleDeterminizer()
        self.rng = Rng(seed ^ 0xCA57)
        self.iterations = iterations
        """Sampled states per decision (deterministic); None: as many as the budget allows."""
        self.budget_seconds = budget_seconds
        self.last: Searched | None = None

    def offered(self, view: CastleView, legal: Sequence[Command]) -> list[Command]:
        """The commands worth comparing, NormalBot's best first (ties keep `legal`'s order):
        every one at `EVERY_COMMAND_FROM` seats or more, else its best few within `CLOSE`."""
        values = self.normal.values(view, legal)
        order = sorted(range(len(legal)), key=lambda n: -values[n])
        if view.table.seats >= EVERY_COMMAND_FROM:
            return [legal[n] for n in order]
        top = values[order[0]]
        return [legal[n] for n in order[:SEARCHED] if values[n] >= top - CLOSE]

    def choose(self, view: CastleView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        offered = self.offered(view, legal)
        me = self.determinizer.seat(view)
        judge = Judge(me, view.turns, self.normal, view.table.seats)
        gains: list[list[float]] = [[] for _ in offered]
        budget = min(self.budget_seconds, budget_seconds) if budget_seconds > 0 else 0.0
        samples = None if self.iterations is None else self._samples(view)
        done = 0
        while len(offered) > 1:
            if samples is not None and done >= samples:
                break
            if samples is None and done and time.perf_counter() - started >= budget:
                break
            sample = self.determinizer.sample(view, self.rng)
            luck = self.rng.next64()
            rewards = []
            for command in offered:
                state = RULES.clone(sample)
                state.rng = Rng(luck)  # the same refills for every command
                RULES.advance(state, me, command)
                rewards.append(judge.reward(state, luck))
            for gain, reward in zip(gains, rewards, strict=True):
                gain.append(reward - rewards[0])
            done += 1
        choice = offered[_clearly_best(gains)]
        self.last = Searched(choice, done, time.perf_counter() - started, judge.actions)
        return choice

    def _samples(self, view: CastleView) -> int:
        """Samples for this decision when they are counted (`iterations`)."""
        assert self.iterations is not None
        endgame = view.table.seats >= EVERY_COMMAND_FROM and view.castle_count <= ENDGAME
        return self.iterations * ENDGAME_SAMPLES if endgame else self.iterations


def _clearly_best(gains: list[list[float]]) -> int:
    """The command whose paired gain over the first has the largest t statistic above
    `CONFIDENCE`; else the first (NormalBot's choice)."""
    best, best_t = 0, CONFIDENCE
    for n, gain in enumerate(gains[1:], start=1):
        if len(gain) < 2:
            continue
        mean = sum(gain) / len(gain)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gain) / (len(gain) - 1))
        if spread == 0.0:
            continue  # the same outcome in every sample: no reason to depart
        t = mean / (spread / math.sqrt(len(gain)))
        if t > best_t:
            best, best_t = n, t
    return best


pickle_by_state(HardBot, lambda bot: (0,))  # any seed: the state replaces it
pickle_as_new(CastleDeterminizer)
