"""The API's OpenAPI 3.1 document (served at ``/api/v1/openapi.json``), assembled from the
partial documents in ``web/openapi/``.

Every ``*.json`` file there holds a ``paths`` object and optionally ``components``; the document
is their deep merge in sorted file-name order (``base.json`` holds ``openapi``, ``info``, the error
shape and the security schemes). A path or a component defined by two files is an error: one
area's file never overrides another's.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DIRECTORY = Path(__file__).with_name("openapi")
UNIQUE_DEPTH = {"paths": 1, "components": 2}  # paths/<path>, components/<section>/<name>


class DocumentError(ValueError):
    """Two partial documents define the same path or component, or a file is not a document."""


def _merge(into: dict[str, Any], part: dict[str, Any], where: tuple[str, ...], source: str) -> None:
    for key, value in part.items():
        at = (*where, key)
        if key not in into:
            into[key] = value
            continue
        unique = len(at) == UNIQUE_DEPTH.get(at[0], 0) + 1
        if unique or not (isinstance(into[key], dict) and isinstance(value, dict)):
            raise DocumentError(f"{source}: {'/'.join(at)} is defined twice")
        _merge(into[key], value, at, source)


def assemble(directory: Path = DIRECTORY) -> dict[str, Any]:
    """The merge of every partial document in ``directory``.

    :raise DocumentError: a path or component defined twice, or a file without ``paths``
    """
    document: dict[str, Any] = {}
    for path in sorted(directory.glob("*.json")):
        part = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(part, dict) or not isinstance(part.get("paths"), dict):
            raise DocumentError(f"{path.name}: a partial document needs a paths object")
        _merge(document, part, (), path.name)
    return document


@cache
def document() -> dict[str, Any]:
    """The served document (read once per process)."""
    return assemble()
