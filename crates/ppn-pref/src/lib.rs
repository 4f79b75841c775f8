//! Portable Preferans Notation reader, checker and writer. Under construction: see the project's issues.
