"""The illegal-move policy of the desk on the real board's code path
(``commands.referee_game_live``, emulated MFRC522 chips at the SPI level): a stone of the
opponent moved by the player to move is refused by the rules, counted (no rule on the
public terminal [R22]), the penalty goes to the opponent's clock, the board is put right
by hand, and the second offence loses the game; the log verifies."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from commands.referee_game_live import referee_live
from companion.archive.game_records import verify_log
from companion.config import IllegalMovePolicy
from companion.ledger.record import verify as read_log
from companion.table.game_session import OVER, PLAY
from tests.hardware.test_live_game import Live
from tests.hardware.test_live_referee import DESK, clocks_lines, live_gimmel, referee_args

__all__ = ["live_gimmel"]


def test_illegal_moves_on_the_readers_count_and_the_second_loses(live_gimmel: Live,
                                                                 tmp_path: Path) -> None:
    live = live_gimmel
    desk = replace(DESK, illegal=IllegalMovePolicy(penalty_s=60.0, lose_after=2))
    console, _ = referee_live(referee_args(tmp_path, "gimmel"), live.game, live.reader, desk)
    live.attach(console)
    session = console.session
    live.until(lambda: session.phase == PLAY and bool(clocks_lines(live)), "the clocks")
    tags, geometry = session.identities, live.game.geometry()
    beetle = next(u for u in sorted(tags) if tags[u].owner == 0 and tags[u].kind == "beetle")
    d4, e6 = geometry.parse("d4"), geometry.parse("e6")
    live.squares.place(d4, beetle)
    live.until(lambda: session.turns == 1, "white's placement")
    # Black moves white's stone: the rules refuse it, an offence of black's.
    live.squares.place(e6, live.squares.lift(d4))
    live.until(lambda: any("illegal move no. 1" in line for line in live.lines),
               "the first offence")
    assert "black: illegal move no. 1; 60 s to the opponent" in live.lines
    live.squares.place(d4, live.squares.lift(e6))  # put back by hand
    live.until(lambda: dict(session.board_tags) == {d4: beetle}, "the board put right")
    live.squares.place(e6, live.squares.lift(d4))
    live.until(lambda: session.phase == OVER, "the second offence ends the game")
    assert any("black: illegal move no. 2" in line for line in live.lines)
    assert any('reason "illegal"' in line and 'winner "white"' in line
               for line in live.lines), live.lines[-5:]
    session.close()
    entries = read_log(session.log_path)
    offences = [e.body for e in entries if e.body.get("event") == "offence"]
    assert [(o["player"], o["count"]) for o in offences] == [(1, 1), (1, 2)]
    assert verify_log(entries).status == 0
