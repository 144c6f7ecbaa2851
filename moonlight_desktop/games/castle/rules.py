"""Moonlight Castle's rules: setup, legality, what each command does, scoring.

Every rule is cited by what the rulebook says; where it is silent, docs/RULINGS.md decides
(ruling numbers in comments). `apply` checks a command completely before changing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from moonlight_desktop.engine import (
    Command,
    Event,
    IllegalCommand,
    JsonDict,
    OptionsError,
    Reason,
    RecordError,
    Rng,
)
from moonlight_desktop.engine.data import refuse_mistyped
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.ranking import top_seats
from moonlight_desktop.engine.schema import Int
from moonlight_desktop.i18n import N_

from .components import (
    COLORS,
    MAGICIAN,
    ONE_ARROW,
    PEBBLES_PER_COLOR,
    SPECIAL,
    STARTING_PEBBLES,
    TWO_ARROWS,
)
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
from .state import FOUNTAIN, HIDE, OVER, RECOVER, CastleState, pebbles_from_text
from .table import (
    ONE_COLOR,
    ONE_OF_EACH,
    PINNED_SETUP,
    RETURN_TWO,
    WHITE,
    Table,
    normalize_options,
    table_for,
)
from .tiles import JEWEL_TILES, MAGIC_TILE_ID, TILE_COSTS, TILE_JEWELS
from .view import CastleView, make_view

ZIRROZ_PUSHES = 6
Events = list[Event] | None
"""Where the rules report what happened; None when nobody watches (look-ahead, playouts)."""
RECOVER_COMMAND = Recover()
END_TURN_COMMAND = EndTurn()
PASS_COMMAND = Pass()


TITLE = "Moonlight Castle"
MIN_SEATS = 2
MAX_SEATS = 4
"""The table's size, for the screens as well: compiled with mypyc (scripts/compile_rules.py),
`CastleRules`'s own attributes are read from an instance only."""


class CastleRules:
    game_id = "castle"
    title = TITLE
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS

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
            for _pebble in range(STARTING_PEBBLES):
                state.screens[seat][state.pouch.pop()] += 1
        # Push until the path in front of the castle is full (setup step 9).
        while state.path[-1] < 0:
            _push(state, None)
        return state

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    # Asking ------------------------------------------------------------------------------

    def to_act(self, state: CastleState) -> tuple[int, ...]:
        return () if state.phase is OVER else (state.seat,)

    def is_over(self, state: CastleState) -> bool:
        return state.phase is OVER

    def scores(self, state: CastleState) -> tuple[int, ...]:
        """Jewels on the recovered tiles."""
        return tuple(sum(TILE_JEWELS[t] for t in tiles) for tiles in state.collected)

    def winners(self, state: CastleState) -> tuple[int, ...]:
        """Most jewels; on a tie the most pebbles left; then a shared win."""
        jewels = self.scores(state)
        return top_seats([(jewels[seat], sum(screen)) for seat, screen in enumerate(state.screens)])

    def view(self, state: CastleState, seat: int | None) -> CastleView:
        return make_view(state, seat)

    def view_from_json(self, data: Any) -> CastleView:
        return CastleView.from_json(data, Int(self.min_seats, self.max_seats))

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
        phase = state.phase
        if seat != state.seat or phase is OVER:
            return ()
        if phase is not HIDE:
            return _AFTER_MOVING if phase is RECOVER else tuple(_fountain_choices(state))
        # Hiding again: a move to each reachable space (an empty one, a coloured one only with a
        # pebble of its colour to place), staying to recover, or passing. The spaces as a bit
        # set (bit n: space n), which tells which are free but not who stands where.
        table = state.table
        red, yellow, green = state.screens[seat]
        held = (1 if red else 0) | (2 if yellow else 0) | (4 if green else 0)  # colours, as bits
        reachable = table.payable_spaces[held]
        for spot in state.spots:
            reachable &= table.every_space_but[spot]
        can_recover = _recoverable(state, seat)
        return table.hiding_choices.get((reachable, can_recover)) or _hiding_choices(
            table, reachable, can_recover
        )

    def apply(self, state: CastleState, seat: Any, command: Any) -> list[Event]:
        # `Any`: anything may come in here, and is refused with a reason. Compiled (mypyc),
        # a parameter typed `int` would refuse a float itself, with a bare TypeError.
        refuse_mistyped(seat, command)
        if state.phase is OVER:
            raise IllegalCommand(N_("the game is over"), command)
        if seat != state.seat:
            raise IllegalCommand(
                # Translators: {position} is the number of the seat to act; {seat} another's.
                N_("it is the turn of seat {position}, not of seat {seat}"),
                command,
                position=state.seat,
                seat=seat,
            )
        problem = _problem(self, state, seat, command)
        if problem is not None:
            raise IllegalCommand.because(problem, command)
        events: list[Event] = []
        _CARRY_OUT[type(command)](state, seat, command, events)
        return events

    def advance(self, state: CastleState, seat: int, command: Command) -> None:
        """`apply` for a command taken from `legal_commands`: no check, no events. For bots'
        look-ahead and random playouts, where both would be wasted work."""
        _CARRY_OUT[type(command)](state, seat, command, None)


