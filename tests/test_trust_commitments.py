"""Issue 18 (trust at a club event), finding 7: full commitments and the log's head, for
Giganten through ``GameSession`` (the log and its records).

At least 64 bits (16 hex digits) of each commitment reach the players; ``verify`` requires
256-bit salts and commitments (a short salt could be searched for); the log's head hash is
shown at the end, for everyone, and ``giganten verify LOG --head HEX`` refuses a log cut
short or rewritten before the noted head.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.archive.game_records import public_record, verify_record
from companion.archive.verifier import EXIT_REJECTED, EXIT_VERIFIED, verify_path
from companion.game import ARBITER, PUBLIC
from companion.game_events import GameEnded, PlayBegins
from companion.games.giganten import GAME
from companion.ledger import game_log
from companion.ledger.fairplay import SHOWN_DIGITS, commit
from companion.ledger.record import verify as read_log
from companion.views.games import event_view
from tests.cli_helpers import home, run
from tests.giganten_played import played_run
from tests.giganten_run import GigantenRun
from tests.record_helpers import forge, log_lines

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

AUDIENCES = (PUBLIC, *GAME.players, ARBITER)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> GigantenRun:
    game, _ = played_run(tmp_path_factory.mktemp("played"), 9)
    game.session.close()
    return game


def test_the_start_shows_64_bits_of_each_commitment(played: GigantenRun) -> None:
    [begins] = [e for e in played.sim.events if isinstance(e, PlayBegins)]
    assert SHOWN_DIGITS >= 16 and sorted(begins.commitments) == sorted(GAME.players)
    for audience in AUDIENCES:
        shown = (event_view(GAME, begins, audience) or {})["commitments"]
        # the digits to note, not more
        assert shown == {name: value[:SHOWN_DIGITS]
                         for name, value in begins.commitments.items()}


def test_the_log_head_is_shown_at_the_end_to_everyone(played: GigantenRun) -> None:
    hashes = [line["hash"] for line in log_lines(played.log_path)]
    [over] = [e for e in played.sim.events if isinstance(e, GameEnded)]
    assert hashes[-1] == over.head  # the log's last entry
    for audience in AUDIENCES:
        assert (event_view(GAME, over, audience) or {})["log_head"] == \
            over.head[:SHOWN_DIGITS]


def test_verify_refuses_a_log_cut_before_the_noted_head(played: GigantenRun,
                                                       tmp_path: Path) -> None:
    log = played.log_path
    [over] = [e for e in played.sim.events if isinstance(e, GameEnded)]
    noted = over.head[:SHOWN_DIGITS]
    middle = [line["hash"] for line in log_lines(log)][5][:SHOWN_DIGITS]
    assert verify_path(log, noted).status == EXIT_VERIFIED
    assert verify_path(log, middle).status == EXIT_VERIFIED
    cut = tmp_path / "cut.log"
    cut.write_text("".join(log.read_text("utf-8").splitlines(keepends=True)[:-3]), "utf-8")
    assert verify_path(cut).status == EXIT_VERIFIED  # without the head, a valid shorter log
    verdict = verify_path(cut, noted)
    assert verdict.status == EXIT_REJECTED
    assert "is not in this log: it was cut short or rewritten" in verdict.summary()
    done = run("verify", cut, "--head", noted.upper())
    assert done.code == EXIT_REJECTED and "cut short" in done.out
    assert run("verify", log, "--head", noted).code == EXIT_VERIFIED
    refused = run("verify", log, "--head", noted[:8])  # 32 bits: too few to trust
    assert refused.code == 2 and "16 to 64 hex digits" in refused.err


def test_verify_requires_256_bit_salts(played: GigantenRun, tmp_path: Path) -> None:
    """A forger who shortens the salts (and recommits with them) is refused: the log, and
    the public record that reveals them after the game."""
    lines = log_lines(played.log_path)
    header = lines[0]
    fairplay = header["fairplay"]
    short = {name: salt[:8] for name, salt in fairplay["salts"].items()}
    sides = game_log.sides_of(GAME, header["setup"])
    fairplay["salts"] = short
    fairplay["commitments"] = {
        name: commit(game_log.side(fairplay["game_id"], name, sides[name]), salt)
        for name, salt in short.items()}
    path = tmp_path / "short-salts.log"
    path.write_bytes(forge(lines))
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED
    assert "salt is not 256 bits (64 lower-case hex digits) [fair play]" in verdict.summary()
    record = public_record(read_log(path))
    assert verify_record(record).status == EXIT_REJECTED
