"""``giganten referee --game strategus|gimmel`` on the real board's code path
(``commands.referee_game_live``), read by emulated MFRC522 chips at the SPI level through
the game's layout, in real time: the setup timer and the clocks, a take-back and the
board put right square by square, a Strategus attack declared by its player, Gimmel's
placements and a capture, the club feed kept in its outbox while the broker is away, and a
resume after a power cut that asks for the board before the clocks may run again."""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from commands.referee_game_live import (
    LiveRefereeGameConsole,
    referee_live,
    resumed_referee_live,
)
from companion.clock import TimeControl
from companion.config import Config, RefereeConfig
from companion.game_events import BoardMatches, IntentRefused, TurnCommitted
from companion.game_registry import GameRegistry
from companion.games import get_game
from companion.identities import sim_identities
from companion.referee.pin import hash_pin
from companion.table.game_session import PLAY
from hardware.assemble import UsageError
from hardware.layout import MappedReader, layout_for
from tests.club.mosquitto import free_port
from tests.hardware.test_live_game import Live

PIN = "2468"
DESK = RefereeConfig(pin_hash=hash_pin(PIN, iterations=1000), arbiter="A. Schmidt",
                     time=TimeControl.parse("30+10"))


def referee_args(tmp_path: Path, game: str, **given: Any) -> argparse.Namespace:
    """The command line of ``giganten referee --game GAME --backend …`` (the reader is
    given to the functions directly), with the game's registry of simulated tags."""
    registry = tmp_path / f"{game}-registry.json"
    if not registry.exists():
        built = get_game(game)
        GameRegistry(built, dict(sim_identities(built))).save(registry)
    script = tmp_path / "script.txt"
    script.write_text("quit\n", "utf-8")
    values = {"script": str(script), "audience": "public", "config": None, "event": None,
              "rules": None, "registry": registry, "log_dir": tmp_path / "games",
              "resume": None, **given}
    return argparse.Namespace(**values)


def arbiter(console: LiveRefereeGameConsole, command: str) -> None:
    """An arbiter's command with the right PIN (in a script: the next line)."""
    console._lines = iter([PIN])
    console.execute(command)


CUT = "-- the power went --"


def since_cut(live: Live) -> list[str]:
    """The lines of the resumed console."""
    return live.lines[live.lines.index(CUT):]


def clocks_lines(live: Live) -> list[str]:
    return [line for line in live.lines if line.startswith("clocks: ")]


def cut_and_resume(live: Live, tmp_path: Path, game: str, event: str | None = None
                   ) -> LiveRefereeGameConsole:
    """The power goes (nothing closed in order beyond the reader's thread), then the
    refereed game is resumed on fresh readers over the same board."""
    old = live.console
    assert old is not None
    path = old.session.log_path
    old.sim.close()  # the reader's thread ends with the power
    old.session.close()
    if old.link is not None:
        old.link.close()  # its outbox stays beside the log, for the resumed game
    live.console = None
    layout = layout_for(Config(), live.game.name, live.game.geometry())
    live.reader = MappedReader(live.emulated.reader(), layout)
    live.reader.open()
    args = referee_args(tmp_path, game, resume=path, event=event)
    console, _ = resumed_referee_live(args, path, live.reader, DESK)
    live.lines.append(CUT)
    live.attach(console)
    return console


@pytest.fixture
def live_strategus() -> Iterator[Live]:
    live = Live(get_game("strategus"))
    yield live
    live.close()


@pytest.fixture
def live_gimmel() -> Iterator[Live]:
    live = Live(get_game("gimmel"))
    yield live
    live.close()


def a_valid_setup(live: Live, tags: dict[Any, Any]) -> dict[int, Any]:
    """Square → tag: a valid Strategus setup for both players (as the hands would do)."""
    game, rng, out = live.game, random.Random(3), {}
    for player in range(len(game.players)):
        zone = sorted(game.setup_zone(player, {}))
        # By kind, not by tag id: the ids come from the OS, the kinds' places from seed 3.
        mine = sorted((uid for uid in tags if tags[uid].owner == player),
                      key=lambda uid: tags[uid].kind)
        while True:
            rng.shuffle(zone)
            chosen = dict(zip(zone, mine, strict=False))
            if not game.check_setup(player, {sq: tags[u].kind for sq, u in chosen.items()},
                                    {}):
                break
        out.update(chosen)
    return out


