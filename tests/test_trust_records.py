"""Issue 18 (trust at a club event), finding 8: malformed logs, records, registries,
configs and settings give their reader's own error, one clear line, never a traceback;
``giganten verify`` exits 2 (unreadable) or 1 (rejected, naming the first problem)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.archive.records import KINDS, LoggedGame, LogReplayError, make_record
from companion.archive.replay import Replay, ReplayError
from companion.archive.verifier import EXIT_REJECTED, Unreadable, verify_document, verify_path
from companion.config import ConfigError, parse_config
from companion.games.giganten.referee import RefereeOptions
from companion.ledger.record import LogError
from companion.registry import Registry, RegistryError
from tests.cli_helpers import home, run
from tests.record_helpers import forge, log_lines, old_log

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

DEEP = 100_000
"""Nesting far deeper than Python recurses."""


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game's log as the old path wrote it (frozen)."""
    return old_log(tmp_path_factory.mktemp("finished"), "rulebook-9")


def _records(log: Path) -> dict[str, dict[str, Any]]:
    game = LoggedGame.read(log)
    return {kind: make_record(game, kind) for kind in KINDS}


# --- Deeply nested JSON ------------------------------------------------------------------------

def test_a_deeply_nested_record_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * DEEP + "]" * DEEP, "utf-8")
    with pytest.raises(Unreadable, match="neither a game log nor a JSON game record"):
        verify_path(path)
    with pytest.raises(ReplayError):
        Replay.load(path)
    done = run("verify", path)
    assert done.code == 2 and "Traceback" not in done.err


def test_a_deeply_nested_log_line_is_a_log_error(game_log: Path, tmp_path: Path) -> None:
    lines = log_lines(game_log)
    lines[3]["note"] = json.loads("[" * 500 + "]" * 500)  # deep, yet written and hashed
    text = forge(lines).decode("utf-8").splitlines(keepends=True)
    text[3] = text[3].replace("[" * 500, "[" * DEEP).replace("]" * 500, "]" * DEEP)
    path = tmp_path / "deep.log"
    path.write_text("".join(text), "utf-8")
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED and "line 4" in str(verdict.problems[0])
    with pytest.raises(LogError):
        LoggedGame.read(path)


def test_deeply_nested_registry_config_and_settings_give_their_own_error(
        tmp_path: Path) -> None:
    registry = tmp_path / "registry.json"
    registry.write_text('{"format": ' + "[" * DEEP + "]" * DEEP + "}", "utf-8")
    with pytest.raises(RegistryError, match="nested too deeply"):
        Registry.load(registry)
    with pytest.raises(ConfigError, match="nested too deeply"):
        parse_config("a = " + "[" * DEEP + "]" * DEEP, "giganten.toml")
    from ui.tools import Settings

    settings = tmp_path / "settings.json"
    settings.write_text("[" * DEEP + "]" * DEEP, "utf-8")
    _, note = Settings.load(settings)
    assert note is not None and "nested too deeply" in str(note.fields)


# --- Hash-chained logs with malformed content ------------------------------------------------

def _forged(log: Path, tmp_path: Path, line: int, key: str, value: Any) -> Path:
    lines = log_lines(log)
    lines[line][key] = value
    path = tmp_path / f"forged-{line}-{key}.log"
    path.write_bytes(forge(lines))
    return path


def _turn_line(log: Path) -> int:
    return next(n for n, line in enumerate(log_lines(log)) if line["type"] == "turn")


@pytest.mark.parametrize("value", ["x", ["a1"], {"a1": 7}])
def test_a_turn_with_malformed_tags_is_refused_everywhere(game_log: Path, tmp_path: Path,
                                                          value: Any) -> None:
    path = _forged(game_log, tmp_path, _turn_line(game_log), "bind", value)
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED, verdict.summary()
    assert "tags" in str(verdict.problems[0]) and "log line" in str(verdict.problems[0])
    with pytest.raises(LogReplayError):
        LoggedGame.read(path)
    done = run("export", path, "--kind", "public", "-o", tmp_path / "p.json")
    assert done.code == 2 and "Traceback" not in done.err


