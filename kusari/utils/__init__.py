"""Small utilities shared across kusari."""
