"""``giganten play --game gimmel --sim --computer black`` end to end: a person's hands by
script against the computer for a whole game, a wrong execution of the computer's turn
getting the way back, a power cut (kill) and ``giganten resume --computer black``, and
``giganten verify`` of the log; ``giganten demo --game strategus|gimmel``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import get_game
from companion.ledger.record import verify as verify_log
from tests.cli_helpers import board_rows, home, mode, run, shows_kind

__all__ = ["home"]

GIGANTEN = Path(sys.executable).parent / "giganten"
COMPUTER = ("--computer", "black", "--level", "easy", "--budget", "30", "--by-hand")


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def only_log(directory: Path) -> Path:
    logs = sorted(directory.glob("game-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


def test_a_person_plays_a_whole_game_against_the_computer(home: Path, tmp_path: Path
                                                          ) -> None:
    lines = ("place g7 white beetle 1", "carry", "place d4 white falcon 1", "status",
             "move g7 g8", "move g8 g7", "carry", "auto", "status")
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", *COMPUTER, "--script",
               script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err
    out = done.out
    assert "The computer plays black" in out
    announced = re.findall(r"^Computer: (.+)$", out, re.M)
    assert announced and re.fullmatch(r"places a \w+ on [a-n]\d+", announced[0]), announced
    assert "turn 2: black" in out
    # The person moved their own beetle while the computer's turn was waited for.
    assert re.search(r"^That is not the computer's move: take the beetle off g8, put the"
                     r" beetle back on g7, then .+$", out, re.M), out[:3000]
    assert re.search(r"over after \d+ turns; winner (white|black|nobody)", out), out[-800:]
    log = only_log(home / "games")
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    turns = [entry.body for entry in verify_log(log) if entry.type == "turn"]
    assert len(turns) == len(re.findall(r"^turn \d+:", out, re.M))
    assert len(announced) == sum(1 for t in turns if t["player"] == 1), \
        "every black turn was the computer's, announced once"


def test_a_wrong_execution_is_never_accepted(home: Path, tmp_path: Path) -> None:
    lines = ("place g7 white beetle 1", "carry", "place d4 white falcon 1",
             "place a1 black cat 1", "status")
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", *COMPUTER, "--script",
               script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err
    assert re.search(r"^That is not the computer's move: take the cat off a1, then .+$",
                     done.out, re.M), done.out
    assert "Gimmel: 3 turns played; black to move" in done.out


def test_the_computer_is_refused_for_a_side_that_does_not_play(home: Path, tmp_path: Path
                                                               ) -> None:
    done = run("play", "--game", "gimmel", "--sim", "--computer", "red", "--script",
               script(tmp_path / "s.txt", "status"))
    assert done.code == 2 and "red does not play Gimmel" in done.err
    assert "Traceback" not in done.err
    giganten = run("play", "--sim", "--computer", "red", "--script",
                   script(tmp_path / "t.txt", "status"))
    assert giganten.code == 2, giganten.out
    assert "red does not play Giganten; the computer plays yellow or orange" in giganten.err


def test_a_power_cut_then_resume_against_the_computer(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    env = {**os.environ, "GIGANTEN_HOME": str(tmp_path / "home"), "PYTHONUNBUFFERED": "1"}
    env.pop("GIGANTEN_BACKEND", None)
    player = subprocess.Popen([str(GIGANTEN), "play", "--game", "gimmel", "--sim", "--seed",
                               "2", *COMPUTER, "--script", "-"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    assert player.stdin is not None and player.stdout is not None
    player.stdin.write("place g7 white beetle 1\ncarry\nauto 12\n")
    player.stdin.flush()
    for line in player.stdout:
        if line.startswith("turn 12:"):
            break
    player.send_signal(signal.SIGKILL)  # the power goes: no goodbye, no close
    player.wait(timeout=30)
    log = only_log(tmp_path / "home" / "games")
    monkeypatch.setenv("GIGANTEN_HOME", env["GIGANTEN_HOME"])
    monkeypatch.delenv("GIGANTEN_BACKEND", raising=False)
    resumed = run("resume", log, "--sim", "--seed", "3", *COMPUTER, "--script",
                  script(tmp_path / "r.txt", "status", "auto", "status"))
    assert resumed.code == 0, resumed.err
    assert re.search(r"Resuming .*: Gimmel, 1[2-9] turns played", resumed.out), \
        resumed.out[:600]
    assert "The computer plays black" in resumed.out
    assert "Computer: " in resumed.out
    assert "over after" in resumed.out
    assert run("verify", log).code == 0


@pytest.mark.parametrize("game", ["strategus", "gimmel"])
def test_the_demo_plays_a_whole_game_in_public(game: str, tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    done = run("demo", "--game", game, "--seed", "4", "--save", record)
    assert done.code == 0, done.err
    assert re.search(r"^Result: (red|blue|white|black) wins|^Result: a draw", done.out, re.M), \
        done.out[-600:]
    assert "Turn 1, " in done.out
    assert mode(record) == 0o600
    verified = run("verify", record)
    assert verified.code == 0, verified.out + verified.err
    if game == "strategus":
        # The end reason (the Apfel taken [W1]) is public by the rules.
        seen = done.out.replace("(apple)", "")
        for kind in (kind.id for kind in get_game(game).kinds()):
            assert kind not in seen and kind.capitalize() not in seen, kind
        assert "r?" in done.out and "b?" in done.out
        assert not shows_kind(board_rows(seen), "rb"), "no figure's number or name"


def test_the_demo_save_follows_no_symlink(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me", "utf-8")
    link = tmp_path / "record.json"
    link.symlink_to(target)
    done = run("demo", "--game", "gimmel", "--seed", "1", "--save", link, "--quiet")
    assert done.code == 2 and "already exists" in done.err, done.err  # a new file only
    assert target.read_text("utf-8") == "keep me" and link.is_symlink()
    fresh = tmp_path / "fresh.json"
    assert run("demo", "--game", "gimmel", "--seed", "1", "--save", fresh, "--quiet").code == 0
    assert mode(fresh) == 0o600


def test_takeback_undoes_the_persons_turn_and_the_computers_answer(home: Path,
                                                                   tmp_path: Path) -> None:
    lines = ("place g7 white beetle 1", "carry", "place d4 white falcon 1", "carry",
             "status", "takeback", "status", "place d5 white falcon 1", "status")
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", *COMPUTER, "--script",
               script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err
    assert "Gimmel: 4 turns played; white to move" in done.out
    assert "Gimmel: 2 turns played; white to move" in done.out, \
        "the falcon's placement and the computer's answer are taken back"
    assert "Gimmel: 3 turns played; black to move" in done.out, "play goes on from there"
    log = only_log(home / "games")
    assert run("verify", log).code == 0
    corrections = [entry.body for entry in verify_log(log) if entry.type == "correction"]
    assert corrections == [{"reason": "take back", "by": "white", "correction": "takeback",
                            "to": 2, "from": 4}]
    resumed = run("resume", log, "--sim", *COMPUTER, "--script",
                  script(tmp_path / "r.txt", "status"))
    assert resumed.code == 0, resumed.err
    assert "Gimmel: 3 turns played; black to move" in resumed.out, resumed.out[-600:]


@pytest.mark.parametrize(("computer", "lines", "said"), [
    ((), ("place g7 white beetle 1", "takeback"), "for a game against the computer"),
    (COMPUTER, ("takeback",), "nothing to take back"),
    (COMPUTER, ("place g7 white beetle 1", "takeback now"), "takeback takes no words")])
def test_takeback_is_refused_in_one_line(home: Path, tmp_path: Path, computer: tuple[str, ...],
                                         lines: tuple[str, ...], said: str) -> None:
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", *computer, "--script",
               script(tmp_path / "s.txt", *lines))
    assert done.code == 2 and said in done.err, done.err
    assert "Traceback" not in done.err and len(done.err.strip().splitlines()) == 1, done.err


def test_setup_all_lays_out_the_computers_side_as_the_computer_plans_it(
        home: Path, tmp_path: Path) -> None:
    """The person's side is any valid setup; the computer's is its own (the Apfel on its
    two back rows, guarded), as in the app, never a random one."""
    rows = []
    for seed in range(6):
        games = home / f"games-{seed}"
        done = run("play", "--game", "strategus", "--sim", "--seed", str(seed), "--computer",
                   "blue", *COMPUTER[2:], "--log-dir", games, "--script",
                   script(tmp_path / "s.txt", "setup all", "start", "status"))
        assert done.code == 0, done.err
        setup = verify_log(only_log(games))[0].body["setup"]
        rows += [int(name[1:]) for name, (owner, kind) in setup.items()
                 if kind == "apple" and owner == 1]
    assert len(rows) == 6 and min(rows) >= 9, rows


def test_on_the_simulated_board_the_computer_moves_its_own_figures(home: Path,
                                                                    tmp_path: Path) -> None:
    """Without ``--by-hand`` nobody carries out the computer's turns: the simulated hands
    do, right after it announces them; ``carry`` has nothing left to do."""
    lines = ("place g7 white beetle 1", "place d4 white falcon 1", "status", "auto 6",
             "status")
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", *COMPUTER[:-1],
               "--script", script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.out[-2000:] + done.err
    assert "it moves its own figures (--by-hand: you do)" in done.out
    assert "Gimmel: 4 turns played; white to move" in done.out, "each placement answered"
    assert "Gimmel: 10 turns played; white to move" in done.out, "auto N: N turns in all"
    announced = re.findall(r"^Computer: ", done.out, re.M)
    assert len(announced) == 5, "each of the computer's turns announced once"
    assert run("verify", only_log(home / "games")).code == 0
    failed = run("play", "--game", "gimmel", "--sim", "--seed", "2", *COMPUTER[:-1],
                 "--script", script(tmp_path / "c.txt", "place g7 white beetle 1", "carry"))
    assert failed.code == 2 and "announced no turn to carry out" in failed.err
