"""Issue 18 (trust at a club event), finding 7: full commitments and the log's head.

At least 64 bits (16 hex digits) of each commitment reach the players; ``verify`` requires
256-bit salts and commitments (a short salt could be searched for); the log's head hash is
shown at every turn and at the end, for everyone, and ``giganten verify LOG --head HEX``
refuses a log cut short or rewritten before the noted head.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.archive.verifier import EXIT_REJECTED, EXIT_VERIFIED, verify_path
from companion.events import GameOver, GameStarted, TurnPlayed
from companion.games.giganten.codec import game_to_json
from companion.ledger.fairplay import SHOWN_DIGITS, commit, side_setup
from companion.views import ARBITER, PUBLIC, event_view
from tests.cli_helpers import home, run
from tests.record_helpers import finished_game, forge, log_lines
from tests.sim_games import SimGame

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[SimGame, Path]:
    return finished_game(tmp_path_factory.mktemp("played"), seed=78)


def _view(game: SimGame, event: Any, audience: str) -> dict[str, Any]:
    state = game.session.state
    assert state is not None
    view = event_view(event, audience, board=state.board, players=state.players, state=state)
    assert view is not None
    return view


def test_the_start_shows_64_bits_of_each_commitment(played: tuple[SimGame, Path]) -> None:
    game, _ = played
    started = next(e for e in game.events if isinstance(e, GameStarted))
    text = _view(game, started, PUBLIC)["text"]
    assert SHOWN_DIGITS >= 16
    for name, value in started.commitments:
        assert f"{name.capitalize()} {value[:SHOWN_DIGITS]}" in text
        assert value[:SHOWN_DIGITS + 1] not in text  # the digits to note, not more


def test_the_log_head_is_shown_at_every_turn_and_at_the_end(
        played: tuple[SimGame, Path]) -> None:
    game, log = played
    hashes = [line["hash"] for line in log_lines(log)]
    turns = [e for e in game.events if isinstance(e, TurnPlayed)]
    assert turns and all(len(e.log_head) == SHOWN_DIGITS for e in turns)
    for event in turns:
        assert any(value.startswith(event.log_head) for value in hashes)
        for audience in (PUBLIC, "yellow", "orange", ARBITER):
            assert _view(game, event, audience)["log_head"] == event.log_head
    over = next(e for e in game.events if isinstance(e, GameOver))
    assert hashes[-1].startswith(over.log_head)  # after the reveal: the log's last entry
    assert _view(game, over, PUBLIC)["log_head"] == over.log_head


def test_verify_refuses_a_log_cut_before_the_noted_head(played: tuple[SimGame, Path],
                                                       tmp_path: Path) -> None:
    game, log = played
    over = next(e for e in game.events if isinstance(e, GameOver))
    middle = [e for e in game.events if isinstance(e, TurnPlayed)][3].log_head
    assert verify_path(log, over.log_head).status == EXIT_VERIFIED
    assert verify_path(log, middle).status == EXIT_VERIFIED
    cut = tmp_path / "cut.log"
    cut.write_text("".join(log.read_text("utf-8").splitlines(keepends=True)[:-3]), "utf-8")
    assert verify_path(cut).status == EXIT_VERIFIED  # without the head, a valid shorter log
    verdict = verify_path(cut, over.log_head)
    assert verdict.status == EXIT_REJECTED
    assert "is not in this log: it was cut short or rewritten" in verdict.summary()
    done = run("verify", cut, "--head", over.log_head.upper())
    assert done.code == EXIT_REJECTED and "cut short" in done.out
    assert run("verify", log, "--head", over.log_head).code == EXIT_VERIFIED
    refused = run("verify", log, "--head", over.log_head[:8])  # 32 bits: too few to trust
    assert refused.code == 2 and "16 to 64 hex digits" in refused.err


def test_verify_requires_256_bit_salts(played: tuple[SimGame, Path], tmp_path: Path) -> None:
    game, log = played
    lines = log_lines(log)
    fairplay = lines[0]["fairplay"]
    start = game_to_json(game.session.state)  # type: ignore[arg-type]
    short = {name: salt[:8] for name, salt in fairplay["salts"].items()}
    fairplay["salts"] = short
    fairplay["commitments"] = {name: commit(side_setup(start, name, fairplay["game_id"]), salt)
                               for name, salt in short.items()}
    for line in lines:
        if line["type"] == "reveal":
            line["salts"] = short
    path = tmp_path / "short-salts.log"
    path.write_bytes(forge(lines))
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED
    assert "salt is not 256 bits (64 lower-case hex digits) [fair play]" in verdict.summary()
