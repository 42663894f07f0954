"""``giganten play|resume --audience arbiter`` is behind the arbiter's PIN (the audit's
attack: the arbiter's audience printed every hidden kind of Giganten and Strategus without
one). No PIN set, or a wrong one: one line, status 2, nothing of the game shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import get_game
from companion.referee.pin import hash_pin
from tests.cli_helpers import board_rows, home, kinds_shown, run

__all__ = ["home"]

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=1000)
STRATEGUS_KINDS = [kind.id for kind in get_game("strategus").kinds()]


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def empty_config(tmp_path: Path) -> Path:
    config = tmp_path / "config.toml"
    config.write_text("", "utf-8")
    return config


def refused(done: object, words: str) -> None:
    assert done.code == 2, done.out  # type: ignore[attr-defined]
    assert "Traceback" not in done.err and words in done.err  # type: ignore[attr-defined]
    assert done.err.count("\n") == 1  # type: ignore[attr-defined]
    out = done.out  # type: ignore[attr-defined]
    assert not board_rows(out) and not any(kind in out for kind in STRATEGUS_KINDS), out


GAMES = [("strategus", ("--game", "strategus")), ("giganten", ())]


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_the_arbiters_audience_without_a_pin_set_is_refused(
        home: Path, tmp_path: Path, name: str, game: tuple[str, ...]) -> None:
    done = run("play", *game, "--sim", "--seed", "3", "--audience", "arbiter", "--config",
               empty_config(tmp_path), "--script", script(tmp_path / "s.txt", PIN, "quit"))
    refused(done, "needs the arbiter PIN and none is set")


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_the_arbiters_audience_with_a_wrong_pin_is_refused(
        home: Path, tmp_path: Path, name: str, game: tuple[str, ...]) -> None:
    done = run("play", *game, "--sim", "--seed", "3", "--audience", "arbiter", "--pin-hash",
               PIN_HASH, "--script", script(tmp_path / "s.txt", "1111", "setup all",
                                            "start", "show", "quit"))
    refused(done, "wrong arbiter PIN")


def test_the_arbiter_sees_every_kind_with_the_pin(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "3", "--audience", "arbiter",
               "--pin-hash", PIN_HASH, "--script",
               script(tmp_path / "s.txt", PIN, "setup all", "start", "show", "quit"))
    assert done.code == 0, done.err
    assert kinds_shown(board_rows(done.out), "rb") == 80  # every figure of both sides


def test_a_resumed_game_asks_for_the_pin_too(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "3", "--script",
               script(tmp_path / "s.txt", "setup all", "start", "auto 2", "quit"))
    assert done.code == 0, done.err
    [log] = sorted((home / "games").glob("game-*.log"))
    done = run("resume", log, "--sim", "--audience", "arbiter", "--pin-hash", PIN_HASH,
               "--script", script(tmp_path / "r.txt", "0000", "show", "quit"))
    refused(done, "wrong arbiter PIN")
    done = run("resume", log, "--sim", "--audience", "arbiter", "--pin-hash", PIN_HASH,
               "--script", script(tmp_path / "r.txt", PIN, "show", "quit"))
    assert done.code == 0, done.err
    assert kinds_shown(board_rows(done.out), "rb") == 80  # every figure of both sides
