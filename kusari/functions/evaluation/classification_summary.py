"""Per-class precision, recall, F-beta score and support."""

import contextlib

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions.evaluation.accuracy import check_labels


class ClassificationSummary(core.FunctionNode):
    def __init__(self, label_num, beta, ignore_label):
        self.label_num = label_num
        self.beta = beta
        self.ignore_label = ignore_label

    def forward(self, inputs):
        y, t = inputs
        check_float('classification_summary', 'y', y)
        check_labels('classification_summary', y, t)
        xp = get_array_module(y)
        ignored = (t == self.ignore_label).ravel()
        labels = t.ravel()
        n = self.label_num
        if n is None:
            kept = labels[~ignored]
            n = int(kept.max()) + 1 if kept.size else 0
        # Ignored samples count as an extra class n, dropped from every count.
        pred = xp.where(ignored, n, y.argmax(axis=1).ravel())
        true = xp.where(ignored, n, labels)
        support = xp.bincount(true, minlength=n + 1)[:n]
        relevant = xp.bincount(pred, minlength=n + 1)[:n]
        tp = xp.bincount(xp.where(pred == true, true, n), minlength=n + 1)[:n]
        with _ignore_division_warnings(xp):  # a class never predicted/present gives nan
            precision = tp / relevant
            recall = tp / support
            beta2 = self.beta * self.beta
            fbeta = (1 + beta2) * precision * recall / (beta2 * precision + recall)
        return precision, recall, fbeta, support


def _ignore_division_warnings(xp):
    return xp.errstate(divide='ignore', invalid='ignore') if hasattr(xp, 'errstate') \
        else contextlib.nullcontext()


def classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Precision, recall, F-beta score and support of each class.

    - precision: ``tp / (tp + fp)``, recall: ``tp / (tp + fn)``;
    - F-beta: ``(1 + beta**2) * precision * recall / (beta**2 * precision + recall)``;
    - support: the number of samples of each true class.

    A class that is never predicted (or never present) gets nan precision (recall).

    Args:
        y (Variable or array): float scores of shape ``(n, classes)`` or
            ``(n, classes, d_1, ..., d_k)``.
        t (Variable or array): integer labels of ``y``'s shape without axis 1,
            ``(n,)`` or ``(n, d_1, ..., d_k)``.
        label_num (int): number of classes (None: the largest label plus one).
        beta (float): weight of recall in the F-beta score.
        ignore_label (int): samples with this label are left out.

    Returns:
        tuple: four Variables of shape ``(label_num,)``: precision, recall and F-beta
        score (float64, the ratios of integer counts) and support (an integer
        count). The function is not differentiable.
    """
    return ClassificationSummary(label_num, beta, ignore_label).apply((y, t))


def precision(y, t, label_num=None, ignore_label=-1):
    """Per-class precision and support (see ``classification_summary``).

    Args:
        y, t, label_num, ignore_label: as in :func:`classification_summary`.

    Returns:
        tuple: ``(precision, support)``, two Variables of shape ``(label_num,)``, as
        :func:`classification_summary` returns them.
    """
    summary = classification_summary(y, t, label_num, 1.0, ignore_label)
    return summary[0], summary[3]


def recall(y, t, label_num=None, ignore_label=-1):
    """Per-class recall and support (see ``classification_summary``).

    Args:
        y, t, label_num, ignore_label: as in :func:`classification_summary`.

    Returns:
        tuple: ``(recall, support)``, two Variables of shape ``(label_num,)``, as
        :func:`classification_summary` returns them.
    """
    summary = classification_summary(y, t, label_num, 1.0, ignore_label)
    return summary[1], summary[3]


def fbeta_score(y, t, label_num=None, beta=1.0, ignore_label=-1):
    """Per-class F-beta score and support (see ``classification_summary``).

    Args:
        y, t, label_num, beta, ignore_label: as in :func:`classification_summary`.

    Returns:
        tuple: ``(fbeta, support)``, two Variables of shape ``(label_num,)``, as
        :func:`classification_summary` returns them.
    """
    summary = classification_summary(y, t, label_num, beta, ignore_label)
    return summary[2], summary[3]


def f1_score(y, t, label_num=None, ignore_label=-1):
    """Per-class F1 score and support (see ``classification_summary``).

    Args:
        y, t, label_num, ignore_label: as in :func:`classification_summary`.

    Returns:
        tuple: ``(f1, support)``, two Variables of shape ``(label_num,)``, as
        :func:`classification_summary` returns them.
    """
    return fbeta_score(y, t, label_num, 1.0, ignore_label)
