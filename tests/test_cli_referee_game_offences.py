"""``giganten referee --game NAME`` with the club's illegal-move policy (``[referee]
illegal_penalty_seconds``, ``illegal_loss_after``), ``set`` during play and ``export FILE
referee``, end to end through the real command on the simulated board, for Gimmel,
Strategus and Giganten: counted and told (the rule only where it cannot name a hidden
figure [R22]), the penalty on the opponent's clock, the N-th loses, the log and the
records verify."""

from __future__ import annotations

import json
from pathlib import Path

from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, mode, run
from tests.test_cli_referee_game import PIN, PIN_HASH, only_log, script

__all__ = ["home"]


def config(tmp_path: Path, penalty: int = 60, lose_after: int = 2) -> Path:
    path = tmp_path / "club.toml"
    path.write_text(f'[referee]\npin_hash = "{PIN_HASH}"\nillegal_penalty_seconds = {penalty}'
                    f"\nillegal_loss_after = {lose_after}\n", "utf-8")
    return path


def referee(tmp_path: Path, game: str, *lines: str, penalty: int = 60,
            lose_after: int = 2) -> str:
    done = run("referee", "--config", config(tmp_path, penalty, lose_after), "--game", game,
               "--sim", "--seed", "2", "--time", "30+10",
               "--script", script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err + done.out[-1500:]
    return done.out


def verified(path: Path) -> str:
    checked = run("verify", path)
    assert checked.code == 0, checked.out + checked.err
    return checked.out


def test_gimmel_the_second_illegal_move_loses(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "gimmel", "declare a1 a5", "declare a1 a5", "status",
                  f"export {tmp_path / 'ref.json'} referee")
    assert "white: illegal move no. 1; 60 s to the opponent" in out
    assert "clocks: white 30:00, black 31:00" in out
    assert "white: illegal move no. 2" in out
    assert "winner black (illegal, declared at the desk)" in out
    # Gimmel hides nothing [S4]: even the public terminal reads the rule (R22 is for hidden kinds)
    assert 'intent refused: rule "T3", reason "there is no stone on a1 to move"' in out
    log = only_log(home / "games")
    offences = [e.body for e in read_log(log) if e.body.get("event") == "offence"]
    assert [(o["player"], o["rule"], o["count"]) for o in offences] == [(0, "T3", 1),
                                                                       (0, "T3", 2)]
    assert "illegal" in verified(log)
    record = tmp_path / "ref.json"
    assert mode(record) == 0o600 and "(referee): verified" in verified(record)
    document = json.loads(record.read_text("utf-8"))
    assert [n["event"] for n in document["desk"]].count("offence") == 2
    exported = tmp_path / "exported.json"  # giganten export LOG --kind referee, the same
    assert run("export", log, "--kind", "referee", "-o", exported).code == 0
    assert mode(exported) == 0o600 and "(referee): verified" in verified(exported)
    public = tmp_path / "public.json"
    assert run("export", log, "--kind", "public", "-o", public).code == 0
    assert "T3" not in public.read_text("utf-8") and mode(public) == 0o644
    assert verified(public)


def test_strategus_set_during_play_and_the_referee_record_mid_game(home: Path,
                                                                   tmp_path: Path) -> None:
    record = tmp_path / "mid.json"
    out = referee(tmp_path, "strategus", "setup all", "start", "declare a1 a9",
                  f"export {record} referee", PIN, "set lose-after 1", PIN,
                  "declare a1 a9", lose_after=0)
    assert "red: illegal move no. 1; 60 s to the opponent" in out
    assert "intent refused: \n" in out and "rule \"" not in out  # the rule is hidden [R22, H1]
    assert f"the arbiter looked at the full position after 0 turns: the referee record" \
           f" written to {record}" in out  # everyone is told
    assert mode(record) == 0o600 and "(referee): verified" in verified(record)
    assert json.loads(record.read_text("utf-8"))["setup"]  # the secrets, for the arbiter
    assert "the arbiter set lose-after to 1" in out
    assert "winner \"blue\"" in out and "reason \"illegal\"" in out
    log = only_log(home / "games")
    settings = [e.body for e in read_log(log) if e.body.get("event") == "setting"]
    assert [(s["name"], s["value"]) for s in settings] == [("lose-after", "1")]
    assert verified(log)


def test_giganten_a_refused_board_move_counts(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "giganten", "setup all", "start", "move a1 c3", penalty=0,
                  lose_after=1)
    assert "yellow: illegal move no. 1" in out and "to the opponent" not in out
    assert "winner \"orange\"" in out and "reason \"illegal\"" in out
    assert verified(only_log(home / "games"))


def test_a_wrong_pin_sets_nothing_and_bad_values_get_one_line(home: Path,
                                                             tmp_path: Path) -> None:
    out = referee(tmp_path, "gimmel", "set lose-after 1", "0000", "declare a1 a5",
                  f"export {tmp_path / 'no.json'} referee", "0000")
    assert "wrong arbiter PIN (1 in a row): nothing was done" in out
    assert "winner" not in out and not (tmp_path / "no.json").exists()
    bad = run("referee", "--config", config(tmp_path), "--game", "gimmel", "--sim",
              "--script", script(tmp_path / "b.txt", "set penalty lots", PIN))
    assert bad.code == 2 and "Traceback" not in bad.err
    assert "set penalty: 'lots' is not a penalty in seconds" in bad.err and bad.err.count("\n") == 1
    fixed = run("referee", "--config", config(tmp_path), "--game", "gimmel", "--sim",
                "--script", script(tmp_path / "c.txt", "set policy outcome-only"))
    assert fixed.code == 2 and fixed.err.count("\n") == 1
    assert "during play the arbiter sets time, penalty or lose-after" in fixed.err
