"""The Kivy touchscreen app; it renders ``companion.views`` only and holds no rules.
Not implemented yet: until it exists, ``giganten demo`` shows the game in the terminal."""
