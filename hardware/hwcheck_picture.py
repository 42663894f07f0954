"""Pictures of a hardware check: the board as symbols in the terminal, and as a PNG.

``render_text`` draws rank 1 at the bottom as Yellow sees it, with ``summary_lines`` in
words below; ``render_png`` paints green (read a tag), red (failed), red with a white cross
(no reader) and grey (untested), written with ``zlib`` and ``struct`` only.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

from companion.games.giganten.squares import square_name
from hardware.hwcheck_run import (
    ASCII_SYMBOLS,
    FAILED,
    MISSING,
    OK,
    SYMBOLS,
    UNTESTED,
    CheckResult,
)


def render_text(result: CheckResult, *, ascii_only: bool = False) -> str:
    """The board as a grid of symbols with a summary below; rank 1 at the bottom."""
    symbols = ASCII_SYMBOLS if ascii_only else SYMBOLS
    files, ranks = result.files, result.ranks
    width = max(len(square_name(file, 0)) - 1 for file in range(files))
    letters = "    " + " ".join(square_name(f, 0)[:-1].rjust(width) for f in range(files))
    lines = [letters]
    for rank in reversed(range(ranks)):
        cells = " ".join(symbols[result.status[rank * files + f]].rjust(width)
                         for f in range(files))
        lines.append(f"{rank + 1:>3} {cells}  {rank + 1}")
    lines.append(letters)
    lines.append("")
    lines.extend(summary_lines(result, symbols))
    return "\n".join(lines)


def summary_lines(result: CheckResult, symbols: dict[str, str] = SYMBOLS) -> list[str]:
    """What the grid shows, in words: counts, then each failing square and why."""
    def names(squares: Sequence[int]) -> str:
        more = f" and {len(squares) - 24} more" if len(squares) > 24 else ""
        return " ".join(result.name(sq) for sq in squares[:24]) + more

    ok, missing = result.squares(OK), result.squares(MISSING)
    failed, untested = result.squares(FAILED), result.squares(UNTESTED)
    lines = [f"{symbols[OK]} {len(ok)} read a tag   {symbols[MISSING]} {len(missing)} reader(s)"
             f" missing   {symbols[FAILED]} {len(failed)} saw no tag   {symbols[UNTESTED]}"
             f" {len(untested)} untested"]
    for square in missing:
        lines.append(f"  {result.name(square)}: reader missing ({result.faults[square]})")
    if failed:
        lines.append(f"  saw no tag: {names(failed)}")
    for square, (faults, reads) in sorted(result.flaky.items()):
        lines.append(f"  {result.name(square)}: {faults} of {reads} reads failed"
                     f" ({result.faults[square]})")
    if result.interrupted:
        lines.append("  interrupted: the squares marked ? were not tested")
    lines.append("All readers found, every square read a tag." if result.ok
                 else "hw-check found problems.")
    return lines


Pixel = tuple[int, int, int]
COLOURS: dict[str, Pixel] = {OK: (46, 160, 67), MISSING: (200, 40, 40), FAILED: (200, 40, 40),
                             UNTESTED: (165, 165, 165)}
_WHITE: Pixel = (255, 255, 255)
_INK: Pixel = (40, 40, 40)

# A 3×5 font for the coordinates: digits and the file letters a–z (drawn as capitals).
_GLYPHS = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001001001001", "8": "111101111101111",
    "9": "111101111001111", "a": "010101111101101", "b": "110101110101110",
    "c": "011100100100011", "d": "110101101101110", "e": "111100110100111",
    "f": "111100110100100", "g": "011100101101011", "h": "101101111101101",
    "i": "111010010010111", "j": "001001001101010", "k": "101101110101101",
    "l": "100100100100111", "m": "101111111101101", "n": "110101101101101",
    "o": "010101101101010", "p": "110101110100100", "q": "010101101111011",
    "r": "110101110101101", "s": "011100010001110", "t": "111010010010010",
    "u": "101101101101111", "v": "101101101101010", "w": "101101111111101",
    "x": "101101010101101", "y": "101101010010010", "z": "111001010100111",
}


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(_WHITE) * width) for _ in range(height)]

    def fill(self, x0: int, y0: int, x1: int, y1: int, colour: Pixel) -> None:
        x0, x1 = max(x0, 0), min(x1, self.width)
        for y in range(max(y0, 0), min(y1, self.height)):
            self.rows[y][3 * x0:3 * x1] = bytes(colour) * (x1 - x0)

    def dot(self, x: int, y: int, colour: Pixel) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.rows[y][3 * x:3 * x + 3] = bytes(colour)

    def text(self, x: int, y: int, text: str, scale: int, colour: Pixel) -> None:
        for char in text:
            glyph = _GLYPHS.get(char)
            if glyph is not None:
                for index, bit in enumerate(glyph):
                    if bit == "1":
                        gx, gy = index % 3, index // 3
                        self.fill(x + gx * scale, y + gy * scale, x + (gx + 1) * scale,
                                  y + (gy + 1) * scale, colour)
            x += 4 * scale


def render_png(result: CheckResult, *, cell: int = 32) -> bytes:
    """The board as a PNG: one coloured cell per square with a grid and coordinates."""
    scale = max(cell // 12, 1)
    label = 4 * scale * 2 + 2 * scale  # room for two characters and a gap
    margin = label + scale
    width = margin * 2 + cell * result.files + 1
    height = margin * 2 + cell * result.ranks + 1
    canvas = _Canvas(width, height)
    for rank in range(result.ranks):
        y0 = margin + (result.ranks - 1 - rank) * cell
        for file in range(result.files):
            x0 = margin + file * cell
            status = result.status[rank * result.files + file]
            canvas.fill(x0, y0, x0 + cell, y0 + cell, COLOURS[status])
            if status == MISSING:
                for step in range(cell // 4, cell - cell // 4):
                    for thick in range(-scale // 2, scale - scale // 2):
                        canvas.dot(x0 + step + thick, y0 + step, _WHITE)
                        canvas.dot(x0 + cell - 1 - step + thick, y0 + step, _WHITE)
        text = str(rank + 1)
        y = y0 + (cell - 5 * scale) // 2
        canvas.text(margin - scale - len(text) * 4 * scale, y, text, scale, _INK)
        canvas.text(width - margin + 2 * scale, y, text, scale, _INK)
    for file in range(result.files):
        text = square_name(file, 0)[:-1]
        x = margin + file * cell + (cell - (len(text) * 4 - 1) * scale) // 2
        canvas.text(x, margin - 6 * scale, text, scale, _INK)
        canvas.text(x, height - margin + 2 * scale, text, scale, _INK)
    for file in range(result.files + 1):
        x = margin + file * cell
        canvas.fill(x, margin, x + 1, margin + cell * result.ranks + 1, _INK)
    for rank in range(result.ranks + 1):
        y = margin + rank * cell
        canvas.fill(margin, y, margin + cell * result.files + 1, y + 1, _INK)
    return encode_png(width, height, canvas.rows)


def encode_png(width: int, height: int, rows: Sequence[bytes | bytearray]) -> bytes:
    """An 8-bit RGB PNG of ``rows`` (``3 * width`` bytes each), without any imaging library."""
    if len(rows) != height or any(len(row) != 3 * width for row in rows):
        raise ValueError(f"expected {height} rows of {3 * width} bytes")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write_png(result: CheckResult, path: Path) -> None:
    """Write ``render_png(result)`` to ``path``."""
    path.write_bytes(render_png(result))
