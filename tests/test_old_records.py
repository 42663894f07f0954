"""Logs and records that Giganten's old path wrote (its own ``Session``, gone since #13)
still verify, export and replay: frozen copies in ``tests/fixtures/giganten_old`` (see its
README), read without the old session."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.archive.records import KINDS, LoggedGame, LogReplayError, make_record
from companion.archive.replay import Replay
from companion.archive.verifier import verify_path
from tests.record_helpers import forge, log_lines

FIXTURES = Path(__file__).parent / "fixtures" / "giganten_old"
VERDICTS: dict[str, Any] = json.loads((FIXTURES / "verdicts.json").read_text("utf-8"))
LOGS = sorted(name for name in VERDICTS if name.endswith(".log"))
ROOT = Path(__file__).resolve().parents[1]

OLD_CORE = ("companion.table.session", "companion.table.table", "companion.table.resuming",
            "companion.referee.desk", "club.feed", "club.link", "hardware.simtable")


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_every_old_log_and_record_verifies_as_it_did(name: str) -> None:
    verdict = verify_path(FIXTURES / name)
    assert (verdict.kind, verdict.status, verdict.summary()) == (
        VERDICTS[name]["kind"], VERDICTS[name]["status"], VERDICTS[name]["summary"])


@pytest.mark.parametrize("name", LOGS)
def test_an_old_log_exports_the_records_the_old_path_exported(name: str) -> None:
    stem = name.removesuffix(".log")
    game = LoggedGame.read(FIXTURES / name)
    frozen = [kind for kind in KINDS if (FIXTURES / f"{stem}.{kind}.json").exists()]
    assert frozen
    for kind in frozen:
        expected = json.loads((FIXTURES / f"{stem}.{kind}.json").read_text("utf-8"))
        assert make_record(game, kind) == expected, kind


@pytest.mark.parametrize("name", ["rulebook-78.log", "rulebook-78.full.json",
                                  "refereed-draw.referee.json", "outcome-9.public.json"])
def test_an_old_log_or_record_replays_step_by_step(name: str) -> None:
    replay = Replay.load(FIXTURES / name)
    assert len(replay.steps) > 8


def test_an_old_log_whose_turn_was_forged_is_refused_in_one_line(tmp_path: Path) -> None:
    lines = log_lines(FIXTURES / "rulebook-78.log")
    turn = next(i for i, line in enumerate(lines) if line["type"] == "turn")
    lines[turn]["turn"] = lines[turn + 1]["turn"]  # the other player's turn, out of order
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    with pytest.raises(LogReplayError, match="does not replay") as err:
        LoggedGame.read(forged)
    assert "\n" not in str(err.value)
    assert verify_path(forged).status == 1


def test_an_old_log_with_an_unknown_entry_type_is_refused(tmp_path: Path) -> None:
    lines = log_lines(FIXTURES / "rulebook-78.log")
    lines.insert(3, {**lines[3], "type": "teleport"})
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    with pytest.raises(LogReplayError, match="teleport"):
        LoggedGame.read(forged)


def test_verify_and_export_of_old_files_need_no_old_session(tmp_path: Path) -> None:
    """``giganten verify`` and ``giganten export`` of an old log load none of the old
    path's modules (they are deleted): the old format is read through Giganten's rules."""
    record = str(tmp_path / "r.json")
    program = (
        "import sys\n"
        "from companion.cli import main\n"
        f"log = {str(FIXTURES / 'refereed-draw.log')!r}\n"
        "assert main(['verify', log]) == 0\n"
        f"assert main(['export', log, '--kind', 'full', '--output', {record!r}]) == 0\n"
        f"assert main(['verify', {record!r}]) == 0\n"
        f"print(sorted(m for m in sys.modules if m in {OLD_CORE!r}))\n")
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
