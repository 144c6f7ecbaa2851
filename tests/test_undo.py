"""Taking back commands (engine/undo.py): never after anything hidden came out, never past
another human's command, the bots' replies taken back with the player's command, and the
undone game exactly the game as it was (the same seed keeps every hidden fact).

The hidden-information cases come first, game by game; then the general rules; then random
legal play over a few hundred games checking the guard against an oracle written from the
record, and each allowed undo against the game as it stood at the cut."""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from moonlight_desktop.engine import Command, Event, GameRecord, Match, SeatSpec
from moonlight_desktop.engine.undo import NoUndo, UndoGuard, UndoStep, undo_step, undone
from moonlight_desktop.game_list import GAMES, codec_for
from moonlight_desktop.games.castle import moves as castle_moves
from moonlight_desktop.games.castle.moves import KeepColor, MoveTo, PebblesDrawn, ReturnPebbles
from moonlight_desktop.games.castle.moves import Recover as CastleRecover
from moonlight_desktop.games.market import moves as market_moves
from moonlight_desktop.games.market.moves import PlaceLink
from moonlight_desktop.games.moons import moves as moons_moves
from moonlight_desktop.games.moons.components import MOON_CARDS
from moonlight_desktop.games.moons.moves import HandDealt, PlayCard, TableauxRevealed
from moonlight_desktop.games.samarkand import moves as samarkand_moves
from moonlight_desktop.games.samarkand.moves import Order, Seal, Sell, Stop, Wait

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


# Helpers ------------------------------------------------------------------------------------


def new_match(
    game: str, seats: int, bots: Sequence[int] = (), seed: int = 1, **options: Any
) -> Match[Any]:
    """Ana, Ben, Cleo...; the seats in `bots` are easy bots (only the record's word: the tests
    choose their commands)."""
    specs = [
        SeatSpec(NAMES[seat], "bot", "easy") if seat in bots else SeatSpec(NAMES[seat])
        for seat in range(seats)
    ]
    return Match.new(GAMES[game].rules, specs, seed, options)


def humans(match: Match[Any]) -> tuple[int, ...]:
    return tuple(seat for seat, spec in enumerate(match.seats) if spec.player == "human")


def preview(match: Match[Any], seat: int, command: Command) -> list[Event]:
    """The events `command` would give now, the match untouched."""
    return match.rules.apply(match.snapshot(), seat, command)


def quiet_for(match: Match[Any], seat: int, command: Command, viewer: int) -> bool:
    """`command` would tell `viewer` nothing new."""
    return not any(event.is_news_to(viewer) for event in preview(match, seat, command))


Wanted = Callable[[Match[Any], int, Command], bool]


def play_until(
    match: Match[Any], wanted: Wanted, roll: random.Random, seats: Sequence[int] | None = None
) -> tuple[int, Command]:
    """Random legal play until a seat (of `seats`, any by default) may give a command that
    `wanted` likes; returns it, not played."""
    for _ in range(3000):
        assert not match.is_over(), "the game ended before the wanted command came up"
        acting = match.to_act()
        for seat in acting:
            if seats is None or seat in seats:
                for command in match.legal(seat):
                    if wanted(match, seat, command):
                        return seat, command
        seat = roll.choice(acting)
        match.submit(seat, roll.choice(match.legal(seat)))
    raise AssertionError("the wanted command never came up")


def refusal(match: Match[Any], seat: int) -> str:
    """Why `seat` may not take back its command (fails if it may), the guard agreeing."""
    answer = undo_step(match, seat, humans(match))
    assert isinstance(answer, NoUndo), answer
    assert UndoGuard.from_match(match).undo_step(match, seat, humans(match)) == answer
    return answer.reason


def allowed(match: Match[Any], seat: int) -> UndoStep:
    """The step taking back `seat`'s command (fails if it is refused), the guard agreeing."""
    answer = undo_step(match, seat, humans(match))
    assert isinstance(answer, UndoStep), answer
    assert UndoGuard.from_match(match).undo_step(match, seat, humans(match)) == answer
    return answer


