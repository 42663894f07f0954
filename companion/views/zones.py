"""Where each side sets up, as everyone may know it [S1]: the rows printed on the board's
edge (``1``–``14``). The setup zones are public (the rulebook prints them); what a side
puts there is not, and is never part of this view.
"""

from __future__ import annotations

from companion.games.giganten.board import Board
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.setup import default_territories


def setup_rows(board: Board, rules: RuleSet) -> dict[str, tuple[int, int]]:
    """Player name -> (first, last) row of their setup zone, 1-based as on the board's
    edge labels [S1, V7]."""
    territories = default_territories(board, rules.players, rules)
    return {rules.players[index].name: (min(ranks) + 1, max(ranks) + 1)
            for index, ranks in territories.items() if ranks}
