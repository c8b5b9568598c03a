"""Numbers in YAML files are read by the YAML 1.2 core schema, written here from the schema
itself: `[-+]?[0-9]+` is an integer, anything else stays text; no count or card fact is allowed
more than MAX_NUMBER_LENGTH characters. Counts, the commonest value of a deck, take a short way
through the reader: these hold it to the same answers."""

import re

import pytest
from deckcheck.loading import safe_yaml
from hypothesis import given
from hypothesis import strategies as st

DIGITS = st.text(st.sampled_from("0123456789"), min_size=1, max_size=40)
UNICODE_DIGITS = st.text(st.characters(categories=["Nd"]), min_size=1, max_size=5)


def read(text: str):
    return safe_yaml.load(f"count: {text}\n").data["count"]


@given(sign=st.sampled_from(["", "+", "-"]), digits=DIGITS)
def test_integers_of_the_core_schema(sign, digits):
    text = sign + digits
    if len(text) > safe_yaml.MAX_NUMBER_LENGTH:
        with pytest.raises(safe_yaml.InputError, match="characters long"):
            read(text)
    else:
        value = read(text)
        assert type(value) is int and value == int(text)


@given(text=UNICODE_DIGITS)
def test_digits_of_other_scripts_are_text(text):
    expected = int(text) if re.fullmatch("[0-9]+", text) else text
    assert read(text) == expected and type(read(text)) is type(expected)


@pytest.mark.parametrize("text", ['"3"', "'3'", "!!str 3"])
def test_a_quoted_count_or_one_tagged_as_text_is_text(text):
    assert read(text) == "3"


def test_a_count_with_a_tag_of_its_own_is_refused():
    with pytest.raises(safe_yaml.InputError, match="tag !count is not allowed"):
        read("!count 3")
