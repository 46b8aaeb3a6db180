//! autoshard
