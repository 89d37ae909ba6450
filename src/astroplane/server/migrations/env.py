"""Alembic's environment for the server's database (``astroplane.server.db.migrate`` runs
it with the connection it opened; ``alembic`` on the command line is not needed).

To write a new migration, in a checkout::

    alembic -c src/astroplane/server/migrations/alembic.ini revision -m "what changes"

and edit the file it writes under ``versions/`` (name it ``vNNNN_what.py``).
"""

from __future__ import annotations

from alembic import context

from astroplane.server.db import METADATA

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - the alembic command line, offline
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=METADATA,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=METADATA)
    with context.begin_transaction():
        context.run_migrations()
