"""Malformed logs, records, registries, configs and settings give their reader's own error,
one clear line, never a traceback; ``giganten verify`` exits 2 (unreadable) or 1 (rejected,
naming the first problem). Malformed content of a game's log or record is fuzzed in
``tests/test_fuzz_game_records.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.archive.verifier import EXIT_REJECTED, Unreadable, verify_path
from companion.config import ConfigError, parse_config
from companion.ledger.record import GameLog
from companion.registry import Registry, RegistryError
from tests.cli_helpers import home, run
from ui.control.replay import _load as load_replay

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

DEEP = 100_000
"""Nesting far deeper than Python recurses."""


def test_a_deeply_nested_record_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * DEEP + "]" * DEEP, "utf-8")
    with pytest.raises(Unreadable, match="nested 100000 levels deep"):
        verify_path(path)
    with pytest.raises(ValueError, match="neither a game's log nor a JSON record"):
        load_replay(path)
    done = run("verify", path)
    assert done.code == 2 and "Traceback" not in done.err


def test_deeply_nested_registry_config_and_settings_give_their_own_error(
        tmp_path: Path) -> None:
    registry = tmp_path / "registry.json"
    registry.write_text('{"format": ' + "[" * DEEP + "]" * DEEP + "}", "utf-8")
    with pytest.raises(RegistryError, match="nested too deeply"):
        Registry.load(registry)
    with pytest.raises(ConfigError, match="nested too deeply"):
        parse_config("a = " + "[" * DEEP + "]" * DEEP, "giganten.toml")
    from ui.tools.models import Settings

    settings = tmp_path / "settings.json"
    settings.write_text("[" * DEEP + "]" * DEEP, "utf-8")
    _, note = Settings.load(settings)
    assert note is not None and "nested too deeply" in str(note.fields)


def test_what_is_no_log_or_record_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("[1, 2]", "utf-8")
    assert run("verify", tmp_path / "x.json").code == 2
    assert run("verify", tmp_path / "missing.log").code == 2
    (tmp_path / "y.json").write_text('{"format": "giganten-record/1", "kind": "full"}', "utf-8")
    refused = run("verify", tmp_path / "y.json")
    assert refused.code == 2 and "companion-game-record/1" in refused.err


def test_a_sound_log_that_names_no_game_is_refused_in_one_line(tmp_path: Path) -> None:
    """A hash-chained log whose start entry names no game (its ``game`` is not a game's
    name) is no game's log: verify rejects it, export, replay and resume refuse it, each
    in one line, and the log is left as it was."""
    path = tmp_path / "game-20261125-194015.log"
    log = GameLog.create(path, {"game": {"board": {}}}, time=0.0)
    log.close()
    before = path.read_bytes()
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED and "names no game" in str(verdict.problems[0])
    for command in (("verify", path), ("export", path, "--public"), ("resume", path, "--sim")):
        done = run(*command)
        assert done.code in (1, 2) and "Traceback" not in done.err, (command, done.err)
        assert (done.out + done.err).count("\n") == 1, (command, done.out, done.err)
    with pytest.raises(ValueError, match="names no game"):
        load_replay(path)
    assert path.read_bytes() == before
