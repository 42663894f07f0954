"""The words of every front end (the app, the terminal), in English and German:
``i18n.tr`` and its tables (``*_strings``), and the sentences built from views
(``view_text``, ``giganten_text``). Without Kivy."""
