"""Copying a game state in time proportional to the state, not to its history.

A search bot tries thousands of moves on copies of a position, so
:meth:`parlour.core.State.clone` cannot replay the game from its seed.  It
copies the state's attributes instead, generically, so every game (and every
game added later) gets a correct copy without writing one: mutable containers
and plain objects are copied all the way down (sharing inside the state is
kept: two attributes naming one list still name one list in the copy), while
what never changes during play is shared — numbers and text, story lines,
frozen dataclasses (rules, options, a game's fixed tables), packs, games,
functions and classes.  The seeded generator is copied with its state, so a
copy deals the same future cards as the original (a bot that must not know
them re-seeds its copy: see :mod:`parlour.determinise`).
"""

from __future__ import annotations

import dataclasses
import enum
import types
from typing import Any, Callable

from .rng import Rng

#: Types whose values never change: shared, never copied.
_ATOMS: set[type] = {int, str, float, bool, complex, bytes, type(None), range, type(Ellipsis)}
_SHARED_KINDS = (type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType, enum.Enum)

Memo = dict[int, Any]
Copier = Callable[[Any, Memo], Any]


def share_type(kind: type) -> type:
    """Declare a class whose instances are never changed during play, so copies share them
    (usable as a decorator)."""
    _ATOMS.add(kind)
    return kind


def copy_value(value: Any, memo: Memo) -> Any:
    """A copy of ``value`` for a copied state: shared if it never changes, copied otherwise."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _copier_for(kind)
        _COPIERS[kind] = copier
    return copier(value, memo)


def _copy_list(value: list[Any], memo: Memo) -> list[Any]:
    new: list[Any] = []
    memo[id(value)] = new
    atoms = _ATOMS
    new.extend(x if type(x) in atoms else copy_value(x, memo) for x in value)
    return new


def _copy_dict(value: dict[Any, Any], memo: Memo) -> dict[Any, Any]:
    new: dict[Any, Any] = {}
    memo[id(value)] = new
    atoms = _ATOMS
    for key, item in value.items():
        new[key] = item if type(item) in atoms else copy_value(item, memo)
    return new


def _copy_set(value: set[Any], memo: Memo) -> set[Any]:
    new = set(value)  # members are hashable, so they are not changed in place
    memo[id(value)] = new
    return new


def _copy_tuple(value: tuple[Any, ...], memo: Memo) -> tuple[Any, ...]:
    # One plain loop (a score sheet's rows are tuples holding a list, copied at every clone): the
    # tuple itself is shared unless some item's copy is a new object.
    atoms = _ATOMS
    items: list[Any] | None = None
    for index, item in enumerate(value):
        if type(item) in atoms:
            continue
        copied = copy_value(item, memo)
        if copied is not item:
            if items is None:
                items = list(value)
            items[index] = copied
    if items is None:
        return value
    new = type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    memo[id(value)] = new
    return new


def _copy_rng(value: Rng, memo: Memo) -> Rng:
    new = Rng.__new__(Rng)
    new.setstate(value.getstate())
    memo[id(value)] = new
    return new


def _shared(value: Any, memo: Memo) -> Any:
    return value


def _copy_method(value: types.MethodType, memo: Memo) -> types.MethodType:
    return types.MethodType(value.__func__, copy_value(value.__self__, memo))


def _copy_object(value: Any, memo: Memo) -> Any:
    """A plain object (a trick, a score sheet, a game's own record): a new one with its fields copied."""
    kind = type(value)
    new = kind.__new__(kind)
    memo[id(value)] = new
    if hasattr(value, "__dict__"):
        atoms = _ATOMS
        target = new.__dict__
        for key, item in value.__dict__.items():
            target[key] = item if type(item) in atoms else copy_value(item, memo)
    slots = _SLOTS.get(kind)
    if slots is None:
        slots = _SLOTS[kind] = _slots(kind)
    for slot in slots:
        if hasattr(value, slot):
            object.__setattr__(new, slot, copy_value(getattr(value, slot), memo))
    return new


#: Each copied class's slot names, found once (walking the classes it is made from each time made a
#: third of a trick game's clone).
_SLOTS: dict[type, list[str]] = {}


def copier(kind: type) -> Callable[[Copier], Copier]:
    """Declare a copier for ``kind``'s values (a decorator): for a class copied very often whose
    contents are known, faster than the generic field-by-field copy.  It must register the new
    value in the memo under the old one's id, as the generic copiers do."""
    def register(copy: Copier) -> Copier:
        _COPIERS[kind] = copy
        return copy
    return register


def _slots(kind: type) -> list[str]:
    names: list[str] = []
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")])
    return names


def _copier_for(kind: type) -> Copier:
    if issubclass(kind, _SHARED_KINDS):
        return _shared
    if dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return _shared
    if issubclass(kind, tuple):
        return _copy_tuple
    if issubclass(kind, (list, dict)) and kind not in (list, dict):
        raise TypeError(f"a game state cannot hold a {kind.__name__} (a subclass of list or dict): "
                        "copying it is not supported; hold a plain list or dict")
    if issubclass(kind, (set, frozenset)):
        return _copy_set if kind is set else _shared
    if kind is types.MethodType:
        return _copy_method
    return _copy_object


_COPIERS: dict[type, Copier] = {list: _copy_list, dict: _copy_dict, set: _copy_set, tuple: _copy_tuple,
                                frozenset: _shared, Rng: _copy_rng}