def check_undo_and_redo(match: Match[Any], step: UndoStep) -> Match[Any]:
    """Undo, then the same commands again: exactly the same state, hidden facts included; the
    undone match is the game as it stood and round-trips through its record's JSON."""
    taken_back = match.record.moves[step.keep :]
    cut = undone(match, step)
    assert cut.state_json() == match.replayed(step.keep).state_json()
    assert cut.record.moves == match.record.moves[: step.keep]
    assert reloaded(cut).state_json() == cut.state_json()
    again = undone(match, step)
    for move in taken_back:
        again.submit(move.seat, move.command)
    assert again.state_json() == match.state_json()
    return cut


def reloaded(match: Match[Any]) -> Match[Any]:
    data = json.loads(json.dumps(match.record.to_json()))
    return Match(match.rules, GameRecord.from_json(data, codec_for))


# Every event is classified ---------------------------------------------------------------

NEWS_TO_ALL = "news to all"
NEWS_TO_OTHERS = "news to all but its seat"
NOT_NEWS = "not news"

CLASSIFICATION: dict[Any, dict[str, str]] = {
    castle_moves: {
        "FigureMoved": NEWS_TO_OTHERS,  # a coloured space is paid from behind the screen
        "PebblesDrawn": NEWS_TO_ALL,  # drawn blind from the pouch
        "PouchRefilled": NEWS_TO_ALL,  # shuffled (and drawn from at once)
        "PebblesReturned": NEWS_TO_OTHERS,  # part of a draw only the drawer saw
        "JewelsRecovered": NEWS_TO_ALL,  # the tile's back turned up
        "TilePushed": NEWS_TO_ALL,  # the next tile of the shuffled stack
        "ZirrozAngry": NOT_NEWS,
        "LastRound": NOT_NEWS,  # the magic tile came out in its TilePushed
        "ExtraTurn": NOT_NEWS,  # the spell came out in its JewelsRecovered
        "Passed": NOT_NEWS,
        "GameOver": NOT_NEWS,  # jewels and pebble counts are public
    },
    market_moves: {
        "CushionsFilled": NEWS_TO_ALL,
        "CardsDrawn": NEWS_TO_ALL,
        "StartCoinLaid": NOT_NEWS,
        "BidPlaced": NEWS_TO_OTHERS,  # a hand card, or one Dirk or Beate turned up
        "LinksHandedOut": NOT_NEWS,
        "HammerUsed": NOT_NEWS,
        "SealTaken": NOT_NEWS,
        "ChainDiscarded": NOT_NEWS,
        "LinkPlaced": NOT_NEWS,
        "CardPutUnder": NOT_NEWS,  # only its owner sees which
        "PassScored": NOT_NEWS,
        "GameOver": NEWS_TO_ALL,  # the kept cards
    },
    moons_moves: {
        "HandDealt": NEWS_TO_ALL,
        "MiniDrawn": NEWS_TO_ALL,
        "TableauCardPlaced": NOT_NEWS,  # stays face down
        "TableauxRevealed": NEWS_TO_ALL,
        "FirstPlayer": NOT_NEWS,  # follows from the revealed tableaux
        "LeadPassed": NEWS_TO_OTHERS,  # a hand of Asteroids only
        "BlockTaken": NEWS_TO_OTHERS,  # a mini-asteroid held
        "TokensTraded": NEWS_TO_OTHERS,
        "CardsTraded": NEWS_TO_OTHERS,
        "CardPlayed": NEWS_TO_OTHERS,  # a hand card
        "TrickWon": NOT_NEWS,
        "TokenTaken": NOT_NEWS,
        "RoundEnded": NOT_NEWS,
        "EarthsMoonPassed": NOT_NEWS,
        "GameOver": NEWS_TO_ALL,  # the mini-asteroids scored
    },
    samarkand_moves: {
        "SaleChosen": NOT_NEWS,  # stays face down
        "CamelFlipped": NEWS_TO_ALL,
        "GoodsRevealed": NEWS_TO_ALL,
        "OrderPlaced": NOT_NEWS,  # stays sealed
        "OrdersSealed": NOT_NEWS,
        "Countdown": NEWS_TO_ALL,  # going on shows that nobody stopped
        "Stops": NEWS_TO_ALL,
        "Bought": NEWS_TO_ALL,
        "Disputed": NEWS_TO_ALL,
        "TurnEnded": NOT_NEWS,
        "GameOver": NEWS_TO_ALL,  # the screens lifted
    },
}


