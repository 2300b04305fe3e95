"""The floor page's Python: the page calls one() once, which runs one line."""


def one():
    """One line of Python."""
    return str(6 * 7)


__export__ = ["one"]
