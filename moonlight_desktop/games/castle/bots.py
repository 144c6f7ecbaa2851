"""Moonlight Castle's computer players. They decide from the seat's view only (never the state,
the game's generator or tile ids) and draw their own randomness from a seeded `Rng`.

- `EasyBot` plays like a child who knows the rules: it recovers when it can, moves towards tiles
  it could pay for, and otherwise wanders.
- `NormalBot` counts: the colours still unseen (so the odds of each draw), the spells left on
  each kind of tile, what a move costs, and what its pebbles will buy next turn. It plays the
  move with the best expected value (one turn deep, with a judged value for what it keeps).

docs/castle_bots.md explains both and gives their arena figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from moonlight_desktop.engine import Bot, Command, Rng
from moonlight_desktop.engine.pickling import pickle_by_fields, pickle_by_state

from .components import PEBBLES_PER_COLOR, Spell
from .moves import EndTurn, KeepColor, MoveTo, Pass, PebbleCounts, Recover, ReturnPebbles
from .state import Phase
from .table import WHITE, Ritual
from .tiles import JEWEL_TILES
from .view import CastleView

Counts = tuple[int, int, int]
Draw = tuple[float, Counts]  # (probability, pebbles drawn per colour)


# What both bots read off the view ------------------------------------------------------------


def _faced_cost(view: CastleView, space: int) -> Counts | None:
    """The cost of the tile that `space` faces, or None (white space, empty, magic tile)."""
    position = view.table.space_faces[space]
    if position < 0:
        return None
    front = view.path[position]
    if not isinstance(front, tuple):
        return None
    return _cost(front)


def _cost(front: tuple[int, ...]) -> Counts:
    return (front.count(0), front.count(1), front.count(2))


def _covers(screen: Sequence[int], cost: Counts) -> bool:
    return screen[0] >= cost[0] and screen[1] >= cost[1] and screen[2] >= cost[2]


def _after_paying(view: CastleView, screen: PebbleCounts, space: int) -> Counts:
    color = view.table.space_color[space]
    if color == WHITE:
        return screen
    paid = list(screen)
    paid[color] -= 1
    return (paid[0], paid[1], paid[2])


def _my_screen(view: CastleView) -> PebbleCounts:
    seat = view.viewer if view.viewer is not None else view.seat
    screen = view.screens[seat]
    return screen if screen is not None else (0, 0, 0)


def _retained(drawn: PebbleCounts, command: Command) -> Counts:
    """What a gold fountain choice keeps of the draw."""
    if isinstance(command, KeepColor):
        return (
            drawn[0] if command.color == 0 else 0,
            drawn[1] if command.color == 1 else 0,
            drawn[2] if command.color == 2 else 0,
        )
    assert isinstance(command, ReturnPebbles)
    back = command.counts
    return (drawn[0] - back[0], drawn[1] - back[1], drawn[2] - back[2])


# Easy ------------------------------------------------------------------------------------------


class EasyBot:
    """Plausible and beatable: often thinks it over as NormalBot does; otherwise recovers when
    it can (mostly), heads for the biggest tile it could pay for (often), else goes where
    pebbles are drawn; at a gold fountain it half the time picks at random, else keeps as many
    pebbles as it may, evening out its colours. It never pays a pebble for nothing."""

    THINK_CHANCE = 65  # percent: a decision (but recovering after a move) taken as NormalBot's
    STAY_CHANCE = 85  # percent: staying to recover when the tile beside it is affordable
    AIM_CHANCE = 70  # percent: moving towards an affordable tile rather than for pebbles

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.thinker = NormalBot(seed ^ 0xEA5)

    def choose(self, view: CastleView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.RECOVER:
            return _first(legal, Recover)
        if self.rng.below(100) < self.THINK_CHANCE:
            return self.thinker.choose(view, legal, budget_seconds)
        if view.phase == Phase.FOUNTAIN:
            return self._fountain(view, legal)
        stay = [c for c in legal if isinstance(c, Recover)]
        if stay and self.rng.below(100) < self.STAY_CHANCE:
            return stay[0]
        moves = [c for c in legal if isinstance(c, MoveTo)]
        if not moves:
            return legal[self.rng.below(len(legal))]
        screen = _my_screen(view)
        aimed: list[MoveTo] = []
        useful: list[MoveTo] = []  # a move that recovers a tile or draws pebbles
        biggest = 0
        for move in moves:
            cost = _faced_cost(view, move.space)
            if cost is not None and _covers(_after_paying(view, screen, move.space), cost):
                useful.append(move)
                if sum(cost) > biggest:
                    aimed, biggest = [move], sum(cost)
                elif sum(cost) == biggest:
                    aimed.append(move)
            elif view.table.space_pebbles[move.space] > 0:
                useful.append(move)
        if aimed and self.rng.below(100) < self.AIM_CHANCE:
            return aimed[self.rng.below(len(aimed))]
        if stay:
            return stay[0]  # better than a move that only gathers pebbles
        choices = useful or moves
        return choices[self.rng.below(len(choices))]

    def _fountain(self, view: CastleView, legal: Sequence[Command]) -> Command:
        if self.rng.below(2) == 0 or view.drawn is None:
            return legal[self.rng.below(len(legal))]
        screen = _my_screen(view)
        drawn = view.drawn

        def balance(command: Command) -> tuple[int, int]:
            kept = _retained(drawn, command)
            after = [screen[c] + kept[c] for c in range(3)]
            return (sum(kept), min(after))

        best = max(balance(c) for c in legal)
        choices = [c for c in legal if balance(c) == best]
        return choices[self.rng.below(len(choices))]


def _first(legal: Sequence[Command], kind: type[Command]) -> Command:
    for command in legal:
        if isinstance(command, kind):
            return command
    return legal[0]


# Normal ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weights:
    """The judged values NormalBot plays by, in jewels (tuned in the arena)."""

    pebble: float = 0.45  # a pebble kept behind the screen, before the last round
    pebble_late: float = 0.15  # ... once the castle is nearly empty
    late: int = 3  # tiles left in the castle (magic tile included) that make it "nearly empty"
    hoard: int = 4  # pebbles of one colour beyond this many are worth only a tenth
    future: float = 0.6  # the best tile the screen could buy next turn
    near_miss: float = 0.35  # credit per missing pebble for that next-turn tile (power)
    draw_help: float = 0.35  # pebbles expected from a space, counted against a missing one
    taken: float = 0.5  # chance a rival who can pay for a tile takes it before our next turn
    special: float = 1.3  # an extra turn
    push: float = 0.05  # one tile pushed out of the castle
    push_lead: float = 0.3  # ... more when ahead (less when behind) as the end nears
    end_horizon: float = 4.0  # tiles left in the castle at which the end counts fully
    demand: float = 0.08  # a pebble whose colour the tiles on the path ask for


@lru_cache(maxsize=4096)
def _hypergeometric(pool: Counts, draws: int) -> tuple[Draw, ...]:
    """Every outcome of drawing `draws` pebbles without replacement from `pool` (per colour)."""
    total = sum(pool)
    draws = min(draws, total)
    if draws <= 0:
        return ((1.0, (0, 0, 0)),)
    ways = comb(total, draws)
    outcomes = []
    for red in range(min(pool[0], draws) + 1):
        for yellow in range(min(pool[1], draws - red) + 1):
            green = draws - red - yellow
            if green <= pool[2]:
                count = comb(pool[0], red) * comb(pool[1], yellow) * comb(pool[2], green)
                outcomes.append((count / ways, (red, yellow, green)))
    return tuple(outcomes)


@lru_cache(maxsize=4096)
def _draw_outcomes(unseen: Counts, pouch: int, paid: Counts, draws: int) -> tuple[Draw, ...]:
    """Draws from a pouch of `pouch` pebbles taken at random from `unseen`; when it runs empty,
    the rest come from the refilled pouch (the `paid` pile), as the rules refill it."""
    first = min(draws, pouch)
    outcomes = _hypergeometric(unseen, first)
    rest = draws - first
    if rest <= 0 or sum(paid) == 0:
        return outcomes
    merged: dict[Counts, float] = {}
    for p, a in outcomes:
        for q, b in _hypergeometric(paid, rest):
            key = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
            merged[key] = merged.get(key, 0.0) + p * q
    return tuple((p, key) for key, p in merged.items())


@lru_cache(maxsize=4096)
def _hoarded(screen: Counts, hoard: int) -> float:
    """Pebbles counted for their worth: those of a colour beyond `hoard` count a tenth."""
    return sum(n if n <= hoard else hoard + (n - hoard) * 0.1 for n in screen)


@lru_cache(maxsize=4096)
def _afford_chance(unseen: Counts, size: int, cost: Counts) -> float:
    """The chance that `size` pebbles taken at random from `unseen` pay for `cost`."""
    return sum(p for p, drawn in _hypergeometric(unseen, size) if _covers(drawn, cost))


_SPELLS_BY_FRONT: dict[tuple[int, ...], tuple[Spell, ...]] = {}
for _tile in JEWEL_TILES:
    _front = tuple(int(c) for c in _tile.jewels)
    _SPELLS_BY_FRONT[_front] = (*_SPELLS_BY_FRONT.get(_front, ()), _tile.spell)
"""Each front's spells, one per tile of the set."""


