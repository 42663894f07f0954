"""The help of a terminal game (``brettl play`` and ``resume``: ``help``), in lines
that fit a terminal of 80 columns."""

from __future__ import annotations

HELP = """\
Commands (squares like e4). A PIECE is named like 'red hare 2', or 'red hare' for
the next one of that kind not on the board, or given as its tag UID:
  place SQUARE [PIECE]   put a piece down (without PIECE: the one last taken up)
  lift SQUARE, remove SQUARE   take one up
  move FROM TO           lift a piece and put it down
  setup all|PLAYER       random valid setups (games with a setup; Giganten's
                         secret traps too, under V5)
  trap PLAYER SQUARE     PLAYER's secret trap square, in a private moment (V5)
  start [PLAYER]         begin play once every setup is complete (PLAYER: who
                         moves first, in Giganten [S5]; in another game checked)
  declare [PLAYER] FROM TO   declare a turn on the screen (a Strategus attack:
                         the attacker held beside the square), or
                         declare [PLAYER] {JSON}; with PLAYER it is refused
                         unless it is PLAYER's turn
  choose N               pick choice N the board left open (a Giganten
                         challenge or none, an advance or a stay); by name:
  challenge SQUARE [BY]  challenge the figure on SQUARE (BY: which moved one)
  nochallenge, confirm   end the move as the board shows it, no challenge
  stay                   decline the advance after a challenge
  resign PLAYER          the player resigns (for the team, in teams)
  auto [N]               computer players play N turns (default: to the end);
                         with --computer, the person's side by a simple bot
                         and the computer's announced turns carried out
  carry                  carry out the computer's announced turn on the board
  takeback               against the computer: take back your last turn and
                         its answer (logged; the hands put the board back)
  show [AUDIENCE]        the board as the audience may see it (public, a
                         player, arbiter: no more than this terminal's own
                         before the end), and the figures off it
  reveal                 every setup, once the game is over
  status                 the phase, whose turn, the turns played, the log
  export FILE [public]   the game's full record (after the end) or its public
                         one
  wait [SECONDS]         let the readers scan
  help, quit (exit)"""
