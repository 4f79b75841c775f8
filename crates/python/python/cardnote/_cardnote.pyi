"""Type stubs of the compiled module (see the docstrings of each function)."""

import os
from typing import Any, Iterator, Literal, Optional, Sequence, Union

import pyarrow

_Path = Union[str, os.PathLike[str]]
_Paths = Union[_Path, Sequence[_Path]]
_Format = Literal["phh", "pbn", "ppn-pref", "ppn-pinochle"]
_Rules = Literal["pokerkit", "wsop"]
_Table = Literal["hands", "seats", "actions", "boards", "calls", "plays", "results", "errors"]

__version__: str

class CardnoteError(ValueError):
    """An error in the input, with its stable code and place (1-based; 0 when it has none)."""

    code: str
    message: str
    line: int
    column: int

class Record:
    """One hand, board or game: the object of `cardnote check --json`."""

    @property
    def fields(self) -> dict[str, Any]: ...
    @property
    def errors(self) -> list[dict[str, Any]]: ...
    @property
    def warnings(self) -> list[dict[str, Any]]: ...
    @property
    def ok(self) -> bool: ...
    @property
    def file(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def format(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def raise_for_errors(self) -> "Record": ...

class Records(Iterator[Record]):
    def __iter__(self) -> "Records": ...
    def __next__(self) -> Record: ...
    def __len__(self) -> int: ...

class ArrowStream:
    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...

def read(
    path_or_text: Union[_Path, bytes],
    format: Optional[_Format] = None,
    *,
    rules: _Rules = "pokerkit",
    strict: bool = False,
) -> Records: ...
def check(paths: _Paths, *, rules: _Rules = "pokerkit", strict: bool = False) -> list[dict[str, Any]]: ...
def replay(hand: Union[_Path, bytes], *, rules: _Rules = "pokerkit") -> dict[str, Any]: ...
def to_arrow(paths: _Paths, table: _Table = "hands", *, rules: _Rules = "pokerkit") -> pyarrow.Table: ...
def stats(
    paths: _Paths, by: Literal["player", "position"] = "player", *, rules: _Rules = "pokerkit"
) -> pyarrow.Table: ...
