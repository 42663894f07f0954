"""The simulated board's reads are exact: in the app's controller a whole game of every
game, its figures dragged (up and down in one instant), its stones placed from the hand,
its captures and attacks carried out by the simulated hands and its open choices tapped,
never says the readers cannot be sure, neither in the "what to do now" line nor in the
Details lines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.game_events import BoardMatches, FixBoard
from companion.table.game_session import READERS
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, GameController, NewGame
from ui.words import i18n
from ui.words.play_strings import PLAY_STRINGS
from ui.words.rule_reasons import RULE_REASONS

TURNS = 150
"""Turns before the player to move resigns (a random game may wander on)."""

WARNINGS = tuple(words for key in ("gm_now_readers", "gm_why_table_readers")
                 for table in (PLAY_STRINGS, RULE_REASONS) if key in table
                 for words in (table[key]["en"].split(":")[0], table[key]["de"].split(":")[0]))
"""How the readers' warning begins, in English and German."""


def board_differs(c: GameController) -> bool:
    """Whether the session asks for the board to be put right (a Stay after the hands
    moved the winner in: it goes back)."""
    assert c.sim is not None
    for event in reversed(c.sim.events):
        if isinstance(event, BoardMatches | FixBoard):
            return isinstance(event, FixBoard)
    return False


def one_turn(c: GameController, rng: random.Random) -> str:
    """The player to move's turn as on the screen; what was done."""
    session, game, state = c.session, c.game, c.state()
    assert game is not None and state is not None and c.sim is not None
    if board_differs(c):  # put right as the line says, by the simulated hands
        c.take_back.lay_out_the_game()
        c.settle()
        return "put right"
    if session.choices:  # a Giganten move that may challenge, an advance after one
        c.sim.intent({"choose": rng.randrange(len(session.choices))})
        c.settle()
        return "chosen"
    turn = rng.choice(list(state.legal_turns()))
    data = game.turn_to_json(state, turn)
    path = data.get("path")
    if "place" in data and len(data) == 1:
        ((square, kind),) = data["place"].items()
        c.pieces.place(square, kind)
        return "placed"
    if isinstance(path, list) and len(path) == 2 and len(data) == 1 \
            and path[1] not in c.physical():
        c.pieces.move(path[0], path[1])
        return "dragged"
    assert c.hands is not None
    c.hands.play(turn)
    c.settle()
    return "by hand"


@pytest.mark.parametrize("name", ["giganten", "strategus", "gimmel"])
def test_a_whole_game_on_the_simulated_board_never_warns_of_the_readers(
        name: str, tmp_path: Path) -> None:
    i18n.set_language("en")
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame(name))
    if c.screen == GAME_SETUP:
        c.setup_editor.set_up()
        c.start()
    rng = random.Random(7)
    done: list[str] = []
    nows: set[str] = set()
    while c.screen == GAME_PLAY and c.session.turns < TURNS:
        c.poll(0.05)
        done.append(one_turn(c, rng))
        nows.add(c.what_now())
    if c.screen == GAME_PLAY:
        state = c.state()
        assert state is not None and c.game is not None
        c.resign(c.game.players[state.to_move])
    assert c.screen == GAME_OVER
    assert done.count("dragged") >= 20, done
    assert c.sim is not None
    assert not [e for e in c.sim.events if getattr(e, "rule", None) == READERS]
    lines = c.messages() + sorted(nows)
    assert not [line for line in lines if line.startswith(WARNINGS)], lines
    c.close()
