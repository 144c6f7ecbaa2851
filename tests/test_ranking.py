"""The shared ranking rulings R0 and R1, which every game that ranks players uses."""

from moonlight_desktop.engine.ranking import place_points, top_seats


def test_r0_places_count_distinct_values_and_r1_ties_share():
    assert place_points({"a": 9, "b": 9, "c": 7, "d": 5}, (4, 2, 1)) == {
        "a": 4,
        "b": 4,
        "c": 2,
        "d": 1,
    }
    assert place_points({"a": 3, "b": 2, "c": 1, "d": 0}, (3, 1)) == {
        "a": 3,
        "b": 1,
        "c": 0,
        "d": 0,
    }
    assert top_seats([(5, 2), (5, 3), (4, 9)]) == (1,)
    assert top_seats([(5, 3), (5, 3), (4, 9)]) == (0, 1)