def _problem(rules: CastleRules, state: CastleState, seat: int, command: Command) -> Reason | None:
    """Why `command` is not legal now (naming the rule), or None when it is."""
    phase = state.phase
    kind = type(command)
    if phase is FOUNTAIN:
        if kind is not ReturnPebbles and kind is not KeepColor:
            return Reason(N_("first choose what to keep of the fountain's pebbles"))
        return None if command in _fountain_choices(state) else _fountain_refusal(state)
    if kind is MoveTo:
        assert isinstance(command, MoveTo)
        return (
            Reason(N_("you have already moved this turn"))
            if phase is not HIDE
            else _move_problem(state, seat, command.space)
        )
    if kind is Recover:
        return None if _recoverable(state, seat) else _recover_refusal(state, seat)
    if kind is EndTurn:
        return None if phase is RECOVER else Reason(N_("a turn ends by itself except after moving"))
    if kind is Pass:
        if phase is HIDE and rules.legal_commands(state, seat) == (PASS_COMMAND,):
            return None
        return Reason(N_("pass only when you can neither move nor recover"))
    if kind is ReturnPebbles or kind is KeepColor:
        return _fountain_refusal(state)
    return Reason(N_("Moonlight Castle has no such command"))


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


_AFTER_MOVING: tuple[Command, ...] = (RECOVER_COMMAND, END_TURN_COMMAND)
_CACHE_LIMIT = 200_000


def _hiding_choices(table: Table, reachable: int, can_recover: bool) -> tuple[Command, ...]:
    """The commands for a situation at the start of a turn, remembered per table: the same
    situations come back again and again."""
    commands: list[Command] = [
        move for move in table.moves_payable[7] if reachable >> move.space & 1
    ]
    if can_recover:
        commands.append(RECOVER_COMMAND)
    choices = tuple(commands) or (PASS_COMMAND,)
    if len(table.hiding_choices) >= _CACHE_LIMIT:
        table.hiding_choices.clear()
    table.hiding_choices[reachable, can_recover] = choices
    return choices


_NEEDS_A_PEBBLE = (
    N_("moving to a red space needs a red pebble to place"),
    N_("moving to a yellow space needs a yellow pebble to place"),
    N_("moving to a green space needs a green pebble to place"),
)
"""Why a coloured space cannot be reached with no pebble of its colour, by colour."""


