"""Fuzzing the readers of the logs and records (``companion-game-record/1``), as
``tests/test_fuzz_records.py`` fuzzes the old Giganten ones.

The corpus: whole refereed games played through ``GameSession`` on the simulated board by
the real command (``giganten referee --sim``, seeded): Giganten (a take-back, a turn
entered by hand, a wrong PIN, a look, a draw offered and accepted), Strategus (a look, a
take-back, a dispute, a loss on time declared at the desk) and Gimmel (a take-back, an
offence [T3], a draw declared at the desk); their logs and their full, public and referee
records. Each is mutated as a broken disk or a forger would: bytes cut, flipped or made
non-UTF-8, lines deleted, duplicated or reordered, the file emptied, and the structural
mutations of the old fuzz test (a value of another type or taken from elsewhere, a huge
number, a key or an item gone, duplicated or moved, a node wrapped, nesting too deep);
most structurally mutated logs get their hash chain recomputed, so the mutation reaches
the game's checks behind the chain.

Every mutation goes through every reader: ``giganten verify`` (``verify_path``,
``verify_document``), ``giganten export`` (``record_from_log``, each kind), ``giganten
resume`` (``GameSession.resume``, what the command calls; and the command itself on the
simulated board for a sample), the app's replay
(``ui.control.replay_steps.GameReplay``). A *crash* is any exception but the documented ones
(each of which the commands print as one line). A fixed seed: the same mutations every run.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import FULL, PUBLIC, REFEREE, RecordRefused, record_from_log
from companion.archive.verdict import EXIT_UNREADABLE, Unreadable
from companion.archive.verifier import verify_document, verify_path
from companion.game import GameError
from companion.ledger.game_log import ReplayError
from companion.ledger.record import LogError, canonical_json
from companion.table.game_session import GameSession
from tests.cli_helpers import home, run
from tests.fuzz_helpers import Crashes, Mutator
from tests.record_helpers import forge, leaf_paths, log_lines, tamper
from tests.referee_helpers import PIN, PIN_HASH, refereed_game
from ui.control.replay_steps import GameReplay

SEED = 20261126
LOGS = 1100
RECORDS = 960
BYTES = 300
"""Rounds of byte mutations: each makes up to 7 broken logs and 7 broken records, so the
tests here read at least 3,000 mutated logs and 3,000 mutated records (issue 26)."""
KINDS = (FULL, PUBLIC, REFEREE)

GAMES = {
    "strategus": ("setup all", "start", "auto 4", "look a player asked", PIN,
                  "takeback 2 a figure was knocked over", PIN, "fix", "auto 1",
                  "dispute blue", "resume", PIN, "wait 1900", "status"),
    "gimmel": ("auto 3", "takeback 1 wrong piece", PIN, "fix", "declare a1 a5",
               "result draw the players agreed", PIN, "status"),
}
"""The desk's script of each game other than Giganten (``refereed_game`` plays that)."""

EXPORT_ERRORS = (LogError, RecordRefused)
"""What ``giganten export`` prints as one line (``companion.cli._export_kind``)."""
RESUME_ERRORS = (LogError, ReplayError, GameError)
"""What ``giganten resume`` prints as one line (``commands.play_start.resume``)."""

__all__ = ["home"]


