//! The solver (to be written).
