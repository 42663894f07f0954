"""A game's board on the reader board: which reader lies under which of the game's squares.

The readers are built once, for Giganten's 14 × 14 board (four 7 × 7 tiles, or the direct
SPI matrix: wiring.md). Strategus (10 × 10 [B1]) and Gimmel (14 × 14 by default [R1]) are
played on the same readers: the game's board is a rectangle of the reader board, its a1 on
the reader square ``origin`` (``[layout.<game>] origin`` in the config; by default the
game's board is centred, so Strategus lies on c3-l12 of the 14 × 14 readers).

``MappedReader`` wraps any backend's ``Reader`` (sim, spi, serial): it turns the reader's
squares into the game's, drops the reads of readers outside the game's board (the unused
border: a piece put down there is beside the board) and turns the session's focus back
into reader squares. Nothing else changes: every backend serves every game's board.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from companion.config import Config
from companion.game import Geometry
from companion.games.giganten.squares import square_name
from companion.reads import TagRead
from hardware.backends import BackendError
from hardware.protocol import Reader, ScopedReader

__all__ = ["BoardLayout", "MappedReader", "layout_for"]


@dataclass(frozen=True)
class BoardLayout:
    """A ``game`` board of ``files`` × ``ranks`` squares lying on a reader board of
    ``reader_files`` × ``reader_ranks``, the game's a1 on reader square (``file0``,
    ``rank0``). Squares are ``rank * files + file`` on either board."""

    files: int
    ranks: int
    reader_files: int
    reader_ranks: int
    file0: int = 0
    rank0: int = 0

    def __post_init__(self) -> None:
        if self.file0 < 0 or self.rank0 < 0 or self.file0 + self.files > self.reader_files \
                or self.rank0 + self.ranks > self.reader_ranks:
            raise ValueError(self._overflow())

    def _overflow(self) -> str:
        last = square_name(self.file0 + self.files - 1, self.rank0 + self.ranks - 1)
        return (f"a {self.files}×{self.ranks} board from {square_name(self.file0, self.rank0)}"
                f" reaches {last}, off the {self.reader_files}×{self.reader_ranks} readers")

    @classmethod
    def centred(cls, game: Geometry, reader_files: int, reader_ranks: int) -> BoardLayout:
        """The game's board in the middle of the readers (rounded towards a1)."""
        return cls(game.files, game.ranks, reader_files, reader_ranks,
                   max((reader_files - game.files) // 2, 0),
                   max((reader_ranks - game.ranks) // 2, 0))

    @property
    def identity(self) -> bool:
        """True when the game's board is the whole reader board, square for square."""
        return (self.files, self.ranks, self.file0, self.rank0) == (
            self.reader_files, self.reader_ranks, 0, 0)

    def to_game(self, reader_square: int) -> int | None:
        """The game's square over a reader, or None for a reader outside the game's board."""
        rank, file = divmod(reader_square, self.reader_files)
        file, rank = file - self.file0, rank - self.rank0
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return rank * self.files + file
        return None

    def to_reader(self, game_square: int) -> int:
        """The reader under one of the game's squares."""
        rank, file = divmod(game_square, self.files)
        return (rank + self.rank0) * self.reader_files + file + self.file0

    def describe(self) -> str:
        """One line for start-up messages: where the game's board lies on the readers."""
        last = square_name(self.file0 + self.files - 1, self.rank0 + self.ranks - 1)
        return (f"the {self.files}×{self.ranks} board on readers"
                f" {square_name(self.file0, self.rank0)}-{last} of the"
                f" {self.reader_files}×{self.reader_ranks} reader board")


def layout_for(config: Config, game: str, geometry: Geometry) -> BoardLayout:
    """The layout of ``game`` (its board ``geometry``) on ``config``'s readers: its
    ``[layout.<game>] origin``, else centred. ``BackendError`` (one line, naming the config
    file and what to change) when the game's board does not fit on the readers there."""
    origin = config.layouts.get(game)
    try:
        if origin is None:
            return BoardLayout.centred(geometry, config.files, config.ranks)
        return BoardLayout(geometry.files, geometry.ranks, config.files, config.ranks, *origin)
    except ValueError as err:
        where = config.source if config.source is not None else "the default config"
        raise BackendError(f"{game}: {err}; change [layout.{game}] origin or [board] in"
                           f" {where}") from None


class MappedReader(ScopedReader):
    """Any ``Reader`` of the reader board, reporting the game's squares only."""

    def __init__(self, reader: Reader, layout: BoardLayout) -> None:
        self.reader = reader
        self.layout = layout
        self.name = reader.name

    def open(self) -> None:
        """Open the wrapped reader."""
        self.reader.open()

    def close(self) -> None:
        """Close the wrapped reader."""
        self.reader.close()

    def reads(self) -> Iterator[TagRead]:
        """The wrapped reader's reads on the game's board, in the game's squares."""
        for read in self.reader.reads():
            square = self.layout.to_game(read.square)
            if square is not None:
                yield dataclasses.replace(read, square=square)

    def focus(self, squares: Collection[int]) -> None:
        """Focus the readers under these game squares."""
        self.reader.focus([self.layout.to_reader(square) for square in squares])
