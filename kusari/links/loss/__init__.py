"""Loss links."""
