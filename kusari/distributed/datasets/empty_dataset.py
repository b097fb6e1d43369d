"""create_empty_dataset: a placeholder dataset for ranks that take no input."""


def create_empty_dataset(dataset):
    """A dataset of ``len(dataset)`` empty examples ``()``.

    In model parallelism the ranks in the middle of the model receive their inputs
    from other ranks; iterating over this dataset keeps their iterations (and epochs)
    in step with the ranks that read the real data.
    """
    return [()] * len(dataset)
