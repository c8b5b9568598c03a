"""Records behave as the frozen dataclasses they stand for: compared, hashed and shown by their
fields (those a field leaves out of comparing are left out), or by identity with eq=False."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from deckcheck.records import record


@record
class Line:
    name: str
    count: int = 1
    notes: dict = dataclasses.field(default_factory=dict, compare=False, repr=False)


@record
class One:
    name: str


@record
class NoField:
    pass


@record(eq=False)
class Identity:
    name: str


@record(kw_only=True)
class Named:
    name: str


def test_records_are_equal_and_hash_alike_by_the_fields_they_compare():
    a, b = Line("Crate", 3, {"seen": 1}), Line("Crate", 3)
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert Line("Crate", 3) != Line("Crate", 2)
    assert Line("Crate") != Line("Crates")


@pytest.mark.parametrize("make", [lambda name: One(name), lambda name: Named(name=name)])
def test_a_record_of_one_field_compares_and_hashes_by_it(make):
    assert make("Crate") == make("Crate") and hash(make("Crate")) == hash(make("Crate"))
    assert make("Crate") != make("Crates")


def test_a_record_is_not_equal_to_another_class_with_the_same_fields():
    assert One("Crate") != Identity("Crate")
    assert One("Crate") != ("Crate",)
    assert NoField() == NoField() and hash(NoField()) == hash(NoField())


def test_eq_false_is_identity():
    a = Identity("Crate")
    assert a == a and a != Identity("Crate")
    assert len({a, Identity("Crate")}) == 2


def test_repr_names_the_fields_shown():
    assert repr(Line("Crate", 3, {"seen": 1})) == "Line(name='Crate', count=3)"
    assert repr(Named(name="x")) == "Named(name='x')"


def test_a_record_holding_itself_is_shown_without_recursion():
    holder = One(name=None)  # type: ignore[arg-type]
    object.__setattr__(holder, "name", holder)
    assert repr(holder) == "One(name=...)"


def test_records_pickle_and_replace():
    a = Line("Crate", 3)
    assert pickle.loads(pickle.dumps(a)) == a
    assert dataclasses.replace(a, count=4) == Line("Crate", 4)
    assert [f.name for f in dataclasses.fields(Line)] == ["name", "count", "notes"]
