"""``giganten verify`` checks what docs/records.md says it checks (issue 26): a log whose
swamps were removed (hashes recomputed) is rejected [B1, B3]; a record with a key the
companion never writes, or a public record's turn without its public part, is rejected."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import FULL, PUBLIC, REFEREE, record_from_log
from companion.archive.verdict import EXIT_NOT_YET, EXIT_REJECTED, EXIT_VERIFIED
from companion.archive.verifier import verify_document, verify_path
from companion.table.game_session import OVER
from tests.cli_helpers import home, run
from tests.record_helpers import forge, log_lines
from tests.test_cli_giganten_words import _started

__all__ = ["home"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The log of a whole Giganten game played at the console (a dealt landscape)."""
    console, _ = _started(tmp_path_factory.mktemp("game"), 6)
    console.execute("auto")
    assert console.session.phase == OVER
    console.session.close()
    return console.session.log_path


def _forged(tmp_path: Path, lines: list[dict[str, Any]]) -> Path:
    path = tmp_path / "forged.log"
    path.write_bytes(forge(lines))
    return path


def test_a_log_with_its_swamps_removed_and_its_hashes_recomputed_is_rejected(
        finished: Path, tmp_path: Path) -> None:
    assert verify_path(finished).status == EXIT_VERIFIED
    lines = log_lines(finished)
    board = lines[0]["options"]["board"]
    assert board["swamp"] and board["tiles"]  # dealt: the tiles make the swamps
    board["swamp"] = []
    verdict = verify_path(_forged(tmp_path, lines))
    assert verdict.status == EXIT_REJECTED
    assert "are not the ones its dealt tiles make" in verdict.problems[0].text


def test_a_log_with_one_swamp_moved_is_rejected(finished: Path, tmp_path: Path) -> None:
    lines = log_lines(finished)
    board = lines[0]["options"]["board"]
    board["swamp"] = board["swamp"][1:]
    assert verify_path(_forged(tmp_path, lines)).status == EXIT_REJECTED


@pytest.mark.parametrize("kind", [FULL, PUBLIC, REFEREE])
def test_a_record_with_an_unknown_key_is_rejected(finished: Path, kind: str) -> None:
    record = record_from_log(finished, kind)
    assert record is not None and verify_document(record).status == EXIT_VERIFIED
    added = {**copy.deepcopy(record), "verified_by": "the club"}
    verdict = verify_document(added)
    assert verdict.status == EXIT_REJECTED
    assert "a key the companion never writes ('verified_by')" in verdict.problems[0].text
    turned = copy.deepcopy(record)
    turned["turns"][0]["note"] = "x"
    assert verify_document(turned).status == EXIT_REJECTED


def test_a_public_turn_without_its_public_part_is_rejected(finished: Path) -> None:
    record = record_from_log(finished, PUBLIC)
    assert record is not None
    for number in (0, len(record["turns"]) // 2, len(record["turns"]) - 1):
        cut = copy.deepcopy(record)
        del cut["turns"][number]["public"]
        verdict = verify_document(cut)
        assert verdict.status == EXIT_REJECTED, number
        assert f"turn {number + 1} is not shaped" in verdict.problems[0].text


def test_a_record_whose_players_were_renamed_is_rejected(finished: Path) -> None:
    record = record_from_log(finished, FULL)
    assert record is not None
    record["players"] = list(reversed(record["players"]))
    assert verify_document(record).status == EXIT_REJECTED
    missing = record_from_log(finished, FULL)
    assert missing is not None
    del missing["turns"]
    assert verify_document(json.loads(json.dumps(missing))).status == EXIT_REJECTED


def test_a_running_open_games_public_record_has_its_turns_checked(tmp_path: Path,
                                                                  home: Path) -> None:
    """Gimmel hides nothing: a running game's public record replays already, so a turn's
    public part changed or a turn left out is rejected before the end (a game with secret
    setups can only be checked once they are revealed: docs/records.md)."""
    script = tmp_path / "script.txt"
    exported = tmp_path / "running.json"
    script.write_text(f"auto 12\nexport {exported} public\n", "utf-8")
    done = run("play", "--game", "gimmel", "--sim", "--seed", 5, "--log-dir",
               tmp_path / "logs", "--script", script)
    assert done.code == 0, done.err
    record = json.loads(exported.read_text("utf-8"))
    assert verify_document(record).status == EXIT_NOT_YET
    swapped = copy.deepcopy(record)
    swapped["turns"][3]["public"] = copy.deepcopy(record["turns"][4]["public"])
    verdict = verify_document(swapped)
    assert verdict.status == EXIT_REJECTED
    assert "its public part is not what the rules show" in verdict.problems[0].text
    cut = copy.deepcopy(record)
    del cut["turns"][3]
    assert verify_document(cut).status == EXIT_REJECTED
