"""The arbiter's free words (a take-back's note, a look's reason) may
name a hidden kind: they are never published while the game runs. The club feed publishes
the fact of a look, not its reason; the public record carries a take-back's reason only
once the game is over, when it reveals the setups too (Strategus R12, docs/security.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from club.game_feed import GameTableFeed
from companion.archive.game_records import public_record
from companion.desk_events import ArbiterLooked
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger.record import verify as read_log
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import GameHands, SimGameTable

STRATEGUS = get_game("strategus")
NOTE = "the blue trap on e7 was knocked over"


class Recorder:
    """A feed sink that keeps every message."""

    connected = True

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def feed(self, type: str, text: str, view: Any, *, at: float | None = None) -> int:
        self.messages.append((type, text, view))
        return len(self.messages)

    def status(self, status: Any) -> None:
        self.messages.append(("status", status))

    def referee(self, name: str, payload: Any) -> object:
        raise AssertionError("the game feed publishes nothing for the referee here")

    def pending(self) -> int:
        return 0


def played(tmp_path: Path, turns: int = 4) -> tuple[SimGameTable, GameHands]:
    tags = sim_identities(STRATEGUS)
    session, _ = GameSession.new(STRATEGUS, {}, tags, tmp_path / "s.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    hands.set_up(STRATEGUS, {}, random.Random(2))
    sim.run_for()
    sim.intent({"start": True})
    rng = random.Random(4)
    state = session.state
    assert state is not None
    for _ in range(turns):
        hands.play(rng.choice(list(state.legal_turns())))
    assert session.phase == PLAY
    return sim, hands


def test_the_feed_publishes_a_look_but_not_its_reason(tmp_path: Path) -> None:
    sim, _ = played(tmp_path)
    sink = Recorder()
    feed = GameTableFeed(sink, STRATEGUS, {})  # type: ignore[arg-type]
    feed.update(sim.session, [ArbiterLooked(NOTE, sim.session.turns)])
    kinds = [m for m in sink.messages if m[0] == "arbiter-look"]
    assert kinds, sink.messages
    assert "trap" not in json.dumps(sink.messages)
    sim.session.close()


def test_the_public_record_has_a_takebacks_note_only_after_the_end(tmp_path: Path) -> None:
    sim, _ = played(tmp_path)
    session = sim.session
    session.take_back(2, {"reason": NOTE, "by": "arbiter"}, sim.now)
    running = public_record(read_log(session.log_path))
    assert running["corrections"] == [{"to": 2, "from": 4}]
    assert "trap on e7" not in json.dumps(running)
    session.declare({"winner": None, "reason": "draw", "by": "arbiter"}, sim.now)
    over = public_record(read_log(session.log_path))
    assert over["corrections"] == [{"to": 2, "from": 4, "reason": NOTE}]
    assert "reveal" in over  # [R12] the setups are open after the end, and the notes
    session.close()


def test_R12_the_public_record_shows_no_kind_before_the_end_and_every_setup_after(
        tmp_path: Path) -> None:
    sim, _ = played(tmp_path, turns=6)
    session = sim.session
    kinds = [kind.id for kind in STRATEGUS.kinds()]
    running = json.dumps(public_record(read_log(session.log_path)))
    assert not any(f'"{kind}"' in running for kind in kinds)
    session.intent({"resign": 0}, now=sim.now)
    over = public_record(read_log(session.log_path))
    setup = over["reveal"]["setup"]
    assert len(setup) == 80 and {kind for _, kind in setup.values()} == set(kinds)
    session.close()
