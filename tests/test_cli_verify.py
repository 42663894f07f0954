"""``giganten verify`` accepts honest logs and records and rejects altered ones, naming the
first problem and where; ``giganten export --kind`` writes the records it checks. The logs
are the old path's (Giganten's own ``giganten-record/1``, frozen fixtures): users have
them; the generic path's records have their own tests (``tests/test_giganten_generic*``,
``tests/test_toy_game.py``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.archive.records import LoggedGame, make_record
from companion.archive.verifier import verify_document
from tests.cli_helpers import mode, run
from tests.record_helpers import forge, leaf_paths, log_lines, old_log, tamper


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """A finished game's log and its records, by kind."""
    log = old_log(tmp_path_factory.mktemp("verify"), "rulebook-78")  # the old path's
    logged = LoggedGame.read(log)
    yield log, {kind: make_record(logged, kind) for kind in ("public", "full", "referee")}


def _write(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), "utf-8")
    return path


def test_an_honest_log_and_its_records_verify(game: tuple[Path, dict[str, Any]],
                                               tmp_path: Path) -> None:
    log, records = game
    done = run("verify", log)
    assert done.code == 0, done.out + done.err
    assert "verified: hash chain of" in done.out and "commitments of orange, yellow" in done.out
    assert "turns replayed legally to the result" in done.out
    for kind in ("public", "full", "referee"):
        out = tmp_path / f"{kind}.json"
        exported = run("export", log, "--kind", kind, "-o", out)
        assert exported.code == 0, exported.err
        assert mode(out) == (0o644 if kind == "public" else 0o600)
        assert json.loads(out.read_text("utf-8")) == records[kind]
        done = run("verify", out)
        assert done.code == 0, done.out
        assert f"({kind}): verified:" in done.out


def test_a_running_game_exports_only_in_public_and_verifies_later(tmp_path: Path) -> None:
    log = old_log(tmp_path, "running-38")
    refused = run("export", log, "--kind", "full")
    assert refused.code == 2 and "the game is not over" in refused.err and "[I3]" in refused.err
    public = tmp_path / "public.json"
    assert run("export", log, "--kind", "public", "-o", public).code == 0
    done = run("verify", public)
    assert done.code == 3
    assert "not verified yet: the game is not over" in done.out
    assert "only after the end" in done.out
    # The secret log of a running game verifies as far as it goes.
    assert run("verify", log).code == 0


def test_an_altered_setup_square_is_rejected(game: tuple[Path, dict[str, Any]],
                                             tmp_path: Path) -> None:
    _, records = game
    full = copy.deepcopy(records["full"])
    setup = full["game"]["setup"]
    square = next(sq for sq, text in setup.items() if text == "orange tri")
    other = next(sq for sq, text in setup.items() if text.startswith("orange")
                 and text != "orange tri")
    setup[square], setup[other] = setup[other], setup[square]
    done = run("verify", _write(tmp_path / "full.json", full))
    assert done.code == 1
    assert "rejected: orange: orange's setup does not match its commitment" in done.out


