"""Layout benchmark: Strategus's 10 × 10 board on the 14 × 14 readers (``hardware.layout``).

Run ``.venv/bin/python bench/layout.py`` (a few seconds). It prints ``METRIC <name>
<value> <unit>`` lines and context lines starting with ``#``.

- ``layout_sweep_s_<game>_spi``: the time between two reads of the same game square on
  the direct-SPI matrix (``MatrixReader`` over ``EmulatedBoard``, the emulator's virtual
  clock), 40 pieces on the game's board: the readers outside it are still scanned, so
  Strategus's sweep is as long as Giganten's (what wiring.md estimates they cost).
- ``layout_overhead_us_per_read``: the wall-clock cost of the mapping per read, over a
  stream of reads that needs no hardware (this machine's CPU; the Pi's is slower).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from companion.config import Config
from companion.games import get_game
from companion.reads import TagRead, parse_uid
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.layout import BoardLayout, MappedReader, layout_for

READS = 200_000


def sweep(game: str) -> float:
    """Virtual seconds between two reads of the game's square a1 on the SPI matrix."""
    geometry = get_game(game).geometry()
    layout = layout_for(Config(), game, geometry)
    emulated = EmulatedBoard()
    for square in range(0, geometry.size, geometry.size // 40):  # 40 pieces
        emulated.board.place(layout.to_reader(square), parse_uid(f"04A1B2C3D4{square:04X}"))
    reader = MappedReader(emulated.reader(), layout)
    reader.open()
    try:
        times = [read.time for read, _ in zip(
            (r for r in reader.reads() if r.square == 0), range(3), strict=False)]
    finally:
        reader.close()
        emulated.close()
    return times[2] - times[1]


class Stream:
    """A reader that only yields reads of the whole 14 × 14 board, as fast as it can."""

    name = "bench"

    def open(self) -> None: ...

    def close(self) -> None: ...

    def focus(self, squares: object) -> None: ...

    def reads(self) -> Iterator[TagRead]:
        for n in range(READS):
            yield TagRead(n % 196, None, n * 0.001)


def overhead() -> float:
    """Microseconds the mapping adds to each read."""
    started = time.perf_counter()
    for _ in Stream().reads():
        pass
    bare = time.perf_counter() - started
    layout = BoardLayout.centred(get_game("strategus").geometry(), 14, 14)
    started = time.perf_counter()
    for _ in MappedReader(Stream(), layout).reads():
        pass
    return (time.perf_counter() - started - bare) / READS * 1e6


def main() -> None:
    """Print the METRIC lines."""
    print("# direct SPI over the emulator; 40 pieces on the game's board")
    for game in ("strategus", "gimmel"):
        print(f"METRIC layout_sweep_s_{game}_spi {sweep(game):.3f} s")
    print(f"METRIC layout_overhead_us_per_read {overhead():.2f} us")


if __name__ == "__main__":
    main()