class NormalBot:
    """Expected value, one turn deep: for each command, the jewels it recovers now (weighted by
    the exact odds of the draw), plus the spell that tile's kind may hide, plus a judged value
    of the pebbles kept and of the best tile they could buy next turn."""

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.rng = Rng(seed)
        self.weights = weights or Weights()

    def choose(self, view: CastleView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) == 1:
            return legal[0]
        best: Command = legal[0]
        best_value = float("-inf")
        for command, value in zip(legal, self.values(view, legal), strict=True):
            value += self.rng.below(1000) * 1e-9  # seeded tie-break
            if value > best_value:
                best, best_value = command, value
        return best

    def values(self, view: CastleView, legal: Sequence[Command]) -> list[float]:
        """Each command's expected value in jewels (as `choose` weighs them, before its
        tie-break): what HardBot reads to pick the commands worth searching."""
        ctx = _Context(view, self.weights)
        return [ctx.value(command) for command in legal]

    def explain(self, view: CastleView, legal: Sequence[Command], chosen: Command) -> Reasons:
        """The figures behind `chosen` (what `choose` picked from `legal`) and behind the best
        other command, as `values` weighs them: for the hint's words. Reads no randomness, so
        it never changes what `choose` plays."""
        ctx = _Context(view, self.weights)
        values = [ctx.value(command) for command in legal]
        best = ctx.figures(chosen, values[list(legal).index(chosen)])
        others = [(v, c) for c, v in zip(legal, values, strict=True) if c != chosen]
        runner_up = None
        if others:
            value, command = max(others, key=lambda pair: pair[0])
            runner_up = ctx.figures(command, value)
        return Reasons(best, runner_up)

    def standing(self, view: CastleView) -> float:
        """The viewer's jewels plus the judged worth of its screen where it stands (the leaf
        `values` ends each command with): how HardBot judges a position."""
        ctx = _Context(view, self.weights)
        jewels = sum(len(tile.jewels) for tile in view.collected[ctx.me])
        return jewels + ctx._leaf(ctx.screen, ctx.spot, -1)


