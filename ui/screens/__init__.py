"""The app's Kivy screens: the shell's (home, the landscape), a game's (setup, play, over),
referee mode's, the replay, the settings and the reader tools, the error screen."""
