"""Nim, a throwaway fifth game kept in the tests: its own package, laid out as every game's
(spec, rules, view, bots, and ui/ on the table kit), that a test fixture adds to the registry
with one line (`game_list.register("nim", "tests.fifth_game")`) to show that a new game needs
nothing else."""
