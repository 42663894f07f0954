"""Issue 18 (trust at a club event), findings 1 and 2: the secrets of a game.

Finding 1: the game id and the fair-play salts never come from the game's seed (which is
printed, and which the public game id would pin down by a search), in every front end;
a seeded generator only when a test asks for one (``entropy=``).
Finding 2: a player's setup, the full position and the full record are not shown to
whoever types at a terminal while the game runs: in referee mode behind the PIN, logged
and told to everyone; on the kiosk (``giganten play``) not at all before the end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.games.giganten import GAME
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.referee.pin import hash_pin
from companion.table.game_session import GameSession
from tests.cli_helpers import home, run
from tests.giganten_run import GigantenRun, reference_game
from tests.test_cli_referee_game import only_log, script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

PIN = "k9t4"


def _fairplay(log: Path) -> dict[str, object]:
    header = json.loads(log.read_text("utf-8").splitlines()[0])
    fairplay = header["fairplay"]
    assert isinstance(fairplay, dict)
    return fairplay


def test_a_session_without_an_entropy_source_takes_its_salts_from_the_os(
        tmp_path: Path) -> None:
    ids = []
    for run_number in range(2):
        _, start = reference_game(7)
        game = GigantenRun.start(start, tmp_path / f"game-{run_number}.log", seed=7)
        game.session.close()
        fairplay = _fairplay(game.log_path)
        salts = fairplay["salts"]
        assert isinstance(salts, dict)
        ids.append((fairplay["game_id"], tuple(sorted(salts.values()))))
    # The same seed, the same setups, the same board: yet other ids and salts.
    assert ids[0][0] != ids[1][0]
    assert not set(ids[0][1]) & set(ids[1][1])
    # Nor are they what the seeded generator would give.
    rng = random.Random(7)
    assert rng.randbytes(16).hex() not in {ids[0][0], ids[1][0]}


def test_a_test_may_still_ask_for_reproducible_salts(tmp_path: Path) -> None:
    board, start = reference_game(3)
    options = {"board": board, "rules": start.rules, "first": 0}
    session, _ = GameSession.new(GAME, options, sim_identities(GAME, options),
                                 tmp_path / "g.log", now=0.0,
                                 entropy=random.Random(3).randbytes)
    assert session.entropy(4) == random.Random(3).randbytes(4)
    session.close()
    setup = {"a1": [0, "tri"], "b2": [0, "nest"], "a14": [1, "nest"]}
    seals = [game_log.seal(GAME, setup, random.Random(3).randbytes) for _ in range(2)]
    assert seals[0] == seals[1]


def test_the_referee_terminal_draws_its_game_id_and_salts_from_the_os(tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    found = []
    for number in range(2):
        logs = tmp_path / f"logs{number}"
        commands = script(tmp_path / f"r{number}.txt", "setup all", "start yellow")
        done = run("referee", "--sim", "--seed", 11, "--pin-hash", pin_hash, "--script",
                   commands, "--log-dir", logs)
        assert done.code == 0, done.err
        found.append(_fairplay(only_log(logs)))
    assert found[0]["game_id"] != found[1]["game_id"]
    assert found[0]["salts"] != found[1]["salts"]


def _kiosk(tmp_path: Path, *commands: str) -> tuple[int, str, str, Path]:
    """``giganten play`` as the kiosk runs it (public audience), a game started."""
    logs = tmp_path / "logs"
    done = run("play", "--sim", "--seed", 11, "--script",
               script(tmp_path / "kiosk.txt", "setup all", "start yellow", *commands),
               "--log-dir", logs)
    return done.code, done.out, done.err, logs


@pytest.mark.parametrize("command", ["show arbiter", "show yellow", "show orange"])
def test_the_kiosk_shows_no_setup_while_the_game_runs(tmp_path: Path, command: str) -> None:
    code, out, err, _ = _kiosk(tmp_path, command)
    assert code == 2
    assert "this terminal shows what public may see" in err and "[I3]" in err
    assert "view: " not in out.split(f"> {command}")[1]


def test_the_kiosk_writes_no_full_record_while_the_game_runs(tmp_path: Path) -> None:
    secret = tmp_path / "all.json"
    code, _, err, _ = _kiosk(tmp_path, f"export {secret}")
    assert code == 2 and "the full record holds every setup [I3]" in err
    assert not secret.exists()
    public = tmp_path / "public.json"
    code, out, err, _ = _kiosk(tmp_path, "show public", f"export {public} public")
    assert code == 0, err
    assert public.exists() and f"Wrote the public record to {public}" in out


def _referee(tmp_path: Path, *commands: str) -> tuple[int, str, str, list[dict[str, object]]]:
    logs = tmp_path / "logs"
    done = run("referee", "--sim", "--seed", 11,
               "--pin-hash", hash_pin(PIN, iterations=1000),
               "--script", script(tmp_path / "r.txt", "setup all", "start yellow", *commands),
               "--log-dir", logs)
    lines = [json.loads(line) for line in only_log(logs).read_text("utf-8").splitlines()]
    return done.code, done.out, done.err, lines


def test_in_referee_mode_a_players_view_is_behind_the_pin_logged_and_announced(
        tmp_path: Path) -> None:
    code, out, err, lines = _referee(tmp_path, "show yellow", "0000", "show public",
                                     "show orange dispute about a4", PIN)
    assert code == 0, err
    assert "wrong arbiter PIN (1 in a row): nothing was done" in out
    assert out.count("yellow's view") == 0  # the wrong PIN showed nothing
    assert "the arbiter looked at the full position after 0 turns: orange's view: dispute" \
        " about a4" in out
    assert "orange's view (arbiter):" in out
    looks = [line for line in lines if line.get("event") == "look"]
    assert [look["reason"] for look in looks] == ["orange's view: dispute about a4"]
    assert any(line.get("event") == "wrong_pin" for line in lines)


def test_in_referee_mode_no_full_record_is_written_while_the_game_runs(
        tmp_path: Path) -> None:
    """The desk refuses the full record during the game in one line (the old desk
    wrote it behind the PIN as a logged look): no setup leaves the log before the end."""
    record = tmp_path / "record.json"
    code, _, err, lines = _referee(tmp_path, f"export {record}", PIN)
    assert code == 2 and "the full record holds every setup [I3]" in err
    assert not record.exists()
    assert "Traceback" not in err and not [line for line in lines
                                           if line.get("event") == "look"]
