"""A refereed Giganten game with corrections, on the desk: ``giganten referee
--game giganten --sim`` driven by a script (the real command path: GameDesk over
GameSession, the simulated readers), for the record and fuzz tests (issue 13: the old
desk's ``tests/test_referee_records.refereed_game``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.ledger.record import verify as read_log
from companion.referee.pin import hash_pin
from tests.cli_helpers import run

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=1000)
SEED = 3
ENDINGS = ("draw", "time", "decide", "both-lose")
"""How ``refereed_game`` ends the game: an agreed draw, a loss on time declared at the
desk, the arbiter's decision for Orange, both lose (ISF 4.3)."""
TAKEBACK_REASON = "reader c4 misread the turn"
ENDING_LINES = {
    "draw": ("draw offer yellow", "draw accept orange"),
    "time": ("result time yellow the flag fell", PIN),
    "decide": ("decide orange phone in play", PIN),
    "both-lose": ("decide both-lose phone in play", PIN),
}


@dataclass(frozen=True)
class Refereed:
    """A refereed game: its ``log`` (closed; over unless ``finish=False``), what the
    console printed (``out``) and the turn it was taken back to."""

    log: Path
    out: str
    taken_back_to: int = 3


def _script(path: Path, lines: tuple[str, ...]) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def _referee(directory: Path, *lines: str, seed: int = SEED) -> str:
    directory.mkdir(parents=True, exist_ok=True)
    done = run("referee", "--game", "giganten", "--sim", "--seed", seed, "--time", "30+10",
               "--pin-hash", PIN_HASH, "--log-dir", directory,
               "--script", _script(directory / "script.txt", lines))
    assert done.code == 0, done.err + done.out[-1500:]
    return done.out


def only_log(directory: Path) -> Path:
    logs = sorted(directory.glob("game-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


def refereed_game(directory: Path, ending: str = "draw", *, finish: bool = True,
                  seed: int = SEED) -> Refereed:
    """Six turns on the simulated board, then the desk: a take-back to turn 3, the
    fourth turn entered by hand (a reader missed it), a wrong PIN, an arbiter's look, and
    the ``ending`` (one of ``ENDINGS``; none with ``finish=False``: the game runs on).
    Returns a ``Refereed`` whose ``log`` is the game's log in ``directory``."""
    # The same seed plays the same game: a first run finds the fourth turn to enter.
    probe = directory / "probe"
    _referee(probe, "setup all", "start", "auto 4", seed=seed)
    turns = [e.body["turn"] for e in read_log(only_log(probe)) if e.type == "turn"]
    fourth = turns[3]["path"]
    ending_lines = ENDING_LINES[ending] if finish else ()
    out = _referee(directory, "setup all", "start", "auto 6",
                   f"takeback 3 {TAKEBACK_REASON}", PIN, "fix",
                   f"enter {fourth[0]} {fourth[-1]} reader {fourth[-1]} dead", PIN, "fix",
                   "pause wrong pin", "0000",
                   "look dispute about a square", PIN, *ending_lines, "status", seed=seed)
    return Refereed(only_log(directory), out)


__all__ = ["ENDINGS", "PIN", "PIN_HASH", "Refereed", "only_log", "refereed_game"]