@pytest.mark.parametrize(("line", "key", "value"), [
    (0, "game", "x"), (0, "game", {"board": 1}), (0, "tags", []), (0, "fairplay", "x"),
    (0, "fairplay", {"format": "giganten-commitment/1", "game_id": "a", "commitments": 1,
                     "salts": {}}),
    (0, "policy", "zz"), (1, "turn", "x"), (1, "turn", {"path": 5}),
])
def test_a_log_with_malformed_content_is_refused_with_one_line(
        game_log: Path, tmp_path: Path, line: int, key: str, value: Any) -> None:
    path = _forged(game_log, tmp_path, line if line else 0, key, value)
    assert verify_path(path).status == EXIT_REJECTED
    with pytest.raises((LogReplayError, LogError)):
        LoggedGame.read(path)
    with pytest.raises(ReplayError):
        Replay.load(path)
    for command in (["export", path, "-o", tmp_path / "r.json"], ["verify", path]):
        done = run(*command)
        assert done.code in (1, 2) and "Traceback" not in done.err


# --- Records of the wrong shape --------------------------------------------------------------

@pytest.mark.parametrize(("kind", "where", "value"), [
    ("full", ("game", "actions", 0), "x"),
    ("full", ("game", "actions"), 7.5),
    ("full", ("game", "setup"), ["a1"]),
    ("public", ("steps", 0), "x"),
    ("public", ("steps", 1, "view"), True),
    ("public", ("reveal", "sides", "yellow", "setup"), "x"),
    ("referee", ("log", 1), "x"),
    ("referee", ("log", 2, "turn"), ["x"]),
])
def test_a_record_of_the_wrong_shape_is_rejected_naming_it(
        game_log: Path, kind: str, where: tuple[Any, ...], value: Any) -> None:
    record = _records(game_log)[kind]
    parent: Any = record
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    verdict = verify_document(record)
    assert verdict.status == EXIT_REJECTED and verdict.problems
    with pytest.raises(ReplayError):
        replay = Replay.from_document(record)
        for step in range(len(replay)):  # a public record's views are shown as stored
            replay.view_at(step, "public")
        raise ReplayError("replayed")


# --- The board's swamp squares are its tiles' ------------------------------------------------

def _without_a_swamp_square(board: dict[str, Any]) -> None:
    """Move the first swamp square to land: the deal (the tiles) stays as it was."""
    assert board["tiles"], "a dealt board records its tiles"
    board["swamp"] = board["swamp"][1:]


@pytest.mark.parametrize("kind", ["full", "public"])
def test_verify_ties_a_records_swamp_squares_to_its_dealt_tiles(game_log: Path,
                                                                 kind: str) -> None:
    record = _records(game_log)[kind]
    _without_a_swamp_square(record["board"] if kind == "public"
                            else record["game"]["board"])
    verdict = verify_document(record)
    assert verdict.status == EXIT_REJECTED
    assert str(verdict.problems[0]) == ("board: its swamp squares are not the ones its dealt"
                                        " tiles make [B1, B3]")


def test_a_log_whose_swamp_squares_are_not_its_tiles_is_rejected(game_log: Path,
                                                                  tmp_path: Path) -> None:
    lines = log_lines(game_log)
    _without_a_swamp_square(lines[0]["game"]["board"])
    path = tmp_path / "moved-swamp.log"
    path.write_bytes(forge(lines))
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED
    assert str(verdict.problems[0]) == ("board: its swamp squares are not the ones its dealt"
                                        " tiles make [B1, B3]")


# --- Finding 5: public records of refereed games -----------------------------------------------

def test_the_public_record_of_a_game_under_referee_rules_verifies(tmp_path: Path) -> None:
    logged = LoggedGame.read(old_log(tmp_path, "referee-rules-9"))
    assert logged.over
    public = make_record(logged, "public")
    assert public["referee"] == RefereeOptions().to_dict()
    verdict = verify_document(public)
    assert verdict.status == 0, verdict.summary()
    # A record written before the referee rules were part of it: they are in every view.
    del public["referee"]
    assert verify_document(public).status == 0
    # Other rules than the ones the views showed are not that game's.
    public["referee"] = {**RefereeOptions().to_dict(), "turn_limit": 7}
    assert verify_document(public).status == EXIT_REJECTED
