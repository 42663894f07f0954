"""``giganten hw-check``: the two phases over a reader, the pictures, the command."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.reads import TagRead
from hardware.hwcheck import (
    FAILED,
    MISSING,
    OK,
    UNTESTED,
    CheckResult,
    SimHand,
    encode_png,
    parse_script,
    render_png,
    render_text,
    run_check,
)
from hardware.sim import TILE_MODEL, SimBoard, SimReader
from tests.cli_helpers import run


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of its own, with no backend or config file named or found in it."""
    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.delenv("GIGANTEN_BACKEND", raising=False)
    monkeypatch.delenv("GIGANTEN_CONFIG", raising=False)
    return tmp_path / "home"


def sim(dead: set[int] | None = None, files: int = 14,
        ranks: int = 14) -> tuple[SimBoard, SimReader]:
    board = SimBoard(files, ranks)
    reader = SimReader(board, TILE_MODEL.with_noise(dead=dead or set()))
    reader.open()
    return board, reader


def quiet(text: str) -> None:
    """Swallow the check's messages."""


def test_every_square_passes_when_the_hand_walks_the_tag_over_the_board() -> None:
    board, reader = sim()
    hand = SimHand.walk(board, 2 * reader.sweep_time)
    result = run_check(reader, 14, 14, hand=hand, say=quiet)
    assert result.status == [OK] * 196
    assert result.ok
    assert set(result.seen.values()) == {"04A1B2C3D4E5F6"}


def test_a_dead_reader_is_named_missing_and_a_skipped_square_failed() -> None:
    board, reader = sim(dead={3 * 14 + 4})  # e4
    hand = SimHand.walk(board, 2 * reader.sweep_time, skip={4 * 14 + 5})  # f5
    result = run_check(reader, 14, 14, hand=hand, say=quiet, tag_time=120)
    assert result.squares(MISSING) == [3 * 14 + 4]
    assert result.squares(FAILED) == [4 * 14 + 5]
    assert len(result.squares(OK)) == 194
    assert not result.ok
    assert result.faults[3 * 14 + 4] == "no answer from the reader"
    text = render_text(result)
    assert "e4: reader missing (no answer from the reader)" in text
    assert "saw no tag: f5" in text
    rows = text.splitlines()
    assert rows[0].split() == list("abcdefghijklmn")
    assert rows[14].split() == ["1", *"✓" * 14, "1"]
    assert rows[11].split()[1:16] == [*"✓✓✓✓✗", *"✓" * 9, "4"]
    assert rows[10].split()[6] == "✗"  # f5


def test_tags_on_every_square_pass_at_once_and_a_time_limit_fails_the_rest() -> None:
    board, reader = sim()
    result = run_check(reader, 14, 14, hand=SimHand.fill(board), say=quiet, tag_time=1)
    assert result.ok
    board, reader = sim()
    result = run_check(reader, 14, 14, hand=SimHand.walk(board, 0.3), say=quiet, tag_time=3)
    assert 5 <= len(result.squares(OK)) <= 12
    assert len(result.squares(FAILED)) == 196 - len(result.squares(OK))


def test_readers_only_leaves_the_squares_untested() -> None:
    _, reader = sim(dead={0})
    result = run_check(reader, 14, 14, tag_time=None, say=quiet)
    assert result.squares(MISSING) == [0]
    assert len(result.squares(UNTESTED)) == 195
    assert not result.ok
    _, reader = sim()
    assert run_check(reader, 14, 14, tag_time=None, say=quiet).ok


class Scripted:
    """A reader that plays a list of reads, for the cases the simulation does not make."""

    name = "scripted"

    def __init__(self, reads: list[TagRead]) -> None:
        self._reads = reads

    def open(self) -> None: ...

    def close(self) -> None: ...

    def focus(self, squares: object) -> None: ...

    def reads(self) -> Iterator[TagRead]:
        yield from self._reads


def test_squares_never_read_are_missing_and_flaky_readers_are_reported() -> None:
    reads = [TagRead(0, None, 0.0), TagRead(1, None, 0.1, "CRC error"), TagRead(1, None, 0.2),
             TagRead(2, None, 0.3, "no answer"), TagRead(0, None, 5.0),
             TagRead(0, "04A1B2C3", 5.1), TagRead(1, "04A1B2C3", 5.2), TagRead(99, None, 5.3)]
    result = run_check(Scripted(reads), 2, 2, scan_time=1, say=quiet)
    assert result.status == [OK, OK, MISSING, MISSING]
    assert result.faults[3] == "never read (no answer in the scan)"
    assert result.flaky == {1: (1, 3)}
    assert "b1: 1 of 3 reads failed (CRC error)" in render_text(result)


def test_an_interrupted_tag_phase_leaves_the_rest_untested() -> None:
    def reads() -> Iterator[TagRead]:
        yield TagRead(0, None, 0.0)
        yield TagRead(1, None, 0.1)
        yield TagRead(0, None, 2.0)
        yield TagRead(0, "04A1B2C3", 2.1)
        raise KeyboardInterrupt

    reader = Scripted([])
    reader.reads = reads  # type: ignore[method-assign]
    result = run_check(reader, 2, 1, scan_time=1, say=quiet)
    assert result.status == [OK, UNTESTED]
    assert result.interrupted and not result.ok