def _move_problem(state: CastleState, seat: int, space: object) -> Reason | None:
    table = state.table
    if type(space) is not int or not 0 <= space < table.space_count:
        return Reason(N_("there is no space {space} in this garden"), {"space": brief(space)})
    if space == state.spots[seat]:
        return Reason(N_("you are already there: staying is only possible to recover"))
    if space in state.spots:
        return Reason(N_("that space is occupied by another player"))
    color = table.space_color[space]
    if color == WHITE or state.screens[seat][color] > 0:
        return None
    return Reason(_NEEDS_A_PEBBLE[color])


def _move(state: CastleState, seat: int, move: MoveTo, events: Events) -> None:
    space = move.space
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
            state.phase = FOUNTAIN
            return
        _keep_drawn(state, seat, choices[0], events)
    elif table.space_pebbles[space]:
        _draw(state, seat, table.space_pebbles[space], state.screens[seat], events)
    # After moving: a choice if the tile next to you can be recovered; else the turn ends (P5).
    if _recoverable(state, seat):
        state.phase = RECOVER
    else:
        _end_turn(state, events)


def _draw(state: CastleState, seat: int, count: int, into: list[int], events: Events) -> None:
    """Draws blind from the pouch into `into` (a screen, or a gold fountain's draw),
    refilling the pouch from the pebbles beside the board when it runs empty (P3)."""
    run: list[int] = []  # for the events: drawn since the pouch was last refilled
    for _pebble in range(count):
        if not state.pouch:
            if run and events is not None:
                events.append(_drawn(state, seat, run))
            run = []
            if not _refill_pouch(state, events):
                break  # pouch and paid pile both empty: the draw ends short
        pebble = state.pouch.pop()
        into[pebble] += 1
        if events is not None:
            run.append(pebble)
    if run and events is not None:
        events.append(_drawn(state, seat, run))


def _drawn(state: CastleState, seat: int, run: list[int]) -> PebblesDrawn:
    visible_to = None if seat in state.table.open_screens else (seat,)
    return PebblesDrawn(seat, len(run), tuple(run), visible_to)


def _refill_pouch(state: CastleState, events: Events) -> bool:
    paid = state.paid
    refill = [0] * paid[0] + [1] * paid[1] + [2] * paid[2]  # red, yellow, green
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


# Gold fountains -----------------------------------------------------------------------------


def _fountain_choices(state: CastleState) -> list[Command]:
    """What the player may keep of a gold fountain's draw, as the commands that say so."""
    drawn = state.drawn
    ritual = state.table.fountains[state.table.space_fountain[state.spots[state.seat]]].ritual
    if ritual == ONE_COLOR:
        return [KeepColor(color) for color in COLORS if drawn[color] > 0] or [KeepColor(0)]
    if ritual == ONE_OF_EACH:
        return [ReturnPebbles(*(max(0, n - 1) for n in drawn))]
    to_return = min(sum(drawn), 2 if ritual == RETURN_TWO else 1)
    return [
        ReturnPebbles(red, yellow, to_return - red - yellow)
        for red in range(min(drawn[0], to_return) + 1)
        for yellow in range(min(drawn[1], to_return - red) + 1)
        if to_return - red - yellow <= drawn[2]
    ]


def _fountain_refusal(state: CastleState) -> Reason:
    if state.phase is not FOUNTAIN:
        return Reason(N_("there is no fountain draw to choose from now"))
    return Reason(N_("that is not a choice this fountain's ritual allows for the pebbles drawn"))


def _resolve_fountain(
    state: CastleState, seat: int, command: ReturnPebbles | KeepColor, events: Events
) -> None:
    _keep_drawn(state, seat, command, events)
    # The move is complete: as at its end in `_move`.
    if _recoverable(state, seat):
        state.phase = RECOVER
    else:
        _end_turn(state, events)


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
    state.phase = HIDE  # transient: the end of the move decides what comes next
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
    """Whether the seat's figure faces a jewel tile it has the pebbles for."""
    spot = state.spots[seat]
    if spot < 0:
        return False
    position = state.table.space_faces[spot]
    if position < 0:
        return False
    tile = state.path[position]
    if tile < 0 or tile == MAGIC_TILE_ID:
        return False
    red, yellow, green = TILE_COSTS[tile]
    screen = state.screens[seat]
    return screen[0] >= red and screen[1] >= yellow and screen[2] >= green


