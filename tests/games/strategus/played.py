"""Positions from played games, for the computer's tests: each with the setups, the
options and the turns that led to it, so a test can replay it from other setups."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.game import Piece
from companion.games.strategus import GAME, Move, StrategusState

OPTIONS: tuple[dict[str, Any], ...] = ({}, {"two_squares": 2}, {"chasing": True})
"""The rulebook game and the referee's rules [R11, R15]."""


@dataclass(frozen=True)
class Played:
    """A position reached by ``turns`` from ``pieces`` under ``options``."""

    pieces: dict[int, Piece]
    options: dict[str, Any]
    turns: tuple[Move, ...]

    def replay(self, pieces: dict[int, Piece] | None = None) -> StrategusState:
        """The position, from these setups or from ``pieces`` (``IllegalMove`` if a turn
        is not legal there)."""
        state = GAME.start(self.pieces if pieces is None else pieces, self.options)
        for turn in self.turns:
            state.push(turn)
        return state


def setups(rng: random.Random) -> dict[int, Piece]:
    """Both players' setups as the computer makes them."""
    return {sq: Piece(player, kind) for player in (0, 1)
            for sq, kind in GAME.computer_setup(player, {}, rng).items()}


def played_positions(games: int, every: int, seed: int) -> Iterator[Played]:
    """Positions every ``every`` plies of ``games`` games of a quick player that attacks
    half the time it can (so combats show kinds), under each set of options in turn."""
    rng = random.Random(seed)
    for game in range(games):
        pieces = setups(rng)
        options = OPTIONS[game % len(OPTIONS)]
        state = GAME.start(pieces, options)
        turns: list[Move] = []
        while not state.is_over() and len(turns) < 400:
            if len(turns) % every == every - 1:
                yield Played(pieces, options, tuple(turns))
            legal = state.legal_turns()
            attacks = [t for t in legal if state.owner[t[1]] >= 0]
            turn = rng.choice(attacks if attacks and rng.random() < 0.5 else legal)
            state.push(turn)
            turns.append(turn)
