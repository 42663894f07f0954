"""The app's sounds (``tones``) and the computer's turn spoken aloud (``voice``).
Without Kivy."""
