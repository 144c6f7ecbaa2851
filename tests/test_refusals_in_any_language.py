"""A game's refusal is language-independent data: the rules raise the English msgid and what
fills its placeholders, whatever language is active, and the refusal is told in the language
of the moment it is read. An online table runs the rules in the host's window (perhaps in
German) and sends the refusal to a guest who reads French."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from moonlight_desktop.engine import Command, IllegalCommand
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.games.castle.moves import MoveTo
from moonlight_desktop.games.market.moves import Bid
from moonlight_desktop.games.moons.moves import PlayCard
from moonlight_desktop.games.samarkand.moves import Stop
from moonlight_desktop.i18n import set_language


@dataclass(frozen=True)
class Refused:
    """A command a fresh game refuses, and how the refusal reads in each language."""

    game: str
    seats: int
    sender: Callable[[tuple[int, ...]], int]
    """Who sends it, from the seats to act."""
    command: Command
    msgid: str
    params: dict[str, str | int]
    told: dict[str, str]


def _first(acting: tuple[int, ...]) -> int:
    return acting[0]


REFUSED = [
    Refused(
        "castle",
        2,
        lambda acting: 1 - acting[0],
        MoveTo(0),
        "it is the turn of seat {position}, not of seat {seat}",
        {"position": 1, "seat": 0},
        {
            "en": "it is the turn of seat 1, not of seat 0",
            "de": "Platz 1 ist am Zug, nicht Platz 0",
            "fr": "c\u2019est au tour de la place 1, pas de la place 0",
        },
    ),
    Refused(
        "castle",
        2,
        _first,
        MoveTo(999),
        "there is no space {space} in this garden",
        {"space": "999"},
        {
            "en": "there is no space 999 in this garden",
            "de": "in diesem Garten gibt es kein Feld 999",
            "fr": "il n'y a pas de case 999 dans ce jardin",
        },
    ),
    Refused(
        "market",
        3,
        _first,
        Bid(99, 0),
        "card {card} is not in your hand",
        {"card": "99"},
        {
            "en": "card 99 is not in your hand",
            "de": "die Karte 99 ist nicht auf deiner Hand",
            "fr": "la carte 99 n\u2019est pas dans votre main",
        },
    ),
    Refused(
        "moons",
        3,
        lambda _acting: 7,
        PlayCard(0),
        "it is not the turn of seat {number}",
        {"number": 7},
        {
            "en": "it is not the turn of seat 7",
            "de": "Platz 7 ist nicht am Zug",
            "fr": "ce n'est pas le tour de la place 7",
        },
    ),
    Refused(
        "moons",
        3,
        _first,
        PlayCard(0),
        "first everyone lays three Moon cards face down as a tableau",
        {},
        {
            "en": "first everyone lays three Moon cards face down as a tableau",
            "de": "zuerst legen alle drei Mondkarten verdeckt als Auslage aus",
            "fr": "d'abord, chacun pose trois cartes Lune face cachée comme tableau",
        },
    ),
    Refused(
        "samarkand",
        3,
        lambda _acting: 9,
        Stop(0),
        "there is no seat {seat}",
        {"seat": "9"},
        {
            "en": "there is no seat 9",
            "de": "es gibt keinen Platz 9",
            "fr": "il n\u2019y a pas de place 9",
        },
    ),
    Refused(
        "samarkand",
        3,
        _first,
        Stop(0),
        "Stop and Wait belong to the live countdown",
        {},
        {
            "en": "Stop and Wait belong to the live countdown",
            "de": "Stopp und Warten gehören zum Live-Countdown",
            "fr": "Stop et Attendre appartiennent au compte à rebours en direct",
        },
    ),
]


def _refusal_in(language: str, refused: Refused) -> IllegalCommand:
    """The refusal the rules raise for `refused.command` while `language` is active."""
    set_language(language)
    rules = game_spec(refused.game).rules
    state = rules.new_state(rules.normalize_options({}, refused.seats), refused.seats, seed=5)
    seat = refused.sender(rules.to_act(state))
    with pytest.raises(IllegalCommand) as raised:
        rules.apply(state, seat, refused.command)
    return raised.value


@pytest.mark.parametrize("refused", REFUSED, ids=lambda refused: refused.msgid[:30])
def test_a_refusal_raised_in_german_or_in_french_is_the_same_data(refused: Refused) -> None:
    in_german, in_french = _refusal_in("de", refused), _refusal_in("fr", refused)
    assert (in_german.msgid, in_german.params) == (refused.msgid, refused.params)
    assert (in_french.msgid, in_french.params) == (refused.msgid, refused.params)


@pytest.mark.parametrize("refused", REFUSED, ids=lambda refused: refused.msgid[:30])
def test_a_refusal_reads_in_the_language_active_when_it_is_read(refused: Refused) -> None:
    raised_in_german = _refusal_in("de", refused)
    for language in ("fr", "en", "de"):
        set_language(language)
        assert raised_in_german.rule == refused.told[language]
    assert str(raised_in_german).startswith(refused.told["en"])
