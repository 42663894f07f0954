"""The models of the app's tool screens (settings, enrolment, the hardware check) and
where their reads come from. Without Kivy; ``ui.screens`` draws them."""
