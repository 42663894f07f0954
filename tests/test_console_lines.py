"""``companion.console.event_lines``: a readers' problem is told in one line (a duplicate
tag once crashed the terminal, which read it as a setup problem)."""

from __future__ import annotations

from companion.console import event_lines
from companion.events import ReadersTrouble
from companion.reads import SensingProblem
from tests.session_helpers import Desk
from tests.test_referee import BASIC


def test_a_duplicate_tag_is_one_line_naming_the_squares() -> None:
    state = Desk(BASIC).state
    sq = state.board.square
    trouble = ReadersTrouble((), (SensingProblem("duplicate", (sq("c3"), sq("e4")), "04AB"),), ())
    lines = event_lines(trouble, "public", board=state.board, players=state.players,
                        state=state)
    assert lines == ["The same tag is seen on c3 and e4: two tags with one UID, or one figure"
                     " read twice; take one of them off"]