def test_a_refereed_strategus_game_on_the_readers(live_strategus: Live,
                                                  tmp_path: Path) -> None:
    live = live_strategus
    console, _ = referee_live(referee_args(tmp_path, "strategus"), live.game, live.reader,
                              DESK)
    live.attach(console)
    session = console.session
    console.execute("clocks")
    assert re.fullmatch(r"setup time left: (5:00|4:5\d)", live.lines[-1]), live.lines[-3:]
    # Both setups go down on the readers; the game starts, and red's clock runs.
    for sq, uid in sorted(a_valid_setup(live, session.identities).items()):
        live.squares.place(sq, uid)
    live.until(lambda: (console.execute("start") or True) and session.phase == PLAY,
               "the start")
    live.until(lambda: bool(clocks_lines(live)), "the clocks started")
    assert clocks_lines(live)[-1] == "clocks: red 30:00, blue 30:00; red's runs"
    state = session.state
    assert state is not None

    def move_by_hand() -> tuple[int, int]:
        assert state is not None
        pieces = state.pieces()
        origin, target = next(t for t in state.legal_turns() if t[1] not in pieces)
        live.squares.place(target, live.squares.lift(origin))
        return origin, target

    move_by_hand()
    live.until(lambda: session.turns == 1, "red's move read")
    live.until(lambda: clocks_lines(live)[-1].endswith("blue's runs"), "the clock switched")
    origin, target = move_by_hand()
    live.until(lambda: session.turns == 2, "blue's move read")
    # The arbiter takes blue's move back: the board must match before a turn is read.
    arbiter(console, "takeback 1 blue's figure was knocked over")
    assert session.turns == 1 and session.fixing
    steps = [line for line in live.lines if line.startswith("fix board")]
    assert steps and live.game.geometry().name(target) in steps[-1], live.lines[-6:]
    console.execute("fix")  # the steps again, square by square
    assert live.lines[-1].startswith("fix board"), live.lines[-3:]
    live.squares.place(origin, live.squares.lift(target))
    live.until(lambda: not session.fixing, "the board put right")
    assert any(isinstance(e, BoardMatches) for e in live.table.events)
    assert clocks_lines(live)[-1].endswith("blue's runs")
    # An attack is declared, the attacker held beside the square; the declaration names
    # its player: red cannot declare on blue's turn, blue can.
    pieces = state.pieces()
    origin, target = next(t for t in state.legal_turns()
                          if t[1] in pieces and pieces[t[1]].owner == 0)
    geometry = live.game.geometry()
    path = f"{geometry.name(origin)} {geometry.name(target)}"
    attacker = live.squares.lift(origin)
    console.execute(f"declare red {path}")
    refused = [e for e in live.table.events if isinstance(e, IntentRefused)]
    assert refused and "it is blue's turn" in refused[-1].reason and session.turns == 1
    console.execute(f"declare blue {path}")
    assert session.turns == 2
    after = state.pieces()  # the combat's result, now put down as the steps say
    if target not in after:  # both left
        live.squares.lift(target)
    elif after[target].owner == 1:  # the attacker won
        live.squares.lift(target)
        live.squares.place(target, attacker)
    live.until(lambda: not session.fixing, "the combat's result put down")
    # A power cut, and a piece knocked over while the table was off.
    target = next(sq for sq, piece in sorted(after.items()) if piece.owner == 1)
    knocked = live.squares.lift(target)
    console = cut_and_resume(live, tmp_path, "strategus")
    session = console.session
    assert session.turns == 2 and session.fixing
    clock = console.desk.clock
    assert clock is not None and clock.paused == "the table restarted"
    with pytest.raises(ValueError, match="does not match the game yet"):
        arbiter(console, "resume")  # no clock runs before the board matches
    live.until(lambda: any(line.startswith("fix board") for line in since_cut(live)),
               "the steps to make the board match")
    steps = [line for line in since_cut(live) if line.startswith("fix board")][-1]
    assert f"place blue's piece {live.game.geometry().name(target)}" in steps, steps
    live.squares.place(target, knocked)
    live.until(lambda: not session.fixing, "the board matching after the cut")
    arbiter(console, "resume")
    assert clocks_lines(live)[-1].endswith("red's runs"), live.lines[-3:]
    # The public terminal never named a hidden kind, the combat included.
    assert any(line.startswith("turn 2: blue") for line in live.lines), live.lines
    kinds = [kind.id for kind in live.game.kinds()]
    assert not any(f'"{kind}"' in line for line in live.lines for kind in kinds)


