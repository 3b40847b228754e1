"""Arena Digi-Battle tests: a package, so that its test_rules.py does not clash with other games'."""