def _referee(directory: Path, game: str, lines: tuple[str, ...]) -> Path:
    directory.mkdir(parents=True)
    script = directory / "script.txt"
    script.write_text("\n".join(lines) + "\n", "utf-8")
    done = run("referee", "--game", game, "--sim", "--seed", 2, "--time", "30+10",
               "--pin-hash", PIN_HASH, "--log-dir", directory, "--script", script)
    assert done.code == 0, done.err + done.out[-1500:]
    (log,) = sorted(directory.glob("game-*.log"))
    return log


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The games' logs (their lines' JSON objects) and their records of every kind."""
    directory = tmp_path_factory.mktemp("games")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GIGANTEN_HOME", str(directory / "home"))
        patch.delenv("GIGANTEN_BACKEND", raising=False)
        logs = [refereed_game(directory / "giganten", "draw").log,
                *(_referee(directory / game, game, lines) for game, lines in GAMES.items())]
    for log in logs:  # the corpus is sound: every reader takes it as it is
        assert verify_path(log).status == 0, verify_path(log).problems
    pairs = [(record_from_log(log, kind), log) for log in logs for kind in KINDS]
    assert len(pairs) == 9
    for record, _ in pairs:
        assert verify_document(record).status == 0, (record["kind"], record["game"])
    return {"logs": [log_lines(log) for log in logs], "records": [r for r, _ in pairs],
            "pairs": pairs, "texts": [log.read_bytes() for log in logs]}


def _read_log(path: Path, crashes: Crashes, deep: bool) -> bool:
    """Every reader of a log, on the log at ``path``; True if ``verify`` accepted it."""
    verdict = crashes.run("verify log", lambda: verify_path(path), (Unreadable,))
    if verdict is not None:
        crashes.outcomes[f"verify log: exit {verdict.status}"] += 1
    for kind in KINDS:
        crashes.run(f"export {kind}", lambda kind=kind: record_from_log(path, kind),
                    EXPORT_ERRORS)
    if deep:
        crashes.run("replay log", lambda: GameReplay.of_log(path), (ValueError,))
        resumed = crashes.run("resume", lambda: GameSession.resume(path), RESUME_ERRORS)
        if resumed is not None:
            resumed[0].close()
    return verdict is not None and verdict.status == 0


def _changed_outside_unchecked(original: dict[str, Any], document: Any) -> bool:
    """True if ``document`` differs from ``original`` in a part the record's own check
    protects (``UNCHECKED``: the parts only ``--log`` protects; a full record's turns, see
    ``test_every_changed_field_of_a_record_is_detected_against_its_log``)."""
    if not isinstance(document, dict):
        return True
    free = UNCHECKED | ({"turns"} if original["kind"] != PUBLIC else set())
    # A key left out reads as null (``"resigned": null`` and no ``"resigned"`` agree).
    return any(original.get(key) != document.get(key)
               for key in set(original) | set(document) if key not in free)


def _resume_command(path: Path, script: Path, crashes: Crashes) -> None:
    """``giganten resume LOG --sim`` itself: it resumes, or says in one line why not."""
    done = run("resume", path, "--sim", "--script", script)
    if done.code == 0:
        crashes.outcomes["giganten resume: resumed"] += 1
    elif done.code == 2 and len(done.err.strip().splitlines()) == 1:
        crashes.outcomes["giganten resume: one line"] += 1
    else:
        key = ("giganten resume", f"exit {done.code}", "")
        crashes.found[key] += 1
        crashes.example.setdefault(key, (done.err or done.out)[-300:])


def _read_record(path: Path, document: Any, crashes: Crashes) -> bool:
    """Every reader of a record: ``giganten verify`` on its file, the app's replay; True
    if ``verify`` accepted it."""
    verdict = crashes.run("verify record", lambda: verify_path(path), (Unreadable,))
    if verdict is not None:
        crashes.outcomes[f"verify record: exit {verdict.status}"] += 1
    if document is not None:
        crashes.run("replay record", lambda: GameReplay.of_record(document), (ValueError,))
    return verdict is not None and verdict.status == 0


def _write(path: Path, data: bytes) -> None:
    path.unlink(missing_ok=True)
    path.write_bytes(data)


def _huge(document: Any, rng: random.Random) -> Any:
    """``document`` with one leaf made a huge number (an int past any index or a float)."""
    document = copy.deepcopy(document)
    paths = leaf_paths(document)
    path = rng.choice(paths)
    if not path:
        return rng.choice((10**400, 1e308))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = rng.choice((10**400, -(10**30), 2**64, 1e308, float("inf")))
    return document


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=True)
    except (ValueError, RecursionError):
        return "null"


def _byte_mutations(data: bytes, rng: random.Random) -> Iterator[bytes]:
    """A broken disk's versions of ``data``: cut, bytes flipped, non-UTF-8, lines deleted,
    duplicated or reordered, empty."""
    lines = data.splitlines(keepends=True)
    cut = rng.randrange(len(data))
    yield data[:cut]
    flipped = bytearray(data)
    for _ in range(rng.choice((1, 1, 3))):
        flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
    yield bytes(flipped)
    at = rng.randrange(len(data))
    yield data[:at] + rng.choice((b"\xff", b"\xc3\x28", b"\x80\x80", b"\xed\xa0\x80")) + data[at:]
    yield b""
    if len(lines) > 1:
        gone = list(lines)
        del gone[rng.randrange(len(gone))]
        yield b"".join(gone)
        twice = list(lines)
        twice.insert(rng.randrange(len(twice) + 1), rng.choice(lines))
        yield b"".join(twice)
        moved = list(lines)
        i, j = rng.randrange(len(moved)), rng.randrange(len(moved))
        moved[i], moved[j] = moved[j], moved[i]
        yield b"".join(moved)


def test_broken_files_get_one_line_from_every_reader(corpus: dict[str, Any],
                                                     tmp_path: Path, home: Path) -> None:
    rng = random.Random(SEED)
    crashes = Crashes()
    script = tmp_path / "script.txt"
    script.write_text("status\n", "utf-8")
    log_path, record_path = tmp_path / "broken.log", tmp_path / "broken.json"
    records = [json.dumps(record, indent=2).encode("utf-8") for record in corpus["records"]]
    for number in range(BYTES):
        original = rng.choice(corpus["texts"])
        for data in _byte_mutations(original, rng):
            _write(log_path, data)
            crashes.outcomes["mutated logs"] += 1
            if _read_log(log_path, crashes, deep=number % 4 == 0) and \
                    not (data and original.startswith(data)):
                crashes.wrong["log"] += 1  # only a cut at a line's end is still a log
            if number % 15 == 0:
                _resume_command(log_path, script, crashes)
        which = rng.randrange(len(records))
        for data in _byte_mutations(records[which], rng):
            _write(record_path, data)
            crashes.outcomes["mutated records"] += 1
            try:
                document = json.loads(data.decode("utf-8"))
            except ValueError:
                document = None
            accepted = _read_record(record_path, document if isinstance(document, dict)
                                    else None, crashes)
            if accepted and _changed_outside_unchecked(corpus["records"][which], document):
                crashes.wrong["record"] += 1
    assert not crashes.found, crashes.report()
    assert not crashes.wrong, crashes.wrong
    assert crashes.outcomes["mutated logs"] >= 2000 and crashes.outcomes["mutated records"] >= 2000
    assert crashes.outcomes["verify log: exit 1"] > BYTES
    assert crashes.outcomes["verify record: Unreadable"] > BYTES // 2
    assert crashes.outcomes["giganten resume: resumed"] > 0, crashes.outcomes
    assert crashes.outcomes["giganten resume: one line"] > 0, crashes.outcomes


def test_mutated_logs_never_crash_a_reader(corpus: dict[str, Any], tmp_path: Path,
                                           home: Path) -> None:
    logs = corpus["logs"]
    rng = random.Random(SEED + 1)
    mutator = Mutator(rng, logs)
    crashes = Crashes()
    script = tmp_path / "script.txt"
    script.write_text("status\n", "utf-8")
    path = tmp_path / "mutated.log"
    for number in range(LOGS):
        lines = mutator.mutate(rng.choice(logs))
        if rng.random() < 0.1:
            lines = _huge(lines, rng)
        if not isinstance(lines, list) or not lines:
            lines = [lines]
        if rng.random() < 0.85:  # a forger recomputes the chain
            try:
                data = forge([line if isinstance(line, dict) else {"x": line}
                              for line in lines])
            except (TypeError, ValueError, RecursionError, OverflowError):
                continue
        else:
            data = "".join(_dumps(line) + "\n" for line in lines).encode("utf-8")
        _write(path, data)
        crashes.outcomes["mutated logs"] += 1
        _read_log(path, crashes, deep=number % 3 == 0)
        if number % 30 == 0:
            _resume_command(path, script, crashes)
    assert not crashes.found, crashes.report()
    assert crashes.outcomes["mutated logs"] >= LOGS * 9 // 10
    # The mutations reached the game's checks: logs were read, replayed and refused.
    assert crashes.outcomes["verify log: exit 1"] > LOGS // 3, crashes.outcomes
    assert crashes.outcomes["export full: RecordRefused"] > LOGS // 10
    assert crashes.outcomes["export public: returned"] > LOGS // 20
    assert crashes.outcomes["giganten resume: one line"] > 0, crashes.outcomes


def test_mutated_records_never_crash_verify_or_the_replay(corpus: dict[str, Any],
                                                          tmp_path: Path) -> None:
    records = corpus["records"]
    rng = random.Random(SEED + 2)
    mutator = Mutator(rng, records)
    crashes = Crashes()
    path = tmp_path / "mutated.json"
    for _ in range(RECORDS):
        original = rng.choice(records)
        record = mutator.mutate(original)
        if rng.random() < 0.1:
            record = _huge(record, rng)
        _write(path, _dumps(record).encode("utf-8"))
        crashes.outcomes["mutated records"] += 1
        accepted = _read_record(path, record if isinstance(record, dict) else None, crashes)
        if accepted and _changed_outside_unchecked(original, record):
            crashes.wrong["record"] += 1
            crashes.example.setdefault(("wrong", "", ""), str(sorted(
                k for k in set(original) | set(record)
                if original.get(k) != record.get(k))) + _dumps(record)[:200])
        crashes.run("verify document", lambda r=record: verify_document(r), (Unreadable,))
    assert not crashes.found, crashes.report()
    assert not crashes.wrong, (crashes.wrong, crashes.example.get(("wrong", "", "")))
    assert crashes.outcomes["mutated records"] == RECORDS
    assert crashes.outcomes["verify record: exit 1"] > RECORDS // 3, crashes.outcomes
    assert crashes.outcomes["replay record: returned"] > RECORDS // 20


def test_every_changed_field_of_a_log_breaks_its_chain(corpus: dict[str, Any],
                                                       tmp_path: Path) -> None:
    """A one-field edit anywhere in a log, its chain left as it was, is detected."""
    path = tmp_path / "edited.log"
    for lines in corpus["logs"]:
        for leaf in leaf_paths(lines):
            edited = copy.deepcopy(lines)
            tamper(edited, leaf)
            _write(path, "".join(canonical_json(line) + "\n" for line in edited).encode())
            assert _status(path) in (1, EXIT_UNREADABLE), leaf


UNCHECKED = {"corrections", "desk", "log_head", "options", "fairplay", "reveal"}
"""The parts of a record in which a one-field edit can pass the record's own
check (docs/security.md): the log's notes (a correction's reason or ``by``, the desk's
notes, the head), options the turns do not contradict (a referee rule), an open game's
empty commitments. ``--log`` protects them."""


def test_every_changed_field_of_a_record_is_detected_against_its_log(
        corpus: dict[str, Any], tmp_path: Path) -> None:
    """A one-field edit of any record: its own check rejects it, or (the parts in
    ``UNCHECKED`` only) ``giganten verify RECORD --log LOG`` does."""
    passed: set[str] = set()
    path = tmp_path / "edited.json"
    for record, log in corpus["pairs"]:
        for leaf in leaf_paths(record):
            edited = copy.deepcopy(record)
            tamper(edited, leaf)
            _write(path, json.dumps(edited).encode("utf-8"))
            if _status(path) == 0:
                # A full record has no chain of its own: a turn replaced by another legal
                # one after which the rest stays legal to the same result (a declared draw)
                # passes its check (docs/records.md); a public record's turns never do.
                allowed = UNCHECKED | ({"turns"} if record["kind"] != PUBLIC else set())
                assert str(leaf[0]) in allowed, (record["kind"], leaf)
                passed.add(str(leaf[0]))
            assert _status(path, log) in (1, EXIT_UNREADABLE), (record["kind"], leaf)
    assert {"corrections", "desk", "log_head"} <= passed  # what refport reported


def test_verify_with_the_log_names_a_changed_correction_in_one_line(
        corpus: dict[str, Any], tmp_path: Path, home: Path) -> None:
    """refport: a correction's reason changed in a referee record passed ``verify``."""
    record, log = next((r, lg) for r, lg in corpus["pairs"]
                       if r["kind"] == REFEREE and r["game"] == "strategus")
    path = tmp_path / "referee.json"
    _write(path, json.dumps(record).encode("utf-8"))
    assert run("verify", path, "--log", log).code == 0
    record = copy.deepcopy(record)
    record["corrections"][0]["reason"] = "the arbiter saw nothing"
    _write(path, json.dumps(record).encode("utf-8"))
    assert run("verify", path).code == 0  # the record alone cannot tell
    checked = run("verify", path, "--log", log)
    assert checked.code == 1, checked.out + checked.err
    assert "corrections differ" in checked.out and len(checked.out.splitlines()) == 1
    other = next(lg for r, lg in corpus["pairs"] if r["game"] == "gimmel")
    _write(path, json.dumps(corpus["pairs"][0][0]).encode("utf-8"))
    assert "is no entry of this log" in run("verify", path, "--log", other).out


