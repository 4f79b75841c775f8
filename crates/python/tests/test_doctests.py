"""The examples in the docstrings of the package (Python modules and the compiled module's
classes, methods and functions) run as doctests."""

import doctest
import inspect

import pytest

import cardnote
import cardnote._cardnote


def docstrings():
    """(name, docstring) of every public object of the compiled module and of its members."""
    for name in sorted(cardnote.__all__):
        obj = getattr(cardnote, name)
        if not (inspect.isclass(obj) or callable(obj)):
            continue
        yield name, getattr(obj, "__doc__", None)
        if inspect.isclass(obj):
            for member, value in sorted(vars(obj).items()):
                if not member.startswith("_"):
                    yield f"{name}.{member}", getattr(value, "__doc__", None)


EXAMPLES = [(n, d) for n, d in docstrings() if d and ">>>" in d]


def test_the_compiled_module_has_examples():
    names = {n for n, _ in EXAMPLES}
    for expected in ["Hand", "Hand.replay", "Board", "DdTable", "load_hands", "load_boards", "dd_tables"]:
        assert expected in names


@pytest.mark.parametrize("name,doc", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_docstring_examples(name, doc):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(doc, {"cardnote": cardnote}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{name}: {runner.failures} failing examples (see the output above)"


def test_python_modules_doctest():
    pytest.importorskip("pyspark")
    import cardnote.spark

    for module in [cardnote, cardnote.spark]:
        failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failures == 0, module.__name__