def _event_classes(module: Any) -> dict[str, type[Event]]:
    return {
        name: cls
        for name, cls in vars(module).items()
        if inspect.isclass(cls) and issubclass(cls, Event) and cls is not Event
    }


@pytest.mark.parametrize("module", list(CLASSIFICATION), ids=lambda m: m.__name__.split(".")[-2])
def test_every_event_class_is_classified_deliberately(module: Any) -> None:
    """A new event class fails here until someone decided what it reveals."""
    classes = _event_classes(module)
    assert set(classes) == set(CLASSIFICATION[module])
    for name, cls in classes.items():
        expected = CLASSIFICATION[module][name]
        actual = NEWS_TO_ALL if cls.reveals else NEWS_TO_OTHERS if cls.shows_secret_of else NOT_NEWS
        assert actual == expected, name
        if cls.shows_secret_of:
            assert cls.shows_secret_of in cls.__dataclass_fields__, name
        if actual != NOT_NEWS:
            note = cls.reveal_note.format(who="Ana")
            assert note[0].isupper() and not note.endswith("."), name


# Moonlight Castle ------------------------------------------------------------------------------


def test_castle_pebbles_drawn_cannot_be_put_back() -> None:
    match = new_match("castle", 2)
    seat, command = play_until(
        match,
        lambda m, s, c: (
            isinstance(c, MoveTo) and any(isinstance(e, PebblesDrawn) for e in preview(m, s, c))
        ),
        random.Random(1),
    )
    match.submit(seat, command)
    assert refusal(match, seat) == "Pebbles were drawn since: they cannot be put back"


def test_castle_a_recovered_tile_cannot_be_turned_back() -> None:
    match = new_match("castle", 2)
    seat, command = play_until(match, lambda m, s, c: c == CastleRecover(), random.Random(2))
    match.submit(seat, command)
    assert refusal(match, seat) == "A tile was turned over since: its spell is known"


def test_castle_a_move_that_drew_nothing_is_taken_back_until_the_next_player_acts() -> None:
    match = new_match("castle", 2)
    seat, command = play_until(
        match,
        lambda m, s, c: isinstance(c, MoveTo) and quiet_for(m, s, c, s),
        random.Random(3),
    )
    before = match.state_json()
    match.submit(seat, command)
    step = allowed(match, seat)
    assert step == UndoStep(len(match.record.moves) - 1, seat)
    assert check_undo_and_redo(match, step).state_json() == before
    # The other human acts (after the turn, or at once): it is theirs now.
    other = 1 - seat
    roll = random.Random(3)
    while match.record.moves[-1].seat != other:
        acting = match.to_act()[0]
        match.submit(acting, roll.choice(match.legal(acting)))
    assert refusal(match, seat) == f"{NAMES[other]} has played since"


def test_castle_a_bots_move_shows_its_screen_so_the_move_before_it_is_final() -> None:
    match = new_match("castle", 2, bots=[1])
    seat, command = play_until(
        match,
        lambda m, s, c: (
            isinstance(c, MoveTo)
            and quiet_for(m, s, c, s)
            and m.rules.to_act(_after(m, s, c)) == (1,)
        ),
        random.Random(4),
        seats=[0],
    )
    match.submit(seat, command)
    allowed(match, 0)
    bot_move = next(c for c in match.legal(1) if isinstance(c, MoveTo))
    match.submit(1, bot_move)
    assert refusal(match, 0) in ("Ben has moved since", *_castle_notes())


def _after(match: Match[Any], seat: int, command: Command) -> Any:
    state = match.snapshot()
    match.rules.apply(state, seat, command)
    return state


def _castle_notes() -> tuple[str, ...]:
    return tuple(cls.reveal_note for cls in _event_classes(castle_moves).values() if cls.reveals)


def test_castle_a_gold_fountains_choice_is_taken_back_but_not_the_draw() -> None:
    gold = [{"ritual": ritual, "side": "gold"} for ritual in ("return_two", "one_color")]
    match = new_match("castle", 2, full_moon=False, fountains=gold)
    seat, command = play_until(
        match,
        lambda m, s, c: (
            isinstance(c, ReturnPebbles | KeepColor)
            and len(m.legal(s)) > 1
            and quiet_for(m, s, c, s)
        ),
        random.Random(5),
    )
    assert refusal(match, seat) == "Pebbles were drawn since: they cannot be put back"
    match.submit(seat, command)
    step = allowed(match, seat)
    cut = check_undo_and_redo(match, step)
    assert list(cut.legal(seat)) == list(match.replayed(step.keep).legal(seat))
    assert refusal(cut, seat) == "Pebbles were drawn since: they cannot be put back"


