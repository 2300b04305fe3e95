"""Whether an answer of scoring.api is what scoring/answers.py declares: every key declared, none more, each value
of its declared type (tests/unit/conftest.py checks every answer the unit tests get; test_api_shapes.py the rest)."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from scoring import answers, api


def declared(function: Callable[..., object]) -> Any:
    """The answer a function of scoring.api declares (its return annotation, naming scoring/answers.py's shapes)."""
    return get_type_hints(function, {**vars(api), "answers": answers})["return"]


def _answers(function: object) -> bool:
    """Whether this is a public function of scoring.api that declares its answer in scoring/answers.py."""
    if not callable(function) or getattr(function, "__module__", None) != api.__name__:
        return False
    shape = declared(function)
    return all(is_typeddict(s) for s in get_args(shape) or (shape,))


ANSWERING = {name: f for name, f in vars(api).items() if not name.startswith("_") and _answers(f)}
"""The public functions of scoring.api that answer the page, the command line or the build, by name."""


def mismatches(value: object, shape: Any, at: str = "answer") -> list[str]:
    """What in value differs from shape (a TypedDict, a union, a list, a dict, a literal or a plain type), by path;
    empty when it matches."""
    origin, args = get_origin(shape), get_args(shape)
    if shape is Any:
        return []
    if is_typeddict(shape):
        return _object_mismatches(value, shape, at)
    if origin in (Union, types.UnionType):
        tries = [mismatches(value, option, at) for option in args]
        return [] if any(not t for t in tries) else min(tries, key=len)  # the nearest declared shape's differences
    if origin is Literal:
        same = any(type(value) is type(a) and value == a for a in args)
        return [] if same else [f"{at}: {value!r} is not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{at}: not a list but {type(value).__name__}"]
        return [m for i, item in enumerate(value) for m in mismatches(item, args[0], f"{at}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{at}: not an object but {type(value).__name__}"]
        wrong = [f"{at}: key {k!r} is not text" for k in value if not isinstance(k, str)]
        return wrong + [m for k, v in value.items() for m in mismatches(v, args[1], f"{at}[{k!r}]")]
    return [] if _plain(value, shape) else [f"{at}: {value!r} is not {getattr(shape, '__name__', shape)}"]


def _object_mismatches(value: object, shape: Any, at: str) -> list[str]:
    """A JSON object against a TypedDict: its required keys there, no key undeclared, each value as declared."""
    if not isinstance(value, dict):
        return [f"{at}: not an object but {type(value).__name__} ({shape.__name__})"]
    types_of = get_type_hints(shape)
    found = [f"{at}: {k!r} missing ({shape.__name__})" for k in sorted(shape.__required_keys__ - value.keys())]
    found += [f"{at}: {k!r} not declared ({shape.__name__})" for k in sorted(value.keys() - types_of.keys())]
    return found + [m for k in value.keys() & types_of.keys() for m in mismatches(value[k], types_of[k], f"{at}.{k}")]


def _plain(value: object, kind: Any) -> bool:
    """A JSON value of a plain type: a bool is no number, an int is a float."""
    if kind is type(None):
        return value is None
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def checked(function: Callable[..., Any]) -> Callable[..., Any]:
    """The function, its every answer checked against the one it declares (AssertionError naming each difference)."""
    shape = declared(function)

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        answer = function(*args, **kwargs)
        wrong = mismatches(answer, shape)
        assert not wrong, f"scoring.api.{function.__name__} answered outside its declared shape: {wrong[:5]}"
        return answer

    return call
