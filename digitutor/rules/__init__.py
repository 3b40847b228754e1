"""The rulebook corpus: clauses with exact spans, citations and interpretations."""

from .model import Citation, CitationKind, Clause, ClauseKind, Interpretation

__all__ = ["Citation", "CitationKind", "Clause", "ClauseKind", "Interpretation"]
