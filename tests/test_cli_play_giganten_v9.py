"""``giganten play --game giganten --sim --variants V9``: four players in two teams at the
terminal through the table path (issue 13), every audience one of the four, the
public or the arbiter; verified, exported, resumed after a kill."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.ledger.record import verify
from tests.cli_helpers import home, run
from tests.test_cli_play_game import only_log, script

__all__ = ["home"]


def test_four_players_set_up_play_and_a_resignation_ends_it_for_the_team(
        home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--seed", "4", "--variants", "V9",
               "--audience", "yellow2",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 24",
                                  "status", "show", "resign orange2", "status"))
    assert done.code == 0, done.err
    assert "You play Yellow 2" in done.out
    begins = next(line for line in done.out.splitlines() if line.startswith("play begins"))
    assert all(name in begins for name in ("yellow", "orange", "yellow2", "orange2"))
    movers = re.findall(r"^turn \d+: (\w+) ", done.out, re.MULTILINE)
    assert set(movers) == {"yellow", "orange", "yellow2", "orange2"}, movers
    assert 'teams: [["yellow", "yellow2"], ["orange", "orange2"]]' in done.out
    assert "over after 24 turns; winner yellow (resigned)" in done.out
    log = only_log(home / "games")
    assert verify(log)[0].body["players"] == ["yellow", "orange", "yellow2", "orange2"]
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    for kind in ("full", "public"):
        record = tmp_path / f"{kind}.json"
        assert run("export", log, "--kind", kind, "-o", record).code == 0
        assert json.loads(record.read_text())["players"][2] == "yellow2"
        assert run("verify", record).code == 0


def test_a_partner_sees_no_kind_of_its_partners_figures(home: Path, tmp_path: Path) -> None:
    """yellow2 sees the kinds of its own figures only, not yellow's [I3, V9]."""
    done = run("play", "--game", "giganten", "--sim", "--seed", "5", "--variants", "V9",
               "--audience", "yellow2",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "show"))
    assert done.code == 0, done.err
    # The board's letters: y Yellow, o Orange, Y Yellow 2, O Orange 2; ? a hidden kind.
    board = done.out.split("> show")[1]
    own = len(re.findall(r"[ ~]Y[A-Z]", board))
    assert 0 < own <= 24, "yellow2's 24 figures, and not one of yellow's"
    assert not re.search(r"[ ~][yoO][A-Z]", board), "no partner's or opponent's kind"
    assert board.count(" y?") + board.count("~y?") >= 24 and "o?" in board and "O?" in board


def test_resume_of_a_v9_game_goes_on_with_the_four(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--seed", "6", "--variants", "V9",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 9"))
    assert done.code == 0, done.err
    log = only_log(home / "games")
    resumed = run("resume", log, "--sim", "--seed", "3", "--audience", "orange2", "--script",
                  script(tmp_path / "r.txt", "status", "auto 4", "status", "resign yellow"))
    assert resumed.code == 0, resumed.err
    assert re.search(r"Resuming .*: Giganten, 9 turns played", resumed.out), resumed.out
    assert "13 turns played" in resumed.out
    assert 'winner "orange"' in resumed.out
    assert run("verify", log).code == 0


def test_a_partner_of_v9_without_v9_gets_one_line(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--audience", "yellow2", "--script",
               script(tmp_path / "s.txt", "status"))
    assert done.code == 2
    assert "yellow2 does not play" in done.err and "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1
