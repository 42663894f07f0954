# Shortcuts for the scripts the README names.
.PHONY: run test bench
run:
	scripts/run
test:
	scripts/test
bench:
	scripts/setup && .venv/bin/python bench/engine.py
