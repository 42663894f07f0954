"""The Kivy widgets the screens share: the common buttons and labels, the drawers, the
setup tray, the reveal card, the PIN pad, the clocks, the confirmations."""
