"""Looking at the app from tests and benchmarks (``testing``: a virtual screen, Kivy
programs in their own process, what a screen shows), and its screenshots (``shots``)."""
