"""Every answer scoring.api gives a unit test is checked against the shape scoring/answers.py declares for it: the
functions are wrapped before the test modules import them (tests/answer_check.py)."""

from __future__ import annotations

from scoring import api
from tests.answer_check import ANSWERING, checked

for _name, _function in ANSWERING.items():
    setattr(api, _name, checked(_function))
