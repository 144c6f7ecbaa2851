"""Headless pygame for every test: the dummy drivers must be set before pygame is imported.

Hypothesis runs a quick profile by default and a long one with MOONLIGHT_FUZZ=long (see
tests/fuzzing.py): the fuzz suite is the same code either way, only the number of cases grows.
"""

import os

from hypothesis import HealthCheck, settings

from tests.fuzzing import FUZZ_LONG

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "quick", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("long" if FUZZ_LONG else "quick")