def _status(path: Path, log: Path | None = None) -> int:
    try:
        return verify_path(path, log=log).status
    except Unreadable:
        return EXIT_UNREADABLE


@pytest.mark.parametrize("owner", [float("inf"), float("nan"), 1.5, "0", True])
def test_a_setup_owner_that_is_no_player_number_is_refused_in_one_line(
        corpus: dict[str, Any], owner: Any) -> None:
    """Found by the fuzzing: an infinite owner in a record's setup crashed ``verify`` and
    the replay with an ``OverflowError`` (``int(owner)`` in ``game_log.start_of``)."""
    record = copy.deepcopy(next(r for r in corpus["records"]
                                if r["kind"] == FULL and r["game"] == "strategus"))
    square = next(iter(record["setup"]))
    record["setup"][square][0] = owner
    verdict = verify_document(record)
    assert verdict.status == 1 and "owner" in verdict.problems[0].text, verdict.problems
    with pytest.raises(ValueError, match="owner"):
        GameReplay.of_record(record)


@pytest.mark.parametrize("kind", KINDS)
def test_verify_head_on_a_record_says_it_holds_no_log(
        corpus: dict[str, Any], tmp_path: Path, home: Path, kind: str) -> None:
    """Found by the fuzzing: ``giganten verify REFEREE.json --head HEX`` of a
    referee record (which holds no ``log``) ended in an internal error (KeyError)."""
    record, log = next((r, lg) for r, lg in corpus["pairs"] if r["kind"] == kind)
    path = tmp_path / f"{kind}.json"
    _write(path, json.dumps(record).encode("utf-8"))
    head = log_lines(log)[-1]["hash"][:16]
    checked = run("verify", path, "--head", head)
    assert checked.code == 1, checked.out + checked.err
    assert "holds no log: check the noted head against the game log" in checked.out
    assert run("verify", log, "--head", head).code == 0
