"""The Kivy touchscreen app (``ui.app``); it renders ``companion.views`` only and holds no
rules.

- ``control``: the controllers, without Kivy: the shell and every game on ``GameController``.
- ``giganten``: Giganten's own part: its choices and setups, the landscape, its setup panel.
- ``words``: the words of every front end (the app, the terminal), in English and German.
- ``tools``: the models of the tool screens (settings, enrolment, the hardware check).
- ``audio``: the sounds and the computer's spoken turn.
- ``board``, ``screens``, ``widgets``: what Kivy draws; ``theme``: its colours and sizes.
- ``probes``: looking at the app from tests, and its screenshots (``brettl shots``).

``ui.guard`` turns any surprise into an error screen. The packages without Kivy
(``control``, ``words``, ``tools``, ``audio``) never import it.
"""
