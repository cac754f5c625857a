"""The real app for gunicorn in the bench and the fault tests, on a temporary database.

``SCOREKEEPER_DATABASE`` names the database file, ``SCOREKEEPER_SECRET_FILE`` a file holding
the secret key (one key for every worker, as in production). Nothing under ``instance/`` is
read or written::

    SCOREKEEPER_DATABASE=/tmp/x/db.sqlite SCOREKEEPER_SECRET_FILE=/tmp/x/key \\
        gunicorn --config python:scorekeeper.serving --workers 2 --threads 8 bench.wsgi:app
"""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper import create_app

app = create_app({
    "DATABASE": os.environ["SCOREKEEPER_DATABASE"],
    "SECRET_KEY": Path(os.environ["SCOREKEEPER_SECRET_FILE"]).read_text().strip(),
})
