"""``giganten play --game strategus|gimmel --sim`` end to end: whole games by script on the
simulated board through the real command, ``giganten verify`` on their logs and records,
the audience rules, and a power cut (kill) followed by ``giganten resume``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import get_game
from tests.cli_helpers import Run, board_rows, home, run, shows_kind

__all__ = ["home"]

GIGANTEN = Path(sys.executable).parent / "giganten"
STRATEGUS_KINDS = [kind.id for kind in get_game("strategus").kinds()]


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def only_log(directory: Path) -> Path:
    logs = sorted(directory.glob("game-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


@pytest.mark.parametrize("game", ["strategus", "gimmel"])
def test_a_whole_game_is_played_by_script_and_its_log_verifies(game: str, home: Path,
                                                               tmp_path: Path) -> None:
    commands = ["setup all", "start"] if game == "strategus" else []
    done = run("play", "--game", game, "--sim", "--seed", "2", "--script",
               script(tmp_path / "s.txt", *commands, "auto", "status", "show"))
    assert done.code == 0, done.err
    assert re.search(r"over after \d+ turns; winner (red|blue|white|black|nobody)", done.out), \
        done.out[-800:]
    log = only_log(home / "games")
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    assert "turns replayed" in verified.out
    for kind in ("full", "public"):
        record = tmp_path / f"{kind}.json"
        exported = run("export", log, "--kind", kind, "-o", record)
        assert exported.code == 0, exported.err
        checked = run("verify", record)
        assert checked.code == 0, checked.out + checked.err


def test_the_public_and_the_opponent_never_see_a_hidden_kind(home: Path, tmp_path: Path
                                                             ) -> None:
    lines = ("setup all", "start", "show", "auto 60", "show", "status")
    public = run("play", "--game", "strategus", "--sim", "--seed", "5", "--script",
                 script(tmp_path / "s.txt", *lines))
    assert public.code == 0, public.err
    assert "r?" in public.out and "b?" in public.out  # the board's hidden figures
    # The end reason (the Apfel taken [W1]) is public by the rules: the game ends there.
    seen = public.out.replace('reason "apple"', "").replace("(apple)", "")
    for kind in STRATEGUS_KINDS:
        assert f'"{kind}"' not in seen and f"={kind.capitalize()}" not in seen, kind
    assert not shows_kind(board_rows(seen), "rb"), "no figure's number or name shown"
    red = run("play", "--game", "strategus", "--sim", "--seed", "5", "--audience", "red",
              "--script", script(tmp_path / "r.txt", *lines))
    assert red.code == 0, red.err
    assert shows_kind(board_rows(red.out), "r"), "red sees its own kinds"
    assert not shows_kind(board_rows(red.out), "b"), "red never sees a blue kind on the board"
    assert "revealed" in red.out, "the moment of a combat's reveal reaches the players"
    assert "revealed" not in public.out


def test_an_attack_is_declared_at_the_terminal(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "2", "--script",
               script(tmp_path / "s.txt", "setup all", "start", "declare a4 a7"))
    assert done.code == 0, done.err
    assert "intent refused" in done.out  # not a legal turn from a4 to a7 at the start


def test_a_declaration_at_the_terminal_can_name_its_player(home: Path,
                                                           tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "2", "--script",
               script(tmp_path / "s.txt", "setup all", "start", "declare blue a4 a5",
                      "declare red {\"path\": [\"a4\", \"a9\"]}", "status"))
    assert done.code == 0, done.err
    assert "it is red's turn: blue cannot declare a turn now" in done.out
    assert "Strategus: 0 turns played; red to move" in done.out
    helped = run("play", "--game", "gimmel", "--sim", "--script",
                 script(tmp_path / "h.txt", "help"))
    assert "declare [PLAYER] FROM TO" in helped.out


def test_another_game_refuses_a_real_board(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "gimmel", "--backend", "nosuchbackend")
    assert done.code == 2 and "Traceback" not in done.err
    wrong = run("play", "--game", "gimmel", "--sim", "--audience", "red", "--script",
                script(tmp_path / "s.txt", "status"))
    assert wrong.code == 2 and "red does not play Gimmel" in wrong.err


def power_cut_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
                         commands: str, options: tuple[str, ...] = ()) -> tuple[Path, Run]:
    """``giganten play --game GAME --sim`` (with ``options``, like ``--variants V5``) in its
    own process, killed (the power goes: no goodbye, no close) once turn 12 is printed;
    then ``giganten resume`` of its log plays to the end. The log and the resume's run."""
    env = {**os.environ, "GIGANTEN_HOME": str(tmp_path / "home"), "PYTHONUNBUFFERED": "1"}
    env.pop("GIGANTEN_BACKEND", None)
    player = subprocess.Popen([str(GIGANTEN), "play", "--game", game, "--sim", "--seed", "2",
                               *options, "--script", "-"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    assert player.stdin is not None and player.stdout is not None
    player.stdin.write(commands)
    player.stdin.flush()
    for line in player.stdout:
        if line.startswith("turn 12:"):
            break
    player.send_signal(signal.SIGKILL)
    player.wait(timeout=30)
    log = only_log(tmp_path / "home" / "games")
    monkeypatch.setenv("GIGANTEN_HOME", env["GIGANTEN_HOME"])
    resumed = run("resume", log, "--sim", "--seed", "3", "--script",
                  script(tmp_path / "r.txt", "status", "auto", "status"))
    return log, resumed


@pytest.mark.parametrize("game", ["strategus", "gimmel"])
def test_a_power_cut_then_resume_continues_the_game(game: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    setup = "setup all\nstart\n" if game == "strategus" else ""
    log, resumed = power_cut_and_resume(tmp_path, monkeypatch, game, f"{setup}auto 12\n")
    assert resumed.code == 0, resumed.err
    assert re.search(r"Resuming .*: \w+, 1[2-9] turns played", resumed.out), resumed.out[:600]
    assert "over after" in resumed.out
    assert run("verify", log).code == 0


def _setup_after(tmp_path: Path, name: str, *seed: str) -> tuple[str, dict[str, object]]:
    """Set up both sides of Strategus by ``setup all`` and start; return the printed seed
    and the logged starting position (square -> [owner, kind])."""
    from companion.ledger.record import verify as read_log

    games = tmp_path / name
    done = run("play", "--game", "strategus", "--sim", *seed, "--log-dir", games, "--script",
               script(tmp_path / f"{name}.txt", "setup all", "start", "quit"))
    assert done.code == 0, done.err
    printed = re.search(r"seed (\d+)\.", done.out)
    assert printed is not None, done.out[:400]
    setup = read_log(only_log(games))[0].body["setup"]
    assert isinstance(setup, dict) and len(setup) == 80
    return printed.group(1), setup


def test_the_printed_seed_does_not_give_the_setups_away(home: Path, tmp_path: Path) -> None:
    """The audit's attack: ``setup all`` drew both setups from the seed the console prints
    to everyone, so anyone could replay it and know all 80 kinds. Without ``--seed`` the
    setups now come from the OS; a seed given on purpose still replays them exactly."""
    printed, secret = _setup_after(tmp_path, "secret")
    _, replayed = _setup_after(tmp_path, "replayed", "--seed", printed)
    assert replayed != secret
    _, again = _setup_after(tmp_path, "again", "--seed", printed)
    assert again == replayed


def _feed_seqs(outbox: Path) -> list[int]:
    lines = [json.loads(line) for line in outbox.read_text("utf-8").splitlines()[1:]]
    return [line["seq"] for line in lines if line.get("seq") is not None]


def test_a_resumed_game_goes_on_publishing_to_the_event(home: Path, tmp_path: Path) -> None:
    """``giganten resume LOG --sim --event …`` publishes as ``play`` does (issue #13): with
    no broker, the resumed game's feed goes on in the outbox beside the log, numbered on."""
    event = "localhost:9/ev/t1"
    played = run("play", "--game", "strategus", "--sim", "--seed", "2", "--event", event,
                 "--script", script(tmp_path / "p.txt", "setup all", "start", "auto 3"))
    assert played.code == 0, played.err
    log = only_log(home / "games")
    before = _feed_seqs(log.with_suffix(".outbox"))
    assert len(before) >= 4  # the start and three turns
    resumed = run("resume", log, "--sim", "--seed", "3", "--event", event, "--script",
                  script(tmp_path / "r.txt", "auto 2"))
    assert resumed.code == 0, resumed.err
    assert "Publishing the public feed as table t1 of event ev" in resumed.out, resumed.out
    after = _feed_seqs(log.with_suffix(".outbox"))
    assert after[:len(before)] == before  # nothing of the first feed lost
    assert after[len(before):] == list(range(before[-1] + 1, before[-1] + 3))  # two turns