def _decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of a PNG written by ``encode_png`` (checking CRCs)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body)
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(idat)
    stride = 3 * width + 1
    rows = [raw[i * stride + 1:(i + 1) * stride] for i in range(height)]
    assert all(raw[i * stride] == 0 for i in range(height))
    return width, height, rows


def test_the_png_colours_each_square() -> None:
    result = CheckResult(14, 14, [OK] * 196)
    result.status[0] = MISSING  # a1, bottom left
    result.status[195] = FAILED  # n14, top right
    result.status[13] = UNTESTED  # n1, bottom right
    result.faults[0] = "no answer"
    cell = 32
    width, height, rows = _decode_png(render_png(result, cell=cell))
    margin = (width - 14 * cell - 1) // 2
    assert height == width

    def pixel(file: int, rank: int, dx: int = 4, dy: int = 4) -> tuple[int, ...]:
        x = margin + file * cell + dx
        y = margin + (13 - rank) * cell + dy
        return tuple(rows[y][3 * x:3 * x + 3])

    assert pixel(0, 0) == (200, 40, 40)
    assert pixel(0, 0, cell // 2, cell // 2) == (255, 255, 255)  # the cross of a missing reader
    assert pixel(13, 13) == (200, 40, 40)
    assert pixel(13, 13, cell // 2, cell // 2) == (200, 40, 40)  # failed: no cross
    assert pixel(13, 0) == (165, 165, 165)
    assert pixel(5, 5) == (46, 160, 67)
    assert pixel(5, 5, 0, 4) == (40, 40, 40)  # a grid line


def test_encode_png_refuses_rows_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="expected 1 rows of 6 bytes"):
        encode_png(2, 1, [b"\x00" * 5])


def test_scripts_parse_and_name_the_wrong_line() -> None:
    script = parse_script("dead e4 # cable\nskip f5\nwalk 0.5\n", 14, 14)
    assert (script.dead, script.skip, script.mode, script.dwell) == ({46}, {61}, "walk", 0.5)
    steps = parse_script("at 1 place a1\nat 2 lift a1\nat 3 place b2 04a1b2c3\n", 14, 14)
    assert steps.mode == "steps"
    assert [(s.time, s.action, s.square, s.uid) for s in steps.steps] == [
        (1.0, "place", 0, "04A1B2C3D4E5F6"), (2.0, "lift", 0, "04A1B2C3D4E5F6"),
        (3.0, "place", 15, "04A1B2C3")]
    with pytest.raises(ValueError, match=r"line 2: 'dead o4': o4 is off the 14×14 board"):
        parse_script("fill\ndead o4\n", 14, 14)
    with pytest.raises(ValueError, match="line 1: 'jump a1': not a script command"):
        parse_script("jump a1", 14, 14)
    with pytest.raises(ValueError, match="line 1: 'at x place a1': 'x' is not a number"):
        parse_script("at x place a1", 14, 14)


# --- the command ---------------------------------------------------------------------------------


def test_command_all_good_writes_the_png(home: Path, tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    done = run("hw-check", "--sim", "--png", png)
    assert done.code == 0, done.err
    assert "All readers found, every square read a tag." in done.out
    assert f"Picture: {png}" in done.out
    width, _, _ = _decode_png(png.read_bytes())
    assert width > 14 * 32


def test_command_demo_fault_exits_one(home: Path) -> None:
    done = run("hw-check", "--sim", "--demo-fault", "e4", "--ascii")
    assert done.code == 1
    assert "e4: reader missing (no answer from the reader)" in done.out
    assert "  4 + + + + X + + + + + + + + +  4" in done.out


def test_command_script(home: Path, tmp_path: Path) -> None:
    script = tmp_path / "check.txt"
    script.write_text("fill\nskip n14\ndead a1\n")
    done = run("hw-check", "--sim", "--script", script, "--tag-time", "5")
    assert done.code == 1
    assert "a1: reader missing" in done.out and "saw no tag: n14" in done.out


def test_command_usage_errors_exit_two(home: Path, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("hw-check", "--sim", "--demo-fault", "z99").code == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("jump\n")
    done = run("hw-check", "--sim", "--script", bad)
    assert done.code == 2 and "line 1" in done.err
    assert run("hw-check", "--sim", "--tag-time", "-1").code == 2
    config = tmp_path / "config.toml"
    config.write_text("[reader.spi]\nenable_pin = 28\n")
    done = run("hw-check", "--config", config)
    assert done.code == 2
    assert "reader.spi.enable_pin: 28 is not a BCM GPIO pin (0–27)" in done.err
    assert run("hw-check", "--backend", "nonsense").code == 2
    monkeypatch.setenv("GIGANTEN_CONFIG", str(tmp_path / "missing.toml"))
    assert "no such config file" in run("hw-check", "--sim").err


def test_command_uses_the_board_size_of_the_config(home: Path, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[board]\nfiles = 7\nranks = 7\n")
    done = run("hw-check", "--sim", "--config", config, "--ascii")
    assert done.code == 0, done.err
    assert "    a b c d e f g" in done.out.splitlines()
    assert "Phase 1: 49 of 49 readers answered." in done.out
