"""Moonlight Castle's rules: setup, legality, what each command does, scoring.

Every rule is cited by what the rulebook says; where it is silent, docs/RULINGS.md decides
(ruling numbers in comments). `apply` checks a command completely before changing anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moonlight_desktop.engine import (
    Command,
    Event,
    IllegalCommand,
    JsonDict,
    OptionsError,
    RecordError,
    Rng,
)
from moonlight_desktop.engine.data import refuse_mistyped
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.ranking import top_seats

from .components import COLORS, PEBBLES_PER_COLOR, STARTING_PEBBLES, Spell
from .moves import (
    CODEC,
    EndTurn,
    ExtraTurn,
    FigureMoved,
    GameOver,
    JewelsRecovered,
    KeepColor,
    LastRound,
    MoveTo,
    Pass,
    Passed,
    PebbleCounts,
    PebblesDrawn,
    PebblesReturned,
    PouchRefilled,
    Recover,
    ReturnPebbles,
    TilePushed,
    ZirrozAngry,
)
from .state import CastleState, Phase, pebbles_from_text
from .table import PINNED_SETUP, WHITE, Ritual, normalize_options, table_for
from .tiles import JEWEL_TILES, MAGIC_TILE_ID, TILE_COSTS, TILE_JEWELS
from .view import CastleView, make_view

ZIRROZ_PUSHES = 6
Events = list[Event] | None
"""Where the rules report what happened; None when nobody watches (look-ahead, playouts)."""
RECOVER = Recover()
END_TURN = EndTurn()
PASS = Pass()


class CastleRules:
    game_id = "castle"
    title = "Moonlight Castle"
    min_seats = 2
    max_seats = 4

    # Setting up ---------------------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        return normalize_options(dict(options), seats)

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> CastleState:
        normalized = normalize_options(dict(options), seats)
        table = table_for(normalized, seats)
        rng = Rng(seed)
        stack, pouch, start_seat = _setup_from(setup, seats) if setup else _random_setup(rng, seats)
        if normalized["start_seat"] is not None:  # the players named the night owl (P1)
            start_seat = normalized["start_seat"]
        state = CastleState(table, normalized, rng, pouch, stack, start_seat)
        # Everyone draws 4 pebbles, passing the pouch around (C1).
        for seat in range(seats):
            for _ in range(STARTING_PEBBLES):
                state.screens[seat][state.pouch.pop()] += 1
        # Push until the path in front of the castle is full (setup step 9).
        while state.path[-1] < 0:
            _push(state, None)
        return state

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    # Asking ------------------------------------------------------------------------------

    def to_act(self, state: CastleState) -> tuple[int, ...]:
        return () if state.phase == Phase.OVER else (state.seat,)

    def is_over(self, state: CastleState) -> bool:
        return state.phase == Phase.OVER

    def scores(self, state: CastleState) -> tuple[int, ...]:
        """Jewels on the recovered tiles."""
        return tuple(sum(TILE_JEWELS[t] for t in tiles) for tiles in state.collected)

    def winners(self, state: CastleState) -> tuple[int, ...]:
        """Most jewels; on a tie the most pebbles left; then a shared win."""
        jewels = self.scores(state)
        return top_seats([(jewels[seat], sum(screen)) for seat, screen in enumerate(state.screens)])

    def view(self, state: CastleState, seat: int | None) -> CastleView:
        return make_view(state, seat)

    def clone(self, state: CastleState) -> CastleState:
        return state.clone()

    def state_to_json(self, state: CastleState) -> JsonDict:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> CastleState:
        try:
            options = normalize_options(data["options"], int(data["seats"]))
            return CastleState.from_json(dict(data), table_for(options, int(data["seats"])))
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"not a Moonlight Castle state: {error}") from None

    # Legality -----------------------------------------------------------------------------

    def legal_commands(self, state: CastleState, seat: int) -> Sequence[Command]:
        if seat != state.seat or state.phase == Phase.OVER:
            return ()
        phase = state.phase
        if phase == Phase.HIDE:
            return _hiding_choices(state, seat)
        if phase == Phase.RECOVER:
            return _AFTER_MOVING
        return tuple(_fountain_choices(state))

    def apply(self, state: CastleState, seat: int, command: Command) -> list[Event]:
        refuse_mistyped(seat, command)
        if state.phase == Phase.OVER:
            raise IllegalCommand("the game is over", command)
        if seat != state.seat:
            raise IllegalCommand(f"it is seat {state.seat}'s turn, not seat {seat}'s", command)
        problem = _problem(self, state, seat, command)
        if problem is not None:
            raise IllegalCommand(problem, command)
        events: list[Event] = []
        _carry_out(state, seat, command, events)
        return events

    def advance(self, state: CastleState, seat: int, command: Command) -> None:
        """`apply` for a command taken from `legal_commands`: no check, no events. For bots'
        look-ahead and random playouts, where both would be wasted work."""
        _carry_out(state, seat, command, None)


def _carry_out(state: CastleState, seat: int, command: Command, events: Events) -> None:
    kind = type(command)
    if kind is MoveTo:
        assert isinstance(command, MoveTo)
        _move(state, seat, command.space, events)
    elif kind is Recover:
        _recover(state, seat, events)
    elif kind is EndTurn:
        _end_turn(state, events)
    elif kind is Pass:
        if events is not None:
            events.append(Passed(seat))
        _end_turn(state, events)
    else:
        _resolve_fountain(state, seat, command, events)


def _problem(rules: CastleRules, state: CastleState, seat: int, command: Command) -> str | None:
    """Why `command` is not legal now (naming the rule), or None when it is."""
    phase = state.phase
    kind = type(command)
    if phase == Phase.FOUNTAIN:
        if kind is not ReturnPebbles and kind is not KeepColor:
            return "first choose what to keep of the fountain's pebbles"
        return None if command in _fountain_choices(state) else _fountain_refusal(state)
    if kind is MoveTo:
        assert isinstance(command, MoveTo)
        return (
            "you have already moved this turn"
            if phase != Phase.HIDE
            else _move_problem(state, seat, command.space)
        )
    if kind is Recover:
        return None if _recoverable(state, seat) else _recover_refusal(state, seat)
    if kind is EndTurn:
        return None if phase == Phase.RECOVER else "a turn ends by itself except after moving"
    if kind is Pass:
        if phase == Phase.HIDE and rules.legal_commands(state, seat) == (PASS,):
            return None
        return "pass only when you can neither move nor recover"
    if kind is ReturnPebbles or kind is KeepColor:
        return _fountain_refusal(state)
    return "Moonlight Castle has no such command"


# Setup --------------------------------------------------------------------------------------


def _random_setup(rng: Rng, seats: int) -> tuple[list[int], list[int], int]:
    stack = list(range(len(JEWEL_TILES)))
    rng.shuffle(stack)
    pouch = [color for color in range(3) for _ in range(PEBBLES_PER_COLOR)]
    rng.shuffle(pouch)
    start_seat = rng.below(seats)
    # The magic tile goes on top of the stack, and so leaves the castle last (C4).
    return [MAGIC_TILE_ID, *stack], pouch, start_seat


def _setup_from(setup: Mapping[str, Any], seats: int) -> tuple[list[int], list[int], int]:
    """A pinned setup (see PINNED_SETUP) as the stack, the pouch and the starting seat."""
    checked = PINNED_SETUP.check(setup, "setup")
    stack, pouch, start = checked["stack"], checked["pouch"], checked["start_seat"]
    if sorted(stack) != list(range(len(JEWEL_TILES))):
        raise OptionsError(f"a pinned stack lists each of the tiles 0..{len(JEWEL_TILES) - 1} once")
    if any(pouch.count(letter) != PEBBLES_PER_COLOR for letter in "RYG"):
        raise OptionsError("a pinned pouch is 60 letters, 20 each of R, Y and G")
    if start >= seats:
        raise OptionsError(f"a pinned start_seat is a seat number from 0 to {seats - 1}")
    return [MAGIC_TILE_ID, *reversed(stack)], list(reversed(pebbles_from_text(pouch))), start


# Hide again ---------------------------------------------------------------------------------


_AFTER_MOVING: tuple[Command, ...] = (RECOVER, END_TURN)
_CACHE_LIMIT = 200_000


def _hiding_choices(state: CastleState, seat: int) -> tuple[Command, ...]:
    """Moves to reachable spaces, staying to recover, or passing. They depend only on which
    colours the seat holds, where the figures stand and whether it can recover, so they are
    remembered per table: the same situations come back again and again."""
    screen = state.screens[seat]
    can_recover = state.spots[seat] >= 0 and _recoverable(state, seat)
    key = (
        (screen[0] > 0) | (screen[1] > 0) << 1 | (screen[2] > 0) << 2 | can_recover << 3,
        *state.spots,
    )
    cache = state.table.hiding_choices
    choices = cache.get(key)
    if choices is None:
        commands = _reachable_moves(state, seat)
        if can_recover:
            commands.append(RECOVER)
        choices = tuple(commands) or (PASS,)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = choices
    return choices


def _reachable_moves(state: CastleState, seat: int) -> list[Command]:
    """Empty spaces, coloured ones only with a pebble of their colour to place."""
    screen = state.screens[seat]
    mask = (screen[0] > 0) | (screen[1] > 0) << 1 | (screen[2] > 0) << 2
    moves: list[Command] = list(state.table.moves_payable[mask])
    for spot in state.spots:  # occupied: by identity, far quicker than comparing commands
        if spot >= 0:
            occupied = state.table.moves_payable[7][spot]
            for index, move in enumerate(moves):
                if move is occupied:
                    del moves[index]
                    break
    return moves


def _move_problem(state: CastleState, seat: int, space: object) -> str | None:
    table = state.table
    if type(space) is not int or not 0 <= space < table.space_count:
        return f"there is no space {brief(space)} in this garden"
    if space == state.spots[seat]:
        return "you are already there: staying is only possible to recover"
    if space in state.spots:
        return "that space is occupied by another player"
    color = table.space_color[space]
    if color == WHITE or state.screens[seat][color] > 0:
        return None
    name = COLORS[color].name.lower()
    return f"moving to a {name} space needs a {name} pebble to place"


def _move(state: CastleState, seat: int, space: int, events: Events) -> None:
    table = state.table
    color = table.space_color[space]
    if color != WHITE:
        state.screens[seat][color] -= 1
        state.paid[color] += 1
    if events is not None:
        events.append(FigureMoved(seat, state.spots[seat], space, color))
    state.spots[seat] = space
    fountain = table.space_fountain[space]
    if fountain >= 0 and table.fountains[fountain].gold:
        _draw(state, seat, table.space_pebbles[space], state.drawn, events)
        choices = _fountain_choices(state)
        if len(choices) > 1:
            state.phase = Phase.FOUNTAIN
            return
        _keep_drawn(state, seat, choices[0], events)
    else:
        _draw(state, seat, table.space_pebbles[space], state.screens[seat], events)
    _after_hiding(state, seat, events)


def _draw(state: CastleState, seat: int, count: int, into: list[int], events: Events) -> None:
    """Draws blind from the pouch into `into` (a screen, or a gold fountain's draw),
    refilling the pouch from the pebbles beside the board when it runs empty (P3)."""
    if not count:
        return
    run: list[int] = []
    visible_to = None if seat in state.table.open_screens else (seat,)
    for _ in range(count):
        if not state.pouch:
            if run:
                if events is not None:
                    events.append(PebblesDrawn(seat, len(run), tuple(run), visible_to))
                run = []
            if not _refill_pouch(state, events):
                break  # pouch and paid pile both empty: the draw ends short
        pebble = state.pouch.pop()
        into[pebble] += 1
        run.append(pebble)
    if run and events is not None:
        events.append(PebblesDrawn(seat, len(run), tuple(run), visible_to))


def _refill_pouch(state: CastleState, events: Events) -> bool:
    paid = state.paid
    refill = [color for color in range(3) for _ in range(paid[color])]
    if not refill:
        return False
    state.rng.shuffle(refill)
    state.pouch = refill
    state.paid = [0, 0, 0]
    if events is not None:
        events.append(PouchRefilled(len(refill)))
    return True


def _add(counts: list[int], more: list[int] | PebbleCounts) -> None:
    for color in range(3):
        counts[color] += more[color]


def _after_hiding(state: CastleState, seat: int, events: Events) -> None:
    """After moving: a choice if the tile next to you can be recovered; otherwise the turn ends."""
    if _recoverable(state, seat):
        state.phase = Phase.RECOVER
    else:
        _end_turn(state, events)


# Gold fountains -----------------------------------------------------------------------------


def _fountain_choices(state: CastleState) -> list[Command]:
    """What the player may keep of a gold fountain's draw, as the commands that say so."""
    drawn = state.drawn
    ritual = state.table.fountains[state.table.space_fountain[state.spots[state.seat]]].ritual
    if ritual == Ritual.ONE_COLOR:
        return [KeepColor(color) for color in COLORS if drawn[color] > 0] or [KeepColor(0)]
    if ritual == Ritual.ONE_OF_EACH:
        return [ReturnPebbles(*(max(0, n - 1) for n in drawn))]
    to_return = min(sum(drawn), 2 if ritual == Ritual.RETURN_TWO else 1)
    return [
        ReturnPebbles(red, yellow, to_return - red - yellow)
        for red in range(min(drawn[0], to_return) + 1)
        for yellow in range(min(drawn[1], to_return - red) + 1)
        if to_return - red - yellow <= drawn[2]
    ]


def _fountain_refusal(state: CastleState) -> str:
    if state.phase != Phase.FOUNTAIN:
        return "there is no fountain draw to choose from now"
    return "that is not a choice this fountain's ritual allows for the pebbles drawn"


def _resolve_fountain(state: CastleState, seat: int, command: Command, events: Events) -> None:
    _keep_drawn(state, seat, command, events)
    _after_hiding(state, seat, events)


def _keep_drawn(state: CastleState, seat: int, choice: Command, events: Events) -> None:
    drawn = state.drawn
    returned: PebbleCounts
    if isinstance(choice, KeepColor):
        keep = choice.color
        returned = (
            0 if keep == 0 else drawn[0],
            0 if keep == 1 else drawn[1],
            0 if keep == 2 else drawn[2],
        )
    else:
        assert isinstance(choice, ReturnPebbles)
        returned = choice.counts
    kept = [drawn[color] - returned[color] for color in COLORS]
    _add(state.screens[seat], kept)
    _add(state.paid, returned)
    state.drawn = [0, 0, 0]
    state.phase = Phase.HIDE  # transient: _after_hiding decides what comes next
    if any(returned) and events is not None:
        events.append(PebblesReturned(seat, returned))


# Recovering jewels --------------------------------------------------------------------------


def _faced_tile(state: CastleState, seat: int) -> int:
    spot = state.spots[seat]
    if spot < 0:
        return -1
    position = state.table.space_faces[spot]
    return -1 if position < 0 else state.path[position]


def _recoverable(state: CastleState, seat: int) -> bool:
    tile = _faced_tile(state, seat)
    if tile < 0 or tile == MAGIC_TILE_ID:
        return False
    screen = state.screens[seat]
    cost = TILE_COSTS[tile]
    return screen[0] >= cost[0] and screen[1] >= cost[1] and screen[2] >= cost[2]


def _recover_refusal(state: CastleState, seat: int) -> str:
    if state.spots[seat] < 0:
        return "your figure is not in the garden yet"
    if state.table.space_faces[state.spots[seat]] < 0:
        return "jewels can never be recovered from a white space"
    tile = _faced_tile(state, seat)
    if tile < 0:
        return "there is no tile on the path next to you"
    if tile == MAGIC_TILE_ID:
        return "the magic tile shows no jewels and cannot be recovered"
    return "you need a matching pebble for each jewel on the tile"


def _recover(state: CastleState, seat: int, events: Events) -> None:
    position = state.table.space_faces[state.spots[seat]]
    tile = state.path[position]
    cost = TILE_COSTS[tile]
    screen = state.screens[seat]
    for color in range(3):
        screen[color] -= cost[color]
        state.paid[color] += cost[color]
    state.path[position] = -1
    state.collected[seat].append(tile)
    spell = JEWEL_TILES[tile].spell
    if events is not None:
        events.append(JewelsRecovered(seat, position, JEWEL_TILES[tile].jewels, spell, cost))
    if spell == Spell.ONE_ARROW:
        _push_times(state, 1, events)
    elif spell == Spell.TWO_ARROWS:
        _push_times(state, 2, events)
    elif spell == Spell.MAGICIAN:
        _push_times(state, state.path.count(-1), events)
    elif spell == Spell.SPECIAL:
        state.extra_turn = True
    _end_turn(state, events)


# The slider and the path ---------------------------------------------------------------------


def _push_times(state: CastleState, times: int, events: Events) -> None:
    for _ in range(times):
        if not _push(state, events):
            return


def _push(state: CastleState, events: Events) -> bool:
    """One push of the slider (C3). False once the magic tile is out: nothing more is pushed."""
    if state.last_round or not state.castle:
        return False
    path = state.path
    length = len(path)
    row = 0
    while row < length and path[row] >= 0:
        row += 1
    fell = path[-1] if row == length else -1
    if fell >= 0:
        state.fallen.append(fell)
        row -= 1
    path[1 : row + 1] = path[0:row]
    tile = state.castle.pop()
    path[0] = tile
    if events is not None:
        events.append(
            TilePushed(
                entered=_front(tile),
                entered_magic=tile == MAGIC_TILE_ID,
                moves=tuple((position, position + 1) for position in range(row - 1, -1, -1)),
                fell_off=_front(fell) if fell >= 0 else None,
            )
        )
    if tile == MAGIC_TILE_ID:
        state.last_round = True
        if events is not None:
            events.append(LastRound(state.final_seat))
    return True


def _front(tile: int) -> tuple[int, ...]:
    return () if tile == MAGIC_TILE_ID else tuple(JEWEL_TILES[tile].jewels)


# Ending a turn ------------------------------------------------------------------------------


def _end_turn(state: CastleState, events: Events) -> None:
    # Zirroz: no tile on the path in front of the bridge at the end of a turn (C3).
    if not state.last_round and max(state.path[1:]) < 0:
        if events is not None:
            events.append(ZirrozAngry())
        _push_times(state, ZIRROZ_PUSHES, events)
    seat = state.seat
    if state.extra_turn:
        state.extra_turn = False
        if events is not None:
            events.append(ExtraTurn(seat))
    elif state.last_round and seat == state.final_seat:
        state.phase = Phase.OVER
        if events is not None:
            events.append(_game_over(state))
        return
    else:
        state.seat = (seat + 1) % state.table.seats
    state.phase = Phase.HIDE
    state.turns += 1


def _game_over(state: CastleState) -> GameOver:
    rules = CastleRules()
    jewels = rules.scores(state)
    winners = rules.winners(state)
    top = max(jewels)
    return GameOver(
        jewels=jewels,
        pebbles=tuple(sum(screen) for screen in state.screens),
        winners=winners,
        tie_break_used=jewels.count(top) > 1,
    )


def castle_stats(state: CastleState) -> dict[str, float]:
    """Length figures of a finished game, for the arena's report."""
    seats = state.table.seats
    return {
        "turns": state.turns,
        "turns per player": state.turns / seats,
        "tiles fallen off": len(state.fallen),
    }
