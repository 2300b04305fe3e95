"""The rule modules, one a game: each defines a `GAME` (see scoring.core.Game) and nothing else here is needed.

scoring/__init__.py finds them by iterating this package, so adding a game means adding its module here (and its
content folder), nothing else. Helpers every game module uses live in scoring/games/kit.py.
"""
