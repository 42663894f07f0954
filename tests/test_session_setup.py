"""Setting up on the real board: progress per side, problems to their owner only [S, I3]."""

from __future__ import annotations

from companion.events import GameStarted, Notice, SetupStatus, Start
from companion.games.giganten.figures import NEST
from companion.table.session import PLAY, SETUP
from companion.views import PUBLIC, event_view
from hardware.simtable import Hands
from tests.sim_games import new_table


def table(seed: int = 0) -> tuple[Hands, dict[int, dict[int, int]]]:
    hands, setups, _ = new_table(seed)
    return hands, setups


def latest(hands: Hands, player: int) -> SetupStatus:
    return [e for e in hands.events if isinstance(e, SetupStatus) and e.player == player][-1]


def view(hands: Hands, event: SetupStatus, audience: str) -> dict[str, object]:
    session = hands.sim.session
    shown = event_view(event, audience, board=session.board, players=session.rules.players)
    assert shown is not None
    return shown


def test_each_side_is_reported_complete_and_valid() -> None:
    hands, setups = table()
    hands.set_up({0: setups[0]})
    yellow, orange = latest(hands, 0), latest(hands, 1)
    assert yellow.ready and yellow.placed == yellow.needed == 24
    assert not orange.ready and orange.placed == 0
    assert view(hands, yellow, PUBLIC)["text"] == "Yellow: 24 of 24 figures, complete and valid"
    refused = hands.tap(Start())
    assert isinstance(refused[-1], Notice) and hands.sim.session.phase == SETUP
    hands.set_up({1: setups[1]})
    assert latest(hands, 1).ready
    started = hands.tap(Start())
    assert isinstance(started[0], GameStarted) and hands.sim.session.phase == PLAY


def test_setup_problems_go_to_their_owner_only() -> None:
    hands, setups = table(1)
    yellow = dict(setups[0])
    nest = next(sq for sq, kind in yellow.items() if kind == NEST)
    corner = 0  # a1: the Nest never stands on a corner [S3]
    if corner in yellow:
        yellow[nest], yellow[corner] = yellow[corner], yellow[nest]
    else:
        yellow[corner] = yellow.pop(nest)
    hands.set_up({0: yellow, 1: setups[1]})
    status = latest(hands, 0)
    assert not status.ready and any(p.rule == "S3" for p in status.problems)
    mine = view(hands, status, "yellow")
    assert any(p["rule"] == "S3" for p in mine["problems"])  # type: ignore[union-attr]
    for audience in ("orange", PUBLIC):
        theirs = view(hands, status, audience)
        assert "problems" not in theirs and "a1" not in str(theirs)
        assert theirs["text"] == "Yellow: 24 of 24 figures, not ready yet"
