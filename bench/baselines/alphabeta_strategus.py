"""An alpha-beta Strategus player of the computer-championship kind, independent of the
companion's computer: perfect-information search over worlds drawn from what it knows.

Each turn it draws several full positions consistent with the echoes (shown kinds as
shown, a runner a hare, a mover no trap or apple, the rest of the set at random), and in
each searches every root turn with alpha-beta, iterative deepening (1, 2, 3 … plies, as
long as the deadline allows) and capture quiescence; material on Demon of Ignorance's
ladder (``values``). The turn with the best score summed over the worlds is played; a
small tie-break favours going forward. A line-protocol program:
``python bench/baselines/alphabeta_strategus.py --budget 0.1``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from protocol_player import main  # noqa: E402
from values import VALUE  # noqa: E402

from companion.games.strategus.combat import ATTACKER_WINS, BOTH_LOSE, OUTCOME  # noqa: E402
from companion.games.strategus.echoes import EchoTracker  # noqa: E402
from companion.games.strategus.kinds import APPLE  # noqa: E402
from companion.games.strategus.protocol import ProtocolError  # noqa: E402
from companion.games.strategus.state import StrategusState  # noqa: E402

WORLDS = 4
"""Positions drawn per turn."""
WIN = 1_000_000.0
QUIESCENCE = 3
"""Captures followed beyond the search's depth."""


class _Timeout(Exception):
    pass


class Search:
    """One turn's search, with its deadline."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 127 == 0 and time.monotonic() > self.deadline:
            raise _Timeout

    @staticmethod
    def gain(state: StrategusState, turn: tuple[int, int]) -> float:
        """What the mover wins by ``turn`` in material (WIN for the apple)."""
        origin, target = turn
        defender = state.kind[target]
        if defender < 0:
            return 0.0
        if defender == APPLE:
            return WIN
        attacker = state.kind[origin]
        outcome = OUTCOME[attacker][defender]
        if outcome == ATTACKER_WINS:
            return VALUE[defender]
        if outcome == BOTH_LOSE:
            return VALUE[defender] - VALUE[attacker]
        return -VALUE[attacker]

    def _ordered(self, state: StrategusState, captures_only: bool
                 ) -> list[tuple[float, tuple[int, int]]]:
        owner = state.owner
        scored = [(self.gain(state, turn), turn) for turn in state.turns_of(state.to_move)
                  if not captures_only or owner[turn[1]] >= 0]
        scored.sort(key=lambda item: -item[0])
        return scored

    def negamax(self, state: StrategusState, depth: int, alpha: float, beta: float,
                score: float) -> float:
        """The value for the side to move of ``state``, ``score`` its material lead."""
        self._tick()
        if depth <= 0:
            return self.quiesce(state, alpha, beta, score, QUIESCENCE)
        turns = self._ordered(state, False)
        if not turns:
            return -WIN  # cannot move [W2]
        best = -2 * WIN
        for gain, turn in turns:
            if gain >= WIN:
                return WIN
            state.apply(turn)
            value = -self.negamax(state, depth - 1, -beta, -alpha, -(score + gain))
            state.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def quiesce(self, state: StrategusState, alpha: float, beta: float, score: float,
                depth: int) -> float:
        """Stand pat on the material, or follow the captures."""
        self._tick()
        if score >= beta or depth == 0:
            return score
        alpha = max(alpha, score)
        for gain, turn in self._ordered(state, True):
            if gain >= WIN:
                return WIN
            if gain <= 0 and score + gain < alpha:
                continue
            state.apply(turn)
            value = -self.quiesce(state, -beta, -alpha, -(score + gain), depth - 1)
            state.pop()
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha


def choose(tracker: EchoTracker, state: StrategusState, rng: random.Random,
           deadline: float) -> tuple[int, int]:
    """The turn with the best summed score over the drawn worlds, deepest search done."""
    worlds = [state]
    for _ in range(WORLDS - 1):
        try:
            worlds.append(tracker.position(rng))
        except ProtocolError:
            break
    base = [world.plies for world in worlds]
    roots = state.legal_turns()
    forward = 1 if tracker.player == 0 else -1
    bonus = {turn: 0.3 * forward * (turn[1] // 10 - turn[0] // 10) + rng.random() * 0.1
             for turn in roots}
    best_totals: dict[tuple[int, int], float] | None = None
    search = Search(deadline)
    depth = 1
    try:
        while depth <= 6:
            totals = dict.fromkeys(roots, 0.0)
            for world in worlds:
                for turn in roots:
                    gain = search.gain(world, turn)
                    if gain >= WIN:
                        totals[turn] += WIN
                        continue
                    world.apply(turn)
                    totals[turn] += -search.negamax(world, depth - 1, -2 * WIN, 2 * WIN,
                                                    -gain)
                    world.pop()
            best_totals = totals
            depth += 1
    except _Timeout:
        for world, plies in zip(worlds, base, strict=True):  # a timed-out search's turns
            while world.plies > plies:
                world.pop()
    if best_totals is None:  # not even one ply in time: the material at once
        best_totals = {turn: search.gain(state, turn) for turn in roots}
    return max(roots, key=lambda turn: best_totals[turn] + bonus[turn])


if __name__ == "__main__":
    sys.exit(main(choose))
