"""Fuzzing the readers of logs and records with structure-aware mutations (issue 18).

Real logs and records (a finished game, a refereed game with corrections and a referee's
result, as the old path wrote them: frozen in ``tests/fixtures/giganten_old``) are mutated
as a forger or a broken disk would: a value replaced by one of another type or by one taken
from elsewhere in the document (a square, a player, a kind), a key or an item removed, an
item duplicated or moved, a node wrapped in a list or a mapping, nesting too deep to read.
Most mutated logs get their hash chain recomputed, so that the mutation reaches the game's
checks behind the chain.

Every mutation goes through what reads such files: ``giganten verify`` (``verify_path``,
``verify_document``), the export (``LoggedGame.read``, ``make_record``) and the replay
(``Replay``). A *crash* is any exception other than the documented ones; there must be
none. A fixed seed: the same mutations every run.
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.archive.records import KINDS, LoggedGame, LogReplayError, RecordRefused, make_record
from companion.archive.replay import Replay, ReplayError
from companion.archive.verifier import Unreadable, verify_document, verify_path
from companion.ledger.record import LogError
from companion.views import PUBLIC
from tests.record_helpers import forge, leaf_paths, log_lines, old_log

SEED = 20261125
LOGS = 3000
RECORDS = 3000

ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 7, 2**63, 1.5, -0.0, "", "x",
                               "zz", [], {}, [[]], {"": None}, [1, 2], "0" * 64, "a0")
"""Values of every JSON type, a few of them nearly right."""


@dataclass
class Crashes:
    """The exceptions that were not the documented ones, by (reader, type, where)."""

    found: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    example: dict[tuple[str, str, str], str] = field(default_factory=dict)
    outcomes: Counter[str] = field(default_factory=Counter)

    def run(self, reader: str, call: Callable[[], Any],
            documented: tuple[type[Exception], ...]) -> Any:
        try:
            result = call()
        except documented as err:
            self.outcomes[f"{reader}: {type(err).__name__}"] += 1
            return None
        except Exception as err:
            frame = traceback.extract_tb(err.__traceback__)[-1]
            key = (reader, type(err).__name__, f"{Path(frame.filename).name}:{frame.lineno}")
            self.found[key] += 1
            self.example.setdefault(key, f"{err!s:.120}")
            return None
        self.outcomes[f"{reader}: returned"] += 1
        return result

    def report(self) -> str:
        return "\n".join(f"{count}× {key}: {self.example[key]}"
                         for key, count in self.found.most_common())


class Mutator:
    """Structure-aware mutations of a JSON document."""

    def __init__(self, rng: random.Random, documents: list[Any]) -> None:
        self.rng = rng
        pool: set[str] = set()
        for document in documents:
            for path in leaf_paths(document):
                value = _at(document, path)
                if isinstance(value, str) and len(value) < 12:
                    pool.add(value)  # squares, players, kinds, entry types
        self.strings = sorted(pool)

    def mutate(self, document: Any) -> Any:
        document = copy.deepcopy(document)
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            self._once(document)
        return document

    def _once(self, document: Any) -> None:
        rng = self.rng
        path = rng.choice(leaf_paths(document) or [()])
        if path and rng.random() < 0.35:
            path = path[:rng.randrange(1, len(path) + 1)]  # an inner node
        if not path:
            return
        parent = _at(document, path[:-1])
        key = path[-1]
        roll = rng.random()
        if roll < 0.3:
            parent[key] = rng.choice(ODD_VALUES)
        elif roll < 0.5:
            parent[key] = rng.choice(self.strings)
        elif roll < 0.65:
            del parent[key]
        elif roll < 0.75:
            parent[key] = [parent[key]] if rng.random() < 0.5 else {"x": parent[key]}
        elif roll < 0.85 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        elif roll < 0.95 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
        else:
            parent[key] = json.loads("[" * 300 + "]" * 300)  # deep, yet writable


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Any], list[Any]]:
    """The logs (as their lines' JSON objects) and records of real games."""
    directory = tmp_path_factory.mktemp("corpus")
    plain = old_log(directory, "rulebook-9")
    refereed = old_log(directory, "refereed-draw")
    logs = [log_lines(plain), log_lines(refereed)]
    records = [make_record(LoggedGame.read(log), kind)
               for log in (plain, refereed) for kind in KINDS]
    return logs, records


LOG_ERRORS = (LogError, LogReplayError)


def _read_log(path: Path, crashes: Crashes, deep: bool) -> None:
    verdict = crashes.run("verify log", lambda: verify_path(path), (Unreadable,))
    if verdict is not None:
        crashes.outcomes[f"verify log: exit {verdict.status}"] += 1
    game = crashes.run("export", lambda: LoggedGame.read(path), LOG_ERRORS)
    if game is not None:
        for kind in KINDS:
            crashes.run(f"export {kind}", lambda kind=kind: make_record(game, kind),
                        (RecordRefused,))
    if deep:  # the readers below rebuild the game as LoggedGame.read does
        replay = crashes.run("replay log", lambda: Replay.load(path), (ReplayError,))
        if replay is not None:
            crashes.run("replay view", lambda: replay.view_at(len(replay) - 1, PUBLIC), ())


def test_mutated_logs_never_crash_a_reader(corpus: tuple[list[Any], list[Any]],
                                           tmp_path: Path) -> None:
    logs, _ = corpus
    rng = random.Random(SEED)
    mutator = Mutator(rng, logs)
    crashes = Crashes()
    path = tmp_path / "mutated.log"
    for number in range(LOGS):
        lines = mutator.mutate(rng.choice(logs))
        if not isinstance(lines, list) or not lines:
            lines = [lines]
        if rng.random() < 0.85:  # a forger recomputes the chain
            try:
                data = forge([line if isinstance(line, dict) else {"x": line}
                              for line in lines])
            except (TypeError, ValueError, RecursionError):
                continue
        else:
            data = "".join(json.dumps(line, separators=(",", ":")) + "\n"
                           for line in lines).encode("utf-8")
        path.unlink(missing_ok=True)
        path.write_bytes(data)
        _read_log(path, crashes, deep=number % 4 == 0)
    assert not crashes.found, crashes.report()
    # The mutations reached the game's checks: logs were read, replayed and refused.
    assert crashes.outcomes["verify log: exit 1"] > LOGS // 2
    assert crashes.outcomes["export: LogReplayError"] > LOGS // 10
    assert crashes.outcomes["export: returned"] > LOGS // 20


def test_mutated_records_never_crash_verify_or_the_replay(
        corpus: tuple[list[Any], list[Any]]) -> None:
    _, records = corpus
    rng = random.Random(SEED + 1)
    mutator = Mutator(rng, records)
    crashes = Crashes()
    for _ in range(RECORDS):
        record = mutator.mutate(rng.choice(records))
        verdict = crashes.run("verify record", lambda r=record: verify_document(r),
                              (Unreadable,))
        if verdict is not None:
            crashes.outcomes[f"verify record: exit {verdict.status}"] += 1
        replay = crashes.run("replay record", lambda r=record: Replay.from_document(r),
                             (ReplayError,))
        if replay is not None:
            crashes.run("replay view", lambda r=replay: r.view_at(len(r) - 1, PUBLIC), ())
    assert not crashes.found, crashes.report()
    assert crashes.outcomes["verify record: exit 1"] > RECORDS // 2
    assert crashes.outcomes["replay record: returned"] > RECORDS // 10
