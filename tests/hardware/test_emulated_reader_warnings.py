"""The readers' warning (``table.readers``) through the emulated SPI matrix (the real
driver over emulated MFRC522 chips): a figure moved from one square to another in an
instant is a move, never a warning; a cloned tag on a second square and a reader that
stops answering are warned about, and nothing is played while they last."""

from __future__ import annotations

from pathlib import Path

from companion.game_events import BoardRefused, GameEvent, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import PLAY, READERS, GameSession
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.protocol import Reader
from hardware.sim import SimBoard
from hardware.simgame import SimGameTable
from tests.hardware.test_backend_games import SpiTable

GIMMEL = get_game("gimmel")
TAGS = sim_identities(GIMMEL)


class ChipsTable(SpiTable):
    """``SpiTable`` that keeps its emulated chips at hand (to unplug one)."""

    def __init__(self, session: GameSession) -> None:
        self.emulated: EmulatedBoard | None = None

        def reader(board: SimBoard) -> Reader:
            self.emulated = EmulatedBoard(board)
            return self.emulated.reader()

        SimGameTable.__init__(self, session, reader=reader)


def _table(tmp_path: Path) -> ChipsTable:
    session, _ = GameSession.new(GIMMEL, {}, TAGS, tmp_path / "g.log", now=0.0)
    assert session.phase == PLAY
    table = ChipsTable(session)
    table.run_for(6.0)  # every square read three times: the board is known
    assert table.sensing.snapshot().complete
    return table


def _warnings(events: list[GameEvent]) -> list[BoardRefused]:
    return [e for e in events if isinstance(e, BoardRefused) and e.rule == READERS]


def _stone(owner: int, kind: str) -> str:
    return next(uid for uid, who in sorted(TAGS.items())
                if who.owner == owner and who.kind == kind)


def _placed(table: ChipsTable, square: str, uid: str) -> None:
    table.board.place(table.session.game.geometry().parse(square), uid)
    assert any(isinstance(e, TurnCommitted) for e in table.run_for())


def test_figures_moved_in_an_instant_are_moves_not_warnings(tmp_path: Path) -> None:
    """Forwards and backwards in the readers' sweep: the new square read before the old
    one, or after it."""
    table = _table(tmp_path)
    geometry = table.session.game.geometry()
    _placed(table, "g7", _stone(0, "beetle"))
    _placed(table, "a1", _stone(1, "beetle"))
    for origin, target in [("g7", "g8"), ("a1", "a2"), ("g8", "g7"), ("a2", "b2"),
                           ("g7", "f7"), ("b2", "a2")]:
        table.board.move(geometry.parse(origin), geometry.parse(target))
        events = table.run_for()
        assert not _warnings(events), [e.reason for e in _warnings(events)]
        played = [e.turn for e in events if isinstance(e, TurnCommitted)]
        assert played == [{"path": [origin, target]}]
    table.close()


def test_a_cloned_tag_and_a_dead_reader_are_warned_about(tmp_path: Path) -> None:
    table = _table(tmp_path)
    geometry = table.session.game.geometry()
    beetle = _stone(0, "beetle")
    _placed(table, "g7", beetle)
    table.board.place(geometry.parse("c3"), beetle)  # a copy of its tag on another square
    events = table.run_for()
    warned = _warnings(events)
    assert warned and "duplicate" in warned[-1].reason and "c3" in warned[-1].reason
    assert not any(isinstance(e, TurnCommitted) for e in events)
    table.board.lift(geometry.parse("c3"))
    table.run_for()
    assert table.emulated is not None
    table.emulated.chips[geometry.parse("m12")].dead = True  # its cable comes loose
    warned = _warnings(table.run_for(6.0))  # three sweeps without an answer
    assert warned and "dead" in warned[-1].reason and "m12" in warned[-1].reason
    assert table.session.turns == 1
    table.close()
