"""Discriminative margin-based clustering loss for instance segmentation."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.activation.relu import relu
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.math.sum import sum as sum_

_NAME = 'discriminative_margin_based_clustering_loss'


def _l1_norm(x, axis):
    return sum_(abs(x), axis=axis)


def _l2_norm(x, axis):
    squares = sum_(x * x, axis=axis)
    # At a zero vector the value and the (sub)gradient are 0, not 0 * inf = nan.
    zero = (squares.array == 0).astype(squares.dtype)
    return (squares + zero) ** 0.5 * (1 - zero)


def discriminative_margin_based_clustering_loss(
        embeddings, labels, delta_v, delta_d, max_embedding_dim, norm=1, alpha=1.0, beta=1.0,
        gamma=0.001):
    """Discriminative loss of https://arxiv.org/abs/1708.02551 (Chainer's variant).

    Instance ``c`` (for ``c`` in 1..max_embedding_dim) is the set of pixels labelled
    ``c``; label 0 is background. With ``mu_c`` the per-image mean embedding of
    instance ``c``:

    - variance term: ``max(|mu_c - e_p| - delta_v, 0)^2`` summed over the pixels of
      each instance, divided by the instance's pixel count over the batch, summed over
      instances and divided by ``max_embedding_dim``;
    - distance term: ``max(2 delta_d - |mu_a - mu_b|, 0)^2`` summed over pairs of
      instances ``a < b`` and images, divided by the number of pairs times the batch
      size;
    - regularisation term: the norm of each instance's means over the batch, summed
      and divided by ``max_embedding_dim`` times the batch size.

    Args:
        embeddings (Variable or array): float array of shape
            ``(B, max_embedding_dim, H, W)``.
        labels (array): int instance labels of shape ``(B, H, W)``, 0 for the
            background.
        delta_v (float): margin of the variance term.
        delta_d (float): margin of the distance term.
        max_embedding_dim (int): number of embedding dimensions (and of instances).
        norm (int): 1 or 2, the norm for distances.
        alpha, beta, gamma (float): weights of the three terms.

    Returns:
        tuple of Variables: ``(alpha * variance, beta * distance, gamma * regularisation)``,
        three scalars (shape ``()``) of ``embeddings``' dtype.
    """
    if max_embedding_dim <= 0:
        fail(_NAME, 'max_embedding_dim', 'a positive integer', max_embedding_dim)
    if norm not in (1, 2):
        fail(_NAME, 'norm', '1 or 2', norm)
    norm_fn = _l1_norm if norm == 1 else _l2_norm
    emb = core.as_variable(embeddings)
    labels = core.as_array(labels)
    check_float(_NAME, 'embeddings', emb)
    check_ndim(_NAME, 'embeddings', emb, 4)
    if emb.shape[1] != max_embedding_dim:
        fail(_NAME, 'embeddings', 'axis 1 of size max_embedding_dim={}'.format(
            max_embedding_dim), 'shape {}'.format(emb.shape))
    if labels.shape != emb.shape[:1] + emb.shape[2:]:
        fail(_NAME, 'labels', 'shape {}'.format(emb.shape[:1] + emb.shape[2:]), labels.shape)
    xp = get_array_module(emb.array)
    n_inst, (batch, dim, height, width) = max_embedding_dim, emb.shape

    # masks[c, b, 0, h, w]: pixel (h, w) of image b belongs to instance c + 1.
    instance_ids = xp.arange(1, n_inst + 1).reshape(n_inst, 1, 1, 1)
    masks = (labels[None] == instance_ids)[:, :, None].astype(emb.dtype)
    full = (n_inst, batch, dim, height, width)
    emb_all = broadcast_to(reshape(emb, (1,) + emb.shape), full)
    pixel_counts = masks.sum(axis=(2, 3, 4))                        # (n_inst, batch)
    means = sum_(emb_all * masks, axis=(3, 4)) * (1 / xp.maximum(pixel_counts, 1))[:, :, None]

    l_reg = sum_(norm_fn(means, (1, 2))) * (1.0 / (n_inst * batch))

    spread = (broadcast_to(reshape(means, means.shape + (1, 1)), full) - emb_all) * masks
    l_var = relu(norm_fn(spread, 2) - delta_v)
    l_var = sum_(l_var * l_var, axis=(1, 2, 3)) * (1 / xp.maximum(masks.sum(axis=(1, 2, 3, 4)),
                                                                  1))
    l_var = sum_(l_var) * (1.0 / n_inst)

    pair_shape = (n_inst, n_inst, batch, dim)
    gaps = (broadcast_to(reshape(means, (n_inst, 1, batch, dim)), pair_shape)
            - broadcast_to(reshape(means, (1, n_inst, batch, dim)), pair_shape))
    hinge = relu(2 * delta_d - norm_fn(gaps, 3))                     # (n_inst, n_inst, batch)
    upper = xp.triu(xp.ones((n_inst, n_inst), dtype=emb.dtype), 1)[:, :, None]
    n_pairs = n_inst * (n_inst - 1) // 2
    l_dist = sum_(hinge * hinge * upper) * (1.0 / max(n_pairs * batch, 1))
    return l_var * alpha, l_dist * beta, l_reg * gamma