@dataclass(frozen=True, slots=True)
class Figures:
    """What NormalBot weighed for one command (the hint's words are made of these)."""

    command: Command
    value: float
    """Its expected worth in jewels, as `values` gives it."""
    paid: int
    """The colour of the pebble paid to move (-1: free, or no move)."""
    draws: int
    """Pebbles drawn where it moves."""
    tile_jewels: int
    """Jewels on the tile it may recover (0: none)."""
    tile_cost: Counts | None
    """That tile's price in pebbles per colour."""
    afford: float
    """The chance of paying for that tile (after the draw, for a move)."""
    screen: int
    """Pebbles behind the screen once the command is done (before any draw)."""
    ritual: str | None = None
    """A gold fountain's ritual where it moves."""
    fountain: bool = False
    """It moves to a fountain (either side)."""


@dataclass(frozen=True, slots=True)
class Reasons:
    chosen: Figures
    runner_up: Figures | None
    """The best other command (None when there was no other)."""


class _Context:
    """What NormalBot knows at one decision, and its evaluation of each command."""

    def __init__(self, view: CastleView, weights: Weights) -> None:
        self.view = view
        self.w = weights
        table = view.table
        self.table = table
        self.me = view.viewer if view.viewer is not None else view.seat
        self.screen = _my_screen(view)
        self.spot = view.spots[self.me]
        late = view.castle_count <= weights.late
        self.pebble_value = (
            0.01 if view.last_round else weights.pebble_late if late else weights.pebble
        )
        self.future_weight = 0.0 if view.last_round else weights.future
        # A push brings a tile out for everyone and the end one tile nearer: good when ahead.
        jewels = [sum(len(t.jewels) for t in tiles) for tiles in view.collected]
        lead = jewels[self.me] - max(j for seat, j in enumerate(jewels) if seat != self.me)
        push = 0.0
        if not view.last_round:
            nearness = min(1.0, weights.end_horizon / max(1, view.castle_count))
            push = weights.push + weights.push_lead * max(-1.0, min(1.0, lead / 3)) * nearness
        self.spell_value = {
            Spell.NOTHING: 0.0,
            Spell.ONE_ARROW: push,
            Spell.TWO_ARROWS: 2 * push,
            Spell.MAGICIAN: 3 * push,
            Spell.SPECIAL: weights.special,
        }
        self.unseen = self._unseen()
        others = [s for seat, s in enumerate(view.spots) if seat != self.me and s >= 0]
        self.occupied = set(others)
        self.front_value: dict[tuple[int, ...], float] = {}
        self._spells_left = self._remaining_spells()
        # The tiles on the path: (position, front, cost, jewels).
        self.tiles = [
            (position, front, _cost(front), len(front))
            for position, front in enumerate(view.path)
            if isinstance(front, tuple) and front
        ]
        demand = [0, 0, 0]
        for _, _, cost, _ in self.tiles:
            for color in range(3):
                demand[color] += cost[color]
        self.demand = demand
        self.approach = self._approaches()
        rivals = [
            (view.screens[seat], view.screen_sizes[seat])
            for seat in range(table.seats)
            if seat != self.me
        ]
        # Per path position: the chance the tile there is still there at our next turn.
        self.survive: dict[int, float] = {}
        for position, _, cost, _ in self.tiles:
            survive = 1.0
            for screen, size in rivals:
                if screen is not None:
                    afford = 1.0 if _covers(screen, cost) else 0.0
                else:
                    afford = _afford_chance(self.unseen, size, cost)
                survive *= 1.0 - weights.taken * afford
            self.survive[position] = survive
        self._leaf_cache: dict[tuple[Counts, int, int], float] = {}
        # The next-turn term's candidates, most promising first: a tile is worth at most its
        # value net of its price times its survival (the reach credit is at most 1), so
        # `_next_turn` stops at the first tile whose bound cannot beat the best found.
        prospects: list[tuple[float, int, float, float, Counts]] = []
        for position, front, cost, count in self.tiles:
            value = self.tile_value(front) - self.pebble_value * count
            if value > 0.0:
                survive = self.survive[position]
                prospects.append((value * survive, position, value, survive, cost))
        prospects.sort(key=_bound, reverse=True)
        self._prospects = prospects

    # Knowledge -------------------------------------------------------------------------------

    def _unseen(self) -> Counts:
        """Pebbles of each colour the bot has not seen: the pouch and the hidden screens."""
        view = self.view
        known = [self.screen[c] + view.paid[c] for c in range(3)]
        for seat, screen in enumerate(view.screens):
            if seat != self.me and screen is not None:
                for color in range(3):
                    known[color] += screen[color]
        if view.drawn is not None:
            for color in range(3):
                known[color] += view.drawn[color]
        counts = [max(0, PEBBLES_PER_COLOR - known[c]) for c in range(3)]
        return (counts[0], counts[1], counts[2])

    def _remaining_spells(self) -> dict[tuple[int, ...], list[Spell]]:
        """For each front, the spells of the tiles with that front not yet turned over."""
        left = {front: list(spells) for front, spells in _SPELLS_BY_FRONT.items()}
        for tiles in self.view.collected:
            for recovered in tiles:
                spells = left.get(recovered.jewels)  # Colors hash and compare as their ints
                if spells and recovered.spell in spells:
                    spells.remove(recovered.spell)
        return left

    def tile_value(self, front: tuple[int, ...]) -> float:
        """Jewels plus the expected worth of the back (over the spells still unseen)."""
        value = self.front_value.get(front)
        if value is None:
            spells = self._spells_left.get(tuple(int(c) for c in front)) or [Spell.NOTHING]
            value = len(front) + sum(self.spell_value[s] for s in spells) / len(spells)
            self.front_value[front] = value
        return value

    def _approaches(self) -> dict[int, list[tuple[int, int, int]]]:
        """For each path position, the free spaces beside it: (space, colour, pebbles drawn)."""
        table = self.table
        result: dict[int, list[tuple[int, int, int]]] = {}
        for space in range(table.space_count):
            position = table.space_faces[space]
            if position >= 0 and space not in self.occupied:
                result.setdefault(position, []).append(
                    (space, table.space_color[space], table.space_pebbles[space])
                )
        return result

    # Evaluation ------------------------------------------------------------------------------

    def value(self, command: Command) -> float:
        view = self.view
        if isinstance(command, MoveTo):
            return self._move_value(command.space)
        if isinstance(command, Recover):
            return self._recover_value(self.screen, self.spot)
        if isinstance(command, EndTurn):
            return self._leaf(self.screen, self.spot, -1)
        if isinstance(command, ReturnPebbles | KeepColor) and view.drawn is not None:
            kept = _retained(view.drawn, command)
            screen = (
                self.screen[0] + kept[0],
                self.screen[1] + kept[1],
                self.screen[2] + kept[2],
            )
            return self._leaf(screen, self.spot, -1)
        if isinstance(command, Pass):
            return 0.0
        return float("-inf")

    def figures(self, command: Command, value: float) -> Figures:
        """The figures behind one command's `value` (for NormalBot.explain)."""
        view, table, screen = self.view, self.table, self.screen
        if isinstance(command, MoveTo):
            space = command.space
            color = table.space_color[space]
            after = _after_paying(view, screen, space)
            cost = _faced_cost(view, space)
            fountain = table.space_fountain[space]
            ritual = (
                table.fountains[fountain].ritual.value
                if fountain >= 0 and table.fountains[fountain].gold
                else None
            )
            draws = table.space_pebbles[space]
            afford = 0.0
            if cost is not None and ritual is None:
                paid = view.paid
                if color != WHITE:
                    paid = (paid[0] + (color == 0), paid[1] + (color == 1), paid[2] + (color == 2))
                outcomes = _draw_outcomes(self.unseen, view.pouch_count, paid, draws)
                afford = sum(p for p, drawn in outcomes if _covers(_plus(after, drawn), cost))
            return Figures(
                command,
                value,
                -1 if color == WHITE else color,
                draws,
                0 if cost is None else sum(cost),
                cost,
                afford,
                sum(after),
                ritual,
                fountain >= 0,
            )
        if isinstance(command, Recover):
            position = table.space_faces[self.spot]
            front = view.path[position]
            cost = _cost(front) if isinstance(front, tuple) else (0, 0, 0)
            left = sum(screen) - sum(cost)
            return Figures(command, value, -1, 0, sum(cost), cost, 1.0, left)
        if isinstance(command, ReturnPebbles | KeepColor) and view.drawn is not None:
            kept = sum(_retained(view.drawn, command))
            return Figures(command, value, -1, 0, 0, None, 0.0, sum(screen) + kept)
        return Figures(command, value, -1, 0, 0, None, 0.0, sum(screen))

    def _recover_value(self, screen: Counts, spot: int) -> float:
        position = self.table.space_faces[spot]
        front = self.view.path[position]
        assert isinstance(front, tuple)
        cost = _cost(front)
        after = (screen[0] - cost[0], screen[1] - cost[1], screen[2] - cost[2])
        return self.tile_value(front) + self._leaf(after, spot, position)

    def _move_value(self, space: int) -> float:
        table = self.table
        view = self.view
        screen = _after_paying(view, self.screen, space)
        paid = view.paid
        color = table.space_color[space]
        if color != WHITE:
            paid = (
                paid[0] + (color == 0),
                paid[1] + (color == 1),
                paid[2] + (color == 2),
            )
        outcomes = _draw_outcomes(self.unseen, view.pouch_count, paid, table.space_pebbles[space])
        fountain = table.space_fountain[space]
        ritual = (
            table.fountains[fountain].ritual
            if fountain >= 0 and table.fountains[fountain].gold
            else None
        )
        cost = _faced_cost(view, space)
        total = 0.0
        for probability, drawn in outcomes:
            if ritual is not None:
                best = max(
                    self._leaf(_plus(screen, kept), space, -1)
                    for kept in _ritual_keeps(ritual, drawn)
                )
            else:
                after = _plus(screen, drawn)
                best = self._leaf(after, space, -1)
                if cost is not None and _covers(after, cost):
                    best = max(best, self._recover_value(after, space))
            total += probability * best
        return total

    def _leaf(self, screen: Counts, spot: int, taken: int) -> float:
        """The judged worth of ending the turn with `screen` at `spot` (the tile at position
        `taken` just recovered): pebbles kept, and the best tile they may buy next turn."""
        key = (screen, spot, taken)
        cached = self._leaf_cache.get(key)
        if cached is not None:
            return cached
        w = self.w
        value = self.pebble_value * _hoarded(screen, w.hoard)
        if self.future_weight > 0.0:
            value += self.future_weight * self._next_turn(screen, spot, taken)
            demand = self.demand
            value += w.demand * (
                min(screen[0], demand[0]) + min(screen[1], demand[1]) + min(screen[2], demand[2])
            )
        self._leaf_cache[key] = value
        return value

    def _next_turn(self, screen: Counts, spot: int, taken: int) -> float:
        """The best tile on the path the bot might recover next turn, discounted by how likely
        the others take it first and by how far the screen is from paying for it."""
        w = self.w
        faced = self.table.space_faces[spot] if spot >= 0 else -1
        best = 0.0
        for bound, position, value, survive, cost in self._prospects:
            if bound <= best:
                break
            if position == taken:
                continue
            credit = 0.0
            if position == faced:
                missing = _missing(screen, cost)
                credit = 1.0 if missing == 0 else w.near_miss**missing
            for space, color, pebbles in self.approach.get(position, ()):
                if space == spot:
                    continue
                if screen[color] == 0:
                    continue
                after = list(screen)
                after[color] -= 1
                missing = _missing(after, cost)
                if missing == 0:
                    credit = 1.0
                    break
                short = max(0.0, missing - w.draw_help * pebbles)
                credit = max(credit, w.near_miss**short)
            best = max(best, value * survive * credit)
        return best


