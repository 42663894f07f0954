"""The app's controllers, without Kivy: the shell (``shell.Controller``: home, the
landscape, the replay, the tools' state) and every game on ``game.GameController``, made of
its parts (``auto``, ``private``, ``think``, ``tray`` …) and ``referee.RefereeGameController``."""
