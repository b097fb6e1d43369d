"""A warning for report keys that never appeared: a typo leaves a column or a plot line
empty for the whole run, silently otherwise."""

import difflib
import warnings


def warn_never_reported(extension_name, keys, reported, shown_as):
    """Warns once about the ``keys`` not in ``reported``, suggesting near spellings."""
    missing = [key for key in keys if key not in reported]
    if not missing:
        return
    hints = []
    for key in missing:
        close = difflib.get_close_matches(key, sorted(reported), n=2)
        hints.append('{!r}{}'.format(key, ' (did you mean {}?)'.format(
            ' or '.join(map(repr, close))) if close else ''))
    warnings.warn(
        '{}: {} never reported during training, so {} stayed empty; check the spelling '
        'against the keys that were reported: {}'.format(
            extension_name, ', '.join(hints), shown_as, ', '.join(sorted(reported)) or 'none'),
        UserWarning, stacklevel=3)
