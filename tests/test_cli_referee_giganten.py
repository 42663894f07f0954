"""``giganten referee --game giganten --sim``: Giganten refereed through the desk
(issue 13, the next step): clocks, the PIN, a take-back, a declared result and the referee
rules of its ``RuleSet`` [W3], logged as a game and verified; ``--event`` publishes
it to the club; ``giganten referee`` without ``--game`` is the same desk (Giganten's own
desk at the terminal is gone: issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, run
from tests.kind_words import KIND_WORDS
from tests.test_cli_referee_game import PIN, PIN_HASH, exported_and_verified, only_log, script

__all__ = ["home"]


def referee(tmp_path: Path, *lines: str, extra: tuple[str, ...] = ()) -> str:
    done = run("referee", "--game", "giganten", "--sim", "--seed", "2", "--time", "30+10",
               "--pin-hash", PIN_HASH, *extra, "--script", script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err + done.out[-1500:]
    return done.out


def test_a_refereed_giganten_game_with_a_takeback_and_a_declared_draw(
        home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "auto 4", "clocks",
                  "takeback 2 a figure was knocked over", PIN, "fix", "status",
                  "auto 2", "result draw the players agreed", PIN, "status",
                  extra=("--policy", "outcome-only"))
    assert "Giganten referee mode on the simulated board" in out
    assert "Referee rules [W3]: two_squares=5,chasing=on" in out
    assert "clocks: yellow 30:00, orange 30:00" in out
    assert "over after 4 turns; winner nobody (draw, declared at the desk)" in out
    # The public never saw a hidden kind (outcome-only [I2]) before the game was over.
    shown = out.split("game over:")[0]
    assert not KIND_WORDS.search(shown.split("setups committed")[-1]), \
        KIND_WORDS.findall(shown)[:5]
    log = only_log(home / "games")
    header = read_log(log)[0].body
    assert header["game"] == "giganten"
    assert header["options"]["rules"]["referee"]["two_squares"] == 5
    records = exported_and_verified(log, tmp_path)
    assert records["full"]["declared"] == {"winner": None, "reason": "draw"}


def test_gigantens_referee_rules_go_into_its_rule_set(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start",
                  extra=("--rules", "two_squares=3,chasing=off,turn_limit=off"))
    assert "Referee rules [W3]: two_squares=3,chasing=off" in out
    rules = read_log(only_log(home / "games"))[0].body["options"]["rules"]
    assert rules["referee"] == {"two_squares": 3, "chasing": False,
                                "no_challenge_limit": 200, "turn_limit": None}


def test_bad_rules_and_variants_get_one_line(home: Path, tmp_path: Path) -> None:
    for extra in (("--rules", "two_squares=lots"), ("--variants", "V6,V99")):
        done = run("referee", "--game", "giganten", "--sim", "--pin-hash", PIN_HASH, *extra,
                   "--script", script(tmp_path / "q.txt", "quit"))
        assert done.code == 2 and "Traceback" not in done.err, done.err
        # One line says what is wrong (an unknown variant id after argparse's usage).
        said = [line for line in done.err.strip().splitlines()
                if not line.startswith(("usage:", " "))]
        assert len(said) == 1 and extra[1].split(",")[-1].split("=")[0] in said[0], done.err


def test_the_club_feed_of_a_refereed_giganten_game(home: Path, tmp_path: Path) -> None:
    """``--event`` with no broker: every public message waits in the outbox beside the log,
    the clocks among them; none names a hidden kind (outcome-only [I2])."""
    referee(tmp_path, "setup all", "start", "auto 3",
            extra=("--policy", "outcome-only", "--event", "localhost:9/ev/t1"))
    outbox = next((home / "games").glob("*.outbox"))
    payloads = [json.loads(line)["payload"] for line in
                outbox.read_text("utf-8").splitlines()[1:]]
    types = {payload["type"] for payload in payloads}
    assert {"start", "turn"} <= types, types
    assert not KIND_WORDS.search(json.dumps(payloads))


def test_a_refereed_game_resumes_without_game(home: Path, tmp_path: Path) -> None:
    """``--resume LOG`` of a game logged through the game interface needs no ``--game``:
    the log names its game (it was refused in a puzzling line by Giganten's own desk)."""
    referee(tmp_path, "setup all", "start", "auto 3")
    log = only_log(home / "games")
    done = run("referee", "--sim", "--resume", log, "--pin-hash", PIN_HASH,
               "--script", script(tmp_path / "r.txt", "resume", PIN, "auto 2", "status"))
    assert done.code == 0, done.err
    assert "Resuming the refereed game" in done.out and "Giganten, 3 turns" in done.out
    assert "Giganten: 5 turns played" in done.out


def test_plain_referee_is_the_game_desk(home: Path, tmp_path: Path) -> None:
    done = run("referee", "--sim", "--seed", "2", "--pin-hash", PIN_HASH,
               "--script", script(tmp_path / "q.txt", "quit"))
    assert done.code == 0, done.err
    assert "Giganten referee mode on the simulated board; seed 2" in done.out  # the desk's