# Moonlight Market ------------------------------------------------------------------------------


def test_market_a_bid_is_taken_back_until_the_next_player_bids() -> None:
    match = new_match("market", 3, start_seat=0)
    ana_bid = match.legal(0)[0]
    match.submit(0, ana_bid)
    step = allowed(match, 0)
    assert step == UndoStep(0, 0)
    check_undo_and_redo(match, step)
    match.submit(1, match.legal(1)[0])
    assert refusal(match, 0) == "Ben has played since"
    allowed(match, 1)


def test_market_bots_bids_show_their_cards_so_the_bid_before_them_is_final() -> None:
    match = new_match("market", 3, bots=[1, 2], start_seat=0)
    match.submit(0, match.legal(0)[0])
    match.submit(1, match.legal(1)[0])
    assert refusal(match, 0) == "Ben has played a card since"


def test_market_solo_dirk_turns_up_a_card_at_once() -> None:
    match = new_match("market", 1, start_seat=0)
    match.submit(0, match.legal(0)[0])
    assert refusal(match, 0) == "Another player has played a card since"


def test_market_cards_drawn_for_a_new_pass_cannot_be_put_back() -> None:
    match = new_match("market", 3)
    seat, command = play_until(
        match,
        lambda m, s, c: any(isinstance(e, market_moves.CardsDrawn) for e in preview(m, s, c)),
        random.Random(6),
    )
    match.submit(seat, command)
    assert refusal(match, seat) in (
        "Cards were drawn since: they cannot be put back",
        "New links were laid out since",
    )


def test_market_a_link_laid_is_taken_back_with_the_bots_links_after_it() -> None:
    match = new_match("market", 3, bots=[1, 2])
    roll = random.Random(7)
    _, command = play_until(
        match,
        lambda m, s, c: (
            isinstance(c, PlaceLink)
            and quiet_for(m, s, c, 0)
            and set(m.rules.to_act(_after(m, s, c))) <= {1, 2}
        ),
        roll,
        seats=[0],
    )
    check_bots_replies_go_with_it(match, 0, command, roll)


def check_bots_replies_go_with_it(
    match: Match[Any], seat: int, command: Command, roll: random.Random
) -> None:
    """`seat` gives `command`, then the bots reply (all they may, up to a few) with commands
    that tell it nothing: undo takes them all back, to the state before `command`."""
    before, keep = match.state_json(), len(match.record.moves)
    match.submit(seat, command)
    replies = 0
    while replies < 6 and not match.is_over():
        acting_bots = [s for s in match.to_act() if s not in humans(match)]
        quiet = [
            (bot, c)
            for bot in acting_bots
            for c in match.legal(bot)
            if quiet_for(match, bot, c, seat)
        ]
        if not quiet:
            break
        match.submit(*roll.choice(quiet))
        replies += 1
    assert replies >= 1
    step = allowed(match, seat)
    assert step == UndoStep(keep, seat)
    assert check_undo_and_redo(match, step).state_json() == before


# Moons ----------------------------------------------------------------------------------------


def test_moons_a_tableau_card_is_taken_back_with_the_bots_cards_but_not_the_reveal() -> None:
    match = new_match("moons", 3, bots=[1, 2])
    check_bots_replies_go_with_it(match, 0, match.legal(0)[0], random.Random(8))
    while bots := [seat for seat in match.to_act() if seat != 0]:
        match.submit(bots[0], match.legal(bots[0])[0])
    # Ana's last card comes last: it turns every tableau up.
    while not any(isinstance(e, TableauxRevealed) for e in preview(match, 0, match.legal(0)[0])):
        match.submit(0, match.legal(0)[0])
        assert allowed(match, 0).keep == len(match.record.moves) - 1
    match.submit(0, match.legal(0)[0])
    assert refusal(match, 0) == "The tableaux were revealed since"