def test_a_refereed_gimmel_game_on_the_readers(live_gimmel: Live, tmp_path: Path) -> None:
    live = live_gimmel
    event = f"127.0.0.1:{free_port()}/ev/t1"  # the club's broker is away: the outbox keeps
    console, _ = referee_live(referee_args(tmp_path, "gimmel", event=event), live.game,
                              live.reader, DESK)
    live.attach(console)
    session = console.session
    live.until(lambda: session.phase == PLAY and bool(clocks_lines(live)), "the clocks")
    tags = session.identities
    box = sorted(tags)
    geometry = live.game.geometry()

    def stone(owner: int, kind: str) -> Any:
        uid = next(u for u in box if tags[u].owner == owner and tags[u].kind == kind)
        box.remove(uid)
        return uid

    live.squares.place(geometry.parse("d4"), stone(0, "beetle"))
    live.until(lambda: session.turns == 1, "white's placement")
    live.squares.place(geometry.parse("d5"), stone(1, "beetle"))
    live.until(lambda: session.turns == 2, "black's placement")
    live.until(lambda: clocks_lines(live)[-1].endswith("white's runs"), "the clocks")
    # White's beetle takes black's: the captured stone lifted first, then the capturer.
    live.squares.lift(geometry.parse("d5"))
    live.squares.place(geometry.parse("d5"), live.squares.lift(geometry.parse("d4")))
    live.until(lambda: session.turns == 3, "the capture")
    [capture] = [e for e in live.table.events if isinstance(e, TurnCommitted)][-1:]
    assert capture.number == 3
    console.execute("show")
    assert any(line.startswith("score:") and "1" in line for line in live.lines)
    # Taken back by the arbiter: the captured stone comes back, the capturer goes home.
    arbiter(console, "takeback 2 the capture was a misunderstanding")
    assert session.fixing and session.turns == 2
    white = live.squares.lift(geometry.parse("d5"))
    live.squares.place(geometry.parse("d4"), white)
    black = next(u for u in sorted(tags) if tags[u].owner == 1 and tags[u].kind == "beetle"
                 and u not in box and u not in live.squares.tags().values())
    live.squares.place(geometry.parse("d5"), black)
    live.until(lambda: not session.fixing, "the board put right")
    # A cut: the resumed game asks for nothing (the board matches) and waits for the
    # arbiter to let the clocks run.
    console = cut_and_resume(live, tmp_path, "gimmel", event)
    live.until(lambda: not console.session.fixing, "the board matching after the cut")
    arbiter(console, "resume")
    assert clocks_lines(live)[-1].endswith("white's runs"), live.lines[-3:]
    assert console.link is not None
    console.link.close()
    # The club feed: every committed turn (the capture among them) and the desk's resume,
    # kept in the outbox beside the log while the broker is away.
    outbox = console.session.log_path.with_suffix(".outbox")
    feed = [line for line in outbox.read_text("utf-8").splitlines()[1:]
            if '"public/feed"' in line]
    assert ['"type":"turn"' in line for line in feed].count(True) == 3, feed
    assert any('"type":"resumed"' in line for line in feed)


def test_pieces_not_enrolled_stop_the_real_board_in_one_line(live_gimmel: Live,
                                                             tmp_path: Path) -> None:
    args = referee_args(tmp_path, "gimmel", registry=tmp_path / "none.json")
    with pytest.raises(UsageError, match=r"no registry there; enrol the pieces first:"
                                         r" brettl enrol --game gimmel --owner white"):
        referee_live(args, live_gimmel.game, live_gimmel.reader, DESK)
    assert not (tmp_path / "games").exists()  # no log was begun
