"""The first schema: matches, seats and events.

Revision ID: v0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("first", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("seats_open", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("record", sa.Text, nullable=True),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("library", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_matches_status_game", "matches", ["status", "game"])
    op.create_index("ix_matches_creator_status", "matches", ["creator", "status"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("think", sa.Float, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.LargeBinary(32), nullable=True),
    )
    op.create_table(
        "events",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("move", sa.Text, nullable=True),
        sa.Column("data", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_index("ix_matches_creator_status", "matches")
    op.drop_index("ix_matches_status_game", "matches")
    op.drop_table("matches")