def test_moons_in_pass_and_play_a_tableau_card_is_anothers_to_block() -> None:
    match = new_match("moons", 3)
    match.submit(0, match.legal(0)[0])
    step = allowed(match, 0)
    check_undo_and_redo(match, step)
    match.submit(1, match.legal(1)[0])
    assert refusal(match, 0) == "Ben has played since"
    assert allowed(match, 1) == UndoStep(1, 1)


def test_moons_a_bot_following_to_the_trick_shows_its_card() -> None:
    match = new_match("moons", 3, bots=[1, 2])

    def followed_by_a_bot(m: Match[Any], seat: int, command: Command) -> bool:
        if not isinstance(command, PlayCard) or not quiet_for(m, seat, command, 0):
            return False
        after = _after(m, seat, command)
        return m.rules.to_act(after) in ((1,), (2,)) and after.trick != []

    seat, command = play_until(match, followed_by_a_bot, random.Random(9), seats=[0])
    match.submit(seat, command)
    allowed(match, 0)
    bot = match.to_act()[0]
    card = next(c for c in match.legal(bot) if isinstance(c, PlayCard))
    match.submit(bot, card)
    assert refusal(match, 0) == f"{NAMES[bot]} has played a card since"


def test_moons_an_asteroid_draws_a_mini_asteroid_that_cannot_be_put_back() -> None:
    match = new_match("moons", 4)
    seat, command = play_until(
        match,
        lambda m, s, c: (
            isinstance(c, PlayCard)
            and c.card >= MOON_CARDS
            and any(isinstance(e, moons_moves.MiniDrawn) for e in preview(m, s, c))
        ),
        random.Random(10),
    )
    match.submit(seat, command)
    assert refusal(match, seat) == "A mini-asteroid was drawn since"


def test_moons_a_new_deal_cannot_be_taken_back() -> None:
    match = new_match("moons", 3)
    seat, command = play_until(
        match,
        lambda m, s, c: any(isinstance(e, HandDealt) for e in preview(m, s, c)),
        random.Random(11),
    )
    match.submit(seat, command)
    reason = refusal(match, seat)
    assert reason == "New hands were dealt since" or reason.endswith("has passed the lead since")


# Le Marché de Samarkand ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["live", "sealed"])
@pytest.mark.parametrize("hidden_goods", [False, True])
def test_samarkand_a_sale_is_secret_until_the_last_one_reveals_them_all(
    mode: str, hidden_goods: bool
) -> None:
    match = new_match("samarkand", 3, mode=mode, hidden_goods=hidden_goods)
    hand = [c for c in match.legal(0) if isinstance(c, Sell)]
    match.submit(0, hand[0])
    step = allowed(match, 0)
    check_undo_and_redo(match, step)
    match.submit(1, match.legal(1)[0])
    assert refusal(match, 0) == "Ben has played since"
    match.submit(2, match.legal(2)[0])
    assert refusal(match, 2) == "The goods for sale were revealed since"


@pytest.mark.parametrize("hidden_goods", [False, True])
def test_samarkand_sealed_orders_are_taken_back_until_the_countdown_runs(
    hidden_goods: bool,
) -> None:
    match = new_match("samarkand", 3, bots=[1, 2], mode="sealed", hidden_goods=hidden_goods)
    for seat in range(3):
        match.submit(seat, match.legal(seat)[0])  # the sales: the last one reveals them
    before = match.state_json()
    order = next(c for c in match.legal(0) if isinstance(c, Order))
    match.submit(0, order)
    assert allowed(match, 0) == UndoStep(3, 0)
    for bot in (1, 2):  # the bots seal: they go back with Ana's order
        match.submit(bot, Seal())
    step = allowed(match, 0)
    assert step == UndoStep(3, 0)
    assert check_undo_and_redo(match, step).state_json() == before
    match.submit(0, Seal())  # the last seal runs the countdown: the orders come out
    assert refusal(match, 0) == "The countdown has moved on since"


@pytest.mark.parametrize("hidden_goods", [False, True])
def test_samarkand_a_live_call_is_secret_until_every_call_is_in(hidden_goods: bool) -> None:
    match = new_match("samarkand", 3, bots=[1, 2], mode="live", hidden_goods=hidden_goods)
    for seat in range(3):
        match.submit(seat, match.legal(seat)[0])
    stop = next(c for c in match.legal(0) if isinstance(c, Stop))
    check_bots_replies_go_with_it(match, 0, stop, random.Random(13))
    last_bot = next(seat for seat in match.to_act() if seat != 0)
    match.submit(last_bot, Wait())  # every call is in: the Stops come out
    assert refusal(match, 0) == "The Stops were shown since"


