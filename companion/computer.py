"""The computer player: an optional hook of the game interface (``companion.game``).

A game that can play one side itself gives its ``Game`` object ``computer_turn`` and,
if it has a setup, ``computer_setup``; the layers above call them through the functions
below and never ask which game it is. A game without the hook plays a random legal turn
and a random valid setup.

Honesty is the hook's contract: ``computer_turn`` is handed the whole position (as
OpenSpiel's bots are) but must decide from what its player may know only, the player's
information state built from the game's observations and its public course; each game's
tests prove it by permuting what the player cannot see and asking for the same choice.

Pure and synchronous: the clock (``Budget.now``, ``Budget.deadline``) is the caller's, and
so is the random source (``os.urandom`` through ``random.SystemRandom`` at a table; a
seeded ``random.Random`` only where a test or a benchmark asks for one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from companion.game import JSON, Game, GameError, GameState, Square

LEVELS = ("easy", "normal", "strong")
"""The computer's strength levels, weakest first."""
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Budget:
    """How much the computer may think for one turn: its level, a cap on the positions
    searched, and a deadline on the caller's clock (whichever comes first)."""

    level: str = DEFAULT_LEVEL
    nodes: int | None = None
    now: Callable[[], float] | None = None
    deadline: float | None = None

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise GameError(f"unknown level {self.level!r}: choose one of {', '.join(LEVELS)}")


@runtime_checkable
class ComputerTurns(Protocol):
    """A game whose computer chooses its turns itself (a search over what it knows)."""

    def computer_turn(self, state: GameState[Any], budget: Budget, rng: random.Random
                      ) -> Any:
        """A legal turn for the player to move of ``state`` (not over), chosen from that
        player's information state only, within ``budget``."""
        ...


@runtime_checkable
class ComputerSetups(Protocol):
    """A game whose computer sets up as a good player would (not merely at random)."""

    def computer_setup(self, player: int, options: Mapping[str, Any], rng: random.Random
                       ) -> dict[Square, str]:
        """A valid setup of ``player`` (square -> kind id), drawn from ``rng``."""
        ...


@runtime_checkable
class InformationStates(Protocol):
    """A game that can say what a player knows (OpenSpiel's information state) and draw
    full positions consistent with it (``ResampleFromInfostate``): the ground a chooser
    stands on, where known and guessed are told apart."""

    def information_state(self, state: GameState[Any], player: int) -> Any:
        """What ``player`` knows of ``state``: its observation and the public course."""
        ...

    def sample_positions(self, info: Any, rng: random.Random, n: int
                         ) -> list[GameState[Any]]:
        """``n`` full positions its player could not tell from the true one."""
        ...


@runtime_checkable
class ComputerSecrets(Protocol):
    """A game whose setup holds a secret choice besides the pieces (``SetupSecrets``:
    Giganten's trap [V5]) that a side's helper may draw ("set up all")."""

    def computer_secret(self, player: int, setup: Mapping[Square, str],
                        options: Mapping[str, Any], rng: random.Random) -> JSON | None:
        """A secret choice the setup check of ``player`` with ``setup`` takes (the game's
        JSON); None when ``options`` ask for none."""
        ...


def computer_turn(game: Game, state: GameState[Any], budget: Budget, rng: random.Random
                  ) -> Any:
    """The computer's turn for the player to move (``ComputerTurns``); a random legal turn
    for a game without the hook (legal turns depend on what the mover may know only)."""
    if isinstance(game, ComputerTurns):
        return game.computer_turn(state, budget, rng)
    legal = list(state.legal_turns())
    if not legal:
        raise GameError("there is no legal turn to choose from")
    return rng.choice(legal)


def computer_setup(game: Game, player: int, options: Mapping[str, Any], rng: random.Random
                   ) -> dict[Square, str]:
    """The computer's setup of ``player`` (``ComputerSetups``); for a game without the hook
    a random valid arrangement of the standard set in the player's zone (empty for games
    that start on an empty board)."""
    if isinstance(game, ComputerSetups):
        return dict(game.computer_setup(player, options, rng))
    zone = sorted(game.setup_zone(player, options))
    if not zone:
        return {}
    kinds = [kind.id for kind in game.kinds(options) for _ in range(kind.count)]
    for _ in range(1000):
        rng.shuffle(zone)
        chosen = dict(zip(zone, kinds, strict=False))
        if not game.check_setup(player, chosen, options):
            return chosen
    raise GameError(f"no valid setup found for {game.players[player]}")


def computer_secret(game: Game, player: int, setup: Mapping[Square, str],
                    options: Mapping[str, Any], rng: random.Random) -> JSON | None:
    """The secret setup choice drawn for ``player`` (``ComputerSecrets``); None for a game
    whose setup holds none."""
    if isinstance(game, ComputerSecrets):
        return game.computer_secret(player, setup, options, rng)
    return None