def _recover_refusal(state: CastleState, seat: int) -> Reason:
    if state.spots[seat] < 0:
        return Reason(N_("your figure is not in the garden yet"))
    if state.table.space_fountain[state.spots[seat]] >= 0:
        return Reason(N_("jewels can never be recovered from a fountain"))
    if state.table.space_faces[state.spots[seat]] < 0:
        return Reason(N_("jewels can never be recovered from a white space"))
    tile = _faced_tile(state, seat)
    if tile < 0:
        return Reason(N_("there is no tile on the path next to you"))
    if tile == MAGIC_TILE_ID:
        return Reason(N_("the magic tile shows no jewels and cannot be recovered"))
    return Reason(N_("you need a matching pebble for each jewel on the tile"))


def _recover(state: CastleState, seat: int, _: Recover, events: Events) -> None:
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
    if spell is ONE_ARROW:
        _push_times(state, 1, events)
    elif spell is TWO_ARROWS:
        _push_times(state, 2, events)
    elif spell is MAGICIAN:
        _push_times(state, state.path.count(-1), events)
    elif spell is SPECIAL:
        state.extra_turn = True
    # Zirroz: no tile on the path in front of the bridge at the end of a turn (C3). Only a
    # recovery can leave none there, as every push moves the tile on the bridge in front of it
    # (tests/test_castle_playout_path.py). Counting the empty positions first is quick, and
    # rules it out nearly always.
    path = state.path
    if not state.last_round and path.count(-1) >= len(path) - 1 and max(path[1:]) < 0:
        if events is not None:
            events.append(ZirrozAngry())
        _push_times(state, ZIRROZ_PUSHES, events)
    _end_turn(state, events)


# The slider and the path ---------------------------------------------------------------------


def _push_times(state: CastleState, times: int, events: Events) -> None:
    for _time in range(times):
        if not _push(state, events):
            return


def _push(state: CastleState, events: Events) -> bool:
    """One push of the slider (C3). False once the magic tile is out: nothing more is pushed."""
    if state.last_round or not state.castle:
        return False
    path = state.path
    length = len(path)
    row = path.index(-1) if -1 in path else length  # the first gap: the tiles before it slide on
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


def _leave_tile(state: CastleState, seat: int, _: EndTurn, events: Events) -> None:
    _end_turn(state, events)


def _pass(state: CastleState, seat: int, _: Pass, events: Events) -> None:
    if events is not None:
        events.append(Passed(seat))
    _end_turn(state, events)


def _end_turn(state: CastleState, events: Events) -> None:
    seat = state.seat
    if state.extra_turn:
        state.extra_turn = False
        if events is not None:
            events.append(ExtraTurn(seat))
    elif state.last_round and seat == state.final_seat:
        state.phase = OVER
        if events is not None:
            events.append(_game_over(state))
        return
    else:
        state.seat = (seat + 1) % state.table.seats
    state.phase = HIDE
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


# What each command does, for `apply` and `advance` ------------------------------------------


_CARRY_OUT: dict[type[Command], Callable[[CastleState, int, Any, Events], None]] = {
    MoveTo: _move,
    Recover: _recover,
    EndTurn: _leave_tile,
    Pass: _pass,
    ReturnPebbles: _resolve_fountain,
    KeepColor: _resolve_fountain,
}
"""What each command does: `apply` has checked it, `advance` took it from `legal_commands`."""


def castle_stats(state: CastleState) -> dict[str, float]:
    """Length figures of a finished game, for the arena's report."""
    seats = state.table.seats
    return {
        "turns": state.turns,
        "turns per player": state.turns / seats,
        "tiles fallen off": len(state.fallen),
    }
