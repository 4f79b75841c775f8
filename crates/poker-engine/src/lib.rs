//! Poker state machine replaying hands of 11 variants exactly, with hand evaluators. Under construction: see the project's issues.
