//! Portable Bridge Notation (PBN 1.0 and 2.1) reader, checker and writer. Under construction: see the project's issues.