def _bound(prospect: tuple[float, int, float, float, Counts]) -> float:
    return prospect[0]


def _missing(screen: Sequence[int], cost: Counts) -> int:
    return max(0, cost[0] - screen[0]) + max(0, cost[1] - screen[1]) + max(0, cost[2] - screen[2])


def _plus(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _ritual_keeps(ritual: Ritual, drawn: Counts) -> list[Counts]:
    """What a gold fountain's ritual lets the player keep of `drawn`, choice by choice."""
    if ritual == Ritual.ONE_COLOR:
        keeps = [
            (drawn[0] if c == 0 else 0, drawn[1] if c == 1 else 0, drawn[2] if c == 2 else 0)
            for c in range(3)
            if drawn[c] > 0
        ]
        return keeps or [(0, 0, 0)]
    if ritual == Ritual.ONE_OF_EACH:
        return [(min(drawn[0], 1), min(drawn[1], 1), min(drawn[2], 1))]
    back = min(sum(drawn), 2 if ritual == Ritual.RETURN_TWO else 1)
    keeps = []
    for red in range(min(drawn[0], back) + 1):
        for yellow in range(min(drawn[1], back - red) + 1):
            green = back - red - yellow
            if green <= drawn[2]:
                keeps.append((drawn[0] - red, drawn[1] - yellow, drawn[2] - green))
    return keeps


CASTLE_BOTS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot}


pickle_by_fields(Weights, Figures, Reasons)
pickle_by_state(EasyBot, lambda bot: (0,))  # any seed: the state replaces it
pickle_by_state(NormalBot, lambda bot: (0,))