@pytest.mark.parametrize("hidden_goods", [False, True])
def test_samarkand_a_purchase_and_a_turned_camel_are_final(hidden_goods: bool) -> None:
    match = new_match("samarkand", 4, mode="live", hidden_goods=hidden_goods)
    seat, command = play_until(
        match,
        lambda m, s, c: any(isinstance(e, samarkand_moves.Bought) for e in preview(m, s, c)),
        random.Random(14),
    )
    match.submit(seat, command)
    assert refusal(match, seat) == "The Stops were shown since"
    seat, command = play_until(
        match,
        lambda m, s, c: any(isinstance(e, samarkand_moves.CamelFlipped) for e in preview(m, s, c)),
        random.Random(15),
    )
    match.submit(seat, command)
    notes = [cls.reveal_note for cls in _event_classes(samarkand_moves).values() if cls.reveals]
    assert refusal(match, seat) in notes


# The general rules ---------------------------------------------------------------------------

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("castle", 2, {}),
    ("castle", 3, {"full_moon": True}),
    (
        "castle",
        4,
        {
            "fountains": [
                {"ritual": ritual, "side": "gold"}
                for ritual in ("return_two", "return_one", "one_color", "one_of_each")
            ]
        },
    ),
    ("market", 1, {}),
    ("market", 2, {}),
    ("market", 3, {}),
    ("market", 5, {}),
    ("moons", 3, {}),
    ("moons", 4, {}),
    ("moons", 6, {}),
    ("samarkand", 3, {"mode": "live"}),
    ("samarkand", 4, {"mode": "sealed"}),
    ("samarkand", 5, {"mode": "live", "hidden_goods": True}),
    ("samarkand", 3, {"mode": "sealed", "hidden_goods": True}),
]


def _config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game, seats, options = config
    return "-".join([game, str(seats), *(str(v) for v in options.values() if type(v) is not list)])


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_nothing_to_take_back_at_the_start_and_nothing_once_the_game_is_over(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game, seats, options = config
    match = new_match(game, seats, **options)
    assert refusal(match, 0) == "Nothing to take back yet"
    roll = random.Random(16)
    while not match.is_over():
        seat = roll.choice(match.to_act())
        match.submit(seat, roll.choice(match.legal(seat)))
    assert refusal(match, match.record.moves[-1].seat) == "The game is over"


def test_undo_step_never_changes_the_match() -> None:
    match = new_match("samarkand", 3, mode="sealed")
    match.submit(0, match.legal(0)[0])
    record, state = match.record.to_json(), match.state_json()
    undo_step(match, 0, (0, 1, 2))
    UndoGuard.from_match(match).undo_step(match, 0, (0, 1, 2))
    assert (match.record.to_json(), match.state_json()) == (record, state)


def test_undone_refuses_a_step_the_match_cannot_have_given() -> None:
    match = new_match("moons", 3)
    with pytest.raises(ValueError, match="cannot keep 1 of 0"):
        undone(match, UndoStep(1, 0))


def test_the_guard_follows_the_undone_match_and_mends_a_wiring_slip() -> None:
    match = new_match("moons", 3)
    guard = UndoGuard.from_match(match)
    for seat in (0, 1, 0):
        guard.saw(match.submit(seat, match.legal(seat)[0]))
    assert guard.undo_step(match, 0, (0, 1, 2)) == UndoStep(2, 0)
    cut = guard.undone(match, UndoStep(2, 0))
    assert guard.commands == 2
    assert guard.undo_step(cut, 1, (0, 1, 2)) == UndoStep(1, 1)
    cut.submit(2, cut.legal(2)[0])  # not fed to the guard: it rebuilds itself
    assert guard.undo_step(cut, 2, (0, 1, 2)) == UndoStep(2, 2)
    assert guard.commands == 3
    assert undo_step(cut, 2, (0, 1, 2), guard) == UndoStep(2, 2)


# Random legal play: the guard against an oracle, and each allowed undo checked --------------

GAMES_PER_CONFIG = 18
CHECK_EVERY = 12
"""About one step in so many is checked closely (replays: so only a few per game)."""
CLOSE_CHECKS = 3


def _oracle(
    match: Match[Any], log: list[list[Event]], seat: int, players: Sequence[int]
) -> UndoStep | NoUndo:
    """undo_step written straight from the rule, from the record and every command's events."""
    if match.is_over():
        return NoUndo("The game is over")
    moves = match.record.moves
    keep = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), None)
    first_human = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat in players), None)
    if first_human is not None and (keep is None or first_human > keep):
        return NoUndo(f"{NAMES[moves[first_human].seat]} has played since")
    if keep is None:
        return NoUndo("Nothing to take back yet")
    for events in reversed(log[keep:]):
        news = [event for event in events if event.is_news_to(seat)]
        if news:
            who = getattr(news[0], news[0].shows_secret_of, -1) if news[0].shows_secret_of else -1
            name = NAMES[who] if 0 <= who < len(match.seats) else "Another player"
            return NoUndo(news[0].reveal_note.format(who=name))
    return UndoStep(keep, seat)


