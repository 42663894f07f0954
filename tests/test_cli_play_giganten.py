"""``giganten play --game giganten --sim``: Giganten at the terminal through the
table path (issue 13 item 2), to its end, verified, exported, resumed after a kill; the
default ``giganten play`` is the same path (Giganten's own console is gone: issue 13)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.kind_words import KIND_WORDS
from tests.test_cli_play_game import only_log, power_cut_and_resume, script

__all__ = ["home"]


@pytest.mark.parametrize("policy", ["rulebook", "outcome-only"])
def test_a_whole_game_is_played_verified_and_exported(policy: str, home: Path,
                                                      tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--seed", "4", "--policy", policy,
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto",
                                  "status", "show"))
    assert done.code == 0, done.err
    assert "Giganten on the simulated board" in done.out
    assert re.search(r"over after \d+ turns; winner (yellow|orange|nobody)", done.out), \
        done.out[-800:]
    log = only_log(home / "games")
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    assert "turns replayed through Giganten's rules" in verified.out
    for kind in ("full", "public"):
        record = tmp_path / f"{kind}.json"
        assert run("export", log, "--kind", kind, "-o", record).code == 0
        assert run("verify", record).code == 0
    if policy == "outcome-only":  # the public sees no combatant's kind [I2 ruling]
        turns = [line for line in done.out.splitlines() if line.startswith("turn ")]
        assert turns and not any(KIND_WORDS.search(line) for line in turns)


def test_an_unknown_variant_gets_one_line(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--variants", "V6,V99",
               "--script", script(tmp_path / "s.txt", "status"))
    assert done.code == 2
    assert "Traceback" not in done.err
    # Every variant plays: an unknown id is refused as a bad argument
    # (the usage, then the one line that says what is wrong).
    assert [line for line in done.err.splitlines() if "error" in line] == [
        "brettl play: error: argument --variants: unknown variant 'V99'; variants are V1–V9"
        " with the options V5a, V5b, V5c, V6a, V6b"]


def test_plain_play_is_giganten_through_the_interface(home: Path, tmp_path: Path) -> None:
    done = run("play", "--sim", "--seed", "3", "--script", script(tmp_path / "s.txt", "quit"))
    assert done.code == 0, done.err
    assert "Giganten on the simulated board; seed 3." in done.out  # commands.play_game


@pytest.mark.parametrize("variants", [(), ("--variants", "V5,V6")])
def test_a_power_cut_then_resume_continues_the_game(variants: tuple[str, ...], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    log, resumed = power_cut_and_resume(tmp_path, monkeypatch, "giganten",
                                        "setup all\nstart\nauto 12\n", variants)
    assert resumed.code == 0, resumed.err
    assert re.search(r"Resuming .*: Giganten, 1[2-9] turns played", resumed.out), \
        resumed.out[:600]
    assert "over after" in resumed.out
    assert run("verify", log).code == 0


def _squares(out: str, cell: str) -> list[str]:
    """The squares of the last board ``show`` printed whose cell is ``cell``: after the
    rank's two columns each square takes five, a swamp mark (``~``) and four for what
    stands there (``textboard.game_board``)."""
    lines = [line for line in out.splitlines() if re.match(r"^[ 0-9]{2}[ ~]", line)]
    board = lines[-14:]
    return [f"{'abcdefghijklmn'[file]}{int(line[:2])}" for line in board for file in range(14)
            if line[3 + 5 * file:7 + 5 * file].strip() == cell] if len(board) == 14 else []


def test_reserves_are_kept_back_and_put_down_face_down(home: Path, tmp_path: Path) -> None:
    """V6 at the terminal: two figures kept back in the box, one put down on yellow's
    third turn (``place``, then ``choose`` to end the turn without a move); the others
    see its square only; the log and its public record verify [V6, I3]."""
    game = ("play", "--game", "giganten", "--sim", "--seed", "4", "--variants", "V6")
    seen = run(*game, "--audience", "yellow", "--script",
               script(tmp_path / "a.txt", "setup all", "show", "quit"))
    kept = [_squares(seen.out, cell)[0] for cell in ("yTy1", "yTy2")]
    begin = ["setup all", *(f"lift {sq}" for sq in kept), "start", "auto 5", "status",
             "show"]
    shown = run(*game, "--audience", "yellow", "--script", script(tmp_path / "b.txt", *begin))
    assert "5 turns played; yellow to move" in shown.out, shown.out[-600:]
    empty = [sq for sq in ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "a3")
             if sq in _squares(shown.out, ".")]
    for log in (home / "games").glob("game-*.log"):
        log.unlink()
    done = run(*game, "--audience", "orange", "--script", script(
        tmp_path / "c.txt", *begin, f"place {empty[0]} yellow tyra1 1", "choose 0",
        "auto", "status"))
    assert done.code == 0, done.err
    assert f'yellow to choose (choose N): 0: {{"place": ["{empty[0]}"]}}' in done.out
    assert f'turn 6: yellow {{"place": ["{empty[0]}"]}}' in done.out, done.out[-900:]
    assert "tyra" not in "".join(line for line in done.out.splitlines()
                                 if line.startswith(("turn ", "yellow to choose")))
    assert re.search(r"over after \d+ turns", done.out), done.out[-600:]
    log = only_log(home / "games")
    assert '"place":{"' + empty[0] + '":"tyra1"}' in log.read_text("utf-8")  # whole
    assert run("verify", log).code == 0
    record = tmp_path / "public.json"
    assert run("export", log, "--kind", "public", "-o", record).code == 0
    verified = run("verify", record)
    assert verified.code == 0, verified.out + verified.err
    assert "revealed as they were shown" in verified.out


def test_secret_traps_are_chosen_privately_and_the_game_verifies(home: Path,
                                                                 tmp_path: Path) -> None:
    """V5 at the terminal: ``trap PLAYER SQUARE`` in a private moment (a square outside
    the own territory is refused to its owner only), ``setup all`` picks valid traps; the
    whole game's log and public record verify, the traps revealed after the end [V5]."""
    commands = ("trap yellow n14", "status", "setup all", "start", "auto", "status")
    game = ("play", "--game", "giganten", "--sim", "--seed", "5", "--variants", "V5")
    mine = run(*game, "--audience", "yellow", "--script", script(tmp_path / "y.txt",
                                                                 *commands))
    assert mine.code == 0, mine.err
    chosen = mine.out.split("> trap yellow n14")[1].split("> status")[0]
    assert '"square": "n14", "rule": "V5"' in chosen, chosen
    usage = run(*game, "--script", script(tmp_path / "u.txt", "trap yellow"))
    assert usage.code == 2 and "trap PLAYER SQUARE" in usage.err
    assert "Traceback" not in usage.err and len(usage.err.strip().splitlines()) == 1
    for log in (home / "games").glob("game-*.log"):
        log.unlink()
    theirs = run(*game, "--audience", "orange", "--script", script(tmp_path / "o.txt",
                                                                   *commands))
    assert theirs.code == 0, theirs.err
    told = theirs.out.split("> trap yellow n14")[1].split("> status")[0]
    assert "n14" not in told and "V5" not in told, told  # yellow's choice: not orange's
    assert re.search(r"over after \d+ turns", theirs.out), theirs.out[-600:]
    log = only_log(home / "games")
    assert '"secrets":{"orange":{"trap":' in log.read_text("utf-8")
    assert run("verify", log).code == 0
    record = tmp_path / "public.json"
    assert run("export", log, "--kind", "public", "-o", record).code == 0
    assert '"secrets"' in record.read_text("utf-8")
    verified = run("verify", record)
    assert verified.code == 0, verified.out + verified.err
    assert "every setup opens its commitment" in verified.out
