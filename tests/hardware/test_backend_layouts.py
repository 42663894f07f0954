"""Strategus and Gimmel on Giganten's 14 × 14 readers, through the layout mapping
(``hardware.layout``): the direct-SPI matrix (real driver and decoder code over emulated
MFRC522 chips) and the serial section controllers (the firmware's logic behind ptys).

The hands move pieces by the game's squares; a view of the physical 14 × 14 board puts
them on the reader squares under them, so every read goes through the real backend, the
mapping, sensing and the session."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import Config, ConfigError, parse_config
from companion.game import Game
from companion.game_events import GameEvent
from companion.games import get_game
from companion.identities import sim_identities
from companion.reads import TagRead, Uid
from companion.table.game_session import OVER, PLAY, GameSession
from companion.table.sensing import Sensing
from hardware.backends import BackendError
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.layout import BoardLayout, MappedReader, layout_for
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump
from hardware.serial_bus import SectionPort, SerialBoardReader
from hardware.sim import SimBoard
from hardware.simgame import GameHands
from tests.hardware.serial_peer import FirmwarePeer
from tests.hardware.test_backend_games import ORIGINS

SPI_SETTLE = 3.6
"""Virtual seconds of scanning after an action on the SPI matrix: two sweeps of its 196
readers (1.7 s each, most of it the empty squares' timeouts)."""
SERIAL_SETTLE = 0.8
"""Seconds after an action with the section controllers (four tiles scanned at once)."""


class GameSquares:
    """The physical reader board seen by the game's squares (what the hands move on)."""

    def __init__(self, board: SimBoard, layout: BoardLayout) -> None:
        self.board = board
        self.layout = layout

    def tags(self) -> dict[int, Uid]:
        return {square: uid for reader, uid in self.board.tags().items()
                if (square := self.layout.to_game(reader)) is not None}

    def tag_at(self, square: int) -> Uid | None:
        return self.board.tag_at(self.layout.to_reader(square))

    def place(self, square: int, uid: Uid) -> None:
        self.board.place(self.layout.to_reader(square), uid)

    def lift(self, square: int) -> Uid:
        return self.board.lift(self.layout.to_reader(square))


class MappedTable:
    """What ``SimGameTable`` is, for a real backend's reader seen through the mapping."""

    def __init__(self, session: GameSession, board: SimBoard, reader: Reader,
                 layout: BoardLayout, *, live: bool) -> None:
        self.session = session
        self.physical = board
        self.board = GameSquares(board, layout)
        self.reader = MappedReader(reader, layout)
        self.reader.open()
        self.sensing = Sensing(session.game.geometry(session.options).size)
        self.live = live
        self.pump = ReaderPump(self.reader) if live else None
        if self.pump is not None:
            self.pump.start()
        self._reads: Iterator[TagRead] = iter(()) if live else self.reader.reads()
        self.events: list[GameEvent] = []
        self.seen: set[int] = set()

    @property
    def now(self) -> float:
        return time.monotonic() if self.live else self.physical.now

    def _next(self, seconds: float) -> Iterator[TagRead]:
        if self.pump is not None:
            yield from self.pump.drain(time.monotonic() + seconds)
            return
        until = self.physical.now + seconds
        for read in self._reads:
            yield read
            if read.time >= until:
                return

    def run_for(self, seconds: float | None = None) -> list[GameEvent]:
        events: list[GameEvent] = []
        settle = SERIAL_SETTLE if self.live else SPI_SETTLE
        for read in self._next(settle if seconds is None else seconds):
            self.seen.add(read.square)
            snapshot = self.sensing.feed(read)
            if snapshot is not None:
                events += self.session.on_snapshot(snapshot)
        self.events += events
        return events

    def intent(self, data: dict[str, Any]) -> list[GameEvent]:
        events = self.session.intent(data, now=self.now)
        self.events += events
        return events

    def close(self) -> None:
        self.reader.close()


def play(table: MappedTable, game: Game, turns: int, seed: int) -> None:
    """Set up (games with a setup), start, and play ``turns`` random legal turns."""
    hands = GameHands(table, table.session.identities)  # type: ignore[arg-type]
    rng = random.Random(seed)
    if table.session.phase != PLAY:
        hands.set_up(game, table.session.options, rng)
        table.run_for()
        table.intent({"start": True})
        table.run_for()
    assert table.session.phase == PLAY, [e for e in table.events][-3:]
    for _ in range(turns):
        state = table.session.state
        assert state is not None
        if table.session.phase == OVER:
            break
        hands.play(rng.choice(list(state.legal_turns())))
        table.run_for()
        assert not table.session.fixing


def new_session(game: Game, tmp_path: Path) -> GameSession:
    session, _ = GameSession.new(game, {}, sim_identities(game), tmp_path / "game.log",
                                 now=0.0, entropy=lambda n: bytes(n))
    return session


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_a_game_through_the_emulated_spi_matrix_and_the_mapping(
        name: str, tmp_path: Path) -> None:
    game = get_game(name)
    layout = layout_for(Config(), name, game.geometry())
    emulated = EmulatedBoard()
    table = MappedTable(new_session(game, tmp_path), emulated.board, emulated.reader(),
                        layout, live=False)
    try:
        play(table, game, 4, seed=3)
        assert table.session.turns == 4
        assert table.reader.name == "spi"
        # Only the game's squares were reported, and every one of them was read.
        assert table.seen == set(range(game.geometry().size))
        on_readers = set(emulated.board.tags())
        assert on_readers and all(layout.to_game(sq) is not None for sq in on_readers)
    finally:
        table.close()
        emulated.close()


@pytest.fixture
def peers() -> Iterator[list[FirmwarePeer]]:
    made: list[FirmwarePeer] = []
    yield made
    for peer in made:
        peer.unplug()


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_a_game_through_the_serial_section_controllers_and_the_mapping(
        name: str, tmp_path: Path, peers: list[FirmwarePeer]) -> None:
    game = get_game(name)
    layout = layout_for(Config(), name, game.geometry())
    board = SimBoard(14, 14)
    ports = []
    for tile, origin in ORIGINS.items():
        port = SectionPort(str(tmp_path / f"ttyACM-{tile}"), origin, tile=tile)
        peer = FirmwarePeer(board, port, Path(port.url), tile=tile)
        peer.plug()
        peers.append(peer)
        ports.append(port)
    reader = SerialBoardReader(ports, retry=0.1, silence=1.0)
    table = MappedTable(new_session(game, tmp_path), board, reader, layout, live=True)
    try:
        play(table, game, 3, seed=5)
        assert table.session.turns == 3
        assert table.reader.name == "serial"
    finally:
        table.close()


def test_strategus_lies_in_the_middle_of_the_readers_by_default() -> None:
    layout = layout_for(Config(), "strategus", get_game("strategus").geometry())
    assert (layout.file0, layout.rank0) == (2, 2)
    assert layout.describe() == "the 10×10 board on readers c3-l12 of the 14×14 reader board"
    assert layout.to_reader(0) == 2 * 14 + 2 and layout.to_game(2 * 14 + 2) == 0
    assert layout.to_game(0) is None and layout.to_game(13 * 14 + 13) is None
    assert all(layout.to_game(layout.to_reader(sq)) == sq for sq in range(100))
    gimmel = layout_for(Config(), "gimmel", get_game("gimmel").geometry())
    assert gimmel.identity


def test_the_config_places_a_game_and_a_bad_origin_is_one_line(tmp_path: Path) -> None:
    config = parse_config('[layout.strategus]\norigin = "a1"\n', tmp_path / "c.toml")
    layout = layout_for(config, "strategus", get_game("strategus").geometry())
    assert (layout.file0, layout.rank0) == (0, 0)
    far = parse_config('[layout.strategus]\norigin = "f1"\n', tmp_path / "c.toml")
    with pytest.raises(BackendError) as caught:
        layout_for(far, "strategus", get_game("strategus").geometry())
    assert str(caught.value).count("\n") == 0
    assert "reaches o10, off the 14×14 readers" in str(caught.value)
    assert "[layout.strategus] origin" in str(caught.value)
    for text, says in [('origin = "z99"', "off the 14×14 reader board"),
                       ('origin = "c"', "is not a square name"),
                       ("origin = 3", "must be a square name"),
                       ('orign = "c3"', "did you mean 'origin'")]:
        with pytest.raises(ConfigError) as bad:
            parse_config(f"[layout.strategus]\n{text}\n", tmp_path / "c.toml")
        assert says in str(bad.value) and len(bad.value.problems) == 1


def test_the_focus_reaches_the_readers_under_the_games_squares() -> None:
    asked: list[list[int]] = []

    class Recorder:
        name = "rec"

        def open(self) -> None: ...

        def close(self) -> None: ...

        def reads(self) -> Iterator[TagRead]:
            yield TagRead(0, None, 0.0)  # a1 of the readers: outside Strategus's board
            yield TagRead(30, None, 0.1)  # c3 of the readers: Strategus's a1

        def focus(self, squares: Any) -> None:
            asked.append(list(squares))

    layout = BoardLayout.centred(get_game("strategus").geometry(), 14, 14)
    mapped = MappedReader(Recorder(), layout)
    mapped.focus([0, 99])
    assert asked == [[30, 11 * 14 + 11]]
    assert [read.square for read in mapped.reads()] == [0]


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_every_simulated_tag_is_one_a_real_reader_can_read(name: str) -> None:
    # Strategus's "red scout 3" once had 0x88 (the cascade tag) as its UID's fourth byte:
    # the emulated chips refused it and no real tag has it.
    from hardware.emulation.tags import Tag

    game = get_game(name)
    for uid in sim_identities(game):
        Tag(bytes.fromhex(uid))
