"""Pre-trained image recognition models."""
