"""Whole games played through the simulated board, checked against the engine's own game.

A reference ``GameState`` is played by the demo bots (which see only their own views);
the robot ``Hands`` make each of its turns physically on the simulated board, read by
read through sensing and the session. At every step the session's game must equal the
reference. ``restart`` pulls the plug between steps: the session is rebuilt from its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.demo import make_bots, take_turn
from companion.events import Event, SetTrap, TurnPlayed
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.generate import random_start
from companion.games.giganten.referee import RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import TurnResult
from companion.table.session import Session
from companion.views import PUBLIC, RULEBOOK, event_view
from hardware.protocol import Reader
from hardware.sim import TILE_MODEL, SimBoard, TimingModel
from hardware.simtable import Hands, SimTable, sim_registry
from tests.giganten_oracle import normal_history as _normal
from tests.kind_words import KIND_WORDS, PUBLIC_NEST_PHRASES, leaked_kinds

__all__ = ["KIND_WORDS", "PUBLIC_NEST_PHRASES", "SimGame", "leaked_kinds", "new_table",
           "play_sim_game"]


@dataclass
class SimGame:
    """What a simulated game produced."""

    reference: GameState
    session: Session
    events: list[Event] = field(default_factory=list)
    restarts: int = 0
    table: SimTable | None = None


def play_sim_game(seed: int, *, variants: tuple[str, ...] = (), max_plies: int = 400,
                  timing: TimingModel = TILE_MODEL, log_dir: Path | None = None,
                  restart_chance: float = 0.0, clumsy: float = 0.0, policy: str = RULEBOOK,
                  reader: Callable[[SimBoard], Reader] | None = None,
                  table: Callable[[Session, SimBoard], object] | None = None,
                  carry: tuple[float, float] = (0.3, 0.9),
                  pause: tuple[float, float] = (0.2, 0.6),
                  on_turn: Callable[[SimGame], None] | None = None,
                  referee: RefereeOptions | None = None) -> SimGame:
    """Play one game to its end (or ``max_plies``) through the simulated table; ``reader``
    puts another backend over the simulated board (an emulated bus of MFRC522 chips);
    ``table`` replaces the whole simulated table (one that runs in real time, say), and
    ``carry``/``pause`` are the hands' timings; ``referee``: the referee rules [W3]."""
    rng = random.Random(seed)
    rules = RuleSet.of(variants, referee)
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    reference = GameState(board, position, first, rules, reserves=reserves, traps=traps)
    registry = sim_registry(tuple(p.name for p in rules.players))
    log_path = None if log_dir is None else log_dir / f"game-{seed}.log"
    session = Session(board, rules, registry, seed=seed, log_path=log_path, policy=policy)
    board_model = SimBoard(board.files, board.ranks)
    sim: SimTable = table(session, board_model) if table is not None else (  # type: ignore[assignment]
        SimTable(session, timing=timing, seed=seed, board=board_model,
                 reader=None if reader is None else reader(board_model)))
    hands = Hands(sim, registry, rules, seed=seed, clumsy=clumsy, carry=carry, pause=pause)
    game = SimGame(reference, session, hands.events, table=sim)
    if restart_chance and log_path is not None:
        hands.on_step = _power_cuts(game, sim, hands, registry, log_path, rng, restart_chance)
    setups: dict[int, dict[int, int]] = {}
    for sq, (player, kind) in position.items():
        setups.setdefault(player, {})[sq] = kind
    hands.set_up(setups)
    for player, sq in traps.items():
        hands.tap(SetTrap(player, sq))
    hands.start(first)
    bots = make_bots(reference, seed)
    while not reference.is_over and reference.ply < max_plies:
        take_turn(reference, bots)
        last = reference.history[-1]
        assert isinstance(last, TurnResult)
        hands.play(last.turn._replace(advance=False), advance=last.advanced,
                   stay_by_tap=rng.random() < 0.5)
        state = game.session.state
        assert state is not None
        assert _normal(state) == _normal(reference), _divergence(state, reference)
        if on_turn is not None:
            on_turn(game)
    return game


def _power_cuts(game: SimGame, sim: SimTable, hands: Hands, registry: object, log_path: Path,
                rng: random.Random, chance: float) -> Callable[[], None]:
    def maybe_cut() -> None:
        if game.session.state is None or rng.random() >= chance:
            return
        game.session.close()
        session, _ = Session.resume(log_path, registry)  # type: ignore[arg-type]
        game.session = session
        game.restarts += 1
        sim.restart(session)
    return maybe_cut


def _divergence(state: GameState, reference: GameState) -> str:
    for ply, (a, b) in enumerate(zip(_normal(state), _normal(reference), strict=False)):
        if a != b:
            return f"ply {ply + 1}: session {a} / engine {b}"
    return f"lengths {len(state.history)} / {len(reference.history)}"


def check_event_views(game: SimGame, start: int, policy: str) -> int:
    """Render the new events for every audience that owns none of their secrets and check
    that no unrevealed kind appears; return how many views were checked."""
    state = game.session.state
    assert state is not None
    checked = 0
    # A challenge's two combatants are shown to everyone under the rulebook policy [I2].
    allowed = frozenset({"challenger_kind", "challenged_kind"}) if policy == RULEBOOK \
        else frozenset()
    for event in game.events[start:]:
        for audience in (PUBLIC, *[p.name for p in state.players]):
            view = event_view(event, audience, board=state.board, players=state.players,
                              state=state, policy=policy)
            if view is None:
                continue
            mine = getattr(event, "player", None)
            if mine is not None and audience == state.players[mine].name:
                continue  # the owner may read about their own figure
            leaks = leaked_kinds(view, allowed | _own_fields(state, event, audience))
            assert not leaks, f"{type(event).__name__} shows {leaks} to {audience}"
            checked += 1
    return checked


def _own_fields(state: GameState, event: Event, audience: str) -> frozenset[str]:
    """The fields of a played turn that name the audience's own figures."""
    if not isinstance(event, TurnPlayed):
        return frozenset()
    result = event.result
    owner = state.players[result.player].name
    fields = {"kind"} if owner == audience else set()  # placed and returned figures
    combat = result.combat
    if combat is not None:
        for field_name, figure in (("challenger_kind", combat.challenger_figure),
                                   ("challenged_kind", combat.challenged_figure)):
            if state.players[state.fig_player[figure]].name == audience:
                fields.add(field_name)
    return frozenset(fields)


def new_table(seed: int, timing: TimingModel = TILE_MODEL
              ) -> tuple[Hands, dict[int, dict[int, int]], GameState]:
    """A simulated table for the base game, not yet set up: the robot hands, valid setups
    for both sides (player -> square -> kind) and the game they would start (Yellow first)."""
    rng = random.Random(seed)
    rules = RuleSet()
    board = deal_landscape(rng, rules=rules)
    position, _, _ = random_start(rng, board, rules, guarded=True)
    registry = sim_registry()
    session = Session(board, rules, registry, seed=seed)
    hands = Hands(SimTable(session, timing=timing, seed=seed), registry, rules, seed=seed)
    setups: dict[int, dict[int, int]] = {}
    for sq, (player, kind) in position.items():
        setups.setdefault(player, {})[sq] = kind
    return hands, setups, GameState(board, position, 0, rules)