def _said(answer: UndoStep | NoUndo) -> UndoStep | str:
    """A step as it is; a refusal as the sentence it says (its message filled in)."""
    return answer.reason if isinstance(answer, NoUndo) else answer


def _players_for(game_number: int, seats: int, roll: random.Random) -> list[int]:
    """One human against bots, everyone at one screen, or two humans and bots."""
    kind = game_number % 3
    if kind == 0 or seats == 1:
        return [roll.randrange(seats)]
    if kind == 1:
        return list(range(seats))
    return sorted(roll.sample(range(seats), 2))


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_random_play_undo_is_safe_and_restores_the_game(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game, seats, options = config
    bots_replies_taken_back = 0
    for number in range(GAMES_PER_CONFIG):
        roll = random.Random(number * 7919 + seats)
        players = _players_for(number, seats, roll)
        bots = [seat for seat in range(seats) if seat not in players]
        match = new_match(game, seats, bots=bots, seed=number, **options)
        guard = UndoGuard.from_match(match)
        states = [match.snapshot()]
        log: list[list[Event]] = []
        close_checks = CLOSE_CHECKS
        while not match.is_over():
            seat = roll.choice(match.to_act())
            events = match.submit(seat, roll.choice(match.legal(seat)))
            guard.saw(events)
            log.append(events)
            states.append(match.snapshot())
            # The game's randomness is drawn only where something comes out.
            if states[-1].rng.state != states[-2].rng.state:
                assert any(event.reveals for event in events), events
            close = close_checks > 0 and roll.randrange(CHECK_EVERY) == 0
            if close:
                close_checks -= 1
                _check_seen_copies_tell_the_same(events, seats)
            for player in players:
                answer = guard.undo_step(match, player, players)
                assert _said(answer) == _said(_oracle(match, log, player, players))
                if close:
                    assert undo_step(match, player, players) == answer
                if isinstance(answer, NoUndo):
                    continue
                keep = answer.keep
                assert all(move.seat not in players for move in match.record.moves[keep + 1 :])
                # Nothing random was drawn since the cut: every hidden order is as it was.
                assert states[keep].rng.state == states[-1].rng.state
                bots_replies_taken_back += keep < len(match.record.moves) - 1
                if close:
                    _check_the_cut(match, answer, states[keep])
    if game != "castle" and seats > 1:  # a Castle bot's every move shows its screen or draws
        assert bots_replies_taken_back > 0


def _check_seen_copies_tell_the_same(events: list[Event], seats: int) -> None:
    """The guard may be fed the events as a viewer saw them: they tell the same news."""
    for event in events:
        for viewer in (*range(seats), None):
            seen = event.seen_by(viewer)
            assert type(seen) is type(event)
            for seat in range(seats):
                assert seen.is_news_to(seat) == event.is_news_to(seat)


def _check_the_cut(match: Match[Any], step: UndoStep, state_at_cut: Any) -> None:
    """The undone match is the game as it stood at the cut, for every viewer; redoing the
    commands taken back gives the very same game; its record reloads."""
    rules = match.rules
    cut = check_undo_and_redo(match, step)
    assert cut.state_json() == rules.state_to_json(state_at_cut)
    for viewer in (*range(len(match.seats)), None):
        assert cut.view(viewer).to_json() == rules.view(state_at_cut, viewer).to_json()
