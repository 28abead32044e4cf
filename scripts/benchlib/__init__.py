"""Helpers of scripts/bench."""