def test_an_altered_salt_is_rejected(game: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _, records = game
    full = copy.deepcopy(records["full"])
    salt = full["fairplay"]["salts"]["yellow"]
    full["fairplay"]["salts"]["yellow"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    done = run("verify", _write(tmp_path / "full.json", full))
    assert done.code == 1 and "yellow's setup does not match its commitment" in done.out
    public = copy.deepcopy(records["public"])
    public["reveal"]["salts"]["orange"] = "ab" * 32
    done = run("verify", _write(tmp_path / "public.json", public))
    assert done.code == 1 and "orange's setup does not match its commitment" in done.out


def _step_turn(actions: list[dict[str, Any]]) -> int:
    """The index of a plain one-step move without a challenge."""
    return next(i for i, a in enumerate(actions) if "path" in a and "challenge" not in a
                and i > 2)


def test_an_altered_turn_is_rejected_with_its_number(game: tuple[Path, dict[str, Any]],
                                                     tmp_path: Path) -> None:
    _, records = game
    full = copy.deepcopy(records["full"])
    index = _step_turn(full["game"]["actions"])
    path = full["game"]["actions"][index]["path"]
    path[-1] = "a7" if path[-1] != "a7" else "b7"  # a jump no figure makes
    done = run("verify", _write(tmp_path / "full.json", full))
    assert done.code == 1
    assert f"rejected: turn {index + 1} (ply {index + 1}, action {index + 1}): not a legal" \
           " turn" in done.out


def test_a_dropped_turn_is_rejected(game: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _, records = game
    full = copy.deepcopy(records["full"])
    del full["game"]["actions"][4]
    done = run("verify", _write(tmp_path / "full.json", full))
    assert done.code == 1
    assert "rejected: turn 5 (ply 5, action 5): it is" in done.out  # the wrong side moves


def test_an_edited_log_is_rejected_at_its_line_even_with_the_chain_recomputed(
        game: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    log, _ = game
    lines = log_lines(log)
    number = next(i for i, line in enumerate(lines) if line["type"] == "turn"
                  and "path" in line["turn"] and "challenge" not in line["turn"] and i > 3)
    lines[number]["turn"]["path"][-1] = "a7"
    edited = tmp_path / "edited.log"
    edited.write_text("\n".join(json.dumps(x, sort_keys=True, separators=(",", ":"))
                                for x in lines) + "\n", "utf-8")
    done = run("verify", edited)
    assert done.code == 1 and f"log line {number + 1}" in done.out
    assert "does not match its hash" in done.out
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    done = run("verify", forged)
    assert done.code == 1
    turn = sum(1 for line in lines[1:number + 1] if line["type"] in ("turn", "resign"))
    assert f"rejected: turn {turn} (ply {turn}, log line {number + 1}): not a legal turn" \
        in done.out


def test_a_turn_dropped_from_the_log_is_rejected(game: tuple[Path, dict[str, Any]],
                                               tmp_path: Path) -> None:
    log, _ = game
    lines = log_lines(log)
    number = [i for i, line in enumerate(lines) if line["type"] == "turn"][5]
    dropped = tmp_path / "dropped.log"
    dropped.write_text("".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                               for i, line in enumerate(lines) if i != number), "utf-8")
    done = run("verify", dropped)
    assert done.code == 1 and f"log line {number + 1}" in done.out  # the chain breaks there
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines[:number] + lines[number + 1:]))
    done = run("verify", forged)
    assert done.code == 1 and "rejected: turn 6 (ply 6," in done.out


def test_a_forged_setup_in_the_log_is_rejected(game: tuple[Path, dict[str, Any]],
                                               tmp_path: Path) -> None:
    log, _ = game
    lines = log_lines(log)
    setup = lines[0]["game"]["setup"]
    yellow = [sq for sq, text in setup.items() if text.startswith("yellow")]
    a = yellow[0]
    b = next(sq for sq in yellow if setup[sq] != setup[a])  # two different kinds swapped
    setup[a], setup[b] = setup[b], setup[a]
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    done = run("verify", forged)
    assert done.code == 1 and "yellow's setup does not match its commitment" in done.out


def test_what_is_no_log_or_record_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("[1, 2]", "utf-8")
    assert run("verify", tmp_path / "x.json").code == 2
    assert run("verify", tmp_path / "missing.log").code == 2


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_field_change_of_a_referee_record_is_detected(
        game: tuple[Path, dict[str, Any]], data: st.DataObject) -> None:
    _, records = game
    record = copy.deepcopy(records["referee"])
    leaves = leaf_paths(record)
    path = data.draw(st.sampled_from(leaves))
    tamper(record, path)
    try:
        verdict = verify_document(record)
    except ValueError:
        return  # refused as unreadable: detected too
    assert verdict.problems, f"{path} changed and not detected"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_change_of_a_setup_or_salt_in_a_full_record_is_detected(
        game: tuple[Path, dict[str, Any]], data: st.DataObject) -> None:
    _, records = game
    record = copy.deepcopy(records["full"])
    leaves = [p for p in leaf_paths(record) if p[:2] == ("game", "setup")
              or p[:2] == ("fairplay", "salts") or p[:2] == ("fairplay", "commitments")]
    path = data.draw(st.sampled_from(leaves))
    tamper(record, path)
    assert verify_document(record).problems, f"{path} changed and not detected"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_field_change_of_a_finished_public_record_is_detected(
        game: tuple[Path, dict[str, Any]], data: st.DataObject) -> None:
    _, records = game
    record = copy.deepcopy(records["public"])
    path = data.draw(st.sampled_from(leaf_paths(record)))
    tamper(record, path)
    try:
        verdict = verify_document(record)
    except ValueError:
        return  # refused as unreadable: detected too
    assert verdict.status != 0, f"{path} changed and still verified"


def test_a_reveal_before_the_end_is_rejected(game: tuple[Path, dict[str, Any]],
                                             tmp_path: Path) -> None:
    log, _ = game
    lines = log_lines(log)
    reveal = lines[-1]
    assert reveal["type"] == "reveal"
    early = tmp_path / "early.log"
    early.write_bytes(forge([*lines[:5], reveal, *lines[5:-1]]))
    done = run("verify", early)
    assert done.code == 1
    assert "rejected: log line 7: the game went on after its setups were revealed" in done.out
